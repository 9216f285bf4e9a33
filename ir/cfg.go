// This file adapts a function's blocks to the graph algorithms of
// ir/graph: the CFG, dominators, frontiers and orders.

package ir

import "github.com/vssa-go/vssa/ir/graph"

// Graph returns the control-flow graph of f over block indices, built
// from Succs. If f has a Recover block, the graph has an extra edge from
// the entry to it: control reaches it after a panic anywhere in the
// function, and the entry dominates every such point.
func (f *Func) Graph() *graph.Graph {
	g := graph.New(len(f.Blocks))
	for _, b := range f.Blocks {
		for _, s := range b.Succs {
			if s >= 0 && s < len(f.Blocks) {
				g.AddEdge(b.Index, s)
			}
		}
	}
	if f.Recover > 0 && f.Recover < len(f.Blocks) {
		g.AddEdge(0, f.Recover)
	}
	return g
}

// Dom computes the dominator tree of f's blocks with the default
// algorithm (see ir/graph).
func (f *Func) Dom() *graph.DomTree {
	return graph.Dominators(f.Graph(), 0)
}

// ReversePostorder returns the blocks reachable from the entry in
// reverse postorder.
func (f *Func) ReversePostorder() []*Block {
	order := graph.ReversePostorder(f.Graph(), 0)
	blocks := make([]*Block, len(order))
	for i, n := range order {
		blocks[i] = f.Blocks[n]
	}
	return blocks
}

// NormalReach reports, per block, whether it is reachable from the entry
// through the CFG's edges alone: blocks reached only through the recover
// block (entered after a panic, from anywhere) are not.
func (f *Func) NormalReach() []bool {
	seen := make([]bool, len(f.Blocks))
	stack := []int{0}
	seen[0] = true
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range f.Blocks[b].Succs {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return seen
}
