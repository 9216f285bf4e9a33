// This file is gsa-destruct, Gated SSA back to SSA: γs and μs become
// phis with the same arguments in the same order, ηs copies. Its hints
// are the rows of the predicate matrix that the γs' gates come from,
// computed again as Run computes them, for validate.GSADestruct to
// check that the k-th gate of each γ is the one true when its block is
// entered from its k-th predecessor.

package gsa

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Destruct translates the GSA function f back to SSA.
func Destruct(f *ir.Func) (*ir.Func, *validate.GSAHints, error) {
	h := &validate.GSAHints{Row: map[ir.Reg]int{}}
	gated := false
	for _, b := range f.Blocks {
		for _, in := range b.Phis {
			gated = gated || in.Op.IsGated()
		}
		for _, in := range b.Instrs {
			gated = gated || in.Op.IsGated()
		}
	}
	if !gated {
		return f, h, nil
	}
	c := newConv(f, h)
	for _, b := range f.Blocks {
		if len(b.Phis) > 0 && b.Phis[0].Op == ir.OpGamma {
			d := c.dom.Idom(b.Index)
			c.want[d] = append(c.want[d], b.Preds...)
		}
	}
	for d, ts := range c.want {
		c.rows[d] = c.row(d, ts)
	}
	g := f.Clone()
	for _, b := range g.Blocks {
		for _, in := range b.Phis {
			if in.Op == ir.OpGamma {
				if r := c.rows[c.dom.Idom(b.Index)]; r != nil {
					h.Row[in.Dsts()[0]] = c.hintRow(r)
				}
			}
			if in.Op.IsMerge() {
				in.Op, in.Aux = ir.OpPhi, nil
			}
		}
		for _, in := range b.Instrs {
			if in.Op == ir.OpEta {
				in.Op, in.Aux = ir.OpCopy, nil
			}
		}
	}
	return g, h, nil
}
