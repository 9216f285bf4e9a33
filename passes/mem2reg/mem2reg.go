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

// builder builds SSA form from s.
type builder func(s start) (*ir.Func, *validate.SSAHints, error)

// run promotes, then builds SSA form in the copy promotion made: no
// instruction is copied twice, and the validator checks the result
// against f in one step.
func run(f *ir.Func, build builder) (*ir.Func, *validate.Mem2RegHints, error) {
	buf := bufferPool.Get().(*buffers)
	defer bufferPool.Put(buf)
	s, vars := promote(f, buf)
	g, sh, err := build(s)
	if err != nil {
		return nil, nil, err
	}
	h := &hints{promote: validate.PromoteHints{Vars: vars}}
	h.all = validate.Mem2RegHints{Promote: &h.promote, SSA: sh}
	return g, &h.all, nil
}

// hints are the hints of one result, allocated together.
type hints struct {
	all     validate.Mem2RegHints
	promote validate.PromoteHints
}
