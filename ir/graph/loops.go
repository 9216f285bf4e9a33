// This file finds natural loops and the loop depth of every node.

package graph

// LoopDepths returns, for each node, how many natural loops contain it.
// The natural loop of a header h is h and the nodes that reach the
// source of a back edge t → h (h dominates t, t reachable) without
// passing through h, over all of h's back edges: one loop per header.
// Irreducible cycles, which have no such header, are in no loop.
func LoopDepths(g *Graph, dom *DomTree) []int {
	loops := LoopHeaders(g, dom)
	depth := make([]int, len(loops))
	for n, hs := range loops {
		depth[n] = len(hs)
	}
	return depth
}

// LoopHeaders returns, for each node, the headers of the natural loops
// (as LoopDepths defines them) that contain it, in increasing order.
func LoopHeaders(g *Graph, dom *DomTree) [][]int {
	loops := make([][]int, g.Len())
	body := make([]int, g.Len()) // the header+1 whose loop last took the node
	for h := range g.Len() {
		var work []int
		for _, t := range g.Preds[h] {
			if dom.Reachable(t) && dom.Dominates(h, t) {
				work = append(work, t)
			}
		}
		if len(work) == 0 {
			continue
		}
		body[h] = h + 1
		loops[h] = append(loops[h], h)
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			if body[b] == h+1 {
				continue
			}
			body[b] = h + 1
			loops[b] = append(loops[b], h)
			work = append(work, g.Preds[b]...)
		}
	}
	return loops
}
