// This file splits the live ranges that cross a call some iterations
// of its loop skip. brotli's shannonEntropy calls math.Log2 only for
// counts of 256 and more, in a branch of its loop; every value live
// across that call was spilled for its whole range, so each iteration
// stored and reloaded them all although the call almost never runs.
// splitAtCalls (splitcalls.go) does not apply: the values are used
// again in the loop after the call, on paths that do not pass it.
//
// Here such a value v gets a copy right before the call, which is the
// value live across it (and so spilled: one store on the way into the
// call), and the reads of v the copy reaches are rewritten as SSA
// construction would: where the call's path joins a path that skipped
// it (the end of the branch, or the loop's header for a value defined
// before the loop), a phi merges v and the copy, and the reads after
// the join read the phi. The phi takes v's register (the allocator
// prefers its arguments' registers), so the path without the call has
// no move at all, and the edge from the call's path loads the copy's
// slot into it: the reload after the call, on the call's own path.
//
// The phis are copies of v as much as the copy is: the allocator
// presents them to the validator as the edges' moves of v
// (regalloc.go's machFunc), and unsplit removes them, so the validator
// checks, on every path, that each read finds v where the allocation
// reads it.

package native

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
)

// splitAtColdCalls splits, at each call that some iteration of its
// innermost loop can skip, the values live across it, and at every
// other call those defined or used in a loop deeper than the call's
// (a call after a loop, as shannonEntropy's second fastLog2, spilled
// the loop's sum in the loop). Not pointers,
// which keepPointersInSlots keeps in slots the collector sees, nor
// copies made right before another call. It returns, by copy (the
// copies before the calls and the phis), the value each copies; f's
// copies from splitAtCalls, in copied, are not split again.
func splitAtColdCalls(f *Func, copied map[Value]Value) map[Value]Value {
	split := map[Value]Value{}
	if !f.has(OpCall) {
		return split
	}
	loops := naturalLoops(f)
	g := flowGraph(f)
	dom := graph.Dominators(g, 0)
	df := dom.Frontiers(g)
	// As splitAtCalls: moves carry 16 bytes of an SSE register.
	wide := false
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			wide = wide || in.Op.vector() && in.Vec == 32
		}
	}
	beforeCall := map[Value]bool{}
	for c := range copied {
		beforeCall[c] = true // splitAtCalls's copies are all right before calls
	}
	depth := loopDepths(f)
	// hot: by value, the deepest loop its definition or a use is in.
	hot := make([]int, len(f.Values))
	for _, b := range f.Blocks {
		d := depth[b.Index]
		for _, p := range b.Phis {
			hot[p.Dst] = max(hot[p.Dst], d)
			for k, a := range p.Args {
				hot[a] = max(hot[a], depth[b.Preds[k]])
			}
		}
		for _, in := range b.Instrs {
			if in.Dst != NoValue {
				hot[in.Dst] = max(hot[in.Dst], d)
			}
			for _, u := range in.uses() {
				hot[u] = max(hot[u], d)
			}
		}
	}
	for _, b := range reversePostorder(f) {
		skip := skippable(f, b.Index, loops, dom)
		for x := 0; x < len(b.Instrs); x++ {
			if b.Instrs[x].Op != OpCall {
				continue
			}
			at, lv, live := liveAcrossCall(f, b, x)
			var vs []Value
			live.each(func(v Value) {
				if !beforeCall[v] && !f.Values[v].Pointer && !(wide && f.Values[v].Class == FP) && (skip || hot[v] > depth[b.Index]) {
					vs = append(vs, v)
				}
			})
			for _, v := range vs {
				c := f.newValue(f.Values[v].Class, false)
				split[c] = v
				beforeCall[c] = true
				hot = append(hot, depth[b.Index])
				cp := &Instr{Op: OpExt, Width: 8, Dst: c, Args: []Value{v}, Pos: b.Instrs[x].Pos}
				b.Instrs = append(b.Instrs[:at], append([]*Instr{cp}, b.Instrs[at:]...)...)
				for p, w := range reconstruct(f, v, c, b.Index, at, dom, df, lv) {
					split[p] = w
					for len(hot) <= int(p) {
						hot = append(hot, 0)
					}
					hot[p] = hot[v]
				}
				at++
				x++
			}
		}
	}
	return split
}

// skippable reports whether block b is in a loop and some iteration of
// its innermost loop can come back to the header without running b: b
// does not dominate all the loop's latches. A latch that polls for
// preemption does not count: it ends a strip of 4096 iterations of a
// loop that shares its header (polls.go), and a call every other
// iteration makes is not rare.
func skippable(f *Func, b int, loops map[int][]bool, dom *graph.DomTree) bool {
	h := -1
	for hh, body := range loops {
		if body[b] && (h < 0 || loops[h][hh]) {
			h = hh // a loop inside the one found so far
		}
	}
	if h < 0 {
		return false
	}
	for _, l := range f.Blocks[h].Preds {
		if loops[h][l] && !dom.Dominates(b, l) && !f.Blocks[l].has(OpPoll) {
			return true
		}
	}
	return false
}

// has reports whether b has an instruction op.
func (b *Block) has(op Op) bool {
	for _, in := range b.Instrs {
		if in.Op == op {
			return true
		}
	}
	return false
}

// reconstruct makes the reads of v that the copy c, defined by
// instruction at of block b, reaches read c, or a phi where c and v (or
// copies of it) meet: SSA construction for a variable with those two
// definitions, with phis where the variable is live (lv, v's liveness
// before the copy) in the iterated dominance frontier of b. It returns
// the phis, by phi, the value each copies.
func reconstruct(f *Func, v, c Value, b, at int, dom *graph.DomTree, df [][]int, lv *liveness) map[Value]Value {
	phis := map[Value]Value{}
	phiIn := map[int]Value{}
	for _, x := range graph.IteratedFrontier(df, []int{b}) {
		if lv.in[x].has(v) {
			p := f.newValue(f.Values[v].Class, f.Values[v].Pointer)
			phiIn[x] = p
			phis[p] = v
		}
	}
	def := -1
	for _, blk := range f.Blocks {
		for _, p := range blk.Phis {
			if p.Dst == v {
				def = blk.Index
			}
		}
		for _, in := range blk.Instrs {
			if in.Dst == v {
				def = blk.Index
			}
		}
	}
	// reach returns the definition of the variable that reaches
	// instruction y of block x (y past the end: the block's end).
	reach := func(x, y int) Value {
		for {
			if x == b && y > at {
				return c
			}
			if p, ok := phiIn[x]; ok {
				return p
			}
			if x == def || x == dom.Entry() {
				return v
			}
			x, y = dom.Idom(x), len(f.Blocks[dom.Idom(x)].Instrs)
		}
	}
	for _, blk := range f.Blocks {
		if !dom.Reachable(blk.Index) {
			continue
		}
		for y, in := range blk.Instrs {
			in.mapOperands(func(u Value) Value {
				if u == v {
					return reach(blk.Index, y)
				}
				return u
			})
		}
		end := len(blk.Instrs)
		for k, s := range blk.Succs {
			sb := f.Blocks[s]
			j := ir.PredIndexOf(blk.Succs, k, blk.Index, sb.Preds)
			for i := range sb.Phis {
				if sb.Phis[i].Args[j] == v {
					sb.Phis[i].Args[j] = reach(blk.Index, end)
				}
			}
		}
	}
	// The new phis last, so that the loop above left their arguments alone.
	for x, p := range phiIn {
		xb := f.Blocks[x]
		args := make([]Value, len(xb.Preds))
		for j, pr := range xb.Preds {
			args[j] = reach(pr, len(f.Blocks[pr].Instrs))
		}
		xb.Phis = append(xb.Phis, Phi{Dst: p, Args: args})
	}
	return phis
}

// flowGraph returns f's control flow graph, for dominance frontiers.
func flowGraph(f *Func) *graph.Graph {
	g := graph.New(len(f.Blocks))
	for _, b := range f.Blocks {
		for _, s := range b.Succs {
			g.AddEdge(b.Index, s)
		}
	}
	return g
}
