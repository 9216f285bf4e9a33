// This file makes the SSA form.

package ssaform

import (
	"slices"

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

// WithoutCopies returns a copy of the SSA function f whose operands read
// the sources of copies instead of their results, without the copies
// (as gvn propagates them, and nothing else), checked as SSA, or nil.
// The definition of a copy's source dominates the copy, which dominates
// every use of its result, so the result is strict SSA.
func WithoutCopies(f *ir.Func) *ir.Func {
	g := f.Clone()
	root := CopyRoots(g)
	for _, b := range g.Blocks {
		for _, list := range [][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				for k, a := range in.Args() {
					if a != ir.NoReg {
						in.Args()[k] = root(a)
					}
				}
			}
		}
		b.Instrs = slices.DeleteFunc(b.Instrs, func(in *ir.Instr) bool { return in.Op == ir.OpCopy })
	}
	if ir.Check(g, ir.SSA) != nil {
		return nil
	}
	return g
}

// CopyRoots returns the function that maps a register of f to the
// register it copies, through chains of copies (itself if it is no
// copy's result). In SSA the chains end; the bound is for a cycle of
// copies in unreachable code.
func CopyRoots(f *ir.Func) func(ir.Reg) ir.Reg {
	src := map[ir.Reg]ir.Reg{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == ir.OpCopy {
				src[in.Dsts()[0]] = in.Args()[0]
			}
		}
	}
	return func(r ir.Reg) ir.Reg {
		for range len(src) {
			s, ok := src[r]
			if !ok {
				break
			}
			r = s
		}
		return r
	}
}
