// This file fuses a comparison into the branch that tests it: a bool
// computed by a function inlined into a condition (slices'
// BinarySearch asks cmp.Less(x[h], target), which returns x < y) was
// set from the flags, zero-extended and compared with 0 before the
// branch (SETLT, MOVBQZX, CMPQ $0, JNE), where gc branches on the
// compare itself. If-conversion then selects on the compare too.

package native

// fuseCompares makes each integer branch on b != 0 (b == 0), where b is
// a comparison of integers its block computes and nothing else reads,
// a branch on that comparison (its negation) and drops the comparison.
// The comparison reads no memory, so moving it to the branch changes
// nothing it reads.
func fuseCompares(m *Func) {
	reads := readCounts(m)
	for _, b := range m.Blocks {
		n := len(b.Instrs)
		if n < 2 || len(b.Succs) != 2 {
			continue
		}
		br := b.Instrs[n-1]
		if br.Op != OpBranch || br.Float || br.hasMem() || len(br.Args) != 1 || !br.HasImm || br.Imm != 0 ||
			br.Cond != CondNe && br.Cond != CondEq {
			continue
		}
		v := br.Args[0]
		if reads[v] != 1 {
			continue
		}
		k := -1
		for i, in := range b.Instrs[:n-1] {
			if in.Dst == v {
				k = i
			}
		}
		if k < 0 {
			continue
		}
		cmp := b.Instrs[k]
		if cmp.Op != OpCmp || cmp.Float || cmp.hasMem() {
			continue
		}
		cond := cmp.Cond
		if br.Cond == CondEq {
			cond = negate(cond) // integers: not (x < y) is x ≥ y
		}
		b.Instrs[n-1] = &Instr{Op: OpBranch, Dst: NoValue, Cond: cond, Signed: cmp.Signed, Width: cmp.Width,
			Args: append([]Value(nil), cmp.Args...), Imm: cmp.Imm, HasImm: cmp.HasImm, Pos: br.Pos}
		b.Instrs = append(b.Instrs[:k:k], b.Instrs[k+1:]...)
	}
}

// fuseTests makes each branch on x & y == 0 (!= 0) of 64-bit integers,
// the AND in its block and read by nothing else, a TESTQ of x and y (y
// in memory where the AND read it so):
// utf8.ValidString's word(s)&hiBits == 0 was an ANDQ, a CMPQ $0 and the
// branch, where gc tests. Not narrower ANDs: their operands may be left
// unextended (narrow.go), and TESTQ reads all 64 bits. It runs after
// the transforms that read branches' operands as a comparison's
// (if-conversion, constant folding, bounded loops).
func fuseTests(m *Func) {
	reads := readCounts(m)
	for _, b := range m.Blocks {
		n := len(b.Instrs)
		if n < 2 || len(b.Succs) != 2 {
			continue
		}
		br := b.Instrs[n-1]
		if br.Op != OpBranch || br.Float || br.Test || br.hasMem() || len(br.Args) != 1 || !br.HasImm || br.Imm != 0 ||
			br.Cond != CondNe && br.Cond != CondEq {
			continue
		}
		v := br.Args[0]
		if reads[v] != 1 {
			continue
		}
		k := -1
		for i, in := range b.Instrs[:n-1] {
			if in.Dst == v {
				k = i
			}
		}
		if k < 0 {
			continue
		}
		and := b.Instrs[k]
		if and.Op != OpBin || and.Bin != BinAnd || and.Width != 8 || and.Float || and.MemFirst || len(and.Args) == 0 {
			continue
		}
		if and.MemY {
			// x & (memory): the read moves to the branch, past
			// instructions that neither write memory nor panic.
			moves := !and.HasImm
			for _, in := range b.Instrs[k+1 : n-1] {
				moves = moves && quiet(in)
			}
			if !moves {
				continue
			}
		} else if and.HasImm != (len(and.Args) == 1) || len(and.Args) > 2 {
			continue
		}
		b.Instrs[n-1] = &Instr{Op: OpBranch, Dst: NoValue, Cond: br.Cond, Width: 8, Test: true,
			Args: append([]Value(nil), and.Args...), Imm: and.Imm, HasImm: and.HasImm,
			MemY: and.MemY, Mem: and.Mem, Pos: br.Pos}
		b.Instrs = append(b.Instrs[:k:k], b.Instrs[k+1:]...)
	}
}
