// This file implements dominance frontiers and iterated dominance frontiers.
//
// References: R. Cytron, J. Ferrante, B. K. Rosen, M. N. Wegman,
// F. K. Zadeck, "Efficiently computing static single assignment form and the
// control dependence graph", TOPLAS 13(4), 1991 (definitions of DF and DF+);
// K. D. Cooper, T. J. Harvey, K. Kennedy, "A Simple, Fast Dominance
// Algorithm", 2001, figure 5 (the join-point walk used here), also described
// in J. Zhao's dissertation, section 3.5.
//
// Precondition: the DomTree was computed for g (same nodes, same edges).

package graph

import "slices"

// Frontiers returns the dominance frontier of every node of g:
//
//	y ∈ DF(x)  ⇔  x dominates a predecessor of y and x does not strictly dominate y.
//
// Each list is sorted and free of duplicates; unreachable nodes have empty
// frontiers. The lists share one backing array and must not be appended to.
//
// Algorithm (Cooper–Harvey–Kennedy): for every reachable y and every
// reachable predecessor p of y, walk from p up the dominator tree until
// idom(y) (exclusive), adding y to the frontier of each node visited. The
// entry has no idom, so for an edge into the entry the walk goes to the root.
// Nodes y are taken in increasing order, so the lists come out sorted, and a
// per-node stamp (the last y added) removes duplicates from parallel edges
// and overlapping walks. Two passes (count, then fill) give one allocation.
// The cost is O(m + Σ|DF(x)|).
func (t *DomTree) Frontiers(g *Graph) [][]int {
	var csr frontiers
	csr.compute(t, g)
	df := make([][]int, g.Len())
	for x := range df {
		df[x] = csr.of(x)
	}
	return df
}

// frontiers are the dominance frontiers of every node in one array: the
// frontier of x is nodes[start[x]:start[x+1]]. Its arrays are reused
// from one computation to the next (SSA construction computes them for
// every function, and allocating them was a tenth of placing phis).
type frontiers struct {
	start []int32
	nodes []int
	last  []int32 // scratch: the last y added to each frontier
}

func (d *frontiers) of(x int) []int {
	a, b := d.start[x], d.start[x+1]
	return d.nodes[a:b:b]
}

// compute makes d the frontiers of the nodes of g, whose dominator tree
// is t, by the algorithm described at Frontiers.
func (d *frontiers) compute(t *DomTree, g *Graph) {
	n := g.Len()
	idom := t.idom
	count := resize(&d.start, n+1)
	clear(count)
	last := resize(&d.last, n)
	walk := func(fill bool, out []int, start []int32) {
		for i := range last {
			last[i] = -1
		}
		for y := 0; y < n; y++ {
			if t.pre[y] < 0 {
				continue
			}
			stop := idom[y]
			y32 := int32(y)
			for _, p := range g.Preds[y] {
				if t.pre[p] < 0 {
					continue
				}
				for x := int32(p); x != stop && last[x] != y32; x = idom[x] {
					last[x] = y32
					if fill {
						out[start[x]] = y
						start[x]++
					} else {
						count[x+1]++
					}
				}
			}
		}
	}
	walk(false, nil, nil)
	for i := 1; i <= n; i++ {
		count[i] += count[i-1]
	}
	out := resize(&d.nodes, int(count[n]))
	// Filling advances each node's start to the next node's: filled
	// from one place later, the starts end where they began.
	copy(count[1:], count[:n])
	count[0] = 0
	walk(true, out, count[1:])
}

// resize returns *s with length n, reallocated (and kept in *s) only if
// it is too small; the elements' values are left as they are.
func resize[T any](s *[]T, n int) []T {
	if cap(*s) < n {
		*s = make([]T, n)
	}
	*s = (*s)[:n]
	return *s
}

// IteratedFrontier returns DF⁺(nodes), the least set X with
// X = DF(nodes ∪ X), sorted and without duplicates, given df = t.Frontiers(g).
// It allocates O(len(df)) scratch; to compute many iterated frontiers of one
// graph (one per variable in SSA construction) use an IDF, whose cost per
// call is linear in the frontier edges it visits plus sorting the result.
func IteratedFrontier(df [][]int, nodes []int) []int {
	return NewIDF(df).Compute(nil, nodes)
}

// IDF computes iterated dominance frontiers of one graph repeatedly, reusing
// its scratch space; Reset moves it to another graph, still reusing it.
// It is not safe for concurrent use.
type IDF struct {
	df           frontiers
	queued, inDF []uint32 // epoch stamps
	epoch        uint32
	work         []int
}

// NewIDF returns an IDF for the dominance frontiers df (as returned by
// Frontiers).
func NewIDF(df [][]int) *IDF {
	f := &IDF{}
	f.df.start = make([]int32, len(df)+1)
	for x, ys := range df {
		f.df.nodes = append(f.df.nodes, ys...)
		f.df.start[x+1] = int32(len(f.df.nodes))
	}
	f.stamps(len(df))
	return f
}

// Reset makes f compute the iterated frontiers of g, whose dominator
// tree is t.
func (f *IDF) Reset(t *DomTree, g *Graph) {
	f.df.compute(t, g)
	f.stamps(g.Len())
}

// stamps sizes the stamps for n nodes. Stamps left from another graph
// are older than the epoch, so they read as unset.
func (f *IDF) stamps(n int) {
	if cap(f.queued) < n {
		f.queued, f.inDF = make([]uint32, n), make([]uint32, n)
	}
	f.queued, f.inDF = f.queued[:n], f.inDF[:n]
}

// Compute appends DF⁺(nodes) to dst[:0] in increasing order and returns it.
//
// Worklist algorithm (Cytron et al., figure 11): every node of nodes is
// queued once; popping x adds each y ∈ DF(x) not yet in the result to the
// result and queues it if it was never queued. Each node is queued at most
// once, so the cost is the sum of |DF(x)| over queued x, plus the sort.
func (f *IDF) Compute(dst []int, nodes []int) []int {
	f.epoch++
	if f.epoch == 0 { // wrapped: forget every old stamp, of every graph
		clear(f.queued[:cap(f.queued)])
		clear(f.inDF[:cap(f.inDF)])
		f.epoch = 1
	}
	e := f.epoch
	dst = dst[:0]
	work := f.work[:0]
	for _, x := range nodes {
		if f.queued[x] != e {
			f.queued[x] = e
			work = append(work, x)
		}
	}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		for _, y := range f.df.of(x) {
			if f.inDF[y] == e {
				continue
			}
			f.inDF[y] = e
			dst = append(dst, y)
			if f.queued[y] != e {
				f.queued[y] = e
				work = append(work, y)
			}
		}
	}
	f.work = work
	slices.Sort(dst)
	return dst
}
