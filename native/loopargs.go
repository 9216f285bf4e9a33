// This file splits, for the loops that call nothing, the live range of
// a pointer argument that reloadPointerArgs reloads after calls: each
// read in such a loop was a load from the argument frame, every
// iteration (snappy's encodeBlock reads src's base twice per iteration
// of the loop that extends a match, after emitLiteral's call in the
// outer loop). Here the loop's reads read one load at the end of the
// block that enters the loop. No call runs in the loop, so the loaded
// pointer is never live across one; the loop's preemption poll passes
// it through the helper like any pointer it keeps, and so it follows
// the stack if the poll moves it.

package native

// loopArgLoads returns, by block, the block that enters the loop that
// calls nothing it is in (the largest such loop), or -1: a loop that has
// that only entry, which ends with a jump, and keeps few enough
// pointers live for its poll to carry the arguments' loads as well.
func loopArgLoads(m *Func, isPointerArg func(Value) bool) []int {
	pre := make([]int, len(m.Blocks))
	size := make([]int, len(m.Blocks))
	for i := range pre {
		pre[i] = -1
	}
	loops := naturalLoops(m)
	var lv *liveness
	for h, body := range loops {
		p, n, ok := preheader(m, h, body), 0, true
		if p < 0 {
			continue
		}
		// The pointers the poll may keep: those live into the loop,
		// those it defines, and a load of each argument it reads.
		if lv == nil {
			lv = computeLiveness(m)
		}
		ptrs := 0
		lv.in[h].each(func(v Value) {
			if m.Values[v].Pointer {
				ptrs++
			}
		})
		args := map[Value]bool{}
		for bi, in := range body {
			if !in {
				continue
			}
			b := m.Blocks[bi]
			n++
			for _, ph := range b.Phis {
				if m.Values[ph.Dst].Pointer {
					ptrs++
				}
			}
			for _, ins := range b.Instrs {
				ok = ok && ins.Op != OpCall
				if ins.Dst != NoValue && m.Values[ins.Dst].Pointer {
					ptrs++
				}
				ins.mapOperands(func(v Value) Value {
					if isPointerArg(v) {
						args[v] = true
					}
					return v
				})
			}
		}
		if !ok || len(args) == 0 || ptrs+len(args) > MaxPollPointers {
			continue
		}
		for bi, in := range body {
			if in && n > size[bi] {
				pre[bi], size[bi] = p, n
			}
		}
	}
	return pre
}
