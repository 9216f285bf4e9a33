// This file holds test helpers: graphs written with node names, relabelling,
// and independent oracles (recursive DFS, dominators by node deletion,
// frontiers and iterated frontiers straight from their definitions).

package graph

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// algorithms are the dominator algorithms under test; the naive one is the
// reference the others are compared with.
var algorithms = []struct {
	name string
	f    func(*Graph, int) *DomTree
}{
	{"CHK", DominatorsCHK},
	{"SNCA", DominatorsSNCA},
	{"SNCAplain", func(g *Graph, e int) *DomTree { return snca(g, e, false) }},
	{"Default", Dominators},
	{"Naive", DominatorsNaive},
}

// named is a graph whose nodes have names, for hand-written tests.
type named struct {
	g     *Graph
	names []string
	id    map[string]int
}

// parseGraph builds a graph from "A B C" node names and "A>B B>C" edges,
// in that order.
func parseGraph(t testing.TB, nodes, edges string) *named {
	t.Helper()
	ng := &named{names: strings.Fields(nodes), id: map[string]int{}}
	for i, n := range ng.names {
		ng.id[n] = i
	}
	ng.g = New(len(ng.names))
	for _, e := range strings.Fields(edges) {
		from, to, ok := strings.Cut(e, ">")
		a, oka := ng.id[from]
		b, okb := ng.id[to]
		if !ok || !oka || !okb {
			t.Fatalf("bad edge %q", e)
		}
		ng.g.AddEdge(a, b)
	}
	return ng
}

// idoms parses "B:A C:A" (node:idom) into an idom slice; unlisted nodes get -1.
func (ng *named) idoms(t testing.TB, spec string) []int {
	t.Helper()
	want := make([]int, len(ng.names))
	for i := range want {
		want[i] = -1
	}
	for _, p := range strings.Fields(spec) {
		n, d, ok := strings.Cut(p, ":")
		a, oka := ng.id[n]
		b, okb := ng.id[d]
		if !ok || !oka || !okb {
			t.Fatalf("bad idom %q", p)
		}
		want[a] = b
	}
	return want
}

// edgeList returns the edges of g as sorted "from>to" strings under names.
func edgeList(g *Graph, name func(int) string) []string {
	var l []string
	for v, ss := range g.Succs {
		for _, s := range ss {
			l = append(l, name(v)+">"+name(s))
		}
	}
	slices.Sort(l)
	return l
}

// checkIdoms checks every algorithm's idoms on g against want.
func checkIdoms(t *testing.T, desc string, g *Graph, entry int, want []int, name func(int) string) {
	t.Helper()
	for _, a := range algorithms {
		dt := a.f(g, entry)
		for v := range want {
			if got := dt.Idom(v); got != want[v] {
				gs, ws := "-", "-"
				if got >= 0 {
					gs = name(got)
				}
				if want[v] >= 0 {
					ws = name(want[v])
				}
				t.Errorf("%s: %s: idom(%s) = %s, want %s", desc, a.name, name(v), gs, ws)
			}
		}
	}
}

// relabel returns a copy of g in which node v is perm[v], keeping every
// successor and predecessor order.
func relabel(g *Graph, perm []int) *Graph {
	h := New(g.Len())
	for v := range g.Succs {
		s := make([]int, len(g.Succs[v]))
		for i, x := range g.Succs[v] {
			s[i] = perm[x]
		}
		h.Succs[perm[v]] = s
		p := make([]int, len(g.Preds[v]))
		for i, x := range g.Preds[v] {
			p[i] = perm[x]
		}
		h.Preds[perm[v]] = p
	}
	return h
}

// postorderRec is the recursive textbook DFS postorder, for small graphs.
func postorderRec(g *Graph, entry int) []int {
	seen := make([]bool, g.Len())
	var po []int
	var visit func(int)
	visit = func(v int) {
		seen[v] = true
		for _, s := range g.Succs[v] {
			if !seen[s] {
				visit(s)
			}
		}
		po = append(po, v)
	}
	visit(entry)
	return po
}

// reachableAvoiding returns the nodes reachable from entry without passing
// through avoid (avoid == entry gives the empty set).
func reachableAvoiding(g *Graph, entry, avoid int) []bool {
	seen := make([]bool, g.Len())
	if entry == avoid {
		return seen
	}
	seen[entry] = true
	work := []int{entry}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range g.Succs[v] {
			if s != avoid && !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return seen
}

// bruteDomSets computes dominator sets from the definition: a dominates b
// iff b is reachable and b is a or is unreachable once a is deleted.
func bruteDomSets(g *Graph, entry int) []Bitset {
	n := g.Len()
	reach := reachableAvoiding(g, entry, -1)
	dom := make([]Bitset, n)
	for b := range dom {
		if reach[b] {
			dom[b] = NewBitset(n)
			dom[b].Add(b)
		}
	}
	for a := 0; a < n; a++ {
		if !reach[a] {
			continue
		}
		r := reachableAvoiding(g, entry, a)
		for b := 0; b < n; b++ {
			if reach[b] && !r[b] {
				dom[b].Add(a)
			}
		}
	}
	return dom
}

// naiveFrontiers computes DF from the definition over dominator sets:
// DF⁻¹(y) = (⋃ Dom(p) over reachable preds p of y) \ StrictDom(y).
func naiveFrontiers(g *Graph, dom []Bitset) [][]int {
	n := g.Len()
	df := make([][]int, n)
	acc := NewBitset(n)
	for y := 0; y < n; y++ {
		if dom[y] == nil {
			continue
		}
		acc.Clear()
		for _, p := range g.Preds[y] {
			if dom[p] != nil {
				acc.UnionWith(dom[p])
			}
		}
		hadY := acc.Has(y) // y dominates a pred of y; it does not strictly dominate itself
		acc.DifferenceWith(dom[y])
		if hadY {
			acc.Add(y)
		}
		acc.ForEach(func(x int) { df[x] = append(df[x], y) })
	}
	return df
}

// naiveIDF computes DF⁺(s) as the least fixpoint X = DF(s ∪ X).
func naiveIDF(df [][]int, s []int) []int {
	n := len(df)
	x := NewBitset(n)
	for {
		next := NewBitset(n)
		add := func(v int) {
			for _, y := range df[v] {
				next.Add(y)
			}
		}
		for _, v := range s {
			add(v)
		}
		x.ForEach(add)
		if next.Equal(x) {
			return x.AppendTo(nil)
		}
		x = next
	}
}

func fmtInts(l []int) string { return fmt.Sprint(l) }
