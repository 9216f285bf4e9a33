// This file cross-checks the fast algorithms against the naive ones on many
// random graphs: CHK, SNCA and the plain-walk SNCA against the Allen–Cocke
// dataflow (itself checked against node deletion on the small graphs),
// Dominates against dominator sets, Frontiers and IteratedFrontier against
// their definitions, Postorder against a recursive DFS.

package graph

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomGraph returns a random graph of about n nodes of the given kind and
// its entry, with a description for failure messages.
//
//	0  structured program (reducible)
//	1  structured program plus random edges (usually irreducible)
//	2  random spanning tree plus up to 2n random edges, ids shuffled
//	3  sparse random edges (out-degree 0..3), many unreachable nodes
//	4  structured program with parallel edges, self loops, dead nodes
//	   pointing into it, ids shuffled
func randomGraph(r *rand.Rand, kind, n int) (*Graph, int, string) {
	desc := fmt.Sprintf("kind %d n %d", kind, n)
	switch kind {
	case 0:
		return RandomReducible(r, n), 0, desc
	case 1:
		return RandomIrreducible(r, n), 0, desc
	case 2:
		g := New(n)
		for v := 1; v < n; v++ {
			g.AddEdge(r.IntN(v), v)
		}
		for range r.IntN(2*n + 1) {
			g.AddEdge(r.IntN(n), r.IntN(n))
		}
		perm := r.Perm(n)
		return relabel(g, perm), perm[0], desc
	case 3:
		g := New(n)
		for v := range n {
			for range r.IntN(4) {
				g.AddEdge(v, r.IntN(n))
			}
		}
		return g, r.IntN(n), desc
	default:
		g := RandomReducible(r, n)
		for range r.IntN(n/4 + 2) {
			v := r.IntN(n)
			switch r.IntN(3) {
			case 0: // duplicate an edge
				if len(g.Succs[v]) > 0 {
					g.AddEdge(v, g.Succs[v][r.IntN(len(g.Succs[v]))])
				}
			case 1:
				g.AddEdge(v, v)
			case 2: // a dead node jumping into the graph
				d := g.AddNode()
				g.AddEdge(d, v)
			}
		}
		perm := r.Perm(g.Len())
		return relabel(g, perm), perm[0], desc
	}
}

func TestCrossCheck(t *testing.T) {
	const graphs = 10000
	r := rand.New(rand.NewPCG(1, 2))
	var nodes, edges, reachable int
	for i := range graphs {
		// Sizes 1..200: half uniform, half biased to small graphs, where
		// the corner cases live.
		n := 1 + r.IntN(200)
		if i%2 == 1 {
			n = 1 + r.IntN(1+r.IntN(200))
		}
		g, entry, desc := randomGraph(r, i%5, n)
		desc = fmt.Sprintf("graph %d (%s)", i, desc)
		nodes += g.Len()
		edges += g.NumEdges()
		crossCheck(t, r, desc, g, entry, i%10 == 0, i%20 == 0 && g.Len() <= 60)
		reachable += len(Postorder(g, entry))
		if t.Failed() {
			t.Logf("%s: succs %v", desc, g.Succs)
			return
		}
	}
	t.Logf("%d graphs, %d nodes (%d reachable), %d edges", graphs, nodes, reachable, edges)
}

// crossCheck compares everything on one graph. pairs enables the all-pairs
// Dominates check, brute the node-deletion oracle.
func crossCheck(t *testing.T, r *rand.Rand, desc string, g *Graph, entry int, pairs, brute bool) {
	t.Helper()
	if got, want := Postorder(g, entry), postorderRec(g, entry); !slices.Equal(got, want) {
		t.Fatalf("%s: Postorder = %v, want %v", desc, got, want)
	}
	dom := naiveDomSets(g, entry)
	if brute {
		bd := bruteDomSets(g, entry)
		for v := range bd {
			if (bd[v] == nil) != (dom[v] == nil) || (bd[v] != nil && !bd[v].Equal(dom[v])) {
				t.Fatalf("%s: naive Dom(%d) disagrees with node deletion", desc, v)
			}
		}
	}
	want := DominatorsNaive(g, entry)
	for _, a := range algorithms[:len(algorithms)-1] {
		got := a.f(g, entry)
		if !got.Equal(want) {
			for v := 0; v < g.Len(); v++ {
				if got.Idom(v) != want.Idom(v) {
					t.Fatalf("%s: %s: idom(%d) = %d, want %d", desc, a.name, v, got.Idom(v), want.Idom(v))
				}
			}
			t.Fatalf("%s: %s: trees differ", desc, a.name)
		}
		// The tree built from the same idoms must be identical, numbering
		// included.
		for v := 0; v < g.Len(); v++ {
			if got.Pre(v) != want.Pre(v) || got.Post(v) != want.Post(v) || got.Depth(v) != want.Depth(v) {
				t.Fatalf("%s: %s: numbering of %d differs", desc, a.name, v)
			}
		}
	}
	if pairs {
		checkTree(t, desc, g, want, dom)
	} else {
		checkTree(t, desc, g, want, nil)
	}
	checkFrontiers(t, desc, g, want, dom)

	df := want.Frontiers(g)
	idf := NewIDF(df)
	var buf []int
	for range 3 {
		s := make([]int, r.IntN(min(g.Len(), 6))+1)
		for i := range s {
			s[i] = r.IntN(g.Len())
		}
		w := naiveIDF(df, s)
		if got := IteratedFrontier(df, s); !slices.Equal(got, w) {
			t.Fatalf("%s: IteratedFrontier(%v) = %v, want %v", desc, s, got, w)
		}
		buf = idf.Compute(buf, s) // reused scratch and output
		if !slices.Equal(buf, w) {
			t.Fatalf("%s: IDF.Compute(%v) = %v, want %v", desc, s, buf, w)
		}
	}
}

// TestIDFReset reuses one IDF across graphs of growing and shrinking
// sizes, as SSA construction does function after function: stamps and
// frontiers left by one graph must not leak into the next.
func TestIDFReset(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	var idf IDF
	var buf []int
	for i := range 300 {
		n := 1 + r.IntN(40)
		if i%7 == 0 {
			n = 1 + r.IntN(3)
		}
		g := RandomIrreducible(r, n)
		if i%2 == 0 {
			g = RandomReducible(r, n)
		}
		dt := Dominators(g, 0)
		df := dt.Frontiers(g)
		idf.Reset(dt, g)
		for range 4 {
			s := make([]int, r.IntN(min(g.Len(), 6))+1)
			for k := range s {
				s[k] = r.IntN(g.Len())
			}
			w := naiveIDF(df, s)
			if buf = idf.Compute(buf, s); !slices.Equal(buf, w) {
				t.Fatalf("graph %d (%d nodes): IDF.Compute(%v) after Reset = %v, want %v", i, g.Len(), s, buf, w)
			}
		}
	}
}
