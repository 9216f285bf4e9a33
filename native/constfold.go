// This file folds the constants that full unrolling leaves (each copy
// of the body has its iteration's index as a constant): an integer
// operation or conversion on constants becomes a constant, a constant
// operand an immediate, and a constant index a displacement, so that
// crypto/sha1's w[i] = ... of its unrolled first loop is one store to a
// fixed address, as gc's constant propagation makes it, rather than the
// index computed and kept in a register or spilled. Checks that always
// pass on constants go.

package native

import "strings"

// foldConstants applies the folds until none is left.
func foldConstants(m *Func) {
	for changed := true; changed; {
		changed = false
		def := definitions(m)
		konst := func(v Value) (int64, bool) {
			if v == NoValue {
				return 0, false
			}
			if d := def[v].instr; d != nil && d.Op == OpConst && !d.Float {
				return d.Imm, true
			}
			return 0, false
		}
		for _, b := range m.Blocks {
			for _, in := range b.Instrs {
				if foldInstr(in, konst) || foldOffsetDifference(in, def) {
					changed = true
				}
			}
			kept := b.Instrs[:0]
			for _, in := range b.Instrs {
				if neverFails(in, konst) || lenBelowCap(in, def) || narrowBelowSum(in, def) {
					changed = true
					continue
				}
				kept = append(kept, in)
			}
			b.Instrs = kept
		}
		if decideConstantSelects(m, konst) {
			changed = true
		}
	}
}

// neverFails reports whether in is a check whose operands, constants or
// one value twice, always pass it: binary.LittleEndian.Uint64(b[0:8:n])
// checks 7 < len(b[0:8:n]), which is the constant 8 (xxhash's
// writeBlocks), and s[k:] checks len s ≤ len s.
func neverFails(in *Instr, konst func(Value) (int64, bool)) bool {
	if in.Float || in.HasImm || in.hasMem() {
		return false
	}
	switch in.Op {
	case OpBounds, OpSliceBound:
		if len(in.Args) != 2 {
			return false
		}
		if in.Op == OpSliceBound && in.Args[0] == in.Args[1] {
			return true
		}
		x, xk := konst(in.Args[0])
		y, yk := konst(in.Args[1])
		if !xk || !yk {
			return false
		}
		// Unsigned, as the emitted compare: a negative index fails.
		if in.Op == OpBounds {
			return uint64(x) < uint64(y)
		}
		return uint64(x) <= uint64(y)
	}
	return false
}

// foldInstr applies one fold to in, if one applies, and reports
// whether it did.
func foldInstr(in *Instr, konst func(Value) (int64, bool)) bool {
	if in.hasMem() && in.Mem.Index != NoValue && in.Mem.Sym == "" {
		// A constant index: the address registers are the last
		// operands, the index last of all.
		if k, ok := konst(in.Mem.Index); ok {
			if disp := in.Mem.Disp + k*in.Mem.Scale; disp == int64(int32(disp)) && k == int64(int32(k)) {
				in.Mem.Disp, in.Mem.Index = disp, NoValue
				in.Args = in.Args[:len(in.Args)-1]
				return true
			}
		}
	}
	if in.Float || in.MemY || in.MemFirst {
		return false
	}
	switch in.Op {
	case OpCmp:
		// x cond x of integers (slices' isNaN(x) is x != x).
		if len(in.Args) == 2 && !in.HasImm && in.Args[0] == in.Args[1] && !in.hasMem() {
			makeConst(in, b2i(holds(in.Cond, in.Signed, 0, 0)))
			return true
		}
	case OpExt:
		if x, ok := konst(in.Args[0]); ok {
			makeConst(in, extendConst(x, in.Width, in.Signed))
			return true
		}
	case OpBin:
		if len(in.Args) == 0 {
			return false
		}
		x, xk := konst(in.Args[0])
		if in.HasImm {
			if !xk {
				return false
			}
			v, ok := foldBin(in.Bin, x, in.Imm)
			if !ok {
				return false
			}
			makeConst(in, extendConst(v, in.Width, in.Signed))
			return true
		}
		y, yk := konst(in.Args[1])
		switch {
		case xk && yk:
			v, ok := foldBin(in.Bin, x, y)
			if !ok {
				return false
			}
			makeConst(in, extendConst(v, in.Width, in.Signed))
			return true
		case yk && y == int64(int32(y)):
			in.Args, in.Imm, in.HasImm = in.Args[:1], y, true
			return true
		case xk && x == int64(int32(x)) && commutes(in.Bin):
			in.Args, in.Imm, in.HasImm = in.Args[1:], x, true
			return true
		}
	case OpShift:
		x, xk := konst(in.Args[0])
		if !in.HasImm || !xk || in.Imm < 0 {
			return false
		}
		c := uint64(in.Imm)
		var v int64
		switch {
		case in.Bin == BinShl && c < 64:
			v = x << c
		case in.Bin == BinShl:
			v = 0
		case in.Signed:
			v = x >> min(c, 63)
		case c < 64:
			v = int64(uint64(x) >> c)
		default:
			v = 0
		}
		makeConst(in, extendConst(v, in.Width, in.Signed))
		return true
	}
	return false
}

// foldBin computes x op y on 64 bits, for the operations an OpBin does
// on integers (the result is then brought to the width).
func foldBin(op Bin, x, y int64) (int64, bool) {
	switch op {
	case BinAdd:
		return x + y, true
	case BinSub:
		return x - y, true
	case BinMul:
		return x * y, true
	case BinAnd:
		return x & y, true
	case BinOr:
		return x | y, true
	case BinXor:
		return x ^ y, true
	case BinAndNot:
		return x &^ y, true
	}
	return 0, false
}

// commutes reports whether x op y = y op x.
func commutes(op Bin) bool {
	switch op {
	case BinAdd, BinMul, BinAnd, BinOr, BinXor:
		return true
	}
	return false
}

// extendConst brings v to its width as values are held: sign- or
// zero-extended from it.
func extendConst(v int64, width int, signed bool) int64 {
	if width >= 8 {
		return v
	}
	shift := uint(64 - 8*width)
	if signed {
		return v << shift >> shift
	}
	return int64(uint64(v) << shift >> shift)
}

// makeConst makes in define the constant v.
func makeConst(in *Instr, v int64) {
	*in = Instr{Op: OpConst, Dst: in.Dst, Imm: v, Width: 8, Pos: in.Pos}
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// foldOffsetDifference makes (x + c) - x the constant c, exact in
// wrapping arithmetic at the width of both: the length of a slice
// expression b[i:i+4:len(b)] (snappy's load32, "to help the compiler
// eliminate bounds checks"), which the constant index checks of b[0]
// .. b[3] then compare with, and neverFails removes.
func foldOffsetDifference(in *Instr, def []definition) bool {
	if in.Op != OpBin || in.Bin != BinSub || in.HasImm || in.Float || in.hasMem() || len(in.Args) != 2 {
		return false
	}
	sum := def[in.Args[0]].instr
	if sum == nil || sum.Op != OpBin || sum.Bin != BinAdd || !sum.HasImm || sum.Float || sum.hasMem() ||
		len(sum.Args) != 1 || sum.Args[0] != in.Args[1] || sum.Width != in.Width {
		return false
	}
	makeConst(in, extendConst(sum.Imm, in.Width, in.Signed))
	return true
}

// lenBelowCap reports whether in is a slice check len(p) <= cap(p) of a
// slice argument p, read from the two words of its frame slot: it always
// passes (a Go slice's length is at most its capacity). b[i:j:len(b)]
// makes it, snappy's load64 on its argument src among them.
func lenBelowCap(in *Instr, def []definition) bool {
	if in.Op != OpSliceBound || in.HasImm || in.hasMem() || len(in.Args) != 2 {
		return false
	}
	l, c := def[in.Args[0]].instr, def[in.Args[1]].instr
	return l != nil && c != nil && l.Op == OpArg && c.Op == OpArg &&
		strings.HasSuffix(l.Sym, "_len") && c.Sym == strings.TrimSuffix(l.Sym, "_len")+"_cap" && c.Off == l.Off+8
}

// narrowBelowSum reports whether in is a slice check x <= x + k, k ≥ 0
// added at 64 bits, of an x loaded zero-extended from at most 4 bytes:
// x + k < 2^32 + 2^31 does not wrap, so it always passes. snappy's
// load32(src, candidate), candidate an entry of its uint16 table,
// checks candidate <= candidate + 4 (gc's prove removes it too).
func narrowBelowSum(in *Instr, def []definition) bool {
	if in.Op != OpSliceBound || in.HasImm || in.hasMem() || len(in.Args) != 2 {
		return false
	}
	x, sum := def[in.Args[0]].instr, def[in.Args[1]].instr
	return x != nil && sum != nil && x.Op == OpLoad && !x.Float && !x.Signed && x.Width <= 4 &&
		sum.Op == OpBin && sum.Bin == BinAdd && sum.HasImm && sum.Imm >= 0 && sum.Imm < 1<<31 && !sum.Float && !sum.hasMem() &&
		sum.Width == 8 && len(sum.Args) == 1 && sum.Args[0] == in.Args[0]
}
