// This file implements DomTree, the dominator tree shared by all dominator
// algorithms, and its constant-time queries (pre/post numbering of the tree).

package graph

// DomTree is the dominator tree of the nodes reachable from entry.
//
// Invariants: Idom(entry) == -1 and Idom(n) == -1 for every node n that is
// not reachable from entry; for every other node, Idom(n) is reachable and
// strictly dominates n. Children(n) lists the nodes whose Idom is n in
// increasing id order. Pre and Post number the reachable nodes 0..R-1 (R the
// number of reachable nodes) in the pre- and postorder of a depth-first walk of
// the tree from entry that visits children in increasing id order, so
//
//	Dominates(a, b)  ⇔  Pre(a) <= Pre(b) && Post(b) <= Post(a).
//
// Unreachable nodes have Pre, Post and Depth -1. A DomTree never changes after
// it is built; it does not refer to the Graph it was computed from.
type DomTree struct {
	entry      int
	idom       []int32 // node -> immediate dominator, -1 for entry and unreachable
	pre, post  []int32 // node -> tree DFS numbers, -1 if unreachable
	depth      []int32 // node -> depth in the tree (entry 0), -1 if unreachable
	childStart []int32 // children of n are kids[childStart[n]:childStart[n+1]]
	kids       []int
}

// newDomTree builds the tree from idom, indexed by node, with -1 for entry and
// unreachable nodes. newDomTree keeps idom.
func newDomTree(entry int, idom []int32) *DomTree {
	n := len(idom)
	slab := make([]int32, 4*n+1)
	t := &DomTree{
		entry:      entry,
		idom:       idom,
		pre:        slab[0:n:n],
		post:       slab[n : 2*n : 2*n],
		depth:      slab[2*n : 3*n : 3*n],
		childStart: slab[3*n : 4*n+1],
	}
	// Children as a CSR array: count, prefix-sum, fill. Filling in increasing
	// node order sorts every child list.
	cs := t.childStart
	for _, d := range idom {
		if d >= 0 {
			cs[d+1]++
		}
	}
	for i := 1; i <= n; i++ {
		cs[i] += cs[i-1]
	}
	t.kids = make([]int, cs[n])
	scratch := make([]int32, 2*n)
	fill := scratch[:n]
	copy(fill, cs[:n])
	for v, d := range idom {
		if d >= 0 {
			t.kids[fill[d]] = v
			fill[d]++
		}
	}
	// Iterative DFS of the tree for pre, post and depth: stack (reusing
	// fill) holds the path from the entry, next each stacked node's next
	// child index; both are at most n long.
	for i := range t.pre {
		t.pre[i], t.post[i], t.depth[i] = -1, -1, -1
	}
	stack := fill[:0]
	next := scratch[n:n]
	var preN, postN int32
	stack = append(stack, int32(entry))
	next = append(next, cs[entry])
	t.pre[entry], t.depth[entry] = 0, 0
	preN = 1
	for len(stack) > 0 {
		top := len(stack) - 1
		v := stack[top]
		if i := next[top]; i < cs[v+1] {
			next[top]++
			c := int32(t.kids[i])
			t.pre[c] = preN
			preN++
			t.depth[c] = t.depth[v] + 1
			stack = append(stack, c)
			next = append(next, cs[c])
			continue
		}
		t.post[v] = postN
		postN++
		stack = stack[:top]
		next = next[:top]
	}
	return t
}

// Entry returns the root of the tree.
func (t *DomTree) Entry() int { return t.entry }

// Len returns the number of nodes of the graph the tree was computed for,
// reachable or not.
func (t *DomTree) Len() int { return len(t.idom) }

// Idom returns the immediate dominator of n, or -1 if n is the entry or is not
// reachable.
func (t *DomTree) Idom(n int) int { return int(t.idom[n]) }

// Reachable reports whether n is reachable from the entry.
func (t *DomTree) Reachable(n int) bool { return t.pre[n] >= 0 }

// Children returns the nodes immediately dominated by n, in increasing id
// order. The result must not be modified.
func (t *DomTree) Children(n int) []int {
	a, b := t.childStart[n], t.childStart[n+1]
	return t.kids[a:b:b]
}

// Dominates reports whether a dominates b: every path from the entry to b goes
// through a. It is reflexive, false if a or b is unreachable, and O(1).
func (t *DomTree) Dominates(a, b int) bool {
	pa, pb := t.pre[a], t.pre[b]
	return pa >= 0 && pb >= 0 && pa <= pb && t.post[b] <= t.post[a]
}

// StrictlyDominates reports whether a dominates b and a != b.
func (t *DomTree) StrictlyDominates(a, b int) bool {
	return a != b && t.Dominates(a, b)
}

// Pre returns the preorder number of n in the tree walk (entry is 0), or -1 if
// n is unreachable.
func (t *DomTree) Pre(n int) int { return int(t.pre[n]) }

// Post returns the postorder number of n in the tree walk (entry is last), or
// -1 if n is unreachable.
func (t *DomTree) Post(n int) int { return int(t.post[n]) }

// Depth returns the depth of n in the tree (entry 0), or -1 if n is
// unreachable.
func (t *DomTree) Depth(n int) int { return int(t.depth[n]) }

// Equal reports whether t and u have the same entry, the same nodes, the same
// reachable nodes and the same immediate dominators.
func (t *DomTree) Equal(u *DomTree) bool {
	if t.entry != u.entry || len(t.idom) != len(u.idom) {
		return false
	}
	for i, d := range t.idom {
		if d != u.idom[i] || (t.pre[i] < 0) != (u.pre[i] < 0) {
			return false
		}
	}
	return true
}
