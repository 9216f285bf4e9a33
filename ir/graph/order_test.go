// This file tests Graph construction and the depth-first orders.

package graph

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestGraphBasics(t *testing.T) {
	g := New(2)
	v := g.AddNode()
	g.AddEdge(0, 1)
	g.AddEdge(0, 1)
	g.AddEdge(1, v)
	g.AddEdge(v, v)
	if g.Len() != 3 || v != 2 || g.NumEdges() != 4 {
		t.Fatalf("Len %d, AddNode %d, NumEdges %d", g.Len(), v, g.NumEdges())
	}
	if !slices.Equal(g.Succs[0], []int{1, 1}) || !slices.Equal(g.Preds[1], []int{0, 0}) ||
		!slices.Equal(g.Succs[2], []int{2}) || !slices.Equal(g.Preds[2], []int{1, 2}) {
		t.Fatalf("adjacency %v %v", g.Succs, g.Preds)
	}
}

func TestPostorder(t *testing.T) {
	ng := parseGraph(t, "A B C D E U", "A>B A>C B>D C>D D>A D>E U>A")
	name := func(l []int) []string {
		s := make([]string, len(l))
		for i, v := range l {
			s[i] = ng.names[v]
		}
		return s
	}
	po := name(Postorder(ng.g, 0))
	if want := []string{"E", "D", "B", "C", "A"}; !slices.Equal(po, want) {
		t.Errorf("Postorder = %v, want %v", po, want)
	}
	rpo := name(ReversePostorder(ng.g, 0))
	if want := []string{"A", "C", "B", "D", "E"}; !slices.Equal(rpo, want) {
		t.Errorf("ReversePostorder = %v, want %v", rpo, want)
	}
	if po := Postorder(ng.g, ng.id["E"]); !slices.Equal(po, []int{ng.id["E"]}) {
		t.Errorf("Postorder from a sink = %v", po)
	}
}

// reducible reports whether the reachable part of g is reducible: removing
// the edges u→v where v dominates u (back edges) leaves it acyclic.
func reducible(g *Graph, entry int) bool {
	dt := DominatorsNaive(g, entry)
	// Kahn's algorithm on the forward edges of the reachable subgraph.
	indeg := make([]int, g.Len())
	for u := range g.Succs {
		for _, v := range g.Succs[u] {
			if dt.Reachable(u) && !dt.Dominates(v, u) {
				indeg[v]++
			}
		}
	}
	work, seen := []int{entry}, 0
	for len(work) > 0 {
		u := work[len(work)-1]
		work = work[:len(work)-1]
		seen++
		for _, v := range g.Succs[u] {
			if !dt.Dominates(v, u) {
				if indeg[v]--; indeg[v] == 0 {
					work = append(work, v)
				}
			}
		}
	}
	return seen == len(Postorder(g, entry))
}

func TestRandomGenerators(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	irr, unreach := 0, 0
	const count = 300
	for i := range count {
		n := 1 + r.IntN(300)
		g := RandomReducible(r, n)
		if g.Len() != n {
			t.Fatalf("RandomReducible(%d) has %d nodes", n, g.Len())
		}
		if !reducible(g, 0) {
			t.Fatalf("RandomReducible graph %d is irreducible: %v", i, g.Succs)
		}
		unreach += n - len(Postorder(g, 0))
		h := RandomIrreducible(r, n)
		if h.Len() != n {
			t.Fatalf("RandomIrreducible(%d) has %d nodes", n, h.Len())
		}
		if !reducible(h, 0) {
			irr++
		}
	}
	if reducible(IrreducibleChain(3), 0) || !reducible(NestedLoops(3), 0) || !reducible(Ladder(3), 0) {
		t.Error("reducibility check disagrees on the families")
	}
	t.Logf("%d/%d RandomIrreducible graphs are irreducible; RandomReducible left %d unreachable nodes", irr, count, unreach)
	if irr < count/2 {
		t.Errorf("only %d of %d RandomIrreducible graphs are irreducible", irr, count)
	}
}
