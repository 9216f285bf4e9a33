// This file is the mutation suite of the check elimination validator,
// on the shared harness (internal/mutation): the honest results on the
// SSA form of every function of the corpus, mutated in the ways below:
// checks removed that the pass kept (with or without a forged fact to
// excuse them), facts forged, moved, dropped or changed, removals that
// do not match the result. A forged fact that happens to hold may be
// accepted; then the program must behave the same.

package checkelim

import (
	"fmt"
	"go/types"
	"math/rand"
	"slices"
	"testing"

	"github.com/vssa-go/vssa/internal/mutation"
	"github.com/vssa-go/vssa/internal/ssaform"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

func TestMutation(t *testing.T) {
	suite := &mutation.Suite[*validate.CheckElimHints, *cctx]{
		Pass:        "checkelim",
		Builders:    []mutation.Builder[*validate.CheckElimHints]{{Name: "checkelim", Run: Run}, {Name: "decide", Run: Decide}},
		Prepare:     ssaform.Of,
		Out:         ir.SSA,
		Validate:    validate.CheckElim,
		CloneHints:  cloneHints,
		HintsString: func(h *validate.CheckElimHints) string { return fmt.Sprint(h.Entry, h.Removed, h.Decided, h.NilUses) },
		Context:     newCctx,
		Kinds:       kinds,
		MinKinds:    13,
	}
	suite.Test(t)
}

func cloneHints(h *validate.CheckElimHints) *validate.CheckElimHints {
	c := &validate.CheckElimHints{Entry: make([][]validate.Fact, len(h.Entry)), Removed: slices.Clone(h.Removed), Decided: slices.Clone(h.Decided), NilUses: slices.Clone(h.NilUses)}
	for i, fs := range h.Entry {
		c.Entry[i] = slices.Clone(fs)
	}
	return c
}

type (
	kind = mutation.Kind[*validate.CheckElimHints, *cctx]
	site = mutation.Site[*validate.CheckElimHints]
)

// cctx is what the kinds know about one honest result: the input in,
// the result g with its hints, and where g's instructions come from.
type cctx struct {
	honest *mutation.Case[*validate.CheckElimHints]
	in, g  *ir.Func
	h      *validate.CheckElimHints
	rng    *rand.Rand
	orig   [][]int // g's instructions → their index in the input's block
}

func newCctx(c *mutation.Case[*validate.CheckElimHints]) *cctx {
	x := &cctx{honest: c, in: c.In, g: c.Out, h: c.Hints, rng: c.Rng, orig: make([][]int, len(c.In.Blocks))}
	removed := map[validate.CheckRemoval]bool{}
	for _, m := range c.Hints.Removed {
		removed[m] = true
	}
	for i, b := range c.In.Blocks {
		for k := range b.Instrs {
			if !removed[validate.CheckRemoval{Block: i, Index: k}] {
				x.orig[i] = append(x.orig[i], k)
			}
		}
	}
	return x
}

func (x *cctx) clone() (*ir.Func, *validate.CheckElimHints) { return x.honest.Clone() }

// kept is a check of the result: its block and index in g.
type kept struct{ block, index int }

// keptChecks lists the checks the result keeps.
func (x *cctx) keptChecks() []kept {
	var out []kept
	for i, b := range x.g.Blocks {
		for k, in := range b.Instrs {
			if validate.CheckFacts(x.in, in) != nil {
				out = append(out, kept{i, k})
			}
		}
	}
	return out
}

// removeKept returns a mutant without the kept check c, listed as
// removed, and the facts under which it passes.
func (x *cctx) removeKept(c kept) (*ir.Func, *validate.CheckElimHints, []validate.Fact) {
	g, h := x.clone()
	b := g.Blocks[c.block]
	fact := validate.CheckFacts(x.in, b.Instrs[c.index])
	b.Instrs = slices.Delete(b.Instrs, c.index, c.index+1)
	h.Removed = append(h.Removed, validate.CheckRemoval{Block: c.block, Index: x.orig[c.block][c.index]})
	return g, h, fact
}

// registers lists the registers of the input whose type a fact of kind
// k applies to.
func (x *cctx) registers(k validate.FactKind) []ir.Reg {
	var out []ir.Reg
	for v, t := range x.in.RegTypes() {
		if t != nil && k.AppliesTo(t) {
			out = append(out, ir.Reg(v))
		}
	}
	return out
}

// factSites lists a site per fact of the certificate that keep
// accepts; its mutant changes its own copy of the fact with change
// (false: the change does not apply).
func (x *cctx) factSites(keep func(validate.Fact) bool, change func(h *validate.CheckElimHints, b, i int) bool) []site {
	var out []site
	for b, fs := range x.h.Entry {
		for i, f := range fs {
			if !keep(f) {
				continue
			}
			out = append(out, site{What: fmt.Sprintf("b%d fact %d", b, i), Build: func() (*ir.Func, *validate.CheckElimHints, bool) {
				g, h := x.clone()
				return g, h, change(h, b, i)
			}})
		}
	}
	return out
}

func anyFact(validate.Fact) bool       { return true }
func integerFact(f validate.Fact) bool { return f.Kind == validate.FactLE }

// The kinds, in report order.
var kinds = []kind{
	{
		Name: "remove-kept-check",
		Doc:  "remove a check the pass kept, listing it as removed",
		Sites: func(x *cctx) []site {
			var out []site
			for _, c := range x.keptChecks() {
				out = append(out, site{What: fmt.Sprintf("b%d:%d", c.block, c.index), Build: func() (*ir.Func, *validate.CheckElimHints, bool) {
					g, h, _ := x.removeKept(c)
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "remove-with-forged-fact",
		Doc:  "remove a kept check and forge its fact at its block's start",
		Sites: func(x *cctx) []site {
			var out []site
			for _, c := range x.keptChecks() {
				out = append(out, site{What: fmt.Sprintf("b%d:%d", c.block, c.index), Build: func() (*ir.Func, *validate.CheckElimHints, bool) {
					g, h, facts := x.removeKept(c)
					h.Entry[c.block] = append(h.Entry[c.block], facts...)
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "remove-with-forged-chain",
		Doc:  "remove a kept check and forge its fact at the start of its block and of every block up the dominator tree",
		Sites: func(x *cctx) []site {
			var out []site
			dom := x.in.CFG().Dom
			for _, c := range x.keptChecks() {
				out = append(out, site{What: fmt.Sprintf("b%d:%d", c.block, c.index), Build: func() (*ir.Func, *validate.CheckElimHints, bool) {
					g, h, facts := x.removeKept(c)
					for b := c.block; b > 0 && dom.Reachable(b); b = dom.Idom(b) {
						h.Entry[b] = append(h.Entry[b], facts...)
					}
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "forge-fact",
		Doc:  "add a fact about a register of its type at a block's start",
		Sites: func(x *cctx) []site {
			var out []site
			for b := 1; b < len(x.in.Blocks); b++ {
				for _, k := range []validate.FactKind{validate.FactNonNil, validate.FactNonZero} {
					regs := x.registers(k)
					if len(regs) == 0 {
						continue
					}
					out = append(out, site{What: fmt.Sprintf("b%d %s", b, k), Build: func() (*ir.Func, *validate.CheckElimHints, bool) {
						g, h := x.clone()
						h.Entry[b] = append(h.Entry[b], validate.Fact{Kind: k, Reg: regs[x.rng.Intn(len(regs))]})
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "drop-fact",
		Doc:  "drop a fact of the certificate",
		Sites: func(x *cctx) []site {
			return x.factSites(anyFact, func(h *validate.CheckElimHints, b, i int) bool {
				h.Entry[b] = slices.Delete(h.Entry[b], i, i+1)
				return true
			})
		},
	},

	{
		Name: "fact-other-register",
		Doc:  "make a fact of the certificate about another register of its type",
		Sites: func(x *cctx) []site {
			return x.factSites(anyFact, func(h *validate.CheckElimHints, b, i int) bool {
				f := &h.Entry[b][i]
				if f.Reg == ir.NoReg {
					return false // the zero term of an integer fact
				}
				var others []ir.Reg
				for _, r := range x.registers(f.Kind) {
					if r != f.Reg && types.Identical(x.in.TypeOf(r), x.in.TypeOf(f.Reg)) {
						others = append(others, r)
					}
				}
				if len(others) == 0 {
					return false
				}
				f.Reg = others[x.rng.Intn(len(others))]
				return true
			})
		},
	},

	{
		Name: "fact-to-sibling",
		Doc:  "move a fact to the start of the other successor of its block's predecessor's branch",
		Sites: func(x *cctx) []site {
			var out []site
			for fb, fs := range x.h.Entry {
				b := x.in.Blocks[fb]
				if len(b.Preds) != 1 || len(x.in.Blocks[b.Preds[0]].Succs) != 2 {
					continue
				}
				pred := x.in.Blocks[b.Preds[0]]
				sib := pred.Succs[0]
				if sib == b.Index {
					sib = pred.Succs[1]
				}
				for fi := range fs {
					out = append(out, site{What: fmt.Sprintf("b%d fact %d to b%d", fb, fi, sib), Build: func() (*ir.Func, *validate.CheckElimHints, bool) {
						g, h := x.clone()
						h.Entry[sib] = append(h.Entry[sib], h.Entry[fb][fi])
						return g, h, true
					}})
				}
			}
			return out
		},
	},

	{
		Name: "tighten-bound",
		Doc:  "make an integer fact of the certificate stronger by one (x - y ≤ c-1)",
		Sites: func(x *cctx) []site {
			return x.factSites(integerFact, func(h *validate.CheckElimHints, b, i int) bool {
				h.Entry[b][i].C--
				return true
			})
		},
	},

	{
		Name: "swap-bound",
		Doc:  "swap the two terms of an integer fact of the certificate (y - x ≤ c)",
		Sites: func(x *cctx) []site {
			return x.factSites(integerFact, func(h *validate.CheckElimHints, b, i int) bool {
				f := &h.Entry[b][i]
				f.Reg, f.Y = f.Y, f.Reg
				return true
			})
		},
	},

	{
		Name: "fact-other-kind",
		Doc:  "turn a nonnil fact into nonzero and back",
		Sites: func(x *cctx) []site {
			return x.factSites(func(f validate.Fact) bool { return !integerFact(f) }, func(h *validate.CheckElimHints, b, i int) bool {
				f := &h.Entry[b][i]
				f.Kind = validate.FactNonNil + validate.FactNonZero - f.Kind
				return true
			})
		},
	},

	{
		Name: "removal-kept",
		Doc:  "list a removal but keep the check in the result (put it back)",
		Sites: func(x *cctx) []site {
			var out []site
			for _, m := range x.h.Removed {
				out = append(out, site{What: fmt.Sprintf("b%d:%d", m.Block, m.Index), Build: func() (*ir.Func, *validate.CheckElimHints, bool) {
					g, h := x.clone()
					b := g.Blocks[m.Block]
					at := 0
					for at < len(x.orig[m.Block]) && x.orig[m.Block][at] < m.Index {
						at++
					}
					b.Instrs = slices.Insert(b.Instrs, at, x.in.Blocks[m.Block].Instrs[m.Index])
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "removal-moved",
		Doc:  "name another instruction of the block as the removed one",
		Sites: func(x *cctx) []site {
			var out []site
			for i, m := range x.h.Removed {
				out = append(out, site{What: fmt.Sprintf("b%d:%d", m.Block, m.Index), Build: func() (*ir.Func, *validate.CheckElimHints, bool) {
					g, h := x.clone()
					n := len(x.in.Blocks[m.Block].Instrs)
					k := x.rng.Intn(n)
					if k == m.Index {
						return nil, nil, false
					}
					h.Removed[i].Index = k
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "remove-store",
		Doc:  "remove a store, listing it as removed",
		Sites: func(x *cctx) []site {
			var out []site
			for i, b := range x.g.Blocks {
				for k, in := range b.Instrs {
					if in.Op != ir.OpStore {
						continue
					}
					out = append(out, site{What: fmt.Sprintf("b%d:%d", i, k), Build: func() (*ir.Func, *validate.CheckElimHints, bool) {
						g, h := x.clone()
						g.Blocks[i].Instrs = slices.Delete(g.Blocks[i].Instrs, k, k+1)
						h.Removed = append(h.Removed, validate.CheckRemoval{Block: i, Index: x.orig[i][k]})
						return g, h, true
					}})
				}
			}
			return out
		},
	},
}
