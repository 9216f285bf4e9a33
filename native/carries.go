// This file keeps carries in the flags where gc does. bits.Add64 and
// Sub64 lower to an addition with carry (ADCQ, SBBQ) and a carry out
// right after it, materialised as 0 or 1 (SBBQ, NEGQ, which leave CF
// as it was). When the carry's only reader is an addition right after
// the carry out, it takes CF as it is: a chain of Add64s is a chain of
// ADCQs, and hi + carry is ADCQ $0, as gc emits them.

package native

// isCarryArith reports whether in is an addition or subtraction with
// carry.
func isCarryArith(in *Instr) bool {
	return in.Op == OpIntrinsic && (in.Intr == IntrAddCarry || in.Intr == IntrSubBorrow)
}

// carryPair reports whether out, a carry out, reads the flags of prev:
// the addition or subtraction with carry defining its operand.
func carryPair(prev, out *Instr) bool {
	return prev != nil && isCarryArith(prev) && prev.Dst == out.Args[0]
}

// keepsFlags reports whether in's instructions leave the flags alone
// (moves, loads, stores, LEAQ): a carry in CF lives across it.
func keepsFlags(in *Instr) bool {
	switch in.Op {
	case OpArg, OpConst, OpLoad, OpStore, OpLea:
		return !in.MemFirst && !in.MemY
	}
	return false
}

// flagsNeighbor returns the instruction of code before (step -1) or
// after (step 1) index i past those that keep the flags, or nil.
func flagsNeighbor(code []*Instr, i, step int) *Instr {
	for j := i + step; j >= 0 && j < len(code); j += step {
		if !keepsFlags(code[j]) {
			return code[j]
		}
	}
	return nil
}

// carryFromFlags reports whether in, an addition or subtraction with a
// carry in, finds its carry in CF: prev, the instruction before it
// (past those that keep the flags), is the carry out that defines it,
// which leaves CF as its value.
func carryFromFlags(prev, in *Instr) bool {
	return prev != nil && prev.Op == OpIntrinsic && prev.Intr == IntrCarryOut && prev.Dst == in.Args[1]
}

// fuseCarries keeps in the flags each carry out read only by an
// addition with carry after it, with only instructions that keep the
// flags between (a chain of Add64s through memory: loads, stores), or
// by an addition of 64 bits in its block: that addition becomes an
// addition with carry and moves right after the carry out, when its
// other operand is computed before it.
func fuseCarries(m *Func) {
	uses := readCounts(m)
	for _, b := range m.Blocks {
		for i := 0; i+1 < len(b.Instrs); i++ {
			out := b.Instrs[i]
			if out.Op != OpIntrinsic || out.Intr != IntrCarryOut || uses[out.Dst] != 1 {
				continue
			}
			defined := map[Value]bool{}
			for _, in := range b.Instrs[:i] {
				if in.Dst != NoValue {
					defined[in.Dst] = true
				}
			}
			before := func(v Value) bool { return defined[v] || !definedIn(b, v) }
			for j := i + 1; j < len(b.Instrs); j++ {
				in := b.Instrs[j]
				if isCarryArith(in) && in.CarryIn && in.Args[1] == out.Dst && in == flagsNeighbor(b.Instrs, i, 1) {
					out.CarryIn = true
					break
				}
				if in.Op == OpCall {
					break
				}
				if !reads(in, out.Dst) {
					continue
				}
				// x + carry: ADCQ $0.
				if in.Op != OpBin || in.Bin != BinAdd || in.Width != 8 || in.Float || in.MemY || in.HasImm || len(in.Args) != 2 {
					break
				}
				x := in.Args[0]
				if x == out.Dst {
					x = in.Args[1]
				}
				if x == out.Dst || !before(x) {
					break
				}
				adc := &Instr{Op: OpIntrinsic, Intr: IntrAddCarry, Dst: in.Dst, Width: 8, CarryIn: true, HasImm: true, Args: []Value{x, out.Dst}, Pos: in.Pos}
				copy(b.Instrs[i+2:j+1], b.Instrs[i+1:j])
				b.Instrs[i+1] = adc
				out.CarryIn = true
				break
			}
		}
	}
}

// definedIn reports whether an instruction of b defines v.
func definedIn(b *Block, v Value) bool {
	for _, in := range b.Instrs {
		if in.Dst == v {
			return true
		}
	}
	return false
}

// reads reports whether in reads v.
func reads(in *Instr, v Value) bool {
	for _, a := range in.Args {
		if a == v {
			return true
		}
	}
	return false
}
