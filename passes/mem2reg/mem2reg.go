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

func run(f *ir.Func, build func(*ir.Func) (*ir.Func, *validate.SSAHints, error)) (*ir.Func, *validate.Mem2RegHints, error) {
	promoted, ph := promote(f)
	g, sh, err := build(promoted)
	if err != nil {
		return nil, nil, err
	}
	return g, &validate.Mem2RegHints{Promoted: promoted, Promote: ph, SSA: sh}, nil
}
