// This file anchors an unchecked data node at the checks that guard it:
// the explicit checks (ir/doc.go) whose success implies its
// precondition, found among the effects that dominate it, so that it may
// rise to the highest of them instead of staying below the effect
// before it in its block.

package son

import (
	"go/constant"
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// guardKey names the checks of one kind on one register: a shiftcheck
// or divcheck of Reg, a nilcheck of Reg, a boundscheck of index Reg;
// with op OpLen, the boundschecks against len Reg, whatever their index.
type guardKey struct {
	op  ir.Op
	reg ir.Reg
}

// guardAnchors replaces the anchor of each node of unchecked (data
// nodes anchored at the effect before them in their block) by the
// checks that guard it, when every part of its precondition is
// implied by a check dominating it or by its operands' definitions
// (defs: f's instructions by the register they define):
//
//	shl, shr x, s (s signed)     shiftcheck s                     s ≥ 0
//	div, rem x, d (integers)     divcheck d                       d ≠ 0
//	indexaddr, index x, i        boundscheck i, n; n = len x,     0 ≤ i < len x
//	                             or a const, x's array length
//	  (x a slice or string)      or boundscheck j, len x with
//	                             j a const ≥ i, a const ≥ 0,
//	                             or any j if i = len x - 1
//	indexaddr p, i (p *array)    the above, and nilcheck p        p ≠ nil
//	fieldaddr p                  nilcheck p                       p ≠ nil
//
// A register of SSA never changes, so a check that succeeded keeps its
// condition true wherever it dominates. A pointer defined by global,
// alloc, fieldaddr or indexaddr is never nil, and a constant index in
// an array's bounds needs no check. For each part the highest
// dominating check is taken (they lie on one dominator chain): the
// result's graph then finds the same one for a node placed anywhere
// that check dominates, and validate.GCM compares the two anchors. The
// node's anchor is the lowest of its parts' checks, or none when its
// operands' definitions imply it all. A part no check implies keeps
// the node at its old anchor.
//
// A function with a recover block keeps its old anchors: that block
// is entered from anywhere a panic is recovered, although the CFG
// gives it the entry as its only predecessor, so the entry's checks
// do not dominate it in time.
func (g *Graph) guardAnchors(defs map[ir.Reg]*ir.Instr, unchecked []ID) {
	if len(unchecked) == 0 || g.Func.Recover > 0 {
		return
	}
	checks := make(map[guardKey][]ID)
	for _, chain := range g.Chains {
		for _, e := range chain {
			in := g.Nodes[e].Instr
			switch in.Op {
			case ir.OpShiftCheck, ir.OpDivCheck, ir.OpNilCheck, ir.OpBoundsCheck:
				k := guardKey{in.Op, in.Args()[0]}
				checks[k] = append(checks[k], e)
			}
			// Also by the slice or string whose len it checks against.
			if in.Op == ir.OpBoundsCheck {
				if l := defs[in.Args()[1]]; l != nil && l.Op == ir.OpLen {
					k := guardKey{ir.OpLen, l.Args()[0]}
					checks[k] = append(checks[k], e)
				}
			}
		}
	}
	for _, n := range unchecked {
		if a, ok := g.guard(defs, checks, n); ok {
			g.Nodes[n].Ctl = a
		}
	}
}

// guard returns the anchor the checks give node n, and whether they
// imply all of its precondition.
func (g *Graph) guard(defs map[ir.Reg]*ir.Instr, checks map[guardKey][]ID, n ID) (ID, bool) {
	f := g.Func
	in := g.Nodes[n].Instr
	args := in.Args()
	anchor := None
	// need adds the highest check of key k that dominates n and
	// satisfies ok; it reports false if there is none.
	need := func(k guardKey, ok func(*ir.Instr) bool) bool {
		best := None
		for _, c := range checks[k] {
			if !g.before(c, n) || (ok != nil && !ok(g.Nodes[c].Instr)) {
				continue
			}
			if best == None || g.above(c, best) {
				best = c
			}
		}
		if best == None {
			return false
		}
		if anchor == None || g.above(anchor, best) {
			anchor = best
		}
		return true
	}
	switch in.Op {
	case ir.OpShl, ir.OpShr:
		return anchor, need(guardKey{ir.OpShiftCheck, args[1]}, nil)
	case ir.OpDiv, ir.OpRem:
		return anchor, need(guardKey{ir.OpDivCheck, args[1]}, nil)
	case ir.OpFieldAddr:
		return anchor, neverNil(defs, args[0]) || need(guardKey{ir.OpNilCheck, args[0]}, nil)
	case ir.OpIndexAddr, ir.OpIndex:
		x, i := args[0], args[1]
		t := f.TypeOf(x).Underlying()
		ptr, isPtr := t.(*types.Pointer)
		if isPtr {
			t = ptr.Elem().Underlying()
			if !neverNil(defs, x) && !need(guardKey{ir.OpNilCheck, x}, nil) {
				return None, false
			}
		}
		arrayLen := int64(-1)
		switch t := t.(type) {
		case *types.Array:
			arrayLen = t.Len()
		case *types.Slice:
		case *types.Basic:
			if t.Info()&types.IsString == 0 || isPtr {
				return None, false
			}
		default:
			return None, false
		}
		if c, ok := intConst(f, defs, i); ok && arrayLen >= 0 {
			if c >= 0 && c < arrayLen {
				return anchor, true
			}
		}
		if need(guardKey{ir.OpBoundsCheck, i}, func(bc *ir.Instr) bool {
			n := bc.Args()[1]
			if d := defs[n]; d != nil && d.Op == ir.OpLen && d.Args()[0] == x {
				return true
			}
			c, ok := intConst(f, defs, n)
			return ok && arrayLen >= 0 && c <= arrayLen
		}) {
			return anchor, true
		}
		if isPtr || arrayLen >= 0 {
			return None, false
		}
		// A check of another index against len x, where checkelim
		// removed i's: it makes len x > j ≥ 0, so a constant
		// i ≤ j, or i = len x - 1, is in bounds.
		if c, ok := intConst(f, defs, i); ok && c >= 0 {
			return anchor, need(guardKey{ir.OpLen, x}, func(bc *ir.Instr) bool {
				j, ok := intConst(f, defs, bc.Args()[0])
				return ok && j >= c
			})
		}
		if lastIndex(f, defs, i, x) {
			return anchor, need(guardKey{ir.OpLen, x}, nil)
		}
		return None, false
	}
	return None, false
}

// lastIndex reports whether i is len x - 1.
func lastIndex(f *ir.Func, defs map[ir.Reg]*ir.Instr, i, x ir.Reg) bool {
	d := defs[i]
	if d == nil || d.Op != ir.OpSub {
		return false
	}
	l := defs[d.Args()[0]]
	one, ok := intConst(f, defs, d.Args()[1])
	return l != nil && l.Op == ir.OpLen && l.Args()[0] == x && ok && one == 1
}

// before reports whether effect c runs before data node n wherever n
// was: in a block strictly dominating n's, or in n's block no later
// than its old anchor (the effect before it there).
func (g *Graph) before(c, n ID) bool {
	cb, home := g.Nodes[c].Block, g.Nodes[n].Home
	if cb != home {
		return g.Dom.StrictlyDominates(cb, home)
	}
	a := g.Nodes[g.Nodes[n].Ctl]
	return a.Kind == Effect && g.Nodes[c].Pos <= a.Pos
}

// above reports whether effect a comes before effect b, both on one
// dominator chain: in a block strictly dominating b's, or earlier in
// b's block.
func (g *Graph) above(a, b ID) bool {
	na, nb := g.Nodes[a], g.Nodes[b]
	if na.Block != nb.Block {
		return g.Dom.StrictlyDominates(na.Block, nb.Block)
	}
	return na.Pos < nb.Pos
}

// neverNil reports whether pointer p's definition makes it non-nil
// wherever it is defined.
func neverNil(defs map[ir.Reg]*ir.Instr, p ir.Reg) bool {
	d := defs[p]
	if d == nil {
		return false
	}
	switch d.Op {
	case ir.OpGlobal, ir.OpAlloc, ir.OpFieldAddr, ir.OpIndexAddr:
		return true
	}
	return false
}

// intConst returns r's value if a const of f that fits in an int64
// defines it.
func intConst(f *ir.Func, defs map[ir.Reg]*ir.Instr, r ir.Reg) (int64, bool) {
	d := defs[r]
	if d == nil || d.Op != ir.OpConst {
		return 0, false
	}
	v := f.ConstValue(d)
	if v == nil {
		return 0, false
	}
	v = constant.ToInt(v)
	if v.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(v)
}
