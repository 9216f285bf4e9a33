// This file is the mem2reg pass: promotion, then SSA construction with
// one of the two builders.

package mem2reg

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Run promotes f's promotable allocations and builds pruned SSA form
// with Cytron et al.'s algorithm. f must be normalised RTL.
func Run(f *ir.Func) (*ir.Func, *validate.Mem2RegHints, error) {
	return run(f, cytron)
}

// RunBraun is Run with Braun et al.'s builder.
func RunBraun(f *ir.Func) (*ir.Func, *validate.Mem2RegHints, error) {
	return run(f, braun)
}

// builder builds SSA form of f, renaming vars: its registers with
// several definitions, in increasing order.
type builder func(f *ir.Func, vars []ir.Reg) (*ir.Func, *validate.SSAHints, error)

func run(f *ir.Func, build builder) (*ir.Func, *validate.Mem2RegHints, error) {
	promoted, ph, vars := promote(f)
	g, sh, err := build(promoted, vars)
	if err != nil {
		return nil, nil, err
	}
	return g, &validate.Mem2RegHints{Promoted: promoted, Promote: ph, SSA: sh}, nil
}
