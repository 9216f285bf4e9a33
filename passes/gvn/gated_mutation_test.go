// This file is the mutation suite of the GVN validator on GSA form
// (gated value numbering): honest gvn results on the gsa form of every
// function of the corpus, mutated so that gammas that choose otherwise
// are merged, a gate's atom loses its definition, or a gamma's gates
// change. Each mutant should be rejected.

package gvn

import (
	"fmt"
	"go/types"
	"slices"
	"testing"

	"github.com/vssa-go/vssa/internal/mutation"
	"github.com/vssa-go/vssa/internal/ssaform"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/gsa"
	"github.com/vssa-go/vssa/validate"
)

type (
	gatedCase = *mutation.Case[*validate.GVNHints]
	gatedKind = mutation.Kind[*validate.GVNHints, gatedCase]
	gatedSite = mutation.Site[*validate.GVNHints]
)

// gsaForm is f's SSA form through gsa, validated, or nil.
func gsaForm(f *ir.Func) *ir.Func {
	s := ssaform.Of(f)
	if s == nil {
		return nil
	}
	g, h, err := gsa.Run(s)
	if err != nil || validate.GSA(s, g, h) != nil || ir.Check(g, ir.GSA) != nil {
		return nil
	}
	return g
}

func TestGatedMutation(t *testing.T) {
	suite := &mutation.Suite[*validate.GVNHints, gatedCase]{
		Pass:        "gvn on gsa",
		Builders:    []mutation.Builder[*validate.GVNHints]{{Name: "gated", Run: Run}},
		Prepare:     gsaForm,
		Out:         ir.GSA,
		Validate:    validate.GVN,
		CloneHints:  cloneHints,
		HintsString: hintsString,
		Context:     func(c gatedCase) gatedCase { return c },
		Kinds:       gatedKinds,
		MinKinds:    3,
	}
	suite.Test(t)
}

// keptGammas lists the gammas of c's input that its result keeps, by
// block and result.
func keptGammas(c gatedCase) [][2]int {
	var out [][2]int
	for _, b := range c.In.Blocks {
		for _, p := range b.Phis {
			if p.Op == ir.OpGamma && phiIndex(c.Out.Blocks[b.Index], p.Dst()) >= 0 {
				out = append(out, [2]int{b.Index, int(p.Dst())})
			}
		}
	}
	return out
}

// renameUses replaces every read of from in g by to.
func renameUses(g *ir.Func, from, to ir.Reg) {
	for _, b := range g.Blocks {
		for _, list := range [2][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				args := in.Args()
				for i, a := range args {
					if a == from {
						args[i] = to
					}
				}
			}
		}
	}
}

var gatedKinds = []gatedKind{
	{
		Name: "gamma-merge",
		Doc:  "merge a gamma into another of a join dominating its own that the honest numbering kept apart (other gates or arguments)",
		Sites: func(c gatedCase) []gatedSite {
			var out []gatedSite
			dom := c.In.CFG().Dom
			gs := keptGammas(c)
			for _, x := range gs {
				for _, y := range gs {
					j1, d1, j2, d2 := x[0], ir.Reg(x[1]), y[0], ir.Reg(y[1])
					if j1 == j2 || !dom.StrictlyDominates(j1, j2) || c.Hints.Number[d1] == c.Hints.Number[d2] {
						continue
					}
					p1, p2 := c.In.Blocks[j1].Phis[phiIndex(c.In.Blocks[j1], d1)], c.In.Blocks[j2].Phis[phiIndex(c.In.Blocks[j2], d2)]
					if len(p1.Args()) != len(p2.Args()) || !types.Identical(c.In.TypeOf(d1), c.In.TypeOf(d2)) {
						continue
					}
					out = append(out, gatedSite{What: fmt.Sprintf("b%d: %s into b%d: %s", j2, d2, j1, d1), Build: func() (*ir.Func, *validate.GVNHints, bool) {
						g, h := c.Clone()
						old, num := h.Number[d2], h.Number[d1]
						for v, n := range h.Number {
							if n == old {
								h.Number[v] = num
							}
						}
						b := g.Blocks[j2]
						b.Phis = slices.Delete(b.Phis, phiIndex(b, d2), phiIndex(b, d2)+1)
						h.Removed = append(h.Removed, validate.Removal{Block: int32(j2), Index: int32(phiIndex(c.In.Blocks[j2], d2)), Phi: true, CoverBlock: -1})
						renameUses(g, d2, d1)
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "atom-removed",
		Doc:  "remove the definition of a gate's atom that has an equal leader, reading the leader in its place",
		Sites: func(c gatedCase) []gatedSite {
			var out []gatedSite
			pinned := map[ir.Reg]bool{}
			for _, b := range c.Out.Blocks {
				for _, list := range [2][]*ir.Instr{b.Phis, b.Instrs} {
					for _, in := range list {
						for _, p := range in.Gates() {
							for _, r := range p.Regs() {
								pinned[ir.Reg(r)] = true
							}
						}
					}
				}
			}
			for _, b := range c.Out.Blocks {
				for k, in := range b.Instrs {
					if len(in.Dsts()) != 1 || !pinned[in.Dst()] || c.Hints.Number[in.Dst()] == in.Dst() {
						continue
					}
					d, lead, blk := in.Dst(), c.Hints.Number[in.Dst()], b.Index
					ink := slices.Index(c.In.Blocks[blk].Instrs, in)
					if ink < 0 {
						continue // the result's own instruction (renamed)
					}
					out = append(out, gatedSite{What: fmt.Sprintf("b%d: %s", blk, d), Build: func() (*ir.Func, *validate.GVNHints, bool) {
						g, h := c.Clone()
						g.Blocks[blk].Instrs = slices.Delete(g.Blocks[blk].Instrs, k, k+1)
						h.Removed = append(h.Removed, validate.Removal{Block: int32(blk), Index: int32(ink), CoverBlock: -1})
						renameUses(g, d, lead)
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "gates-changed",
		Doc:  "swap the first two gates of a gamma the result keeps",
		Sites: func(c gatedCase) []gatedSite {
			var out []gatedSite
			for _, x := range keptGammas(c) {
				j, d := x[0], ir.Reg(x[1])
				p := c.Out.Blocks[j].Phis[phiIndex(c.Out.Blocks[j], d)]
				if p.Args()[0] == p.Args()[1] {
					continue
				}
				out = append(out, gatedSite{What: fmt.Sprintf("b%d: %s", j, d), Build: func() (*ir.Func, *validate.GVNHints, bool) {
					g, h := c.Clone()
					q := g.Blocks[j].Phis[phiIndex(g.Blocks[j], d)]
					gs := slices.Clone(q.Gates())
					gs[0], gs[1] = gs[1], gs[0]
					q.SetGates(gs)
					return g, h, true
				}})
			}
			return out
		},
	},
}
