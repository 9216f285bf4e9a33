// This file adapts a function's blocks to the graph algorithms of
// ir/graph: the CFG, dominators, frontiers and orders.

package ir

import (
	"slices"

	"github.com/vssa-go/vssa/ir/graph"
)

// Graph returns the control-flow graph of f over block indices, built
// from Succs. If f has a Recover block, the graph has an extra edge from
// the entry to it: control reaches it after a panic anywhere in the
// function, and the entry dominates every such point.
func (f *Func) Graph() *graph.Graph {
	n := len(f.Blocks)
	valid := func(s int) bool { return s >= 0 && s < n }
	hasRecover := f.Recover > 0 && f.Recover < n
	// Count the edges first, then carve every list out of two arrays:
	// this runs on every analysis of every function.
	outDeg := make([]int, n)
	inDeg := make([]int, n)
	edges := 0
	for _, b := range f.Blocks {
		for _, s := range b.Succs {
			if valid(s) {
				outDeg[b.Index]++
				inDeg[s]++
				edges++
			}
		}
	}
	if hasRecover {
		outDeg[0]++
		inDeg[f.Recover]++
		edges++
	}
	succBuf := make([]int, 0, edges)
	predBuf := make([]int, edges)
	g := &graph.Graph{Succs: make([][]int, n), Preds: make([][]int, n)}
	off := 0
	for i := 0; i < n; i++ {
		g.Preds[i] = predBuf[off : off : off+inDeg[i]]
		off += inDeg[i]
	}
	for _, b := range f.Blocks {
		start := len(succBuf)
		for _, s := range b.Succs {
			if valid(s) {
				succBuf = append(succBuf, s)
				g.Preds[s] = append(g.Preds[s], b.Index)
			}
		}
		if b.Index == 0 && hasRecover {
			succBuf = append(succBuf, f.Recover)
			g.Preds[f.Recover] = append(g.Preds[f.Recover], 0)
		}
		g.Succs[b.Index] = succBuf[start:len(succBuf):len(succBuf)]
	}
	return g
}

// Dom computes the dominator tree of f's blocks with the default
// algorithm (see ir/graph).
func (f *Func) Dom() *graph.DomTree {
	return graph.Dominators(f.Graph(), 0)
}

// CFGInfo holds the analyses of one CFG that are computed together: the
// graph (with the recover edge), its dominator tree and a postorder of
// the reachable blocks. Functions with identical blocks and edges share
// one.
type CFGInfo struct {
	Graph     *graph.Graph
	Dom       *graph.DomTree
	Postorder []int
}

// Analyze computes f's CFGInfo.
func (f *Func) Analyze() *CFGInfo {
	g := f.Graph()
	return &CFGInfo{Graph: g, Dom: graph.Dominators(g, 0), Postorder: graph.Postorder(g, 0)}
}

// CFG returns f's CFGInfo, computed by Analyze and kept on f for as long
// as f's edges stay those it was computed for. A pass's input and result
// usually have the same edges, and the IR checker, the pass and its
// validator all need the dominator tree or an order of the blocks of
// both: with the cache it is computed once per CFG, not once per use.
// The CFGInfo is shared: read it, never change it.
func (f *Func) CFG() *CFGInfo {
	if entryOnly(f) {
		return entryOnlyCFG
	}
	if c := f.cfg.Load(); c != nil && c.describes(f) {
		return c
	}
	c := f.Analyze()
	// Only an analysis of blocks at their places is kept: with two
	// blocks of one Index, Graph has predecessors its successor lists
	// lack, which describes, comparing successors, would not notice
	// once the indices are fixed.
	if c.describes(f) {
		f.cfg.Store(c)
	}
	return c
}

// entryOnlyCFG is the CFGInfo of every function whose only block is its
// entry and has no edge to itself: half the functions of a program. One
// analysis serves them all (never analysed again, never read cold).
var entryOnlyCFG = func() *CFGInfo {
	g := &graph.Graph{Succs: [][]int{{}}, Preds: [][]int{{}}}
	return &CFGInfo{Graph: g, Dom: graph.Dominators(g, 0), Postorder: graph.Postorder(g, 0)}
}()

// entryOnly reports whether entryOnlyCFG describes f: its one block is
// at index 0 and has no successor among f's blocks (Graph leaves out
// edges to no block; a function of one block has no recover block).
func entryOnly(f *Func) bool {
	if len(f.Blocks) != 1 || f.Blocks[0] == nil || f.Blocks[0].Index != 0 {
		return false
	}
	for _, s := range f.Blocks[0].Succs {
		if s == 0 {
			return false
		}
	}
	return true
}

// describes reports whether c.Graph is the graph Graph would build from
// f's blocks as they are now (its edges are c's own copy, so a change to
// f's blocks shows). The rest of c is computed from c.Graph alone.
func (c *CFGInfo) describes(f *Func) bool {
	n := len(f.Blocks)
	if len(c.Graph.Succs) != n {
		return false
	}
	hasRecover := f.Recover > 0 && f.Recover < n
	for i, b := range f.Blocks {
		if b.Index != i {
			return false
		}
		want := c.Graph.Succs[i]
		k := 0
		for _, s := range b.Succs {
			if s < 0 || s >= n {
				continue // Graph leaves out edges to no block
			}
			if k == len(want) || want[k] != s {
				return false
			}
			k++
		}
		if i == 0 && hasRecover {
			if k == len(want) || want[k] != f.Recover {
				return false
			}
			k++
		}
		if k != len(want) {
			return false
		}
	}
	return true
}

// ReversePostorderOf returns the blocks of f in the reverse of cfg's
// postorder.
func (f *Func) ReversePostorderOf(cfg *CFGInfo) []*Block {
	return f.AppendReversePostorder(nil, cfg)
}

// AppendReversePostorder appends the blocks of f in the reverse of
// cfg's postorder to dst, for a pass that keeps the list's array from
// function to function.
func (f *Func) AppendReversePostorder(dst []*Block, cfg *CFGInfo) []*Block {
	dst = slices.Grow(dst, len(cfg.Postorder))
	for i := len(cfg.Postorder) - 1; i >= 0; i-- {
		dst = append(dst, f.Blocks[cfg.Postorder[i]])
	}
	return dst
}

// Postorder returns the indices of the blocks reachable from the entry
// (the recover block counting as a successor of the entry, after its
// others), in postorder: graph.Postorder(f.Graph(), 0), without building
// the graph (validators need it for every function).
func (f *Func) Postorder() []int {
	n := len(f.Blocks)
	if n == 0 {
		return nil
	}
	if n == 1 { // half of all functions
		return []int{0}
	}
	const unseen, seen = 0, 1
	state := make([]uint8, n)
	po := make([]int, 0, n)
	type frame struct{ block, next int }
	stack := make([]frame, 1, n) // a path has at most n blocks
	state[0] = seen
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		succs := f.Blocks[top.block].Succs
		if top.next <= len(succs) {
			s := -1
			if top.next < len(succs) {
				s = succs[top.next]
			} else if top.block == 0 && f.Recover > 0 && f.Recover < n {
				s = f.Recover
			}
			top.next++
			if s >= 0 && s < n && state[s] == unseen {
				state[s] = seen
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		po = append(po, top.block)
		stack = stack[:len(stack)-1]
	}
	return po
}

// ReversePostorder returns the blocks reachable from the entry in
// reverse postorder.
func (f *Func) ReversePostorder() []*Block {
	order := f.Postorder()
	blocks := make([]*Block, len(order))
	for i, n := range order {
		blocks[len(order)-1-i] = f.Blocks[n]
	}
	return blocks
}

// NormalReach reports, per block, whether it is reachable from the entry
// through the CFG's edges alone: blocks reached only through the recover
// block (entered after a panic, from anywhere) are not.
func (f *Func) NormalReach() []bool { return f.reachFrom(0) }

// Reachable reports, per block, whether it is reachable from the entry,
// the recover block counting as a successor of the entry (as in Graph).
func (f *Func) Reachable() []bool {
	if f.Recover >= 0 && f.Recover < len(f.Blocks) {
		return f.reachFrom(0, f.Recover)
	}
	return f.reachFrom(0)
}

// RecoverReach reports, per block, whether it is reachable from the
// recover block (none is when there is none). Such a block may run
// after a panic in the middle of the entry block, where the entry
// block's registers may not be defined yet (they read as zero).
func (f *Func) RecoverReach() []bool {
	if f.Recover > 0 && f.Recover < len(f.Blocks) {
		return f.reachFrom(f.Recover)
	}
	return make([]bool, len(f.Blocks))
}

func (f *Func) reachFrom(roots ...int) []bool {
	seen := make([]bool, len(f.Blocks))
	stack := make([]int, 0, len(f.Blocks))
	for _, r := range roots {
		if !seen[r] {
			seen[r] = true
			stack = append(stack, r)
		}
	}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range f.Blocks[b].Succs {
			if s >= 0 && s < len(seen) && !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return seen
}
