// This file is the mutation suite of the GSA validators, on the shared
// harness (internal/mutation): honest gsa results on the SSA form of
// every function of the corpus (run by the interpreter in GSA form, so
// the γs choose by their gates), mutated in the ways below, and honest
// gsa-destruct results with their phis' arguments reordered. Every kind
// changes which value flows where, so each mutant should be rejected.

package gsa

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/vssa-go/vssa/internal/cdcl"
	"github.com/vssa-go/vssa/internal/mutation"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/pred"
	"github.com/vssa-go/vssa/passes/mem2reg"
	"github.com/vssa-go/vssa/passes/normalize"
	"github.com/vssa-go/vssa/validate"
	"github.com/vssa-go/vssa/validate/sat"
)

type (
	hints = *validate.GSAHints
	kind  = mutation.Kind[hints, *mutation.Case[hints]]
	site  = mutation.Site[hints]
)

func cloneHints(h hints) hints {
	c := &validate.GSAHints{Row: maps.Clone(h.Row), Solver: h.Solver}
	for _, r := range h.Rows {
		c.Rows = append(c.Rows, validate.GSARow{Dom: r.Dom, P: maps.Clone(r.P)})
	}
	return c
}

func hintsString(h hints) string { return fmt.Sprint(h.Rows, h.Row) }

// lyingSolver answers every query unsatisfiable: with internal/cdcl's
// refutation of the query strengthened by unit clauses that rule out
// each model it finds, those units put first in the certificate. Every
// later step follows by unit propagation, but the first steps are wrong
// where the query is satisfiable: a certificate with a wrong step.
func lyingSolver(nvars int, cnf [][]int) (bool, []bool, [][]int) {
	solve := cdcl.WithLimit(100000)
	strong := slices.Clone(cnf)
	var units [][]int
	for range nvars + 1 {
		ok, model, proof := solve(nvars, strong)
		if !ok {
			return false, nil, append(units, proof...)
		}
		// Rule out the model's value of the first variable no unit
		// fixes yet.
		for v := 1; v <= nvars; v++ {
			if !slices.ContainsFunc(units, func(u []int) bool { return u[0] == v || u[0] == -v }) {
				lit := v
				if model[v-1] {
					lit = -v
				}
				units = append(units, []int{lit})
				strong = append(strong, []int{lit})
				break
			}
		}
	}
	return false, nil, [][]int{{}}
}

func self(c *mutation.Case[hints]) *mutation.Case[hints] { return c }

// ssaForm is gsa's input made of a function of the bridge: normalize and
// mem2reg, each validated, checked as SSA, or nil.
func ssaForm(f *ir.Func) *ir.Func {
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

// gsaForm is gsa-destruct's input: ssaForm's result through gsa,
// validated, or nil.
func gsaForm(f *ir.Func) *ir.Func {
	s := ssaForm(f)
	if s == nil {
		return nil
	}
	g, h, err := Run(s)
	if err != nil || validate.GSA(s, g, h) != nil || ir.Check(g, ir.GSA) != nil {
		return nil
	}
	return g
}

func TestMutation(t *testing.T) {
	suite := &mutation.Suite[hints, *mutation.Case[hints]]{
		Pass:        "gsa",
		Builders:    []mutation.Builder[hints]{{Name: "gsa", Run: Run}},
		Prepare:     ssaForm,
		Out:         ir.GSA,
		Validate:    validate.GSA,
		CloneHints:  cloneHints,
		HintsString: hintsString,
		Context:     self,
		Kinds:       gsaKinds,
		MinKinds:    5,
	}
	suite.Test(t)
}

func TestDestructMutation(t *testing.T) {
	suite := &mutation.Suite[hints, *mutation.Case[hints]]{
		Pass:        "gsa-destruct",
		Builders:    []mutation.Builder[hints]{{Name: "gsa-destruct", Run: Destruct}},
		Prepare:     gsaForm,
		Out:         ir.SSA,
		Validate:    validate.GSADestruct,
		CloneHints:  cloneHints,
		HintsString: hintsString,
		Context:     self,
		Kinds:       destructKinds,
		MinKinds:    1,
	}
	suite.Test(t)
}

// weakenSites are the sites of c's gammas whose first gate can be made
// true without picking the same value: each builds c's result with the
// first gate of the gammas of the block made true, and the matrix entry
// of its first predecessor in the row of the gamma dropped (true), so
// that the gate agrees with the matrix but no longer excludes the
// others. A non-nil solver replaces the validator's.
func weakenSites(c *mutation.Case[hints], solver sat.Solver) []site {
	var out []site
	for _, at := range merges(c.Out, ir.OpGamma) {
		in := c.Out.Blocks[at[0]].Phis[at[1]]
		if in.Gates()[0].IsTrue() || in.Args()[0] == in.Args()[1] {
			continue
		}
		d := in.Dsts()[0]
		out = append(out, site{What: fmt.Sprintf("b%d: %s", at[0], d), Build: func() (*ir.Func, hints, bool) {
			g, h := c.Clone()
			b := g.Blocks[at[0]]
			for _, phi := range b.Phis {
				gs := slices.Clone(phi.Gates())
				gs[0] = pred.TruePred()
				phi.SetGates(gs)
			}
			delete(h.Rows[h.Row[d]].P, b.Preds[0])
			if solver != nil {
				h.Solver = solver
			}
			return g, h, true
		}})
	}
	return out
}

// merges lists the (block, phi index) of g's merge instructions of kind op.
func merges(g *ir.Func, op ir.Op) [][2]int {
	var out [][2]int
	for _, b := range g.Blocks {
		for i, in := range b.Phis {
			if in.Op == op {
				out = append(out, [2]int{b.Index, i})
			}
		}
	}
	return out
}

// argSwapSites are the sites that swap the two arguments of the merge
// at each of ats in c's result, where they differ.
func argSwapSites(c *mutation.Case[hints], ats [][2]int) []site {
	var out []site
	for _, at := range ats {
		in := c.Out.Blocks[at[0]].Phis[at[1]]
		if in.Args()[0] == in.Args()[1] {
			continue
		}
		out = append(out, site{What: fmt.Sprintf("b%d: %s", at[0], in.Dsts()[0]), Build: func() (*ir.Func, hints, bool) {
			g, h := c.Clone()
			a := g.Blocks[at[0]].Phis[at[1]].Args()
			a[0], a[1] = a[1], a[0]
			return g, h, true
		}})
	}
	return out
}

var gsaKinds = []kind{
	{
		Name: "gate-swap",
		Doc:  "swap the gates of two arguments of a gamma",
		Sites: func(c *mutation.Case[hints]) []site {
			var out []site
			for _, at := range merges(c.Out, ir.OpGamma) {
				in := c.Out.Blocks[at[0]].Phis[at[1]]
				if in.Args()[0] == in.Args()[1] {
					continue // the same value either way
				}
				out = append(out, site{What: fmt.Sprintf("b%d: %s", at[0], in.Dsts()[0]), Build: func() (*ir.Func, hints, bool) {
					g, h := c.Clone()
					in := g.Blocks[at[0]].Phis[at[1]]
					gs := slices.Clone(in.Gates())
					gs[0], gs[1] = gs[1], gs[0]
					in.SetGates(gs)
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name:  "gate-weaken",
		Doc:   "make a gamma's first gate true, in the matrix too",
		Sites: func(c *mutation.Case[hints]) []site { return weakenSites(c, nil) },
	},
	{
		Name:  "cert-wrong-step",
		Doc:   "make a gamma's first gate true (in the matrix too) and answer the validator's questions with a solver whose certificates have wrong steps",
		Sites: func(c *mutation.Case[hints]) []site { return weakenSites(c, lyingSolver) },
	},
	{
		Name:  "mu-swap",
		Doc:   "swap the arguments of a mu",
		Sites: func(c *mutation.Case[hints]) []site { return argSwapSites(c, merges(c.Out, ir.OpMu)) },
	},
	{
		Name: "eta-to-latch",
		Doc:  "move an eta from its loop exit to the start of its loop's latch",
		Sites: func(c *mutation.Case[hints]) []site {
			var out []site
			for _, b := range c.Out.Blocks {
				for i, in := range b.Instrs {
					if in.Op != ir.OpEta {
						continue
					}
					b, i := b.Index, i
					out = append(out, site{What: fmt.Sprintf("b%d: %s", b, in.Dsts()[0]), Build: func() (*ir.Func, hints, bool) {
						g, h := c.Clone()
						eta := g.Blocks[b].Instrs[i]
						hd := -1
						for _, x := range g.Blocks {
							for _, mu := range x.Phis {
								if mu.Op == ir.OpMu && mu.Dsts()[0] == eta.Args()[0] {
									hd = x.Index
								}
							}
						}
						if hd < 0 {
							return nil, nil, false
						}
						latch := g.Blocks[g.Blocks[hd].Preds[1]]
						if g.Analyze().Dom.Dominates(hd, g.Blocks[hd].Preds[0]) {
							latch = g.Blocks[g.Blocks[hd].Preds[0]]
						}
						g.Blocks[b].Instrs = slices.Delete(g.Blocks[b].Instrs, i, i+1)
						latch.Instrs = slices.Insert(latch.Instrs, 0, eta)
						return g, h, true
					}})
				}
			}
			return out
		},
	},
}

var destructKinds = []kind{
	{
		Name:  "phi-order",
		Doc:   "swap two arguments of a phi that was a gamma",
		Sites: func(c *mutation.Case[hints]) []site { return argSwapSites(c, merges(c.In, ir.OpGamma)) },
	},
}

// lyingSolver's certificate for a satisfiable query is wrong only in
// its steps that rule models out: the checker rejects it, and accepts
// the rest as a refutation of the query with those steps added.
func TestLyingSolver(t *testing.T) {
	cnf := [][]int{{1, 2}, {-1, 3}}
	ok, _, proof := lyingSolver(3, cnf)
	if ok || len(proof) == 0 {
		t.Fatalf("lyingSolver answered sat %v with %d steps, want unsat with a certificate", ok, len(proof))
	}
	if err := sat.CheckRUP(3, cnf, proof); err == nil {
		t.Fatal("the lying certificate of a satisfiable query accepted")
	}
	n := 0
	for n < len(proof) && len(proof[n]) == 1 && sat.CheckRUP(3, append(slices.Clone(cnf), proof[:n]...), proof[n:]) != nil {
		n++
	}
	if n == 0 || n == len(proof) {
		t.Fatalf("no prefix of wrong unit steps found in %v", proof)
	}
}
