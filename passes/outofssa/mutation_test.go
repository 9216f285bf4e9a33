// This file is the mutation suite of the out-of-SSA validator, on the
// shared harness (internal/mutation): the honest results on the SSA
// form of every function of the corpus, mutated in the ways below.
// Most kinds break the moves that replace the phis; rename-temp (a
// renaming) keeps behaviour by construction, and duplicate-move may (a
// copy whose source and destination nothing between changes), so the
// validator may accept those, and then the program must behave the
// same.

package outofssa

import (
	"fmt"
	"go/types"
	"math/rand"
	"slices"
	"testing"

	"github.com/vssa-go/vssa/internal/mutation"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/mem2reg"
	"github.com/vssa-go/vssa/passes/normalize"
	"github.com/vssa-go/vssa/validate"
)

func TestMutation(t *testing.T) {
	suite := &mutation.Suite[*validate.OutOfSSAHints, *octx]{
		Pass:     "outofssa",
		Builders: []mutation.Builder[*validate.OutOfSSAHints]{{Name: "outofssa", Run: Run}},
		Prepare:  ssaForm,
		Out:      ir.RTL,
		Validate: validate.OutOfSSA,
		CloneHints: func(h *validate.OutOfSSAHints) *validate.OutOfSSAHints {
			return &validate.OutOfSSAHints{Temps: slices.Clone(h.Temps)}
		},
		HintsString: func(h *validate.OutOfSSAHints) string { return fmt.Sprint(h.Temps) },
		Context:     newOctx,
		Kinds:       kinds,
		MinKinds:    10,
	}
	suite.Test(t)
}

// ssaForm is outofssa's input made of a function of the bridge: its SSA
// form by normalize and mem2reg, each validated, with its copies
// propagated as GVN will (so that phis read each other, and swaps in
// loops need temporaries), checked as SSA (so that it has its register
// counts), or nil.
func ssaForm(f *ir.Func) *ir.Func {
	n, nh, err := normalize.Run(f)
	if err != nil || validate.Normalize(f, n, nh) != nil || ir.Check(n, ir.RTL) != nil {
		return nil
	}
	g, gh, err := mem2reg.Run(n)
	if err != nil || validate.Mem2Reg(n, g, gh) != nil {
		return nil
	}
	g = propagateCopies(g)
	if ir.Check(g, ir.SSA) != nil {
		return nil
	}
	return g
}

// propagateCopies returns a copy of the SSA function f whose operands
// read the sources of copies instead of their results, without the
// copies. (The definition of a copy's source dominates the copy, which
// dominates every use of its result, so the result is strict SSA; the
// suite's honest check runs the program with what outofssa makes of it.)
func propagateCopies(f *ir.Func) *ir.Func {
	g := f.Clone()
	src := map[ir.Reg]ir.Reg{}
	for _, b := range g.Blocks {
		for _, in := range b.Instrs {
			if in.Op == ir.OpCopy {
				src[in.Dsts()[0]] = in.Args()[0]
			}
		}
	}
	root := func(r ir.Reg) ir.Reg {
		for {
			s, ok := src[r]
			if !ok {
				return r
			}
			r = s
		}
	}
	for _, b := range g.Blocks {
		for _, list := range [][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				for k, a := range in.Args() {
					in.Args()[k] = root(a)
				}
			}
		}
		b.Instrs = slices.DeleteFunc(b.Instrs, func(in *ir.Instr) bool { return in.Op == ir.OpCopy })
	}
	return g
}

type (
	kind = mutation.Kind[*validate.OutOfSSAHints, *octx]
	site = mutation.Site[*validate.OutOfSSAHints]
)

// octx is what the kinds know about one honest result: the SSA input
// in, the result g with its hints, and where g's moves are.
type octx struct {
	honest *mutation.Case[*validate.OutOfSSAHints]
	in, g  *ir.Func
	h      *validate.OutOfSSAHints
	rng    *rand.Rand
	moves  []moves
}

// moves are the copies inserted at the end of a block of g: its
// instructions [first, last), before its jump into a join with phis.
type moves struct {
	block, first, last int
	join               int
}

func newOctx(c *mutation.Case[*validate.OutOfSSAHints]) *octx {
	x := &octx{honest: c, in: c.In, g: c.Out, h: c.Hints, rng: c.Rng}
	for i, b := range c.In.Blocks {
		if len(b.Succs) != 1 || len(c.In.Blocks[b.Succs[0]].Phis) == 0 {
			continue
		}
		n := len(c.Out.Blocks[i].Instrs)
		first := len(b.Instrs) - 1
		if n-1 > first {
			x.moves = append(x.moves, moves{i, first, n - 1, b.Succs[0]})
		}
	}
	return x
}

func (x *octx) clone() (*ir.Func, *validate.OutOfSSAHints) { return x.honest.Clone() }

// honestCase is the honest result x is about.
func honestCase(x *octx) *mutation.Case[*validate.OutOfSSAHints] { return x.honest }

// copies lists the moves of g, one site each.
func (x *octx) copies() []struct {
	m moves
	i int
} {
	var out []struct {
		m moves
		i int
	}
	for _, m := range x.moves {
		for i := m.first; i < m.last; i++ {
			out = append(out, struct {
				m moves
				i int
			}{m, i})
		}
	}
	return out
}

// sameType lists the registers of g other than r with r's type.
func (x *octx) sameType(r ir.Reg) []ir.Reg {
	var out []ir.Reg
	for v, t := range x.g.RegTypes() {
		if v != r && t != nil && types.Identical(t, x.g.TypeOf(r)) {
			out = append(out, v)
		}
	}
	return out
}

func (x *octx) pick(rs []ir.Reg) (ir.Reg, bool) {
	if len(rs) == 0 {
		return ir.NoReg, false
	}
	return rs[x.rng.Intn(len(rs))], true
}

// The kinds, in report order.
var kinds = []kind{
	{
		Name: "drop-move",
		Doc:  "delete one of the copies that replace a join's phis",
		Sites: func(x *octx) []site {
			var out []site
			for _, c := range x.copies() {
				out = append(out, site{What: fmt.Sprintf("b%d: delete copy %d", c.m.block, c.i), Build: func() (*ir.Func, *validate.OutOfSSAHints, bool) {
					g, h := x.clone()
					b := g.Blocks[c.m.block]
					b.Instrs = slices.Delete(b.Instrs, c.i, c.i+1)
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "swap-moves",
		Doc:  "swap two consecutive copies of one edge",
		Sites: func(x *octx) []site {
			var out []site
			for _, m := range x.moves {
				for i := m.first; i+1 < m.last; i++ {
					out = append(out, site{What: fmt.Sprintf("b%d: swap copies %d and %d", m.block, i, i+1), Build: func() (*ir.Func, *validate.OutOfSSAHints, bool) {
						g, h := x.clone()
						is := g.Blocks[m.block].Instrs
						is[i], is[i+1] = is[i+1], is[i]
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "move-other-source",
		Doc:  "make a copy read another register of its type",
		Sites: func(x *octx) []site {
			var out []site
			for _, c := range x.copies() {
				src := x.g.Blocks[c.m.block].Instrs[c.i].Args()[0]
				out = append(out, site{What: fmt.Sprintf("b%d: copy %d reads another register than %s", c.m.block, c.i, src), Build: func() (*ir.Func, *validate.OutOfSSAHints, bool) {
					r, ok := x.pick(x.sameType(src))
					if !ok {
						return nil, nil, false
					}
					g, h := x.clone()
					g.Blocks[c.m.block].Instrs[c.i].Args()[0] = r
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "move-other-dest",
		Doc:  "make a copy write another phi result of its type",
		Sites: func(x *octx) []site {
			var out []site
			for _, c := range x.copies() {
				dst := x.g.Blocks[c.m.block].Instrs[c.i].Dsts()[0]
				out = append(out, site{What: fmt.Sprintf("b%d: copy %d writes another register than %s", c.m.block, c.i, dst), Build: func() (*ir.Func, *validate.OutOfSSAHints, bool) {
					var cands []ir.Reg
					for _, phi := range x.in.Blocks[c.m.join].Phis {
						if d := phi.Dsts()[0]; d != dst && types.Identical(x.g.TypeOf(d), x.g.TypeOf(dst)) {
							cands = append(cands, d)
						}
					}
					r, ok := x.pick(cands)
					if !ok {
						return nil, nil, false
					}
					g, h := x.clone()
					g.Blocks[c.m.block].Instrs[c.i].Dsts()[0] = r
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "moves-of-other-edge",
		Doc:  "give a predecessor of a join the copies of another predecessor of it",
		Sites: func(x *octx) []site {
			var out []site
			for _, m := range x.moves {
				for _, o := range x.moves {
					if o.join != m.join || o.block == m.block {
						continue
					}
					out = append(out, site{What: fmt.Sprintf("b%d gets the copies of b%d", m.block, o.block), Build: func() (*ir.Func, *validate.OutOfSSAHints, bool) {
						g, h := x.clone()
						b, ob := g.Blocks[m.block], g.Blocks[o.block]
						var copies []*ir.Instr
						for _, in := range ob.Instrs[o.first:o.last] {
							copies = append(copies, in.Clone())
						}
						b.Instrs = slices.Concat(b.Instrs[:m.first], copies, b.Instrs[m.last:])
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "moves-too-early",
		Doc:  "put a block's copies at its start, before the instructions that compute what they copy",
		Sites: func(x *octx) []site {
			var out []site
			for _, m := range x.moves {
				if m.first == 0 {
					continue
				}
				out = append(out, site{What: fmt.Sprintf("b%d: copies first", m.block), Build: func() (*ir.Func, *validate.OutOfSSAHints, bool) {
					g, h := x.clone()
					b := g.Blocks[m.block]
					b.Instrs = slices.Concat(b.Instrs[m.first:m.last], b.Instrs[:m.first], b.Instrs[m.last:])
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "duplicate-move",
		Doc:  "copy one of the copies again at the end of its sequence",
		Sites: func(x *octx) []site {
			var out []site
			for _, c := range x.copies() {
				out = append(out, site{What: fmt.Sprintf("b%d: copy %d again at the end", c.m.block, c.i), Build: func() (*ir.Func, *validate.OutOfSSAHints, bool) {
					g, h := x.clone()
					b := g.Blocks[c.m.block]
					b.Instrs = slices.Insert(b.Instrs, c.m.last, b.Instrs[c.i].Clone())
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "keep-phi",
		Doc:  "leave a join's phis in the result besides their copies",
		Sites: func(x *octx) []site {
			var out []site
			for i, b := range x.in.Blocks {
				if len(b.Phis) == 0 {
					continue
				}
				out = append(out, site{What: fmt.Sprintf("b%d keeps its phis", i), Build: func() (*ir.Func, *validate.OutOfSSAHints, bool) {
					g, h := x.clone()
					for _, phi := range b.Phis {
						g.Blocks[i].Phis = append(g.Blocks[i].Phis, phi.Clone())
					}
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "temp-undeclared",
		Doc:  "leave a temporary out of the hints",
		Sites: func(x *octx) []site {
			var out []site
			for k, t := range x.h.Temps {
				out = append(out, site{What: fmt.Sprintf("%s not declared", t), Build: func() (*ir.Func, *validate.OutOfSSAHints, bool) {
					g, h := x.clone()
					h.Temps = slices.Delete(h.Temps, k, k+1)
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "temp-is-phi-result",
		Doc:  "write a temporary's value into a phi result of its type instead, declared as a temporary",
		Sites: func(x *octx) []site {
			var out []site
			for _, t := range x.h.Temps {
				out = append(out, site{What: fmt.Sprintf("%s replaced by a phi result", t), Build: func() (*ir.Func, *validate.OutOfSSAHints, bool) {
					var cands []ir.Reg
					for _, b := range x.in.Blocks {
						for _, phi := range b.Phis {
							if d := phi.Dsts()[0]; types.Identical(x.g.TypeOf(d), x.g.TypeOf(t)) {
								cands = append(cands, d)
							}
						}
					}
					r, ok := x.pick(cands)
					if !ok {
						return nil, nil, false
					}
					g, h := x.clone()
					renameReg(g, t, r)
					h.Temps = append(h.Temps, r)
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "rename-temp",
		Doc:  "give a temporary a new register of its type (a renaming: equivalent)",
		Sites: func(x *octx) []site {
			var out []site
			for k, t := range x.h.Temps {
				out = append(out, site{What: fmt.Sprintf("%s renamed", t), Build: func() (*ir.Func, *validate.OutOfSSAHints, bool) {
					g, h := x.clone()
					r := g.NewReg(g.TypeOf(t))
					renameReg(g, t, r)
					h.Temps[k] = r
					return g, h, true
				}})
			}
			return out
		},
	},
	mutation.ChangeOp(honestCase),
	mutation.ChangeConst(honestCase),
}

// renameReg replaces register old by new everywhere in f.
func renameReg(f *ir.Func, old, new ir.Reg) {
	for _, b := range f.Blocks {
		for _, list := range [][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				for _, rs := range [][]ir.Reg{in.Args(), in.Dsts()} {
					for k, r := range rs {
						if r == old {
							rs[k] = new
						}
					}
				}
			}
		}
	}
}
