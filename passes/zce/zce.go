// This file runs the pass: the graph, its redundant zero checks, and
// the function without them.

package zce

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/son"
	"github.com/vssa-go/vssa/validate"
)

// Run removes f's divchecks that a divcheck of the same register
// strictly dominates. f must be in SSA form. The result shares f's
// instructions; it is f itself when nothing is removed.
func Run(f *ir.Func) (*ir.Func, *validate.ZCEHints, error) {
	h := &validate.ZCEHints{}
	g, err := son.Build(f)
	if err != nil {
		return nil, h, err
	}
	covered := son.RedundantZeroChecks(g)
	if len(covered) == 0 {
		return f, h, nil
	}
	gone := make(map[*ir.Instr]bool, len(covered))
	for _, c := range covered {
		gone[g.Node(c.Check).Instr] = true
	}
	out := f.ShallowClone()
	for i, b := range out.Blocks {
		instrs := make([]*ir.Instr, 0, len(b.Instrs))
		for k, in := range b.Instrs {
			if gone[in] {
				h.Removed = append(h.Removed, validate.CheckRemoval{Block: i, Index: k})
				continue
			}
			instrs = append(instrs, in)
		}
		b.Instrs = instrs
	}
	return out, h, nil
}
