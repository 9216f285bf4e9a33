// This file defines the mutation kinds of the mem2reg validator's
// mutation suite (mutation_test.go, on the shared harness of
// internal/mutation). Each kind enumerates the sites of one honest
// mem2reg result (the SSA function g and its hints) where it applies,
// and builds from a site a mutant: a deep copy of g and of the hints
// with one change. Most kinds break the result; rename-versions (an
// alpha-renaming) and reorder-phis (the phis of a block run in parallel)
// do not, so the validator may accept them, and then the program must
// behave the same.

package mem2reg

import (
	"fmt"
	"go/constant"
	"go/types"
	"maps"
	"math/rand"
	"slices"

	"github.com/vssa-go/vssa/internal/mutation"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
	"github.com/vssa-go/vssa/validate"
)

// The harness's types, for these hints and this context.
type (
	mutationKind = mutation.Kind[*validate.Mem2RegHints, *mctx]
	mutationSite = mutation.Site[*validate.Mem2RegHints]
)

// mctx is what the kinds know about one function: the normalised input
// n, the honest result g with its hints h, and facts about g.
type mctx struct {
	honest   *mutation.Case[*validate.Mem2RegHints]
	n        *ir.Func
	promoted *ir.Func // n with its variables promoted (n itself if none), before SSA construction
	g        *ir.Func
	h        *validate.Mem2RegHints
	rng      *rand.Rand

	dom      *graph.DomTree
	def      []defSite           // per register of g
	versions map[ir.Reg][]ir.Reg // register of promoted → its versions defined in g
	byType   map[string][]ir.Reg // printed type → registers of g defined in g
}

// origOf is the register of promoted that register r of g is a version
// of: the hints name those of the registers g adds, the others are
// their own.
func (c *mctx) origOf(r ir.Reg) ir.Reg {
	if n := c.added(); int(r) >= n {
		return c.h.SSA.Orig[int(r)-n]
	}
	return r
}

// added is the number of the first register g adds to promoted.
func (c *mctx) added() int { return c.g.NumRegs() - len(c.h.SSA.Orig) }

// defSite is where a register of g is defined: parameters, free
// variables and phis have index -1 (defined before the instructions of
// their block).
type defSite struct {
	ok    bool
	block int
	index int
}

func newMctx(hc *mutation.Case[*validate.Mem2RegHints]) *mctx {
	n, g := hc.In, hc.Out
	s, _ := promote(n, new(buffers))
	c := &mctx{honest: hc, n: n, promoted: s.f, g: g, h: hc.Hints, rng: hc.Rng, dom: g.Dom(), def: make([]defSite, g.NumRegs()), versions: map[ir.Reg][]ir.Reg{}}
	define := func(r ir.Reg, b, i int) {
		if r >= 0 && int(r) < len(c.def) {
			c.def[r] = defSite{true, b, i}
		}
	}
	for _, p := range g.Params {
		define(p, 0, -1)
	}
	for _, p := range g.FreeVars {
		define(p, 0, -1)
	}
	for _, b := range g.Blocks {
		for _, phi := range b.Phis {
			define(phi.Dsts()[0], b.Index, -1)
		}
		for i, in := range b.Instrs {
			for _, d := range in.Dsts() {
				define(d, b.Index, i)
			}
		}
	}
	for r, d := range c.def {
		if o := c.origOf(ir.Reg(r)); d.ok && o != ir.NoReg {
			c.versions[o] = append(c.versions[o], ir.Reg(r))
		}
	}
	return c
}

// honestCase is the honest result c is about.
func honestCase(c *mctx) *mutation.Case[*validate.Mem2RegHints] { return c.honest }

// clone returns deep copies of g and of the hints.
func (c *mctx) clone() (*ir.Func, *validate.Mem2RegHints) { return c.honest.Clone() }

func cloneHints(h *validate.Mem2RegHints) *validate.Mem2RegHints {
	return &validate.Mem2RegHints{
		Promote: &validate.PromoteHints{Vars: slices.Clone(h.Promote.Vars)},
		SSA:     &validate.SSAHints{Orig: slices.Clone(h.SSA.Orig)},
	}
}

// sameType returns the registers of g, defined in g, whose type is
// identical to t.
func (c *mctx) sameType(t types.Type) []ir.Reg {
	if c.byType == nil {
		c.byType = map[string][]ir.Reg{}
		for r, d := range c.def {
			if d.ok && c.g.TypeOf(ir.Reg(r)) != nil {
				k := ir.TypeString(c.g.TypeOf(ir.Reg(r)))
				c.byType[k] = append(c.byType[k], ir.Reg(r))
			}
		}
	}
	var out []ir.Reg
	for _, r := range c.byType[ir.TypeString(t)] {
		if types.Identical(c.g.TypeOf(r), t) {
			out = append(out, r)
		}
	}
	return out
}

// operand is one operand of g: argument arg of a phi or of an instruction.
type operand struct {
	block int
	phi   bool
	index int
	arg   int
}

func (u operand) ref(f *ir.Func) *ir.Reg {
	b := f.Blocks[u.block]
	if u.phi {
		return &b.Phis[u.index].Args()[u.arg]
	}
	return &b.Instrs[u.index].Args()[u.arg]
}

func (u operand) String() string {
	if u.phi {
		return fmt.Sprintf("b%d phi %d arg %d", u.block, u.index, u.arg)
	}
	return fmt.Sprintf("b%d instr %d arg %d", u.block, u.index, u.arg)
}

// uses lists the operands of g (phi arguments if phis, else instruction
// operands).
func (c *mctx) uses(phis bool) []operand {
	var out []operand
	for _, b := range c.g.Blocks {
		list := b.Instrs
		if phis {
			list = b.Phis
		}
		for i, in := range list {
			for k, a := range in.Args() {
				if a != ir.NoReg {
					out = append(out, operand{b.Index, phis, i, k})
				}
			}
		}
	}
	return out
}

// available reports whether the definition of x dominates the use u
// (for a phi argument: the end of its predecessor), so that using x
// there keeps g strict.
func (c *mctx) available(x ir.Reg, u operand) bool {
	d := c.def[x]
	if !d.ok {
		return false
	}
	if u.phi {
		return c.dom.Dominates(d.block, c.g.Blocks[u.block].Preds[u.arg])
	}
	if d.block == u.block {
		return d.index < u.index
	}
	return c.dom.StrictlyDominates(d.block, u.block)
}

// choose picks one of cands, preferring those available at u (a mutant
// that stays strict SSA is only caught by the typing, not by ir.Check).
func (c *mctx) choose(cands []ir.Reg, u operand) (ir.Reg, bool) {
	var good []ir.Reg
	for _, x := range cands {
		if c.available(x, u) {
			good = append(good, x)
		}
	}
	if len(good) > 0 {
		return good[c.rng.Intn(len(good))], true
	}
	if len(cands) > 0 {
		return cands[c.rng.Intn(len(cands))], true
	}
	return ir.NoReg, false
}

// replaceUses replaces every operand old of f by new.
func replaceUses(f *ir.Func, old, new ir.Reg) {
	for _, b := range f.Blocks {
		for _, list := range [][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				for k, a := range in.Args() {
					if a == old {
						in.Args()[k] = new
					}
				}
			}
		}
	}
}

// renameRegs swaps registers x and y everywhere in f.
func renameRegs(f *ir.Func, x, y ir.Reg) {
	swap := func(rs []ir.Reg) {
		for k, r := range rs {
			switch r {
			case x:
				rs[k] = y
			case y:
				rs[k] = x
			}
		}
	}
	swap(f.Params)
	swap(f.FreeVars)
	for _, b := range f.Blocks {
		for _, list := range [][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				swap(in.Args())
				swap(in.Dsts())
			}
		}
	}
}

// rebuild runs the Cytron builder on a (mutated) promoted function, so
// that a mutation of the promotion comes with a consistent SSA half.
func rebuild(promoted *ir.Func, vars []ir.Reg) (*ir.Func, *validate.Mem2RegHints, bool) {
	g, sh, err := cytron(unpromoted(promoted))
	if err != nil {
		return nil, nil, false
	}
	return g, &validate.Mem2RegHints{Promote: &validate.PromoteHints{Vars: vars}, SSA: sh}, true
}

// valueReg returns the register of the promoted function that holds the
// value of variable p (the hints give it by p's place in their list).
func (c *mctx) valueReg(p ir.Reg) (ir.Reg, bool) {
	k := slices.Index(c.h.Promote.Vars, p)
	if k < 0 {
		return ir.NoReg, false
	}
	return ir.Reg(c.n.NumRegs() + k), true
}

// otherVar returns a promoted variable other than p whose type is p's.
func (c *mctx) otherVar(p ir.Reg) (ir.Reg, bool) {
	var cands []ir.Reg
	for _, q := range c.h.Promote.Vars {
		if q != p && types.Identical(c.n.TypeOf(q), c.n.TypeOf(p)) {
			cands = append(cands, q)
		}
	}
	if len(cands) == 0 {
		return ir.NoReg, false
	}
	slices.Sort(cands)
	return cands[c.rng.Intn(len(cands))], true
}

// mutationKinds are the kinds of mutation, in report order.
var mutationKinds = []mutationKind{
	{
		Name: "phi-swap-args",
		Doc:  "swap two different arguments of a phi",
		Sites: func(c *mctx) []mutationSite {
			var out []mutationSite
			for _, b := range c.g.Blocks {
				for pi, phi := range b.Phis {
					for i := range phi.Args() {
						for j := i + 1; j < len(phi.Args()); j++ {
							if phi.Args()[i] == phi.Args()[j] {
								continue
							}
							out = append(out, mutationSite{What: fmt.Sprintf("b%d: swap arguments %d and %d of phi %s", b.Index, i, j, phi.Dsts()[0]), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
								g, h := c.clone()
								a := g.Blocks[b.Index].Phis[pi].Args()
								a[i], a[j] = a[j], a[i]
								return g, h, true
							}})
						}
					}
				}
			}
			return out
		},
	},
	{
		Name: "use-other-version",
		Doc:  "replace an instruction operand by another version of the same input register",
		Sites: func(c *mctx) []mutationSite {
			return c.versionSites(false)
		},
	},
	{
		Name: "phi-arg-other-version",
		Doc:  "replace a phi argument by another version of the same input register",
		Sites: func(c *mctx) []mutationSite {
			return c.versionSites(true)
		},
	},
	{
		Name: "phi-arg-own-result",
		Doc:  "replace a phi argument by the phi's own result",
		Sites: func(c *mctx) []mutationSite {
			var out []mutationSite
			for _, u := range c.uses(true) {
				res := c.g.Blocks[u.block].Phis[u.index].Dsts()[0]
				if *u.ref(c.g) == res {
					continue
				}
				out = append(out, mutationSite{What: fmt.Sprintf("%s: %s → %s", u, *u.ref(c.g), res), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
					g, h := c.clone()
					*u.ref(g) = res
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "drop-phi",
		Doc:  "remove a phi and replace the uses of its result by one of its arguments",
		Sites: func(c *mctx) []mutationSite {
			var out []mutationSite
			for _, b := range c.g.Blocks {
				for pi, phi := range b.Phis {
					res := phi.Dsts()[0]
					// Prefer an argument defined above the join: it is available
					// wherever the phi's result was.
					k := c.rng.Intn(len(phi.Args()))
					for j, a := range phi.Args() {
						if d := c.def[a]; d.ok && a != res && c.dom.StrictlyDominates(d.block, b.Index) {
							k = j
							break
						}
					}
					arg := phi.Args()[k]
					out = append(out, mutationSite{What: fmt.Sprintf("b%d: drop phi %s, uses → %s (argument %d)", b.Index, res, arg, k), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
						g, h := c.clone()
						gb := g.Blocks[b.Index]
						gb.Phis = slices.Delete(gb.Phis, pi, pi+1)
						replaceUses(g, res, arg)
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "move-def",
		Doc:  "move a defining instruction to another position, in its block or another",
		Sites: func(c *mctx) []mutationSite {
			var out []mutationSite
			for _, b := range c.g.Blocks {
				for i, in := range b.Instrs {
					if len(in.Dsts()) == 0 || in.Op.IsTerminator() {
						continue
					}
					// Targets: positions before the terminator of any block, but
					// the instruction's own.
					var targets [][2]int
					for _, tb := range c.g.Blocks {
						for j := 0; j < len(tb.Instrs); j++ {
							if tb.Index == b.Index && j >= len(tb.Instrs)-1 {
								continue // the terminator stays last
							}
							if tb.Index != b.Index || j != i {
								targets = append(targets, [2]int{tb.Index, j})
							}
						}
					}
					if len(targets) == 0 {
						continue
					}
					t := targets[c.rng.Intn(len(targets))]
					out = append(out, mutationSite{What: fmt.Sprintf("b%d instr %d (%s) → b%d position %d", b.Index, i, ir.FormatInstr(c.g, b, in), t[0], t[1]), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
						g, h := c.clone()
						from := g.Blocks[b.Index]
						moved := from.Instrs[i]
						from.Instrs = slices.Delete(from.Instrs, i, i+1)
						to := g.Blocks[t[0]]
						to.Instrs = slices.Insert(to.Instrs, t[1], moved)
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "swap-instrs",
		Doc:  "swap two adjacent instructions of a block",
		Sites: func(c *mctx) []mutationSite {
			var out []mutationSite
			for _, b := range c.g.Blocks {
				for i := 0; i+2 < len(b.Instrs); i++ {
					x, y := ir.FormatInstr(c.g, b, b.Instrs[i]), ir.FormatInstr(c.g, b, b.Instrs[i+1])
					if x == y {
						continue
					}
					out = append(out, mutationSite{What: fmt.Sprintf("b%d: swap instrs %d (%s) and %d (%s)", b.Index, i, x, i+1, y), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
						g, h := c.clone()
						is := g.Blocks[b.Index].Instrs
						is[i], is[i+1] = is[i+1], is[i]
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "reorder-phis",
		Doc:  "reverse the order of the phis of a block (they run in parallel: equivalent)",
		Sites: func(c *mctx) []mutationSite {
			var out []mutationSite
			for _, b := range c.g.Blocks {
				if len(b.Phis) < 2 {
					continue
				}
				out = append(out, mutationSite{What: fmt.Sprintf("b%d: %d phis reversed", b.Index, len(b.Phis)), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
					g, h := c.clone()
					slices.Reverse(g.Blocks[b.Index].Phis)
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "move-phi",
		Doc:  "move a phi to another join block with as many predecessors",
		Sites: func(c *mctx) []mutationSite {
			var out []mutationSite
			for _, b := range c.g.Blocks {
				for pi, phi := range b.Phis {
					var targets []int
					for _, tb := range c.g.Blocks {
						if tb.Index != b.Index && len(tb.Preds) == len(b.Preds) {
							targets = append(targets, tb.Index)
						}
					}
					if len(targets) == 0 {
						continue
					}
					to := targets[c.rng.Intn(len(targets))]
					out = append(out, mutationSite{What: fmt.Sprintf("b%d: phi %s moved to b%d", b.Index, phi.Dsts()[0], to), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
						g, h := c.clone()
						from := g.Blocks[b.Index]
						moved := from.Phis[pi]
						from.Phis = slices.Delete(from.Phis, pi, pi+1)
						g.Blocks[to].Phis = append(g.Blocks[to].Phis, moved)
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "reorder-preds",
		Doc:  "reorder the predecessors of a join block without permuting its phis' arguments",
		Sites: func(c *mctx) []mutationSite {
			var out []mutationSite
			for _, b := range c.g.Blocks {
				for j := 1; j < len(b.Preds); j++ {
					if b.Preds[j] == b.Preds[0] {
						continue
					}
					out = append(out, mutationSite{What: fmt.Sprintf("b%d (%d phis): swap predecessors 0 (b%d) and %d (b%d)", b.Index, len(b.Phis), b.Preds[0], j, b.Preds[j]), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
						g, h := c.clone()
						p := g.Blocks[b.Index].Preds
						p[0], p[j] = p[j], p[0]
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "swap-if-succs",
		Doc:  "swap the two successors of an if",
		Sites: func(c *mctx) []mutationSite {
			var out []mutationSite
			for _, b := range c.g.Blocks {
				if t := b.Terminator(); t == nil || t.Op != ir.OpIf || len(b.Succs) != 2 || b.Succs[0] == b.Succs[1] {
					continue
				}
				out = append(out, mutationSite{What: fmt.Sprintf("b%d: if successors b%d, b%d swapped", b.Index, b.Succs[0], b.Succs[1]), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
					g, h := c.clone()
					s := g.Blocks[b.Index].Succs
					s[0], s[1] = s[1], s[0]
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "use-other-register",
		Doc:  "replace an operand by a register of the same type that is not a version of the same input register",
		Sites: func(c *mctx) []mutationSite {
			var out []mutationSite
			for _, u := range append(c.uses(true), c.uses(false)...) {
				a := *u.ref(c.g)
				out = append(out, mutationSite{What: fmt.Sprintf("%s: %s → another register", u, a), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
					o := c.origOf(a)
					var cands []ir.Reg
					for _, x := range c.sameType(c.g.TypeOf(a)) {
						if x != a && (o == ir.NoReg || c.origOf(x) != o) {
							cands = append(cands, x)
						}
					}
					x, ok := c.choose(cands, u)
					if !ok {
						return nil, nil, false
					}
					g, h := c.clone()
					*u.ref(g) = x
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "hint-other-register",
		Doc:  "change the hint of a register the result adds (Orig) to another input register of the same type",
		Sites: func(c *mctx) []mutationSite {
			var out []mutationSite
			for r, d := range c.def {
				if r < c.added() {
					continue // the input's registers are their own versions: no hint to change
				}
				o := c.origOf(ir.Reg(r))
				if !d.ok || o == ir.NoReg {
					continue
				}
				out = append(out, mutationSite{What: fmt.Sprintf("Orig[r%d] = %s → another register", r, o), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
					var cands []ir.Reg
					for x, t := range c.promoted.RegTypes() {
						if x != o && t != nil && types.Identical(t, c.g.TypeOf(ir.Reg(r))) {
							cands = append(cands, x)
						}
					}
					if len(cands) == 0 {
						return nil, nil, false
					}
					g, h := c.clone()
					h.SSA.Orig[r-c.added()] = cands[c.rng.Intn(len(cands))]
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "delete-copy",
		Doc:  "delete a copy instruction and replace the uses of its result by its operand",
		Sites: func(c *mctx) []mutationSite {
			var out []mutationSite
			for _, b := range c.g.Blocks {
				for i, in := range b.Instrs {
					if in.Op != ir.OpCopy {
						continue
					}
					dst, src := in.Dsts()[0], in.Args()[0]
					out = append(out, mutationSite{What: fmt.Sprintf("b%d: delete %s", b.Index, ir.FormatInstr(c.g, b, in)), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
						g, h := c.clone()
						gb := g.Blocks[b.Index]
						gb.Instrs = slices.Delete(gb.Instrs, i, i+1)
						replaceUses(g, dst, src)
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	mutation.ChangeConst(honestCase),
	{
		Name: "rename-versions",
		Doc:  "swap two versions of one input register everywhere (alpha-renaming: equivalent)",
		Sites: func(c *mctx) []mutationSite {
			var out []mutationSite
			origs := slices.Sorted(maps.Keys(c.versions))
			for _, o := range origs {
				vs := c.versions[o]
				for i := 0; i+1 < len(vs); i++ {
					x, y := vs[i], vs[i+1]
					out = append(out, mutationSite{What: fmt.Sprintf("versions %s and %s of %s swapped", x, y, o), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
						g, h := c.clone()
						renameRegs(g, x, y)
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "promote-escaping",
		Doc:  "promote the loads and stores of an allocation the promotion left alone (its address escapes), keep the allocation for the other uses, then rebuild SSA",
		Sites: func(c *mctx) []mutationSite {
			var out []mutationSite
			for _, b := range c.n.Blocks {
				for _, in := range b.Instrs {
					if in.Op != ir.OpAlloc {
						continue
					}
					p := in.Dsts()[0]
					if slices.Contains(c.h.Promote.Vars, p) {
						continue
					}
					out = append(out, mutationSite{What: fmt.Sprintf("b%d: promote %s", b.Index, ir.FormatInstr(c.n, b, in)), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
						// The buggy promoter this imitates reads and writes a register
						// where the program's other uses of p (a call, a closure, a
						// field address, the recover block) see the memory.
						pr := c.promoted.Clone()
						vars := append(slices.Clone(c.h.Promote.Vars), p)
						v := pr.NewReg(c.n.TypeOf(p).Underlying().(*types.Pointer).Elem())
						if int(v) != c.n.NumRegs()+len(vars)-1 {
							panic("test: the promoted function has registers besides the variables'")
						}
						for _, pb := range pr.Blocks {
							for i, in := range pb.Instrs {
								switch {
								case in.Op == ir.OpLoad && in.Args()[0] == p:
									pb.Instrs[i] = ir.NewInstr(ir.OpCopy, in.Pos, in.Dsts(), []ir.Reg{v})
								case in.Op == ir.OpStore && in.Args()[0] == p:
									pb.Instrs[i] = ir.NewInstr(ir.OpCopy, in.Pos, []ir.Reg{v}, []ir.Reg{in.Args()[1]})
								}
							}
						}
						if g, h, ok := rebuild(pr, vars); ok {
							return g, h, true
						}
						// The SSA builder refused (v may be read before it is
						// written): keep the honest SSA half.
						g, h := c.clone()
						h.Promote.Vars = vars
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "promote-load-wrong-var",
		Doc:  "make a promoted load read another variable of the same type, then rebuild SSA",
		Sites: func(c *mctx) []mutationSite {
			return c.promotedAccessSites(ir.OpLoad)
		},
	},
	{
		Name: "promote-store-wrong-var",
		Doc:  "make a promoted store write another variable of the same type, then rebuild SSA",
		Sites: func(c *mctx) []mutationSite {
			return c.promotedAccessSites(ir.OpStore)
		},
	},
	{
		Name: "promote-nonzero-init",
		Doc:  "initialise a promoted variable with a non-zero constant, then rebuild SSA",
		Sites: func(c *mctx) []mutationSite {
			var out []mutationSite
			for _, b := range c.n.Blocks {
				for i, in := range b.Instrs {
					v, ok := c.valueReg(in.Dst())
					if in.Op != ir.OpAlloc || !ok {
						continue
					}
					k, ok := mutation.OtherConst(nil, c.promoted.TypeOf(v))
					if !ok {
						continue
					}
					out = append(out, mutationSite{What: fmt.Sprintf("b%d: variable %s starts as %s", b.Index, in.Dst(), k.ExactString()), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
						pr := c.promoted.Clone()
						pr.Blocks[b.Index].Instrs[i].SetConst(k)
						return rebuild(pr, slices.Clone(c.h.Promote.Vars))
					}})
				}
			}
			return out
		},
	},
	{
		Name: "promote-hint-swap",
		Doc:  "swap the registers of two promoted variables of the same type in the hints only",
		Sites: func(c *mctx) []mutationSite {
			var out []mutationSite
			ps := c.h.Promote.Vars
			for i, p := range ps {
				for j := i + 1; j < len(ps); j++ {
					q := ps[j]
					if !types.Identical(c.n.TypeOf(p), c.n.TypeOf(q)) {
						continue
					}
					out = append(out, mutationSite{What: fmt.Sprintf("variables %s and %s exchange registers", p, q), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
						g, h := c.clone()
						h.Promote.Vars[i], h.Promote.Vars[j] = q, p
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "random-changes",
		Doc:  "one to three random changes of the result or its hints (randomChange), many making it ill-formed: the validator must not panic, and what it and the IR checker accept must behave the same",
		Sites: func(c *mctx) []mutationSite {
			var out []mutationSite
			for k := range 24 {
				out = append(out, mutationSite{What: fmt.Sprintf("random changes #%d", k), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
					rng := rand.New(rand.NewSource(c.rng.Int63() + int64(k)))
					g, h := c.clone()
					var log []string
					for n := 1 + rng.Intn(3); n > 0; n-- {
						if what := randomChange(rng, c.n, g, h); what != "" {
							log = append(log, what)
						}
					}
					return g, h, len(log) > 0
				}})
			}
			return out
		},
	},
	mutation.ChangeOp(honestCase),
}

// versionSites are the sites of use-other-version (phis false) and
// phi-arg-other-version (phis true).
func (c *mctx) versionSites(phis bool) []mutationSite {
	var out []mutationSite
	for _, u := range c.uses(phis) {
		a := *u.ref(c.g)
		o := c.origOf(a)
		if o == ir.NoReg || len(c.versions[o]) < 2 {
			continue
		}
		out = append(out, mutationSite{What: fmt.Sprintf("%s: %s → another version of %s", u, a, o), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
			var cands []ir.Reg
			for _, v := range c.versions[o] {
				if v != a {
					cands = append(cands, v)
				}
			}
			x, ok := c.choose(cands, u)
			if !ok {
				return nil, nil, false
			}
			g, h := c.clone()
			*u.ref(g) = x
			return g, h, true
		}})
	}
	return out
}

// promotedAccessSites are the sites of promote-load-wrong-var (op load)
// and promote-store-wrong-var (op store): the access to p reads or writes
// the register of another variable q, and SSA is rebuilt.
func (c *mctx) promotedAccessSites(op ir.Op) []mutationSite {
	var out []mutationSite
	for _, b := range c.n.Blocks {
		for i, in := range b.Instrs {
			if in.Op != op {
				continue
			}
			p := in.Args()[0]
			if !slices.Contains(c.h.Promote.Vars, p) {
				continue
			}
			out = append(out, mutationSite{What: fmt.Sprintf("b%d: %s uses another variable than %s", b.Index, ir.FormatInstr(c.n, b, in), p), Build: func() (*ir.Func, *validate.Mem2RegHints, bool) {
				q, ok := c.otherVar(p)
				if !ok {
					return nil, nil, false
				}
				pr := c.promoted.Clone()
				pin := pr.Blocks[b.Index].Instrs[i]
				v, _ := c.valueReg(q)
				if op == ir.OpLoad {
					pin.Args()[0] = v
				} else {
					pin.Dsts()[0] = v
				}
				return rebuild(pr, slices.Clone(c.h.Promote.Vars))
			}})
		}
	}
	return out
}

// randomChange applies one random change to a result or its hints,
// and says which: an operand, a result, a hint, a promotion hint, the
// order of two instructions, a phi dropped or added, an instruction of
// the input shared, a new register of a random type, a constant, an
// operation (kinds that are no instruction kind included), a parameter,
// a nil instruction. (Moved here from the mem2reg validator's review,
// where it ran on seeds with fixed inputs.) The input's instructions are
// never changed, nor those the mutant shares with it.
func randomChange(rng *rand.Rand, before, after *ir.Func, h *validate.Mem2RegHints) string {
	reg := func() ir.Reg { return ir.Reg(rng.Intn(after.NumRegs()+4) - 2) }
	// sameType picks a register of the result of the type of x, if any.
	sameType := func(x ir.Reg) ir.Reg {
		if rng.Intn(4) == 0 || !after.HasReg(x) {
			return reg()
		}
		var cands []ir.Reg
		for r, t := range after.RegTypes() {
			if t != nil && types.Identical(t, after.TypeOf(x)) {
				cands = append(cands, r)
			}
		}
		return cands[rng.Intn(len(cands))]
	}
	type site struct {
		b, i  int
		phi   bool
		instr *ir.Instr
	}
	shared := map[*ir.Instr]bool{} // changing these would change the input
	for _, b := range before.Blocks {
		for _, in := range b.Instrs {
			shared[in] = true
		}
	}
	var sites []site
	for _, b := range after.Blocks {
		for i, in := range b.Phis {
			if in != nil {
				sites = append(sites, site{b.Index, i, true, in})
			}
		}
		for i, in := range b.Instrs {
			if in != nil && !shared[in] {
				sites = append(sites, site{b.Index, i, false, in})
			}
		}
	}
	if len(sites) == 0 {
		return ""
	}
	pick := sites[rng.Intn(len(sites))]
	switch rng.Intn(14) {
	case 0, 1, 2: // an operand
		if len(pick.instr.Args()) > 0 {
			k := rng.Intn(len(pick.instr.Args()))
			old := pick.instr.Args()[k]
			pick.instr.Args()[k] = sameType(old)
			return fmt.Sprintf("b%d arg %d of %v: %s -> %s", pick.b, k, pick.instr.Op, old, pick.instr.Args()[k])
		}
	case 3: // a result
		if len(pick.instr.Dsts()) > 0 {
			k := rng.Intn(len(pick.instr.Dsts()))
			pick.instr.Dsts()[k] = sameType(pick.instr.Dsts()[k])
			return fmt.Sprintf("b%d dst of %v -> %s", pick.b, pick.instr.Op, pick.instr.Dsts()[k])
		}
	case 4, 5: // a hint
		if len(h.SSA.Orig) > 0 {
			v := rng.Intn(len(h.SSA.Orig))
			h.SSA.Orig[v] = ir.Reg(rng.Intn(before.NumRegs()+len(h.Promote.Vars)+3) - 2)
			return fmt.Sprintf("orig[r%d] -> %s", v, h.SSA.Orig[v])
		}
	case 6: // a promotion hint
		vars := h.Promote.Vars
		if k := rng.Intn(len(vars) + 1); k < len(vars) {
			switch rng.Intn(3) {
			case 0:
				h.Promote.Vars = slices.Delete(vars, k, k+1)
				return fmt.Sprintf("var %s dropped", vars[k])
			case 1:
				j := rng.Intn(len(vars))
				vars[k], vars[j] = vars[j], vars[k]
				return fmt.Sprintf("vars %d and %d swapped", k, j)
			}
			vars[k] = ir.Reg(rng.Intn(before.NumRegs()+4) - 1)
			return fmt.Sprintf("var %d -> %s", k, vars[k])
		}
		a := ir.Reg(rng.Intn(before.NumRegs()+2) - 1)
		h.Promote.Vars = append(vars, a)
		return fmt.Sprintf("var %s added", a)
	case 7: // swap two instructions of a block
		b := after.Blocks[pick.b]
		if n := len(b.Instrs) - 1; n >= 2 {
			i, j := rng.Intn(n), rng.Intn(n)
			b.Instrs[i], b.Instrs[j] = b.Instrs[j], b.Instrs[i]
			return fmt.Sprintf("b%d swap %d %d", pick.b, i, j)
		}
	case 8: // drop or add a phi
		b := after.Blocks[pick.b]
		if len(b.Phis) > 0 && rng.Intn(2) == 0 {
			k := rng.Intn(len(b.Phis))
			b.Phis = append(b.Phis[:k:k], b.Phis[k+1:]...)
			return fmt.Sprintf("b%d phi %d dropped", pick.b, k)
		}
		phi := ir.NewInstr(ir.OpPhi, 0, []ir.Reg{reg()}, nil)
		for range b.Preds {
			phi.SetArgs(append(phi.Args(), sameType(phi.Dsts()[0])))
		}
		b.Phis = append(b.Phis, phi)
		return fmt.Sprintf("b%d phi added %v <- %v", pick.b, phi.Dsts(), phi.Args())
	case 9: // share the input's instruction
		if !pick.phi && pick.i < len(before.Blocks[pick.b].Instrs) {
			after.Blocks[pick.b].Instrs[pick.i] = before.Blocks[pick.b].Instrs[pick.i]
			return fmt.Sprintf("b%d instr %d shared with the input", pick.b, pick.i)
		}
	case 10: // a new register, of a random type
		ts := []types.Type{types.Typ[types.Int], types.Typ[types.Bool], nil, types.NewPointer(types.Typ[types.Int])}
		after.NewReg(ts[rng.Intn(len(ts))])
		h.SSA.Orig = append(h.SSA.Orig, ir.Reg(rng.Intn(before.NumRegs()+3)-1))
		return "register added"
	case 11: // a constant
		if pick.instr.Op == ir.OpConst {
			cs := []constant.Value{nil, constant.MakeInt64(0), constant.MakeInt64(1)}
			pick.instr.SetConst(cs[rng.Intn(len(cs))])
			return fmt.Sprintf("b%d const -> %v", pick.b, pick.instr.Const())
		}
	case 12: // an operation
		ops := []ir.Op{ir.OpCopy, ir.OpConst, ir.OpLoad, ir.OpStore, ir.OpAlloc, ir.OpPhi, ir.OpAdd, ir.OpInvalid, ir.Op(200)}
		pick.instr.Op = ops[rng.Intn(len(ops))]
		return fmt.Sprintf("b%d op -> %v", pick.b, pick.instr.Op)
	case 13: // a nil instruction, or a parameter
		if rng.Intn(2) == 0 && len(after.Params) > 0 {
			k := rng.Intn(len(after.Params))
			after.Params[k] = reg()
			return fmt.Sprintf("param %d -> %s", k, after.Params[k])
		}
		if pick.phi {
			after.Blocks[pick.b].Phis[pick.i] = nil
		} else {
			after.Blocks[pick.b].Instrs[pick.i] = nil
		}
		return "nil instruction"
	}
	return ""
}
