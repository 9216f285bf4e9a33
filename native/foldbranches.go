// This file folds branches on constants, and on an integer compared
// with itself (slices' isNaN(x), x != x): inlined code tests constants
// (utf8's word asks ptrSize == 4, which GVN folds to a comparison of
// constants but no IR pass takes off the CFG), and each such test left
// a compare, a branch and the dead arm's code, its bounds checks
// included, in the hot loop.

package native

// foldBranches turns a branch whose operands are constants into a jump
// to the side it takes, and empties the blocks no longer reached, as
// ifConvert leaves the arms it absorbs (no instructions, predecessors
// or successors).
func foldBranches(m *Func) {
	def := definitions(m)
	konst := func(v Value) (int64, bool) {
		if d := def[v].instr; v != NoValue && d != nil && d.Op == OpConst && !d.Float {
			return d.Imm, true
		}
		return 0, false
	}
	changed := false
	for _, b := range m.Blocks {
		if len(b.Instrs) == 0 || len(b.Succs) != 2 || b.Succs[0] == b.Succs[1] {
			continue
		}
		br := b.Instrs[len(b.Instrs)-1]
		if br.Op != OpBranch || br.Float || br.MemY || br.MemFirst || br.hasMem() || len(br.Args) == 0 {
			continue
		}
		x, ok := konst(br.Args[0])
		y, yk := br.Imm, br.HasImm
		switch {
		case !br.HasImm && len(br.Args) == 2 && br.Args[0] == br.Args[1]:
			// x cond x of integers: as two equal constants.
			x, ok, y, yk = 0, true, 0, true
		case !br.HasImm && len(br.Args) == 2:
			y, yk = konst(br.Args[1])
		}
		if !ok || !yk {
			continue
		}
		x, y = extendConst(x, br.Width, br.Signed), extendConst(y, br.Width, br.Signed)
		taken, dropped := b.Succs[0], b.Succs[1]
		if !holds(br.Cond, br.Signed, x, y) {
			taken, dropped = dropped, taken
		}
		b.Instrs[len(b.Instrs)-1] = &Instr{Op: OpJump, Dst: NoValue, Pos: br.Pos}
		b.Succs = []int{taken}
		dropEdge(m, b.Index, dropped)
		changed = true
	}
	if changed {
		dropUnreached(m)
	}
}

// dropEdge removes the edge from block p to block s: p from s's
// predecessors and the matching argument from s's phis.
func dropEdge(m *Func, p, s int) {
	sb := m.Blocks[s]
	k := indexOf(sb.Preds, p)
	if k < 0 {
		return
	}
	sb.Preds = append(sb.Preds[:k:k], sb.Preds[k+1:]...)
	for i := range sb.Phis {
		ph := &sb.Phis[i]
		ph.Args = append(ph.Args[:k:k], ph.Args[k+1:]...)
	}
}

// dropUnreached empties the blocks the entry no longer reaches, dropping
// their edges into the blocks it does.
func dropUnreached(m *Func) {
	reached := make([]bool, len(m.Blocks))
	work := []int{0}
	reached[0] = true
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range m.Blocks[b].Succs {
			if !reached[s] {
				reached[s] = true
				work = append(work, s)
			}
		}
	}
	for _, b := range m.Blocks {
		if reached[b.Index] || len(b.Instrs) == 0 && len(b.Succs) == 0 && len(b.Preds) == 0 {
			continue
		}
		for _, s := range b.Succs {
			if reached[s] {
				dropEdge(m, b.Index, s)
			}
		}
		b.Instrs, b.Phis, b.Preds, b.Succs = nil, nil, nil, nil
	}
}
