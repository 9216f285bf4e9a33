// This file implements the semi-NCA dominator algorithm.
//
// Reference: L. Georgiadis, "Linear-Time Algorithms for Dominators and Related
// Problems", PhD thesis, Princeton University, 2005 (TR-737-05), section 2.3
// and figure 2.8; L. Georgiadis, R. E. Tarjan, R. F. Werneck, "Finding
// dominators in practice", JGAA 10(1), 2006. Semidominators are those of
// T. Lengauer, R. E. Tarjan, "A fast algorithm for finding dominators in a
// flowgraph", TOPLAS 1(1), 1979, computed with the simple (path-compression
// only) link-eval structure.
//
// Deviation from the thesis: the nearest-common-ancestor step walks up the
// partial dominator tree with skew-binary jump pointers (E. W. Myers, "An
// applicative random-access stack", IPL 17(5), 1983) instead of one parent at
// a time. The plain walk is Θ(n²) on sncaworst; with jump pointers every
// query costs O(log n), so the whole algorithm is O(m log n).
//
// Preconditions: entry < g.Len() and g.Len() < 2³¹. The graph may be
// irreducible, have unreachable nodes, self loops, parallel edges and edges
// into entry. Nothing is recursive: the DFS and the path compression use
// explicit stacks.

package graph

// DominatorsSNCA computes the dominator tree of the nodes of g reachable from
// entry with the semi-NCA algorithm: a DFS numbers the nodes in preorder; the
// semidominator of every node is computed in decreasing preorder by
// Lengauer–Tarjan's eval with path compression; then, in increasing preorder,
// idom(w) is the nearest common ancestor in the partial dominator tree of the
// DFS parent of w and sdom(w), i.e. the deepest dominator-tree ancestor of
// parent(w) whose preorder number is at most sdom(w).
func DominatorsSNCA(g *Graph, entry int) *DomTree {
	return snca(g, entry, true)
}

// snca is DominatorsSNCA; jumps selects the jump-pointer NCA walk (false gives
// the thesis' plain walk, kept for the benchmarks that justify the change).
func snca(g *Graph, entry int, jumps bool) *DomTree {
	n := g.Len()
	// dfnum[v] is the preorder number of v, counting from 1; 0 means
	// unreachable. Arrays indexed by preorder number have a dummy slot 0,
	// which also serves as "no ancestor".
	dfnum := make([]int32, n)
	vertex := make([]int32, 1, n+1)
	parent := make([]int32, 1, n+1)

	// Iterative DFS; preorder numbers are assigned when a node is reached.
	stack := make([]dfsFrame, 1, 64)
	stack[0] = dfsFrame{int32(entry), 0}
	dfnum[entry] = 1
	vertex = append(vertex, int32(entry))
	parent = append(parent, 0)
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		succs := g.Succs[top.node]
		if int(top.next) < len(succs) {
			s := succs[top.next]
			top.next++
			if dfnum[s] == 0 {
				vertex = append(vertex, int32(s))
				parent = append(parent, dfnum[top.node])
				dfnum[s] = int32(len(vertex) - 1)
				stack = append(stack, dfsFrame{int32(s), 0})
			}
			continue
		}
		stack = stack[:len(stack)-1]
	}
	r := int32(len(vertex) - 1)

	slab := make([]int32, 4*(r+1))
	semi := slab[0 : r+1 : r+1]
	label := slab[r+1 : 2*(r+1) : 2*(r+1)]
	ancestor := slab[2*(r+1) : 3*(r+1) : 3*(r+1)]
	path := slab[3*(r+1):] // the explicit stack of compress
	for i := int32(1); i <= r; i++ {
		semi[i] = i
		label[i] = i
	}

	// Semidominators, in decreasing preorder. A node v < w is not yet linked
	// (ancestor[v] == 0) and eval(v) = v with semi[v] = v; a node v > w has
	// been linked and eval(v) is the label of least semi on the forest path
	// from v up to, but excluding, its root.
	for w := r; w >= 2; w-- {
		sw := semi[w]
		for _, p := range g.Preds[vertex[w]] {
			v := dfnum[p]
			if v == 0 {
				continue // unreachable predecessor
			}
			if ancestor[v] != 0 {
				// compress(v), iteratively: stack the nodes on the
				// path from v whose ancestor is not a root; then, top
				// down, give each the lesser-semi label of itself and
				// its ancestor and point it at its ancestor's ancestor.
				top := 0
				for x := v; ancestor[ancestor[x]] != 0; x = ancestor[x] {
					path[top] = x
					top++
				}
				for top > 0 {
					top--
					y := path[top]
					a := ancestor[y]
					if semi[label[a]] < semi[label[y]] {
						label[y] = label[a]
					}
					ancestor[y] = ancestor[a]
				}
				v = label[v]
			}
			if s := semi[v]; s < sw {
				sw = s
			}
		}
		semi[w] = sw
		ancestor[w] = parent[w] // link(parent(w), w)
	}

	// Immediate dominators, in increasing preorder; idom reuses label.
	idom := label
	idom[1] = 0
	if jumps {
		// jd holds the jump pointer and the depth of node x at 2x and
		// 2x+1 (the update below reads both for three nodes); it reuses
		// ancestor and path, which are adjacent in slab and no longer
		// needed.
		jd := slab[2*(r+1):]
		jd[2], jd[3] = 1, 0
		for w := int32(2); w <= r; w++ {
			x, s := parent[w], semi[w]
			for x > s {
				if j := jd[2*x]; j > s {
					x = j // every node from x up to j is > s
				} else {
					x = idom[x]
				}
			}
			idom[w] = x
			j, dx := jd[2*x], jd[2*x+1]
			jj, dj := jd[2*j], jd[2*j+1]
			if dx-dj == dj-jd[2*jj+1] {
				jd[2*w] = jj
			} else {
				jd[2*w] = x
			}
			jd[2*w+1] = dx + 1
		}
	} else {
		for w := int32(2); w <= r; w++ {
			x, s := parent[w], semi[w]
			for x > s {
				x = idom[x]
			}
			idom[w] = x
		}
	}

	out := dfnum // reuse: every entry is overwritten below
	for i := range out {
		out[i] = -1
	}
	for w := int32(2); w <= r; w++ {
		out[vertex[w]] = vertex[idom[w]]
	}
	return newDomTree(entry, out)
}
