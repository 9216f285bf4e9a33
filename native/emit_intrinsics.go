// This file writes the instructions of the intrinsics and built-ins
// (intrinsics.go).

package native

import (
	"fmt"
	"strings"

	"github.com/vssa-go/vssa/validate"
)

// The constants of the bit count without POPCNT (Hacker's Delight 5-1),
// read from memory: a 64-bit constant is no immediate.
var popcntMasks = [4]uint64{0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f, 0x0101010101010101}

func (e *emitter) intrinsic(in *Instr, uses []validate.Loc, dstLoc validate.Loc) {
	if in.Intr == IntrAbs || in.Intr == IntrSqrt || in.Intr == IntrCopysign || in.Intr == IntrBitsFloat {
		e.floatIntrinsic(in, uses, e.reg(dstLoc, FP))
		return
	}
	d := e.reg(dstLoc, GP)
	switch in.Intr {
	case IntrAddCarry, IntrSubBorrow:
		e.carryArith(in, uses, d)
		return
	case IntrMulLo:
		hi := e.last
		if hi != nil && hi.Op == OpIntrinsic && hi.Intr == IntrMulHi && hi.Dst == in.Args[0] && e.lastDst != locAX && !e.axWritten {
			if d != "AX" {
				e.ins("MOVQ AX, %s", d)
			}
			return
		}
		x, y := e.reg(uses[1], GP), e.reg(uses[2], GP)
		e.twoAddress("IMULQ", x, y, d, true, "MOVQ", "R11")
		return
	case IntrCarryOut:
		if in.CarryIn {
			return // read from the flags by the next instruction
		}
		// SBBQ leaves d = -CF, NEGQ makes it CF: both keep CF as it
		// was, so an addition right after may read it from the flags.
		e.ins("SBBQ %s, %s", d, d)
		e.ins("NEGQ %s", d)
		return
	}
	if in.Intr == IntrFloatBits {
		mov := "MOVQ"
		if in.Width == 4 {
			mov = "MOVL"
		}
		e.ins("%s %s, %s", mov, e.reg(uses[0], FP), d)
		return
	}
	x := e.reg(uses[0], GP)
	switch in.Intr {
	case IntrPopcnt:
		slow, back := e.newLabel("popcnt"), e.newLabel("popcntdone")
		e.ins("CMPB ·%s(SB), $0", e.h.POPCNT)
		e.ins("JEQ %s", slow)
		e.ins("POPCNTQ %s, %s", x, d)
		fmt.Fprintf(&e.w, "%s:\n", back)
		m := func(k int) string { return e.h.Data.str(le64(popcntMasks[k])) + "(SB)" }
		fmt.Fprintf(&e.stubs, "%s:\n", slow)
		if x != d {
			fmt.Fprintf(&e.stubs, "\tMOVQ %s, %s\n", x, d)
		}
		r := strings.NewReplacer("{d}", d, "{m0}", m(0), "{m1}", m(1), "{m2}", m(2), "{m3}", m(3))
		for _, line := range []string{
			"MOVQ {d}, R11", "SHRQ $1, R11", "ANDQ {m0}, R11", "SUBQ R11, {d}",
			"MOVQ {d}, R11", "SHRQ $2, R11", "ANDQ {m1}, R11", "ANDQ {m1}, {d}", "ADDQ R11, {d}",
			"MOVQ {d}, R11", "SHRQ $4, R11", "ADDQ R11, {d}", "ANDQ {m2}, {d}",
			"IMULQ {m3}, {d}", "SHRQ $56, {d}", "JMP " + back,
		} {
			fmt.Fprintf(&e.stubs, "\t%s\n", r.Replace(line))
		}
	case IntrCtz:
		if in.Width == 8 {
			e.ins("BSFQ %s, %s", x, d)
			e.ins("MOVQ $64, R11")
			e.ins("CMOVQEQ R11, %s", d)
			return
		}
		// A one just above the width stops the scan there for 0.
		e.ins("MOVQ %s, R11", x)
		e.ins("BTSQ $%d, R11", 8*in.Width)
		e.ins("BSFQ R11, %s", d)
	case IntrLen, IntrLeadZeros:
		e.ins("BSRQ %s, %s", x, d)
		e.ins("MOVQ $-1, R11")
		e.ins("CMOVQEQ R11, %s", d)
		e.ins("ADDQ $1, %s", d)
		if in.Intr == IntrLeadZeros {
			e.ins("NEGQ %s", d)
			e.ins("ADDQ $%d, %s", 8*in.Width, d)
		}
	case IntrShiftMask:
		e.ins("CMPQ %s, $64", x)
		e.ins("SBBQ %s, %s", d, d)
	case IntrBswap:
		if d != x {
			e.ins("MOVQ %s, %s", x, d)
		}
		switch in.Width {
		case 8:
			e.ins("BSWAPQ %s", d)
		case 4:
			e.ins("BSWAPL %s", d)
		default:
			e.ins("ROLW $8, %s", d)
		}
	case IntrRotate:
		// The count is taken mod the width by the instruction (mod 32
		// for bytes and words, the same rotation): Go's RotateLeft,
		// negative counts included.
		e.ins("MOVQ %s, R11", x)
		if c := e.reg(uses[1], GP); c != "CX" {
			e.ins("MOVQ %s, CX", c)
		}
		e.ins("ROL%s CX, R11", sizeSuffix(in.Width))
		e.ins("MOVQ R11, %s", d)
	case IntrMulHi:
		y := e.reg(uses[1], GP)
		switch {
		case x == "AX":
			e.ins("MULQ %s", y)
		case y == "AX":
			e.ins("MULQ %s", x)
		default:
			e.ins("MOVQ %s, AX", x)
			e.ins("MULQ %s", y)
		}
		if d != "DX" {
			e.ins("MOVQ DX, %s", d)
		}
	default:
		panic(fmt.Sprintf("native: no instructions for intrinsic %d", in.Intr))
	}
}

// carryArith emits IntrAddCarry or IntrSubBorrow into d. The carry in
// is taken from the flags when the instruction right before computed
// it from them (an IntrCarryOut, which leaves CF as its value), else
// CF is set from its low 32 bits by NEGL on a copy in R11, as gc's
// NEGL does. Only moves, which leave the flags alone, come between
// setting CF and the ADCQ (SBBQ).
func (e *emitter) carryArith(in *Instr, uses []validate.Loc, d string) {
	add := in.Intr == IntrAddCarry
	x := e.reg(uses[0], GP)
	k := 1
	carry, fromFlags := false, false
	if in.CarryIn {
		carry = true
		fromFlags = carryFromFlags(e.prev, in)
		if !fromFlags {
			// Copied first: d may be the carry's register.
			e.ins("MOVL %s, R11", e.reg(uses[1], GP))
		}
		k = 2
	}
	op := map[bool]string{true: "ADDQ", false: "SUBQ"}[add]
	if carry {
		op = map[bool]string{true: "ADCQ", false: "SBBQ"}[add]
	}
	setCF := func() {
		if carry && !fromFlags {
			e.ins("NEGL R11")
		}
	}
	if in.MemY {
		y := e.mem(in.Mem, uses[k:])
		// d may be an address register: then the sum is made in X15's
		// way, through R11 once CF is set.
		t := d
		for _, u := range uses[k:] {
			if d != x && e.reg(u, GP) == d {
				t = ""
			}
		}
		if t == "" {
			e.ins("MOVQ %s, X15", x)
			setCF()
			e.ins("MOVQ X15, R11")
			e.ins("%s %s, R11", op, y)
			e.ins("MOVQ R11, %s", d)
			return
		}
		if d != x {
			e.ins("MOVQ %s, %s", x, d)
		}
		setCF()
		e.ins("%s %s, %s", op, y, d)
		return
	}
	if in.HasImm {
		if d != x {
			e.ins("MOVQ %s, %s", x, d)
		}
		setCF()
		e.ins("%s $%d, %s", op, in.Imm, d)
		return
	}
	y := e.reg(uses[k], GP)
	switch {
	case d == x:
	case d == y && add:
		x, y = y, x
	case d == y:
		// Subtraction into y's register: y waits in X15 (R11 may hold
		// the carry).
		e.ins("MOVQ %s, X15", y)
		e.ins("MOVQ %s, %s", x, d)
		setCF()
		e.ins("MOVQ X15, R11")
		e.ins("%s R11, %s", op, d)
		return
	default:
		e.ins("MOVQ %s, %s", x, d)
	}
	setCF()
	e.ins("%s %s, %s", op, y, d)
}

func (e *emitter) floatIntrinsic(in *Instr, uses []validate.Loc, d string) {
	switch in.Intr {
	case IntrBitsFloat:
		mov := "MOVQ"
		if in.Width == 4 {
			mov = "MOVL"
		}
		e.ins("%s %s, %s", mov, e.reg(uses[0], GP), d)
	case IntrAbs:
		x := e.reg(uses[0], FP)
		e.ins("MOVQ $0x7fffffffffffffff, R11")
		e.ins("MOVQ R11, X15")
		if d != x {
			e.ins("MOVAPS %s, %s", x, d)
		}
		e.ins("ANDPD X15, %s", d)
	case IntrSqrt:
		e.ins("SQRTSD %s, %s", e.reg(uses[0], FP), d)
	case IntrCopysign:
		x, y := e.reg(uses[0], FP), e.reg(uses[1], FP)
		// X15 = the sign of y, read before d (which may be y) is written.
		e.ins("MOVQ $0x8000000000000000, R11")
		e.ins("MOVQ R11, X15")
		e.ins("ANDPD %s, X15", y)
		e.ins("MOVQ %s, R11", x)
		e.ins("BTRQ $63, R11")
		e.ins("MOVQ R11, %s", d)
		e.ins("ORPD X15, %s", d)
	}
}

// le64 returns the little-endian bytes of v.
func le64(v uint64) string {
	var b [8]byte
	for i := range b {
		b[i] = byte(v >> (8 * i))
	}
	return string(b[:])
}

// moveBytes copies n bytes from src to dst as memmove does. Up to 32
// bytes, it loads the first and the last bytes of the range (two words
// of the largest size that fits, overlapping when n is not twice it)
// and then stores them, so that any overlap of src and dst copies as
// memmove does: REP MOVSB's start costs tens of cycles, more than a
// short copy (snappy's literals and copies, mostly a few bytes to a
// few tens, ran at 0.43x gc's memmove with it). Longer copies go
// forward with REP MOVSB unless dst is inside [src, src+n), backward
// then. The operands reach DI, SI and CX through the scratch
// registers, whatever registers they are in.
func (e *emitter) moveBytes(dst, src, n string) {
	forward, done := e.newLabel("moveup"), e.newLabel("movedone")
	e.ins("MOVQ %s, X15", dst)
	e.ins("MOVQ %s, R11", n)
	e.ins("MOVQ %s, SI", src)
	e.ins("MOVQ X15, DI")
	e.ins("MOVQ R11, CX")
	long, upTo32 := e.newLabel("movelong"), e.newLabel("move32")
	e.ins("CMPQ CX, $16")
	e.ins("JHI %s", upTo32)
	// 0 to 16 bytes: pairs of words of 8, 4, 2 bytes, or one byte.
	sizes := []struct {
		bytes  int
		suffix string
	}{{8, "Q"}, {4, "L"}, {2, "W"}}
	labels := make([]string, len(sizes))
	for k, sz := range sizes {
		labels[k] = e.newLabel("move")
		e.ins("CMPQ CX, $%d", sz.bytes)
		e.ins("JCC %s", labels[k])
	}
	e.ins("TESTQ CX, CX")
	e.ins("JEQ %s", done)
	e.ins("MOVB (SI), R11")
	e.ins("MOVB R11, (DI)")
	e.ins("JMP %s", done)
	for k, sz := range sizes {
		fmt.Fprintf(&e.w, "%s:\n", labels[k])
		e.ins("MOV%s (SI), R11", sz.suffix)
		e.ins("MOV%s -%d(SI)(CX*1), SI", sz.suffix, sz.bytes)
		e.ins("MOV%s R11, (DI)", sz.suffix)
		e.ins("MOV%s SI, -%d(DI)(CX*1)", sz.suffix, sz.bytes)
		e.ins("JMP %s", done)
	}
	// 17 to 32 bytes: the first 16 in X15, the last 16 in R11 and SI.
	fmt.Fprintf(&e.w, "%s:\n", upTo32)
	e.ins("CMPQ CX, $32")
	e.ins("JHI %s", long)
	e.ins("MOVOU (SI), X15")
	e.ins("MOVQ -16(SI)(CX*1), R11")
	e.ins("MOVQ -8(SI)(CX*1), SI")
	e.ins("MOVOU X15, (DI)")
	e.ins("MOVQ R11, -16(DI)(CX*1)")
	e.ins("MOVQ SI, -8(DI)(CX*1)")
	e.ins("JMP %s", done)
	fmt.Fprintf(&e.w, "%s:\n", long)
	e.ins("CMPQ DI, SI")
	e.ins("JLS %s", forward)
	e.ins("LEAQ (SI)(CX*1), R11")
	e.ins("CMPQ DI, R11")
	e.ins("JCC %s", forward)
	e.ins("LEAQ -1(SI)(CX*1), SI")
	e.ins("LEAQ -1(DI)(CX*1), DI")
	e.ins("STD")
	e.ins("REP; MOVSB")
	e.ins("CLD")
	e.ins("JMP %s", done)
	fmt.Fprintf(&e.w, "%s:\n", forward)
	e.ins("REP; MOVSB")
	fmt.Fprintf(&e.w, "%s:\n", done)
}
