// This file makes a branch on a computed boolean branch on the
// comparison that computed it. An inlined predicate (cmp.Less, a
// helper returning x < y) leaves its result as a value, 0 or 1, and the
// caller's if tests it against zero: SETcc, MOVBQZX, CMPQ $0 and a
// jump where one compare and a jump on its own condition do, and
// if-conversion's selects then test the comparison too.

package native

// branchOnCompares rewrites each integer branch "v != 0" or "v == 0",
// where v is an integer comparison (through extensions, which keep 0
// and 1, and phis of one predecessor, which are copies) computed in the
// branch's block or in a straight line of blocks into it, into a branch
// on that comparison, negated for "== 0". The comparison stays for its
// other uses; dead, it goes with the next removeDead.
func branchOnCompares(m *Func) {
	def := definitions(m)
	phiArg := map[Value]Value{}
	for _, b := range m.Blocks {
		for _, p := range b.Phis {
			if len(p.Args) == 1 {
				phiArg[p.Dst] = p.Args[0]
			}
		}
	}
	// inLine reports whether every path into b passes a, through
	// blocks of one predecessor.
	inLine := func(a, b *Block) bool {
		for b != a {
			if len(b.Preds) != 1 {
				return false
			}
			b = m.Blocks[b.Preds[0]]
		}
		return true
	}
	for _, b := range m.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		br := b.Instrs[len(b.Instrs)-1]
		if br.Op != OpBranch || br.Float || br.MemFirst || !br.HasImm || br.Imm != 0 || br.Cond != CondEq && br.Cond != CondNe {
			continue
		}
		v := br.Args[0]
		var cmp *Instr
		for {
			if a, ok := phiArg[v]; ok {
				v = a
				continue
			}
			cmp = def[v].instr
			if cmp == nil || cmp.Op != OpExt {
				break
			}
			v = cmp.Args[0]
		}
		if cmp == nil || cmp.Op != OpCmp || cmp.Float || cmp.MemFirst || cmp.MemY || !inLine(def[v].block, b) {
			continue
		}
		cond := cmp.Cond
		if br.Cond == CondEq {
			cond = negate(cond)
		}
		br.Cond, br.Signed, br.Width, br.Imm, br.HasImm = cond, cmp.Signed, cmp.Width, cmp.Imm, cmp.HasImm
		br.Args = append([]Value(nil), cmp.Args...)
	}
}
