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
