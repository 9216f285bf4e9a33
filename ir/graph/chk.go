// This file implements the Cooper–Harvey–Kennedy iterative dominator algorithm.
//
// Reference: K. D. Cooper, T. J. Harvey, K. Kennedy, "A Simple, Fast Dominance
// Algorithm", Software Practice & Experience 4:1-10, 2001. Also presented and
// verified (as the sorted-list extension of Allen–Cocke) in J. Zhao's
// dissertation "Formalizing an SSA-based compiler for verified advanced
// program transformations", chapter 3 (section 3.3).
//
// Preconditions: entry < g.Len(). The graph may be irreducible, have
// unreachable nodes, self loops, parallel edges and edges into entry.
//
// Cost: each pass is O(m) plus the intersect walks, each O(depth of the
// partial tree). Reducible graphs need two passes whatever their loop nesting
// (with a reverse postorder, back edges never change a result), but
// adversarial irreducible graphs need Θ(n) passes, so the worst case is
// O(n²·m): the idfsquad benchmark is cubic in n, and itworst (m = Θ(n²)) grows
// as n⁴.

package graph

// DominatorsCHK computes the dominator tree of the nodes of g reachable from
// entry with the Cooper–Harvey–Kennedy algorithm: a round-robin dataflow
// iteration over the reverse postorder in which each node's dominator set is
// represented by its immediate dominator and sets are intersected by walking
// up the partial tree ("intersect" with postorder numbers as fingers).
func DominatorsCHK(g *Graph, entry int) *DomTree {
	t, _ := chk(g, entry)
	return t
}

// chk is DominatorsCHK; it also returns the number of passes over the
// reverse postorder, the last of which changes nothing.
func chk(g *Graph, entry int) (*DomTree, int) {
	n := g.Len()
	num := make([]int32, n)
	po := postorder(g, entry, num)
	r := int32(len(po))

	// Predecessors in postorder-number space as one CSR array, dropping
	// unreachable predecessors, so that passes touch contiguous memory.
	start := make([]int32, r+1)
	m := 0
	for i, v := range po {
		for _, p := range g.Preds[v] {
			if num[p] >= 0 {
				m++
			}
		}
		start[i+1] = int32(m)
	}
	preds := make([]int32, m)
	m = 0
	for _, v := range po {
		for _, p := range g.Preds[v] {
			if q := num[p]; q >= 0 {
				preds[m] = q
				m++
			}
		}
	}

	// doms[i] is the current immediate dominator of postorder node i, or -1
	// while undefined. The entry (postorder r-1) is its own, which stops the
	// intersect walks.
	doms := make([]int32, r)
	for i := range doms {
		doms[i] = -1
	}
	doms[r-1] = r - 1
	passes := 0
	for changed := true; changed; {
		changed = false
		passes++
		for b := r - 2; b >= 0; b-- {
			newIdom := int32(-1)
			for _, p := range preds[start[b]:start[b+1]] {
				if doms[p] < 0 {
					continue
				}
				if newIdom < 0 {
					newIdom = p
					continue
				}
				// intersect(p, newIdom)
				f1, f2 := p, newIdom
				for f1 != f2 {
					for f1 < f2 {
						f1 = doms[f1]
					}
					for f2 < f1 {
						f2 = doms[f2]
					}
				}
				newIdom = f1
			}
			if doms[b] != newIdom {
				doms[b] = newIdom
				changed = true
			}
		}
	}

	idom := num // reuse: every entry is overwritten below
	for i := range idom {
		idom[i] = -1
	}
	for i := int32(0); i < r-1; i++ {
		idom[po[i]] = po[doms[i]]
	}
	return newDomTree(entry, idom), passes
}
