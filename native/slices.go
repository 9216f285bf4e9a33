// This file lowers slice expressions and their checks: a slice or
// string is its components in registers, and s[lo:hi:max] computes new
// components from old ones, as gc does.

package native

import (
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// Slice-check failures, each raised by a Go helper that performs the
// failing slice expression on a stand-in of the same length or
// capacity, so that the panic is the runtime's own (gc's
// runtime.boundsError codes, in its order).
const (
	sliceAlen  = iota // s[:x] with x > len(s) (strings, arrays)
	sliceAcap         // s[:x] with x > cap(s)
	sliceB            // s[x:y] with x > y
	slice3Acap        // s[::x] with x > cap(s)
	slice3B           // s[:x:y] with x > y
	slice3C           // s[x:y:] with x > y
	numSliceCodes
)

// sliceCheck lowers slicecheck lo_, hi, max_, bound: each bound in the
// order gc checks them (the largest first), each failure with its own
// message.
func (l *lowerer) sliceCheck(in *ir.Instr) {
	args := in.Args()
	lo, hi, max, bound := args[0], args[1], args[2], args[3]
	capBound := in.Flags&ir.FlagCapBound != 0
	check := func(x, y ir.Reg, code int) {
		_, signed, _ := l.kind(l.f.TypeOf(x))
		l.emit(&Instr{Op: OpSliceBound, Imm: int64(code), Signed: signed, Args: []Value{l.value(x), l.value(y)}})
	}
	if max != ir.NoReg {
		if !capBound {
			l.fail("a three-index slice of an array (slice the array's slice instead: a[:][i:j:k])")
		}
		check(max, bound, slice3Acap)
		check(hi, max, slice3B)
		if lo != ir.NoReg {
			check(lo, hi, slice3C)
		}
		return
	}
	if capBound {
		check(hi, bound, sliceAcap)
	} else {
		check(hi, bound, sliceAlen)
	}
	if lo != ir.NoReg {
		check(lo, hi, sliceB)
	}
}

// slice lowers dst = x[lo:hi:max] (each bound optional), its checks
// already done: the new length hi-lo and capacity max-lo, and the
// pointer advanced by lo elements, unless the new capacity (a
// string's length) is 0, where it stays put, as gc's does, so that it
// never points past the end of its array, where the garbage collector
// would take it for a pointer to the next object.
func (l *lowerer) slice(dst ir.Reg, args []ir.Reg) {
	x, lo, hi, max := args[0], args[1], args[2], args[3]
	var ptr, length, capacity Value
	var elem int64
	isString := false
	switch u := l.f.TypeOf(x).Underlying().(type) {
	case *types.Slice:
		vs := l.values(x)
		ptr, length, capacity = vs[0], vs[1], vs[2]
		elem = gcSizes.Sizeof(u.Elem())
	case *types.Basic:
		vs := l.values(x)
		ptr, length = vs[0], vs[1]
		isString = true
		elem = 1
	case *types.Pointer:
		a, ok := u.Elem().Underlying().(*types.Array)
		if !ok {
			l.fail("slicing a value of type %s", u)
		}
		ptr = l.value(x)
		length = l.def(GP, false, &Instr{Op: OpConst, Imm: a.Len(), Width: 8})
		capacity = length
		elem = gcSizes.Sizeof(a.Elem())
	default:
		l.fail("slicing a value of type %s", u)
	}
	newHi := length
	if hi != ir.NoReg {
		newHi = l.value(hi)
	}
	newMax := capacity
	if max != ir.NoReg {
		newMax = l.value(max)
	}
	if lo == ir.NoReg {
		if isString {
			l.vals[dst] = []Value{ptr, newHi}
		} else {
			l.vals[dst] = []Value{ptr, newHi, newMax}
		}
		return
	}
	sub := func(a Value) Value {
		if k, ok := l.imm(lo); ok {
			if k == 0 {
				return a
			}
			return l.def(GP, false, &Instr{Op: OpBin, Bin: BinSub, Width: 8, Signed: true, Args: []Value{a}, Imm: k, HasImm: true})
		}
		return l.def(GP, false, &Instr{Op: OpBin, Bin: BinSub, Width: 8, Signed: true, Args: []Value{a, l.value(lo)}})
	}
	newLen := sub(newHi)
	room := newLen // what must be non-zero for the pointer to move
	var newCap Value
	if !isString {
		newCap = newLen
		if newMax != newHi {
			// b[k:len(b):len(b)] (xxhash's writeBlocks) has one
			// difference for both.
			newCap = sub(newMax)
		}
		room = newCap
	}
	if d := l.offset(lo, elem); d != NoValue && l.aboveBy(newHi, lo) {
		// hi = lo + k, k > 0: the checks passed, so the new length
		// is k, and the capacity at least k: never 0 (snappy's
		// load32, b[i:i+4:len(b)]).
		ptr = l.def(GP, true, &Instr{Op: OpLea, Mem: Mem{Base: ptr, Index: d, Scale: 1}, Args: []Value{ptr, d}})
	} else if d != NoValue {
		// The offset or 0, chosen off the pointer's own chain (a
		// pointer advanced in a loop waits for one addition only).
		zero := l.def(GP, false, &Instr{Op: OpConst, Imm: 0, Width: 8})
		keep := l.def(GP, false, &Instr{Op: OpSelect, Cond: CondNe, Width: 8, Args: []Value{room, d, zero}, Imm: 0, HasImm: true})
		ptr = l.def(GP, true, &Instr{Op: OpLea, Mem: Mem{Base: ptr, Index: keep, Scale: 1}, Args: []Value{ptr, keep}})
	}
	moved := ptr
	if isString {
		l.vals[dst] = []Value{moved, newLen}
	} else {
		l.vals[dst] = []Value{moved, newLen, newCap}
	}
}

// aboveBy reports whether hi is lo plus a constant k > 0, added at 64
// bits in the current block (hi - lo is then k once lo ≤ hi passed,
// even where the addition wrapped: the check fails there).
func (l *lowerer) aboveBy(hi Value, lo ir.Reg) bool {
	if lo == ir.NoReg {
		return false
	}
	if _, ok := l.imm(lo); ok {
		return false
	}
	x := l.value(lo)
	for _, in := range l.cur.Instrs {
		if in.Dst == hi {
			return in.Op == OpBin && in.Bin == BinAdd && in.Width == 8 && in.HasImm && in.Imm > 0 && len(in.Args) == 1 && in.Args[0] == x
		}
	}
	return false
}

// offset returns lo*elem in a register, or NoValue when it is 0.
func (l *lowerer) offset(lo ir.Reg, elem int64) Value {
	if elem == 0 {
		return NoValue
	}
	if k, ok := l.imm(lo); ok {
		if k == 0 {
			return NoValue
		}
		return l.def(GP, false, &Instr{Op: OpConst, Imm: k * elem, Width: 8, Signed: true})
	}
	i := l.value(lo)
	if elem == 1 {
		return i
	}
	return l.def(GP, false, &Instr{Op: OpBin, Bin: BinMul, Width: 8, Signed: true, Args: []Value{i}, Imm: elem, HasImm: true})
}
