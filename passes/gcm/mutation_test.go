// This file is the mutation suite of the gcm validator, on the shared
// harness (internal/mutation): the honest results on the SSA form of
// every function of the corpus, mutated in the four ways of issue 45 —
// a load hoisted above a store that may alias it, a check hoisted
// above a side effect, a computation sunk below a use, a pure but
// faulting division hoisted out of its guard — each an illegal schedule
// of the input's graph, to be rejected.

package gcm_test

import (
	"fmt"
	"go/types"
	"slices"
	"testing"

	"github.com/vssa-go/vssa/internal/mutation"
	"github.com/vssa-go/vssa/internal/ssaform"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/son"
	"github.com/vssa-go/vssa/passes/gcm"
	"github.com/vssa-go/vssa/validate"
)

func TestMutation(t *testing.T) {
	suite := &mutation.Suite[struct{}, *gctx]{
		Pass:        "gcm",
		Builders:    []mutation.Builder[struct{}]{{Name: "gcm", Run: gcm.Run}},
		Prepare:     ssaform.Of,
		Out:         ir.SSA,
		Validate:    validate.GCM,
		CloneHints:  func(h struct{}) struct{} { return h },
		HintsString: func(struct{}) string { return "" },
		Context:     newGctx,
		Kinds:       kinds,
		MinKinds:    4,
	}
	suite.Test(t)
}

type (
	kind = mutation.Kind[struct{}, *gctx]
	site = mutation.Site[struct{}]
)

// gctx is what the kinds know about one honest result g: where each
// register is defined, and g's dominator tree.
type gctx struct {
	honest *mutation.Case[struct{}]
	g      *ir.Func
	def    map[ir.Reg][2]int // block and index of the instruction (index -1: a phi)
	dom    interface {
		Idom(int) int
		Dominates(a, b int) bool
	}
}

func newGctx(c *mutation.Case[struct{}]) *gctx {
	x := &gctx{honest: c, g: c.Out, def: map[ir.Reg][2]int{}, dom: c.Out.CFG().Dom}
	for i, b := range c.Out.Blocks {
		for _, phi := range b.Phis {
			x.def[phi.Dsts()[0]] = [2]int{i, -1}
		}
		for k, in := range b.Instrs {
			for _, d := range in.Dsts() {
				x.def[d] = [2]int{i, k}
			}
		}
	}
	return x
}

// definedBefore reports whether in's operands are defined before
// instruction k of block b (parameters are defined everywhere).
func (x *gctx) definedBefore(in *ir.Instr, b, k int) bool {
	for _, a := range in.Args() {
		d, ok := x.def[a]
		if a == ir.NoReg || !ok {
			continue
		}
		if d[0] == b && d[1] >= k || d[0] != b && !x.dom.Dominates(d[0], b) {
			return false
		}
	}
	return true
}

// move returns a mutant of g with instruction k of block b moved to
// index to of block tb (of the block without it, when tb is b).
func (x *gctx) move(b, k, tb, to int) (*ir.Func, struct{}, bool) {
	g, h := x.honest.Clone()
	in := g.Blocks[b].Instrs[k]
	g.Blocks[b].Instrs = slices.Delete(g.Blocks[b].Instrs, k, k+1)
	g.Blocks[tb].Instrs = slices.Insert(g.Blocks[tb].Instrs, to, in)
	return g, h, true
}

// sites lists, for each instruction of g that pick accepts, the mutant
// that moves it where pick says (ok false: nowhere).
func (x *gctx) sites(what string, pick func(b, k int, in *ir.Instr) (tb, to int, ok bool)) []site {
	var out []site
	for i, b := range x.g.Blocks {
		for k, in := range b.Instrs {
			tb, to, ok := pick(i, k, in)
			if !ok {
				continue
			}
			out = append(out, site{What: fmt.Sprintf("%s b%d:%d to b%d:%d", what, i, k, tb, to), Build: func() (*ir.Func, struct{}, bool) { return x.move(i, k, tb, to) }})
		}
	}
	return out
}

// sideEffect reports whether in writes memory or calls: what a load
// or a check must stay after.
func sideEffect(in *ir.Instr) bool {
	return in.Op == ir.OpStore || in.Op == ir.OpMapUpdate || in.Op.Has(ir.Calls)
}

var kinds = []kind{
	{Name: "load-above-store", Doc: "a load moved above the store before it in its block (which may write what it reads), its operands still defined", Sites: func(x *gctx) []site {
		return x.sites("load", func(b, k int, in *ir.Instr) (int, int, bool) {
			if in.Op != ir.OpLoad {
				return 0, 0, false
			}
			for j := k - 1; j >= 0; j-- {
				if x.g.Blocks[b].Instrs[j].Op == ir.OpStore {
					return b, j, x.definedBefore(in, b, j)
				}
			}
			return 0, 0, false
		})
	}},
	{Name: "check-above-effect", Doc: "a check moved above the store or call before it in its block, its operands still defined", Sites: func(x *gctx) []site {
		return x.sites("check", func(b, k int, in *ir.Instr) (int, int, bool) {
			if !in.Op.Has(ir.IsCheck) {
				return 0, 0, false
			}
			for j := k - 1; j >= 0; j-- {
				if sideEffect(x.g.Blocks[b].Instrs[j]) {
					return b, j, x.definedBefore(in, b, j)
				}
			}
			return 0, 0, false
		})
	}},
	{Name: "sink-below-use", Doc: "a data node moved just after its first use in its block", Sites: func(x *gctx) []site {
		return x.sites("data", func(b, k int, in *ir.Instr) (int, int, bool) {
			if !son.Floats(x.g, in) || len(in.Dsts()) == 0 {
				return 0, 0, false
			}
			for j := k + 1; j < len(x.g.Blocks[b].Instrs); j++ {
				u := x.g.Blocks[b].Instrs[j]
				if slices.Contains(u.Args(), in.Dsts()[0]) && !u.Op.IsTerminator() {
					return b, j, true // after u, once in is taken out
				}
			}
			return 0, 0, false
		})
	}},
	{Name: "hoist-faulting-division", Doc: "an integer division or remainder by a register moved out of its guard: to the end of the immediate dominator of its block when its operands are defined there, else above its block's divcheck", Sites: func(x *gctx) []site {
		return x.sites("division", func(b, k int, in *ir.Instr) (int, int, bool) {
			if in.Op != ir.OpDiv && in.Op != ir.OpRem || !isInteger(x.g.TypeOf(in.Args()[1])) {
				return 0, 0, false
			}
			if d := x.dom.Idom(b); d >= 0 {
				end := len(x.g.Blocks[d].Instrs) - 1
				if x.definedBefore(in, d, end) {
					return d, end, true
				}
			}
			for j := k - 1; j >= 0; j-- {
				if c := x.g.Blocks[b].Instrs[j]; c.Op == ir.OpDivCheck && c.Args()[0] == in.Args()[1] {
					return b, j, x.definedBefore(in, b, j)
				}
			}
			return 0, 0, false
		})
	}},
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}
