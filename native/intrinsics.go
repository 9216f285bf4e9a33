// This file lowers the calls gc treats as instructions: math/bits and
// math (the bit operations, rotations, byte swaps, the carry chains,
// absolute values and square roots), and encoding/binary's
// LittleEndian and BigEndian loads and stores, each one memory
// operation after its bounds check. Each keeps the Go function's exact
// results, gc's intrinsic where the function leaves room (a carry that
// is neither 0 nor 1 counts as 1 when its low 32 bits are not 0, as
// gc's NEGL does).

package native

import (
	"go/types"
	"strings"

	"github.com/vssa-go/vssa/ir"
)

// Intrinsic is the operation of an OpIntrinsic.
type Intrinsic uint8

const (
	IntrPopcnt    Intrinsic = iota // Dst = the number of one bits of Args[0] (POPCNT where the CPU has it)
	IntrCtz                        // Dst = trailing zeros of Args[0] as a Width-byte integer (8*Width for 0)
	IntrLen                        // Dst = the bits needed for Args[0] (0 for 0)
	IntrLeadZeros                  // Dst = leading zeros of Args[0] as a Width-byte integer
	IntrBswap                      // Dst = Args[0] with its Width bytes reversed
	IntrRotate                     // Dst = Args[0] rotated left by Args[1] mod 8*Width bits
	IntrMulHi                      // Dst = the high 64 bits of the unsigned product Args[0]*Args[1]
	IntrAbs                        // Dst = |Args[0]| (a float64)
	IntrSqrt                       // Dst = the square root of Args[0] (a float64)
	IntrCopysign                   // Dst = Args[0] with the sign of Args[1] (float64s)
	IntrFloatBits                  // Dst = the bits of float Args[0] (Width 4 or 8), an integer
	IntrBitsFloat                  // Dst = the float of bits Args[0] (Width 4 or 8)
	// Dst = Args[0] + y + carry in (ADDQ, ADCQ), 64 bits. With
	// CarryIn the carry in is Args[1] (1 when its low 32 bits are not
	// 0, as gc's NEGL makes it), else 0; y is the last operand, Imm
	// with HasImm, or the 8 bytes at Mem with MemY (the address
	// registers last).
	IntrAddCarry
	IntrSubBorrow // Dst = Args[0] - y - borrow in (SUBQ, SBBQ), operands as IntrAddCarry's
	// Dst = the carry (borrow) out of the IntrAddCarry (IntrSubBorrow)
	// right before it, which defines Args[0], as 0 or 1: read from the
	// flags, so nothing may come between them but the allocator's
	// moves, which leave the flags alone (verifySSA checks). With
	// CarryIn it emits nothing: the instruction right after, its only
	// reader, takes it from the flags (carries.go).
	IntrCarryOut
	// Dst = the low 64 bits of the product Args[1]*Args[2], which the
	// IntrMulHi right before it, defining Args[0], left in AX (MOVQ AX);
	// computed again (IMULQ) when anything came between that may have
	// written AX.
	IntrMulLo
	// Dst = -1 when Args[0] < 64 (unsigned), else 0: the mask that
	// gives Go's zero for a shift count of 64 or more (CMPQ, SBBQ),
	// shared by the shifts by one count (shiftguards.go).
	IntrShiftMask
)

// intrinsic lowers in, a call, if its callee is one of the functions
// gc treats as instructions, and reports whether it did.
func (l *lowerer) intrinsic(in *ir.Instr) bool {
	name := in.Sym()
	args := in.CallArgs()
	dsts := in.Dsts()
	val := func(k int) Value { return l.value(args[k]) }
	def := func(c Class, i *Instr) {
		l.vals[dsts[0]] = []Value{l.def(c, false, i)}
	}
	op := func(k Intrinsic, width int, vs ...Value) *Instr {
		return &Instr{Op: OpIntrinsic, Intr: k, Width: width, Args: vs}
	}
	if rest, ok := strings.CutPrefix(name, "math/bits."); ok {
		fn, width := bitsWidth(rest)
		switch fn {
		case "OnesCount":
			l.m.UsesPOPCNT = true
			def(GP, op(IntrPopcnt, 8, val(0)))
		case "TrailingZeros":
			def(GP, op(IntrCtz, width, val(0)))
		case "Len":
			def(GP, op(IntrLen, 8, val(0)))
		case "LeadingZeros":
			def(GP, op(IntrLeadZeros, width, val(0)))
		case "ReverseBytes":
			if width == 1 {
				return false
			}
			def(GP, op(IntrBswap, width, val(0)))
		case "RotateLeft":
			if k, ok := l.imm(args[1]); ok {
				k &= int64(8*width - 1)
				if k == 0 {
					l.vals[dsts[0]] = []Value{val(0)}
					return true
				}
				def(GP, &Instr{Op: OpRotate, Width: width, Imm: k, Args: []Value{val(0)}})
				return true
			}
			def(GP, op(IntrRotate, width, val(0), val(1)))
		case "Mul":
			if width != 8 {
				return false
			}
			// One MULQ for both halves, as gc's: the low one is read
			// from AX right after.
			x, y := val(0), val(1)
			hi := l.def(GP, false, op(IntrMulHi, 8, x, y))
			l.vals[dsts[0]] = []Value{hi}
			l.vals[dsts[1]] = []Value{l.def(GP, false, op(IntrMulLo, 8, hi, x, y))}
		case "Add", "Sub":
			if width != 8 {
				return false
			}
			l.carryChain(fn == "Add", args[0], args[1], args[2], dsts)
		default:
			return false
		}
		return true
	}
	switch name {
	case "math.Abs":
		def(FP, op(IntrAbs, 8, val(0)))
	case "math.Sqrt":
		def(FP, op(IntrSqrt, 8, val(0)))
	case "math.Copysign":
		def(FP, op(IntrCopysign, 8, val(0), val(1)))
	case "math.Float64bits":
		def(GP, op(IntrFloatBits, 8, val(0)))
	case "math.Float32bits":
		def(GP, op(IntrFloatBits, 4, val(0)))
	case "math.Float64frombits":
		def(FP, op(IntrBitsFloat, 8, val(0)))
	case "math.Float32frombits":
		def(FP, op(IntrBitsFloat, 4, val(0)))
	default:
		return l.byteOrder(name, args, dsts)
	}
	return true
}

// bitsWidth splits a math/bits function name into its operation and
// the width in bytes of its operand ("OnesCount32" → "OnesCount", 4; no
// suffix is uint's 8).
func bitsWidth(name string) (string, int) {
	for _, s := range []struct {
		suffix string
		width  int
	}{{"64", 8}, {"32", 4}, {"16", 2}, {"8", 1}} {
		if fn, ok := strings.CutSuffix(name, s.suffix); ok {
			return fn, s.width
		}
	}
	return name, 8
}

// carryChain lowers bits.Add64 or Sub64 (x, y, carry) to gc's
// instructions: ADCQ (SBBQ) after NEGL of the carry in, or ADDQ (SUBQ)
// for a constant carry in whose low 32 bits are 0, then the carry out
// from the flags (SBBQ, NEGQ). The carry in counts as 1 when its low 32
// bits are not 0, as gc's NEGL makes it.
func (l *lowerer) carryChain(add bool, x, y ir.Reg, carry ir.Reg, dsts []ir.Reg) {
	k := IntrAddCarry
	if !add {
		k = IntrSubBorrow
	}
	sum := &Instr{Op: OpIntrinsic, Intr: k, Width: 8, Args: []Value{l.value(x)}}
	if c, ok := l.imm(carry); !ok || int32(c) != 0 {
		sum.CarryIn = true
		sum.Args = append(sum.Args, l.value(carry))
	}
	sum.Args = append(sum.Args, l.value(y))
	s := l.def(GP, false, sum)
	out := l.def(GP, false, &Instr{Op: OpIntrinsic, Intr: IntrCarryOut, Width: 8, Args: []Value{s}})
	l.vals[dsts[0]] = []Value{s}
	l.vals[dsts[1]] = []Value{out}
}

// byteOrder lowers encoding/binary's LittleEndian and BigEndian
// UintN(b) and PutUintN(b, v): the bounds check of b[N-1], then one
// load or store (byte-swapped for big-endian); and reports whether
// name is one of them.
func (l *lowerer) byteOrder(name string, args []ir.Reg, dsts []ir.Reg) bool {
	var big bool
	var method string
	switch {
	case strings.HasPrefix(name, "(encoding/binary.littleEndian)."):
		method = strings.TrimPrefix(name, "(encoding/binary.littleEndian).")
	case strings.HasPrefix(name, "(encoding/binary.bigEndian)."):
		method, big = strings.TrimPrefix(name, "(encoding/binary.bigEndian)."), true
	default:
		return false
	}
	put := strings.HasPrefix(method, "Put")
	fn, width := bitsWidth(strings.TrimPrefix(method, "Put"))
	if fn != "Uint" || width == 1 {
		return false
	}
	b := l.values(args[1]) // args[0] is the receiver, of size zero
	last := l.def(GP, false, &Instr{Op: OpConst, Imm: int64(width - 1), Width: 8, Signed: true})
	l.emit(&Instr{Op: OpBounds, Signed: true, Args: []Value{last, b[1]}})
	mem := Mem{Base: b[0], Index: NoValue, Scale: 1}
	swap := func(v Value) Value {
		if !big {
			return v
		}
		return l.def(GP, false, &Instr{Op: OpIntrinsic, Intr: IntrBswap, Width: width, Args: []Value{v}})
	}
	if put {
		v := swap(l.value(args[2]))
		l.emit(&Instr{Op: OpStore, Mem: mem, Width: width, Args: []Value{v, b[0]}})
		return true
	}
	v := l.def(GP, false, &Instr{Op: OpLoad, Mem: mem, Width: width, Args: []Value{b[0]}})
	l.vals[dsts[0]] = []Value{swap(v)}
	return true
}

// builtin lowers a call of a built-in function: copy of slices without
// pointers, min and max of integers (a float's needs NaN's and signed
// zeros' rules).
func (l *lowerer) builtin(in *ir.Instr) {
	name, args := in.Sym(), in.CallArgs()
	if name == "copy" {
		l.copyBuiltin(in)
		return
	}
	if name == "Add" && len(in.Dsts()) == 1 && isUnsafePointer(l.f.TypeOf(in.Dsts()[0])) {
		l.unsafeAdd(in) // unsafe.Add (unsafeptr.go)
		return
	}
	if name == "append" || name == appendElemsBuiltin {
		// A Go helper appends (appends.go).
		n := len(args) - 1
		if name == "append" {
			n = -1
		}
		l.helperSlice(appendHelperBody(n), args, in.Dsts())
		return
	}
	if (name != "min" && name != "max") || len(in.Dsts()) != 1 {
		l.fail("the built-in %s", name)
	}
	w, signed, float := l.kind(l.f.TypeOf(in.Dsts()[0]))
	if float {
		l.fail("%s of floats", name)
	}
	cond := CondLt
	if name == "max" {
		cond = CondGt
	}
	acc := l.value(args[0])
	for _, a := range args[1:] {
		v := l.value(a)
		// acc = v cond acc ? v : acc: the first of equal values stays.
		acc = l.def(GP, false, &Instr{Op: OpSelect, Cond: cond, Signed: signed, Width: w, Args: []Value{v, acc, v, acc}})
	}
	l.vals[in.Dsts()[0]] = []Value{acc}
}

// copyBuiltin lowers n = copy(dst, src): n = min(len(dst), len(src))
// elements moved as memmove moves them (overlapping ones too).
func (l *lowerer) copyBuiltin(in *ir.Instr) {
	args := in.CallArgs()
	st, ok := l.f.TypeOf(args[0]).Underlying().(*types.Slice)
	if !ok || ir.HasPointers(st.Elem()) {
		l.fail("copy of %s (elements with pointers need the garbage collector's write barriers)", l.f.TypeOf(args[0]))
	}
	dst, src := l.values(args[0]), l.values(args[1])
	n := l.def(GP, false, &Instr{Op: OpSelect, Cond: CondLt, Signed: true, Width: 8, Args: []Value{src[1], dst[1], src[1], dst[1]}})
	bytes := n
	if size := gcSizes.Sizeof(st.Elem()); size != 1 {
		bytes = l.def(GP, false, &Instr{Op: OpBin, Bin: BinMul, Width: 8, Signed: true, Args: []Value{n}, Imm: size, HasImm: true})
	}
	l.emit(&Instr{Op: OpMove, Args: []Value{dst[0], src[0], bytes}})
	if d := in.Dsts(); len(d) == 1 {
		l.vals[d[0]] = []Value{n}
	}
}
