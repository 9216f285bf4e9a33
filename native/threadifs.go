// This file threads the edges into a block that only branches on a bool
// whose value each edge already knows. A range over a string lowered to
// a loop (rangestring.go) tests ok = i < len(s) at the loop's top and
// again where the decoder's paths meet: the decode runs only when ok
// held, and the top's other edge only when it did not. The second test
// was a compare, a SETcc and a branch on every rune (with ok kept in a
// register for it), where gc branches once; threaded, each path goes
// straight to the body or to the exit, and ok, tested once, becomes a
// compare fused with its branch (fusecompares.go).

package native

import (
	"slices"

	"github.com/vssa-go/vssa/ir"
)

// threadKnownIfs redirects, in f (RTL discipline, modified in place),
// each edge P→J into a block J whose only instruction is `if r` to the
// successor of J that r's value at the end of P takes, where that value
// is known:
//
//   - P itself ends in `if r`: the edge is the side of P's branch that
//     r takes;
//   - P is dominated by an edge Q→X (X's only predecessor is Q) of a
//     branch `if r` in Q, r has a single definition and it dominates Q:
//     r has not changed since that branch (a definition after the last
//     passage on Q→X could reach P without passing it again).
//
// Skipping J skips nothing but its branch, so every fact found on f
// holds in the result too and the edges can all be redirected at once.
// A function with a recover block is left alone: the paths through it
// are not its entry's; so is a J that heads a loop.
func threadKnownIfs(f *ir.Func) {
	if f.Recover >= 0 {
		return
	}
	defs := make([]int, f.NumRegs())
	defBlock := make([]int, f.NumRegs())
	for _, b := range f.Blocks {
		for _, in := range append(b.Phis, b.Instrs...) {
			for _, d := range in.Dsts() {
				if d != ir.NoReg {
					defs[d]++
					defBlock[d] = b.Index
				}
			}
		}
	}
	dom := f.Dom()
	// branchOn returns r when block q ends in `if r` with two distinct
	// successors.
	branchOn := func(q *ir.Block) ir.Reg {
		if len(q.Instrs) == 0 || len(q.Succs) != 2 || q.Succs[0] == q.Succs[1] {
			return ir.NoReg
		}
		if t := q.Instrs[len(q.Instrs)-1]; t.Op == ir.OpIf {
			return t.Args()[0]
		}
		return ir.NoReg
	}
	// known returns r's value at the end of p, and whether it is known.
	known := func(p *ir.Block, j int, r ir.Reg) (bool, bool) {
		if branchOn(p) == r {
			return p.Succs[0] == j, true
		}
		if defs[r] != 1 {
			return false, false
		}
		for x := p.Index; x != 0 && dom.Reachable(x); x = dom.Idom(x) {
			xb := f.Blocks[x]
			if len(xb.Preds) != 1 {
				continue
			}
			q := f.Blocks[xb.Preds[0]]
			if q.Index != x && branchOn(q) == r && dom.Dominates(defBlock[r], q.Index) {
				return q.Succs[0] == x, true
			}
		}
		return false, false
	}
	changed := false
	for _, j := range f.Blocks {
		r := branchOn(j)
		if r == ir.NoReg || len(j.Instrs) != 1 || len(j.Phis) != 0 || j.Index == 0 || !dom.Reachable(j.Index) {
			continue
		}
		// Not a loop's header: an edge from outside the loop
		// threaded into its body, where another stays on the header,
		// would enter the loop at two blocks (lower.go refuses an
		// irreducible loop).
		if slices.ContainsFunc(j.Preds, func(p int) bool { return dom.Dominates(j.Index, p) }) {
			continue
		}
		for _, pi := range slices.Clone(j.Preds) {
			p := f.Blocks[pi]
			v, ok := known(p, j.Index, r)
			if !ok {
				continue
			}
			t := j.Succs[1]
			if v {
				t = j.Succs[0]
			}
			tb := f.Blocks[t]
			if t == j.Index || len(tb.Phis) != 0 || slices.Contains(p.Succs, t) || countOf(p.Succs, j.Index) != 1 {
				continue
			}
			p.Succs[slices.Index(p.Succs, j.Index)] = t
			k := slices.Index(j.Preds, pi)
			j.Preds = slices.Delete(j.Preds, k, k+1)
			tb.Preds = append(tb.Preds, pi)
			changed = true
		}
	}
	if changed {
		removeUnreachable(f)
	}
}

// countOf returns how many times x occurs in s.
func countOf(s []int, x int) int {
	n := 0
	for _, y := range s {
		if y == x {
			n++
		}
	}
	return n
}
