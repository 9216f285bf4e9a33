// This file finds the functions whose loops each run a few iterations a
// call by their shape: an unsigned x shifted right by a constant each
// iteration, the loop going on while x is at least a constant, as
// encoding/binary's PutUvarint (x >>= 7 while x >= 0x80): at most 64
// iterations. If gc inlines such a function, it is left to gc as a
// function without a loop is (gcinline.go): its work per call is
// bounded, and the call of assembly costs more than its code can save
// (PutUvarint ran at 0.40x gc compiled, gc's copy inlined into its
// caller).

package native

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// onlyShortLoops reports whether fn has loops and each runs at most 64
// iterations per entry by shortLoop's rule (a loop inside another, 64
// per entry of the outer one: gc inlines only small functions, so the
// work per call is bounded and small).
func onlyShortLoops(fn *ssa.Function) bool {
	n := 0
	for _, b := range fn.Blocks {
		for _, s := range b.Succs {
			if s.Dominates(b) {
				n++
				if !shortLoop(s, b) {
					return false
				}
			}
		}
	}
	return n > 0
}

// shortLoop reports whether the loop of header h with back edge from
// latch runs at most 64 iterations per entry: h ends with If x >= C
// (C ≥ 1), x > C or x != 0, into the loop on true, x of an unsigned
// integer type, and each iteration shifts x right by a constant of at
// least 1: x is 0 after 64 iterations, and the test fails. x is a phi
// of h whose argument on every edge from inside the loop is x >> k, or
// (the function as built, before its locals become registers) a load
// of a local variable that only loads and stores use, whose every
// store in the loop stores its load >> k, one in each iteration.
func shortLoop(h, latch *ssa.BasicBlock) bool {
	if len(h.Instrs) == 0 || len(h.Succs) != 2 {
		return false
	}
	br, ok := h.Instrs[len(h.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	cmp, ok := br.Cond.(*ssa.BinOp)
	if !ok || !positiveConst(cmp.Y, cmp.Op == token.GEQ) {
		return false
	}
	switch cmp.Op {
	case token.GEQ, token.GTR:
	case token.NEQ:
		if c := cmp.Y.(*ssa.Const); constant.Sign(c.Value) != 0 {
			return false
		}
	default:
		return false
	}
	basic, ok := cmp.X.Type().Underlying().(*types.Basic)
	if !ok || basic.Info()&types.IsUnsigned == 0 {
		return false
	}
	body := h.Succs[0]
	if body == h || !h.Dominates(body) || !body.Dominates(latch) {
		return false
	}
	// shifted reports whether v is y >> k, k a constant ≥ 1, y given
	// by is.
	shifted := func(v ssa.Value, is func(ssa.Value) bool) bool {
		sh, ok := v.(*ssa.BinOp)
		return ok && sh.Op == token.SHR && is(sh.X) && positiveConst(sh.Y, true)
	}
	switch x := cmp.X.(type) {
	case *ssa.Phi:
		if x.Block() != h {
			return false
		}
		for k, p := range h.Preds {
			if h.Dominates(p) && !shifted(x.Edges[k], func(v ssa.Value) bool { return v == x }) {
				return false
			}
		}
		return true
	case *ssa.UnOp:
		a, ok := x.X.(*ssa.Alloc)
		if x.Op != token.MUL || !ok {
			return false
		}
		isLoad := func(v ssa.Value) bool {
			u, ok := v.(*ssa.UnOp)
			return ok && u.Op == token.MUL && u.X == a
		}
		stores := 0
		for _, r := range *a.Referrers() {
			switch r := r.(type) {
			case *ssa.UnOp:
				if r.Op != token.MUL {
					return false
				}
			case *ssa.Store:
				if r.Addr != a || r.Val == a {
					return false
				}
				if b := r.Block(); b != h && h.Dominates(b) && reaches(b, latch, h) {
					// In the loop: the only store, in a block every
					// iteration passes, of the load shifted.
					stores++
					// The load in the store's block, so of x as this
					// iteration has it.
					inBlock := func(v ssa.Value) bool { return isLoad(v) && v.(*ssa.UnOp).Block() == b }
					if b != body && !(b.Dominates(latch) && body.Dominates(b)) || !shifted(r.Val, inBlock) {
						return false
					}
				}
			case *ssa.DebugRef:
			default:
				return false
			}
		}
		return stores == 1
	}
	return false
}

// positiveConst reports whether v is an integer constant, at least 1
// if positive, else at least 0.
func positiveConst(v ssa.Value, positive bool) bool {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return false
	}
	if positive {
		return constant.Sign(c.Value) > 0
	}
	return constant.Sign(c.Value) >= 0
}

// reaches reports whether to is reachable from b without passing
// through stop.
func reaches(b, to, stop *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{b}
	for len(work) > 0 {
		c := work[len(work)-1]
		work = work[:len(work)-1]
		if c == to {
			return true
		}
		if seen[c] || c == stop {
			continue
		}
		seen[c] = true
		work = append(work, c.Succs...)
	}
	return false
}
