// This file orders the blocks for emission.

package native

import "sort"

// layout returns the order to emit f's blocks in: reverse postorder,
// but with each loop's header after the loop's other blocks, so that
// the loop's test sits at its bottom and falls through to the exit (an
// iteration takes one branch, back to the body's top), and the
// preemption polls, which rarely run, at the end.
func layout(f *Func) []*Block {
	rpo := reversePostorder(f)
	loops := naturalLoops(f)
	placed := make([]bool, len(f.Blocks))
	opened := make([]bool, len(f.Blocks))
	var hot, cold []*Block
	var place func(seq []*Block)
	place = func(seq []*Block) {
		for _, b := range seq {
			if placed[b.Index] {
				continue
			}
			if body, ok := loops[b.Index]; ok && !opened[b.Index] {
				opened[b.Index] = true
				var inner []*Block
				for _, c := range rpo {
					if body[c.Index] && c != b {
						inner = append(inner, c)
					}
				}
				place(inner)
			}
			placed[b.Index] = true
			if len(b.Instrs) > 0 && b.Instrs[0].Op == OpPoll {
				cold = append(cold, b)
			} else {
				hot = append(hot, b)
			}
		}
	}
	place(rpo)
	return append(hot, cold...)
}

// naturalLoops returns, for each loop header, the blocks of its loop:
// for each back edge (to a block on the depth-first path), the blocks
// that reach the edge's source without passing through its target.
func naturalLoops(f *Func) map[int][]bool {
	state := make([]int, len(f.Blocks)) // 0 new, 1 on the path, 2 done
	var backs [][2]int
	var visit func(b int)
	visit = func(b int) {
		state[b] = 1
		for _, s := range f.Blocks[b].Succs {
			switch state[s] {
			case 0:
				visit(s)
			case 1:
				backs = append(backs, [2]int{b, s})
			}
		}
		state[b] = 2
	}
	visit(0)
	loops := map[int][]bool{}
	for _, e := range backs {
		body := loops[e[1]]
		if body == nil {
			body = make([]bool, len(f.Blocks))
			body[e[1]] = true
			loops[e[1]] = body
		}
		work := []int{e[0]}
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			if body[b] {
				continue
			}
			body[b] = true
			work = append(work, f.Blocks[b].Preds...)
		}
	}
	return loops
}

// loopHeaders returns the headers of loops in increasing order: a
// transform that goes through them in that order compiles a function
// the same way every time.
func loopHeaders(loops map[int][]bool) []int {
	headers := make([]int, 0, len(loops))
	for h := range loops {
		headers = append(headers, h)
	}
	sort.Ints(headers)
	return headers
}
