// This file makes the SSA form.

package ssaform

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/mem2reg"
	"github.com/vssa-go/vssa/passes/normalize"
	"github.com/vssa-go/vssa/validate"
)

// Of returns f's SSA form, or nil if a step fails or is rejected.
func Of(f *ir.Func) *ir.Func {
	n, nh, err := normalize.Run(f)
	if err != nil || validate.Normalize(f, n, nh) != nil || ir.Check(n, ir.RTL) != nil {
		return nil
	}
	g, gh, err := mem2reg.Run(n)
	if err != nil || validate.Mem2Reg(n, g, gh) != nil || ir.Check(g, ir.SSA) != nil {
		return nil
	}
	return g
}
