// This file orders the blocks for emission.

package native

import "sort"

// layout returns the order to emit f's blocks in: reverse postorder,
// but with each loop's header after the loop's other blocks, so that
// the loop's test sits at its bottom and falls through to the exit (an
// iteration takes one branch, back to the body's top), or, for a loop
// whose latch several paths reach, the latch and the header on top
// (topLatch), and the preemption polls, which rarely run, and
// combineChecks' slow sides, which run only to panic, and the long
// arms of branches in loops (coldArms), at the end.
func layout(f *Func) []*Block {
	rpo := reversePostorder(f)
	loops := naturalLoops(f)
	arms := coldArms(f, loops)
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
				if l := topLatch(f, b, body, loops); l != nil {
					// The latch, then the header, on top: each path
					// of the body branches back to the latch, and the
					// header falls into the body.
					placed[l.Index], placed[b.Index] = true, true
					hot = append(hot, l, b)
					place(latchPathsFirst(f, b, l, body, inner))
					continue
				}
				place(inner)
			}
			placed[b.Index] = true
			if len(b.Instrs) > 0 && (b.Instrs[0].Op == OpPoll || slowChecks(b)) || arms[b.Index] {
				cold = append(cold, b)
			} else {
				hot = append(hot, b)
			}
		}
	}
	place(rpo)
	return append(hot, cold...)
}

// topLatch returns the latch of the loop of header h (body) to put on
// top of the loop, followed by h, or nil to put h at the bottom. At the
// bottom, h's test branches back to the body's top, one taken branch
// an iteration, and one more on each path of the body that does not
// fall into the latch before it. A latch that several blocks of the
// body branch to (skipWSSlow's: each of its four compares of a space
// goes on) is such a path for all but one: on top, every path takes
// one branch, back to the latch, and the test falls into the body, as
// gc lays such loops out. A poll's edge back to h does not count: it
// rarely runs.
func topLatch(f *Func, h *Block, body []bool, loops map[int][]bool) *Block {
	var latch *Block
	for _, p := range h.Preds {
		if pb := f.Blocks[p]; body[p] && !(len(pb.Instrs) > 0 && pb.Instrs[0].Op == OpPoll) {
			if latch != nil {
				return nil
			}
			latch = f.Blocks[p]
		}
	}
	if latch == nil || latch == h || len(latch.Succs) != 1 || loops[latch.Index] != nil {
		return nil
	}
	n := 0
	for _, p := range latch.Preds {
		if body[p] {
			n++
		}
	}
	if n < 2 {
		return nil
	}
	return latch
}

// latchPathsFirst orders the blocks inner of the loop of header h
// (body) so that those on a path to latch l come first, as they were:
// the header then falls into its iteration's path, not into a strip-
// mined loop's check for a poll (stripmine.go), which goes back to h
// through the poll.
func latchPathsFirst(f *Func, h, l *Block, body []bool, inner []*Block) []*Block {
	reaches := make([]bool, len(f.Blocks))
	work := []int{l.Index}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if reaches[b] || b == h.Index || !body[b] {
			continue
		}
		reaches[b] = true
		work = append(work, f.Blocks[b].Preds...)
	}
	var first, rest []*Block
	for _, b := range inner {
		if reaches[b.Index] {
			first = append(first, b)
		} else {
			rest = append(rest, b)
		}
	}
	return append(first, rest...)
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
