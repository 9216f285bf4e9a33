// This file implements Graph, the dense directed graph every algorithm of the
// package works on.

package graph

// Graph is a directed graph with nodes 0..Len()-1.
//
// Invariants: len(Succs) == len(Preds) == Len(); every edge from→to appears
// once in Succs[from] and once in Preds[to], so parallel edges appear as
// repeated entries and a self loop n→n appears in both Succs[n] and Preds[n].
// The order of Succs[n] is the order in which depth-first searches visit the
// successors of n, and therefore decides Postorder and the DFS-based numberings;
// it never changes a dominator tree.
//
// Code that builds a Graph by hand must keep the two adjacency lists in step;
// AddEdge does.
type Graph struct {
	Succs, Preds [][]int
}

// New returns a graph with n nodes and no edges.
func New(n int) *Graph {
	return &Graph{Succs: make([][]int, n), Preds: make([][]int, n)}
}

// AddNode adds a node without edges and returns its id, which is the old Len().
func (g *Graph) AddNode() int {
	g.Succs = append(g.Succs, nil)
	g.Preds = append(g.Preds, nil)
	return len(g.Succs) - 1
}

// AddEdge adds the edge from→to: it appends to to Succs[from] and from to
// Preds[to]. Parallel edges and self loops are allowed.
func (g *Graph) AddEdge(from, to int) {
	g.Succs[from] = append(g.Succs[from], to)
	g.Preds[to] = append(g.Preds[to], from)
}

// Len returns the number of nodes.
func (g *Graph) Len() int { return len(g.Succs) }

// NumEdges returns the number of edges, counting parallel edges separately.
func (g *Graph) NumEdges() int {
	m := 0
	for _, s := range g.Succs {
		m += len(s)
	}
	return m
}
