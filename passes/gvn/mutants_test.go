// This file defines the mutation kinds of the GVN validator's mutation
// suite (mutation_test.go, on the shared harness of internal/mutation).
// Each kind enumerates the sites of one honest GVN result (the function
// g and its hints: the numbering, the blocks where a memory version
// starts, the removals) where it applies, and builds from a site a
// mutant: deep copies of g and of the hints with the change a GVN with
// one particular bug would make. Every kind's mutants are wrong (but
// where the values it merges happen to be equal at run time), so the
// validator should reject them all; an accepted one must at least leave
// the program's behaviour alone.

package gvn

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"math/rand"
	"slices"

	"github.com/vssa-go/vssa/internal/mutation"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// The harness's types, for these hints and this context.
type (
	gkind = mutation.Kind[*validate.GVNHints, *gctx]
	gsite = mutation.Site[*validate.GVNHints]
)

// gvnKinds are the kinds of mutation, in report order.
var gvnKinds = []gkind{
	{
		Name: "merge-differing",
		Doc:  "number a register like a register of another class (of its type, defined before the use) and replace a use of it by that register",
		Sites: func(c *gctx) []gsite {
			var out []gsite
			for _, u := range c.operands() {
				a := *u.ref(c.g)
				out = append(out, gsite{What: fmt.Sprintf("%s: %s → a register of another class", u, a), Build: func() (*ir.Func, *validate.GVNHints, bool) {
					var cands []ir.Reg
					for z := range ir.Reg(c.in.NumRegs()) {
						if c.num(z) != c.num(a) && c.kept(z) && types.Identical(c.in.TypeOf(z), c.in.TypeOf(a)) && c.availableAt(z, u) {
							cands = append(cands, z)
						}
					}
					if len(cands) == 0 {
						return nil, nil, false
					}
					z := cands[c.rng.Intn(len(cands))]
					g, h := c.clone()
					*u.ref(g) = z
					merge(h.Number, a, z)
					return g, h, true
				}})
			}
			return out
		},
	},
	{
		Name: "non-dominating-leader",
		Doc:  "replace a use by a register of its class whose definition does not strictly dominate the use (another branch's, or a later one)",
		Sites: func(c *gctx) []gsite {
			return c.leaderSites(func(z ir.Reg, u operand) bool {
				ub, ui := c.useAt(u)
				d := c.gDef[z]
				return !c.dominatesInGraph(d.block, d.index, ub, ui)
			})
		},
	},
	{
		Name: "leader-across-recover",
		Doc:  "reuse in a block the recover block reaches a value of the entry block, which dominates it in the graph but may not have run when a panic is recovered: a use replaced by a register of its class defined there, or a memory read merged with one of the entry block of the same key but for the version (as if the recover block went on with the memory the entry block leaves)",
		Sites: func(c *gctx) []gsite {
			out := c.leaderSites(func(z ir.Reg, u operand) bool {
				ub, ui := c.useAt(u)
				d, ad := c.gDef[z], c.gDef[*u.ref(c.g)]
				// Not one defined before the register the use reads: that one
				// is defined wherever the use runs (the validator allows it).
				return d.block == 0 && c.recov[ub] && c.dominatesInGraph(d.block, d.index, ub, ui) && !c.precedes(d.block, d.index, ad.block, ad.index)
			})
			reads := c.keptInstrs(func(in *ir.Instr) bool { return c.in.ValueKind(in) == ir.ValueMemory })
			for _, l2 := range reads {
				for _, l1 := range reads {
					if l1.block != 0 || !c.recov[l2.block] || !c.sameKey(c.inInstr(l1), c.inInstr(l2)) {
						continue
					}
					out = append(out, gsite{What: fmt.Sprintf("%s (%s) merged into %s of the entry block", l2, ir.FormatInstr(c.in, c.in.Blocks[l2.block], c.inInstr(l2)), l1), Build: func() (*ir.Func, *validate.GVNHints, bool) {
						g, h := c.mergeReads(l1, l2)
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name:  "load-across-store",
		Doc:   "merge two memory reads of congruent addresses across a write that is no call (or a join whose predecessors leave other versions): the later one removed, its uses reading the earlier one, both numbered alike",
		Sites: func(c *gctx) []gsite { return c.acrossSites(false) },
	},
	{
		Name:  "load-across-call",
		Doc:   "merge two memory reads of congruent addresses across a call: the later one removed, its uses reading the earlier one, both numbered alike",
		Sites: func(c *gctx) []gsite { return c.acrossSites(true) },
	},
	{
		Name: "load-past-call",
		Doc:  "reorder a memory read and a later call of its block: the read moved after the call (its result not read before), or the call before the read (its operands defined before)",
		Sites: func(c *gctx) []gsite {
			var out []gsite
			for _, b := range c.g.Blocks {
				for i, in := range b.Instrs {
					if c.g.ValueKind(in) != ir.ValueMemory {
						continue
					}
					j := slices.IndexFunc(b.Instrs[i+1:], func(x *ir.Instr) bool { return x.Op.Has(ir.Calls) })
					if j < 0 {
						continue
					}
					j += i + 1
					call := b.Instrs[j]
					what := fmt.Sprintf("b%d: %s and %s", b.Index, ir.FormatInstr(c.g, b, in), ir.FormatInstr(c.g, b, call))
					switch {
					case !readsAny(b.Instrs[i+1:j+1], in.Dsts()):
						out = append(out, gsite{What: what + ": read after the call", Build: func() (*ir.Func, *validate.GVNHints, bool) {
							g, h := c.clone()
							is := g.Blocks[b.Index].Instrs
							moved := is[i]
							copy(is[i:j], is[i+1:j+1])
							is[j] = moved
							return g, h, true
						}})
					case c.definedBefore(call.Args(), b.Index, i):
						out = append(out, gsite{What: what + ": call before the read", Build: func() (*ir.Func, *validate.GVNHints, bool) {
							g, h := c.clone()
							is := g.Blocks[b.Index].Instrs
							moved := is[j]
							copy(is[i+1:j+1], is[i:j])
							is[i] = moved
							return g, h, true
						}})
					}
				}
			}
			return out
		},
	},
	{
		Name: "forge-memfresh",
		Doc:  "leave a block where a memory version starts out of MemFresh, and merge a memory read whose version starts there with an earlier read of its key (one the forged versions make congruent, if there is one; the hint alone if there is none)",
		Sites: func(c *gctx) []gsite {
			var out []gsite
			for k, j := range c.h.MemFresh {
				fresh := slices.Delete(slices.Clone(c.h.MemFresh), k, k+1)
				forged, _, _ := memVersions(c.in, c.rpo, fresh)
				pairs := c.readPairs(func(l1, l2 loc) bool {
					return forged[l1.block][l1.index] == forged[l2.block][l2.index] && c.ver[l1.block][l1.index] != c.ver[l2.block][l2.index]
				})
				if len(pairs) == 0 {
					// None that the forged versions make congruent (the validator
					// takes a join's version from its first predecessor in reverse
					// postorder): a read whose version starts at j merged with an
					// earlier one, as if j went on with another predecessor's.
					pairs = c.readPairs(func(l1, l2 loc) bool { return c.ver[l2.block][l2.index] == int32(j) })
				}
				if len(pairs) == 0 {
					out = append(out, gsite{What: fmt.Sprintf("b%d left out of MemFresh", j), Build: func() (*ir.Func, *validate.GVNHints, bool) {
						g, h := c.clone()
						h.MemFresh = fresh
						return g, h, true
					}})
				}
				for _, p := range pairs {
					out = append(out, gsite{What: fmt.Sprintf("b%d left out of MemFresh, %s merged into %s", j, p[1], p[0]), Build: func() (*ir.Func, *validate.GVNHints, bool) {
						g, h := c.mergeReads(p[0], p[1])
						h.MemFresh = fresh
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "check-other-operands",
		Doc:  "remove a check, claiming as its cover a dominating check of other operands' numbers or another kind",
		Sites: func(c *gctx) []gsite {
			var out []gsite
			checks := c.keptInstrs(func(in *ir.Instr) bool { return in.Op.Has(ir.IsCheck) })
			for _, l := range checks {
				for _, d := range checks {
					if d == l || !c.precedes(d.block, d.index, l.block, l.index) || c.sameKey(c.inInstr(d), c.inInstr(l)) {
						continue
					}
					out = append(out, c.dropSite(l, d, "covered by a check of other operands"))
				}
			}
			return out
		},
	},
	{
		Name: "cover-not-dominating",
		Doc:  "remove a check, claiming as its cover a check of its key that does not strictly dominate it: another branch's, an entry block's one for a block the recover block reaches, or one the result removed, then kept instead (the leader picked in the wrong order)",
		Sites: func(c *gctx) []gsite {
			var out []gsite
			for _, l := range c.keptInstrs(func(in *ir.Instr) bool { return in.Op.Has(ir.IsCheck) }) {
				for di, b := range c.in.Blocks {
					for dk, in := range b.Instrs {
						d := loc{di, dk}
						if d == l || !in.Op.Has(ir.IsCheck) || !c.sameKey(in, c.inInstr(l)) {
							continue
						}
						switch {
						case c.gIndex[di][dk] < 0:
							if s, ok := c.swapCoverSite(l, d); ok {
								out = append(out, s)
							}
						case !c.precedes(di, dk, l.block, l.index):
							out = append(out, c.dropSite(l, d, "covered by a check that does not dominate it"))
						}
					}
				}
			}
			return out
		},
	},
	{
		Name: "drop-check",
		Doc:  "remove a check the result keeps, with no cover",
		Sites: func(c *gctx) []gsite {
			var out []gsite
			for _, l := range c.keptInstrs(func(in *ir.Instr) bool { return in.Op.Has(ir.IsCheck) }) {
				out = append(out, c.dropSite(l, loc{-1, 0}, "no cover"))
			}
			return out
		},
	},
	{
		Name: "fold-narrow",
		Doc:  "fold an operation on constants to the value it has at another integer width or signedness (a float one at the other precision; else to another wrong constant): a folded constant changed, or an operation the validator's folder leaves alone folded",
		Sites: func(c *gctx) []gsite {
			var out []gsite
			for _, b := range c.g.Blocks {
				for gi, out0 := range b.Instrs {
					if len(out0.Dsts()) != 1 {
						continue
					}
					in := c.in.Blocks[b.Index].Instrs[c.inIndex[b.Index][gi]]
					var wrong []constant.Value
					var what string
					switch {
					case out0.Op == ir.OpConst && in.Op != ir.OpConst:
						right := c.g.ConstValue(out0)
						vals, ok := c.operandConsts(in)
						if !ok {
							continue
						}
						wrong, what = c.otherWidths(in, vals, right), "at another width"
						if len(wrong) == 0 {
							if w, ok := mutation.OtherConst(right, c.g.TypeOf(out0.Dst())); ok {
								wrong, what = []constant.Value{w}, "to another constant"
							}
						}
					case out0.Op != ir.OpConst && c.in.ValueKind(in) == ir.ValuePure && c.in.CannotPanic(in):
						vals, ok := c.operandConsts(in)
						if !ok {
							continue
						}
						if _, folds := c.foldIn(in); folds {
							continue
						}
						w, ok := otherPrecision(in.Op, c.in.TypeOf(in.Dst()), vals)
						if !ok {
							continue
						}
						wrong, what = []constant.Value{w}, "unfoldable, at the other precision"
					}
					if len(wrong) == 0 {
						continue
					}
					out = append(out, gsite{What: fmt.Sprintf("b%d: %s folded %s", b.Index, ir.FormatInstr(c.in, c.in.Blocks[b.Index], in), what), Build: func() (*ir.Func, *validate.GVNHints, bool) {
						w := wrong[c.rng.Intn(len(wrong))]
						g, h := c.clone()
						k := ir.NewInstr(ir.OpConst, in.Pos, []ir.Reg{in.Dst()}, nil)
						k.SetConst(w)
						g.Blocks[b.Index].Instrs[gi] = k
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "phi-other-block",
		Doc:  "replace the uses of a phi by a phi of a dominating block whose arguments have equal numbers (or would, with the phis numbered alike, as a numbering whose phi keys forget the block finds), merging the classes in the numbering",
		Sites: func(c *gctx) []gsite {
			var out []gsite
			for pb, b := range c.in.Blocks {
				for pi, p := range b.Phis {
					if c.gPhi[pb][pi] < 0 {
						continue
					}
					for qb, qblk := range c.in.Blocks {
						if qb == pb || len(qblk.Preds) != len(b.Preds) || !c.dom.StrictlyDominates(qb, pb) {
							continue
						}
						for qi, q := range qblk.Phis {
							if c.gPhi[qb][qi] < 0 || !types.Identical(c.in.TypeOf(p.Dst()), c.in.TypeOf(q.Dst())) {
								continue
							}
							num, ok := c.phiMerge(p.Dst(), q.Dst())
							if !ok {
								continue
							}
							out = append(out, gsite{What: fmt.Sprintf("b%d: %s replaced by %s of b%d", pb, p.Dst(), q.Dst(), qb), Build: func() (*ir.Func, *validate.GVNHints, bool) {
								g, h := c.clone()
								h.Number = slices.Clone(num)
								gb := g.Blocks[pb]
								gb.Phis = slices.Delete(gb.Phis, c.gPhi[pb][pi], c.gPhi[pb][pi]+1)
								replaceUses(g, p.Dst(), q.Dst())
								h.Removed = append(h.Removed, validate.Removal{Block: int32(pb), Phi: true, Index: int32(pi), CoverBlock: -1})
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
		Name: "phi-partial-trivial",
		Doc:  "take a phi whose arguments have different numbers for a copy of one of them (as a numbering that skips arguments it has not reached would): its uses read that argument, the phi removed, numbered like it",
		Sites: func(c *gctx) []gsite {
			var out []gsite
			for pb, b := range c.in.Blocks {
				for pi, p := range b.Phis {
					gi := c.gPhi[pb][pi]
					if gi < 0 {
						continue
					}
					gphi := c.g.Blocks[pb].Phis[gi]
					for k, a := range gphi.Args() {
						d := c.gDef[a]
						// The argument must be defined above the join, so that it is
						// available wherever the phi is.
						if int(a) >= len(c.inDef) || c.num(a) == c.num(p.Dst()) || !c.precedes(d.block, d.index, pb, -1) ||
							slices.IndexFunc(gphi.Args(), func(x ir.Reg) bool { return c.num(x) != c.num(a) }) < 0 {
							continue
						}
						out = append(out, gsite{What: fmt.Sprintf("b%d: %s taken for its argument %d, %s", pb, p.Dst(), k, a), Build: func() (*ir.Func, *validate.GVNHints, bool) {
							g, h := c.clone()
							gb := g.Blocks[pb]
							gb.Phis = slices.Delete(gb.Phis, gi, gi+1)
							replaceUses(g, p.Dst(), a)
							merge(h.Number, p.Dst(), a)
							h.Removed = append(h.Removed, validate.Removal{Block: int32(pb), Phi: true, Index: int32(pi), CoverBlock: -1})
							return g, h, true
						}})
					}
				}
			}
			return out
		},
	},
	{
		Name: "fold-through-phi",
		Doc:  "fold an integer, boolean or string operation on constants and phis with a constant argument as if each phi held that constant (what one round of optimistic numbering, the arguments around loops not reached yet, finds)",
		Sites: func(c *gctx) []gsite {
			var out []gsite
			c.classConsts()
			for _, b := range c.g.Blocks {
				for gi, o := range b.Instrs {
					in := c.in.Blocks[b.Index].Instrs[c.inIndex[b.Index][gi]]
					if o.Op == ir.OpConst || len(in.Dsts()) != 1 || c.in.ValueKind(in) != ir.ValuePure || !c.in.CannotPanic(in) {
						continue
					}
					var vals []constant.Value
					var typs []types.Type
					viaPhi := false
					for _, a := range in.Args() {
						v, phi, ok := c.constOrPhiConst(a)
						if !ok {
							vals = nil
							break
						}
						viaPhi = viaPhi || phi
						vals, typs = append(vals, v), append(typs, c.in.TypeOf(a))
					}
					if !viaPhi || len(vals) != len(in.Args()) {
						continue
					}
					w, ok := ir.Fold(in.Op, c.in.TypeOf(in.Dst()), typs, vals)
					if !ok {
						continue
					}
					out = append(out, gsite{What: fmt.Sprintf("b%d: %s folded to %s", b.Index, ir.FormatInstr(c.in, c.in.Blocks[b.Index], in), w.ExactString()), Build: func() (*ir.Func, *validate.GVNHints, bool) {
						g, h := c.clone()
						k := ir.NewInstr(ir.OpConst, in.Pos, []ir.Reg{in.Dst()}, nil)
						k.SetConst(w)
						g.Blocks[b.Index].Instrs[gi] = k
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "drop-store",
		Doc:  "remove a store, listed as removed (covered by a dominating store of the same address and value numbers, if there is one)",
		Sites: func(c *gctx) []gsite {
			var out []gsite
			stores := c.keptInstrs(func(in *ir.Instr) bool { return in.Op == ir.OpStore })
			for _, l := range stores {
				cover := loc{-1, 0}
				for _, d := range stores {
					if d != l && c.precedes(d.block, d.index, l.block, l.index) && c.sameKey(c.inInstr(d), c.inInstr(l)) {
						cover = d
					}
				}
				out = append(out, c.dropSite(l, cover, "a store"))
			}
			return out
		},
	},
	{
		Name: "key-missing-attribute",
		Doc:  "merge two operations on operands of equal numbers that differ only in an attribute (field, symbol, flags): the later one removed, its uses reading the earlier one, both numbered alike",
		Sites: func(c *gctx) []gsite {
			var out []gsite
			ops := c.keptInstrs(func(in *ir.Instr) bool {
				k := c.in.ValueKind(in)
				return in.Op != ir.OpConst && len(in.Dsts()) > 0 && (k == ir.ValuePure || k == ir.ValueMemory)
			})
			for _, l2 := range ops {
				i2 := c.inInstr(l2)
				for _, l1 := range ops {
					i1 := c.inInstr(l1)
					if l1 == l2 || i1.Op != i2.Op || !c.precedes(l1.block, l1.index, l2.block, l2.index) ||
						c.sameAttrs(i1, i2) || !c.sameResultTypes(i1, i2) || !c.sameOperands(i1, i2) ||
						c.in.ValueKind(i1) == ir.ValueMemory && c.ver[l1.block][l1.index] != c.ver[l2.block][l2.index] {
						continue
					}
					out = append(out, gsite{What: fmt.Sprintf("%s (%s) merged into %s (%s)", l2, ir.FormatInstr(c.in, c.in.Blocks[l2.block], i2), l1, ir.FormatInstr(c.in, c.in.Blocks[l1.block], i1)), Build: func() (*ir.Func, *validate.GVNHints, bool) {
						g, h := c.mergeReads(l1, l2)
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "same-params",
		Doc:  "number two parameters (or free variables) of one type alike and replace the uses of one by the other",
		Sites: func(c *gctx) []gsite {
			var out []gsite
			ps := slices.Concat(c.in.Params, c.in.FreeVars)
			for _, p := range ps {
				for _, q := range ps {
					if p == q || !types.Identical(c.in.TypeOf(p), c.in.TypeOf(q)) {
						continue
					}
					out = append(out, gsite{What: fmt.Sprintf("%s numbered and used as %s", q, p), Build: func() (*ir.Func, *validate.GVNHints, bool) {
						g, h := c.clone()
						replaceUses(g, q, p)
						merge(h.Number, q, p)
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "merge-unique",
		Doc:  "merge two operations of one key whose results are each their own (allocations, calls, conversions to fresh slices, receives…): the later one removed, its uses reading the earlier one, both numbered alike",
		Sites: func(c *gctx) []gsite {
			return c.pairSites(func(in *ir.Instr) bool {
				return in.Op != ir.OpPhi && len(in.Dsts()) > 0 && c.in.ValueKind(in) == ir.ValueUnique
			}, func(i1, i2 *ir.Instr) bool { return c.sameKey(i1, i2) })
		},
	},
	{
		Name: "commute-noncommuting",
		Doc:  "swap the operands of an operation whose operator does not commute (subtraction, division, shifts, orderings, a bounds check), as a numbering that puts every key's operands in canonical order would",
		Sites: func(c *gctx) []gsite {
			var out []gsite
			for _, b := range c.g.Blocks {
				for gi, o := range b.Instrs {
					args := o.Args()
					if len(args) != 2 || args[0] == ir.NoReg || args[1] == ir.NoReg || int(args[0]) >= len(c.inDef) || int(args[1]) >= len(c.inDef) ||
						c.num(args[0]) == c.num(args[1]) || !types.Identical(c.g.TypeOf(args[0]), c.g.TypeOf(args[1])) || c.g.Commutes(o) ||
						!(c.g.ValueKind(o) == ir.ValuePure || o.Op.Has(ir.IsCheck)) {
						continue
					}
					out = append(out, gsite{What: fmt.Sprintf("b%d: %s with operands swapped", b.Index, ir.FormatInstr(c.g, b, o)), Build: func() (*ir.Func, *validate.GVNHints, bool) {
						g, h := c.clone()
						a := g.Blocks[b.Index].Instrs[gi].Args()
						a[0], a[1] = a[1], a[0]
						return g, h, true
					}})
				}
			}
			return out
		},
	},
	{
		Name: "const-other-type",
		Doc:  "merge two constants of one value but different types (a named type and its underlying type, two widths): the later one removed, its uses reading the earlier one, both numbered alike",
		Sites: func(c *gctx) []gsite {
			return c.pairSites(func(in *ir.Instr) bool { return in.Op == ir.OpConst && c.in.ConstValue(in) != nil }, func(i1, i2 *ir.Instr) bool {
				return !types.Identical(c.in.TypeOf(i1.Dst()), c.in.TypeOf(i2.Dst())) && sameValue(c.in.ConstValue(i1), c.in.ConstValue(i2))
			})
		},
	},
	{
		Name: "random-hints",
		Doc:  "one to three random changes of the hints (a number, a fresh block, a removal added, dropped, duplicated or re-covered, out of range included), sometimes with an instruction removed from the result: the validator must not panic, and what it accepts must behave the same",
		Sites: func(c *gctx) []gsite {
			var out []gsite
			for k := range 8 {
				out = append(out, gsite{What: fmt.Sprintf("random changes #%d", k), Build: func() (*ir.Func, *validate.GVNHints, bool) {
					rng := rand.New(rand.NewSource(c.rng.Int63() + int64(k)))
					g, h := c.clone()
					changed := false
					for n := 1 + rng.Intn(3); n > 0; n-- {
						changed = c.randomChange(rng, g, h) || changed
					}
					return g, h, changed
				}})
			}
			return out
		},
	},
	mutation.ChangeOp(honestCase),
	mutation.ChangeConst(honestCase),
}

// leaderSites are the sites of the kinds that replace a use by another
// register of its class that g keeps, one for which bad says yes.
func (c *gctx) leaderSites(bad func(z ir.Reg, u operand) bool) []gsite {
	var out []gsite
	for _, u := range c.operands() {
		a := *u.ref(c.g)
		var cands []ir.Reg
		for _, z := range c.classOf(c.num(a)) {
			if z != a && c.kept(z) && bad(z, u) {
				cands = append(cands, z)
			}
		}
		if len(cands) == 0 {
			continue
		}
		out = append(out, gsite{What: fmt.Sprintf("%s: %s → %v", u, a, cands), Build: func() (*ir.Func, *validate.GVNHints, bool) {
			g, h := c.clone()
			*u.ref(g) = cands[c.rng.Intn(len(cands))]
			return g, h, true
		}})
	}
	return out
}

// readPairs lists the pairs of memory reads g keeps, with one key but
// for the memory version, the first preceding the second, for which
// ok says yes.
func (c *gctx) readPairs(ok func(l1, l2 loc) bool) [][2]loc {
	var out [][2]loc
	reads := c.keptInstrs(func(in *ir.Instr) bool { return c.in.ValueKind(in) == ir.ValueMemory })
	for _, l2 := range reads {
		i2 := c.inInstr(l2)
		for _, l1 := range reads {
			i1 := c.inInstr(l1)
			if l1 == l2 || !c.precedes(l1.block, l1.index, l2.block, l2.index) || !c.sameKey(i1, i2) ||
				c.num(i1.Dsts()[0]) == c.num(i2.Dsts()[0]) || !ok(l1, l2) {
				continue
			}
			out = append(out, [2]loc{l1, l2})
		}
	}
	return out
}

// acrossSites are the sites of load-across-call (call) and
// load-across-store: pairs of reads whose versions differ, by what
// starts the later read's version.
func (c *gctx) acrossSites(call bool) []gsite {
	var out []gsite
	nb := len(c.in.Blocks)
	for _, p := range c.readPairs(func(l1, l2 loc) bool { return c.ver[l1.block][l1.index] != c.ver[l2.block][l2.index] }) {
		v := int(c.ver[p[1].block][p[1].index])
		across := fmt.Sprintf("the join b%d", v)
		isCall := false
		if v >= nb {
			w := c.writers[v-nb]
			wi := c.inInstr(w)
			across = fmt.Sprintf("%s (%s)", w, ir.FormatInstr(c.in, c.in.Blocks[w.block], wi))
			isCall = wi.Op.Has(ir.Calls) || wi.Op == ir.OpDefer
		}
		if isCall != call {
			continue
		}
		i2 := c.inInstr(p[1])
		out = append(out, gsite{What: fmt.Sprintf("%s (%s) merged into %s across %s", p[1], ir.FormatInstr(c.in, c.in.Blocks[p[1].block], i2), p[0], across), Build: func() (*ir.Func, *validate.GVNHints, bool) {
			g, h := c.mergeReads(p[0], p[1])
			return g, h, true
		}})
	}
	return out
}

// mergeReads removes the instruction at l2 from a copy of g, its uses
// reading the results of the one at l1 (which must precede it), and
// numbers their results alike; l1 covers l2 if l2 may panic.
func (c *gctx) mergeReads(l1, l2 loc) (*ir.Func, *validate.GVNHints) {
	i1, i2 := c.inInstr(l1), c.inInstr(l2)
	g, h := c.clone()
	cover := loc{-1, 0}
	if !c.in.CannotPanic(i2) {
		cover = l1
	}
	c.drop(g, h, l2, cover)
	for j, d := range i2.Dsts() {
		replaceUses(g, d, i1.Dsts()[j])
		merge(h.Number, d, i1.Dsts()[j])
	}
	return g, h
}

// dropSite is a site that removes the input's instruction at l from g,
// covered by the one at cover (block -1: none).
func (c *gctx) dropSite(l, cover loc, why string) gsite {
	what := fmt.Sprintf("%s (%s) removed, %s", l, ir.FormatInstr(c.in, c.in.Blocks[l.block], c.inInstr(l)), why)
	if cover.block >= 0 {
		what += fmt.Sprintf(": %s (%s)", cover, ir.FormatInstr(c.in, c.in.Blocks[cover.block], c.inInstr(cover)))
	}
	return gsite{What: what, Build: func() (*ir.Func, *validate.GVNHints, bool) {
		g, h := c.clone()
		c.drop(g, h, l, cover)
		return g, h, true
	}}
}

// swapCoverSite is a site of cover-not-dominating: the kept check at
// l removed, and the check of its key at d, which the result removed,
// kept instead (reading what d's honest cover reads in g) as l's
// cover and as the cover of the removals l covered.
func (c *gctx) swapCoverSite(l, d loc) (gsite, bool) {
	k := slices.IndexFunc(c.h.Removed, func(m validate.Removal) bool { return !m.Phi && int(m.Block) == d.block && int(m.Index) == d.index })
	if k < 0 {
		return gsite{}, false
	}
	e := loc{int(c.h.Removed[k].CoverBlock), int(c.h.Removed[k].CoverIndex)}
	if e.block < 0 || c.gIndex[e.block][e.index] < 0 {
		return gsite{}, false
	}
	what := fmt.Sprintf("%s (%s) removed, %s kept instead as its cover", l, ir.FormatInstr(c.in, c.in.Blocks[l.block], c.inInstr(l)), d)
	return gsite{What: what, Build: func() (*ir.Func, *validate.GVNHints, bool) {
		g, h := c.clone()
		dropped := g.Blocks[l.block].Instrs[c.gIndex[l.block][l.index]]
		kept := c.inInstr(d).Clone()
		copy(kept.Args(), g.Blocks[e.block].Instrs[c.gIndex[e.block][e.index]].Args())
		pos := 0 // d's place among the instructions g keeps
		for j := range d.index {
			if c.gIndex[d.block][j] >= 0 {
				pos++
			}
		}
		db := g.Blocks[d.block]
		db.Instrs = slices.Insert(db.Instrs, pos, kept)
		lb := g.Blocks[l.block]
		i := slices.Index(lb.Instrs, dropped)
		lb.Instrs = slices.Delete(lb.Instrs, i, i+1)
		h.Removed = slices.Delete(h.Removed, k, k+1)
		for j, m := range h.Removed {
			if !m.Phi && int(m.CoverBlock) == l.block && int(m.CoverIndex) == l.index {
				h.Removed[j].CoverBlock, h.Removed[j].CoverIndex = int32(d.block), int32(d.index)
			}
		}
		h.Removed = slices.Insert(h.Removed, 0, validate.Removal{Block: int32(l.block), Index: int32(l.index), CoverBlock: int32(d.block), CoverIndex: int32(d.index)})
		return g, h, true
	}}, true
}

// pairSites are the sites of the kinds that merge two instructions g
// keeps, for which ok says yes, the first preceding the second, for
// which same says yes: the second removed, its uses reading the first.
func (c *gctx) pairSites(ok func(*ir.Instr) bool, same func(i1, i2 *ir.Instr) bool) []gsite {
	var out []gsite
	list := c.keptInstrs(ok)
	for _, l2 := range list {
		i2 := c.inInstr(l2)
		for _, l1 := range list {
			i1 := c.inInstr(l1)
			if l1 == l2 || !c.precedes(l1.block, l1.index, l2.block, l2.index) || !same(i1, i2) {
				continue
			}
			out = append(out, gsite{What: fmt.Sprintf("%s (%s) merged into %s (%s)", l2, ir.FormatInstr(c.in, c.in.Blocks[l2.block], i2), l1, ir.FormatInstr(c.in, c.in.Blocks[l1.block], i1)), Build: func() (*ir.Func, *validate.GVNHints, bool) {
				g, h := c.mergeReads(l1, l2)
				return g, h, true
			}})
		}
	}
	return out
}

// randomChange makes one random change to the hints h of the result g
// (and sometimes to g), out-of-range values included, and reports
// whether it changed anything.
func (c *gctx) randomChange(rng *rand.Rand, g *ir.Func, h *validate.GVNHints) bool {
	n, nb := len(h.Number), len(c.in.Blocks)
	reg := func() ir.Reg { return ir.Reg(rng.Intn(n+4) - 2) }
	block := func() int { return rng.Intn(nb+2) - 1 }
	index := func(b int) int {
		if b < 0 || b >= nb {
			return rng.Intn(3) - 1
		}
		return rng.Intn(len(c.in.Blocks[b].Instrs)+2) - 1
	}
	removal := func() validate.Removal {
		b, cb := block(), block()
		return validate.Removal{Block: int32(b), Phi: rng.Intn(4) == 0, Index: int32(index(b)), CoverBlock: int32(cb), CoverIndex: int32(index(cb))}
	}
	switch rng.Intn(9) {
	case 0: // a number, anything
		if n > 0 {
			h.Number[rng.Intn(n)] = reg()
			return true
		}
	case 1: // a number, another register's
		if n > 1 {
			h.Number[rng.Intn(n)] = h.Number[rng.Intn(n)]
			return true
		}
	case 2: // a fresh block added
		h.MemFresh = append(h.MemFresh, block())
		return true
	case 3: // a fresh block dropped
		if len(h.MemFresh) > 0 {
			k := rng.Intn(len(h.MemFresh))
			h.MemFresh = slices.Delete(h.MemFresh, k, k+1)
			return true
		}
	case 4: // a removal added
		h.Removed = append(h.Removed, removal())
		return true
	case 5: // a removal dropped
		if len(h.Removed) > 0 {
			k := rng.Intn(len(h.Removed))
			h.Removed = slices.Delete(h.Removed, k, k+1)
			return true
		}
	case 6: // a removal duplicated
		if len(h.Removed) > 0 {
			h.Removed = append(h.Removed, h.Removed[rng.Intn(len(h.Removed))])
			return true
		}
	case 7: // a removal re-covered
		if len(h.Removed) > 0 {
			k, cb := rng.Intn(len(h.Removed)), block()
			h.Removed[k].CoverBlock, h.Removed[k].CoverIndex = int32(cb), int32(index(cb))
			return true
		}
	case 8: // an instruction removed from g, listed with a random cover
		b := g.Blocks[rng.Intn(len(g.Blocks))]
		if len(b.Instrs) < 2 {
			return false
		}
		i := rng.Intn(len(b.Instrs) - 1)
		r := removal()
		r.Block, r.Phi, r.Index = int32(b.Index), false, int32(c.inIndex[b.Index][i])
		b.Instrs = slices.Delete(b.Instrs, i, i+1)
		h.Removed = append(h.Removed, r)
		return true
	}
	return false
}

// constOrPhiConst returns the constant the class of r holds, or, if r
// is a phi that has an argument whose class holds a constant, that
// constant (phi true): what an optimistic numbering that stopped after
// its first round, the arguments around loops not reached yet, would
// take the phi for.
func (c *gctx) constOrPhiConst(r ir.Reg) (v constant.Value, phi, ok bool) {
	if r == ir.NoReg {
		return nil, false, false
	}
	if c.hasC[c.num(r)] {
		v = c.consts[c.num(r)]
		return v, false, v != nil
	}
	_, in := c.throughCopies(r)
	if in == nil || in.Op != ir.OpPhi {
		return nil, false, false
	}
	for _, a := range in.Args() {
		if w := c.consts[c.num(a)]; c.hasC[c.num(a)] && w != nil {
			return w, true, true
		}
	}
	return nil, false, false
}

// throughCopies follows the copies that define r in the input to the
// register they copy, and returns it with its definition (nil for a
// parameter).
func (c *gctx) throughCopies(r ir.Reg) (ir.Reg, *ir.Instr) {
	for {
		in := c.defInstr(r)
		if in == nil || in.Op != ir.OpCopy {
			return r, in
		}
		r = in.Args()[0]
	}
}

// readsAny reports whether an instruction of list reads one of rs.
func readsAny(list []*ir.Instr, rs []ir.Reg) bool {
	for _, in := range list {
		for _, a := range in.Args() {
			if a != ir.NoReg && slices.Contains(rs, a) {
				return true
			}
		}
	}
	return false
}

// definedBefore reports whether every register of rs is defined in g
// before instruction i of block b.
func (c *gctx) definedBefore(rs []ir.Reg, b, i int) bool {
	for _, r := range rs {
		if r == ir.NoReg {
			continue
		}
		if int(r) >= len(c.gDef) {
			return false
		}
		if d := c.gDef[r]; !c.precedes(d.block, d.index, b, i) {
			return false
		}
	}
	return true
}

// phiMerge tries to number phi p like phi q of another block, as a
// numbering that keys phis without their block would: the classes of
// the pairs of arguments merge in turn, through phis and through pure
// operations of one key but for their operands' numbers. It returns the
// numbering with the classes merged, or false when p and q differ for
// such a numbering too (an argument pair of different constants,
// parameters, or operations of different keys).
func (c *gctx) phiMerge(p, q ir.Reg) ([]ir.Reg, bool) {
	parent := map[ir.Reg]ir.Reg{}
	find := func(x ir.Reg) ir.Reg {
		for {
			y, ok := parent[x]
			if !ok {
				return x
			}
			x = y
		}
	}
	work := [][2]ir.Reg{{p, q}}
	for steps := 0; len(work) > 0; steps++ {
		if steps > 64 {
			return nil, false
		}
		x, y := work[len(work)-1][0], work[len(work)-1][1]
		work = work[:len(work)-1]
		a, b := find(c.num(x)), find(c.num(y))
		if a == b {
			continue
		}
		x, ix := c.throughCopies(x)
		y, iy := c.throughCopies(y)
		if ix == nil || iy == nil || !types.Identical(c.in.TypeOf(x), c.in.TypeOf(y)) {
			return nil, false
		}
		switch {
		case ix.Op == ir.OpPhi && iy.Op == ir.OpPhi && len(ix.Args()) == len(iy.Args()):
		case ix.Op != ir.OpPhi && c.in.ValueKind(ix) == ir.ValuePure && c.in.ValueKind(iy) == ir.ValuePure && c.sameAttrs(ix, iy) &&
			slices.Index(ix.Dsts(), x) == slices.Index(iy.Dsts(), y):
		default:
			return nil, false
		}
		parent[a] = b
		for i, ax := range ix.Args() {
			ay := iy.Args()[i]
			if ax == ir.NoReg || ay == ir.NoReg {
				if ax != ay {
					return nil, false
				}
				continue
			}
			work = append(work, [2]ir.Reg{ax, ay})
		}
	}
	num := slices.Clone(c.h.Number)
	for r := range num {
		num[r] = find(num[r])
	}
	return num, true
}

// intKinds are the integer kinds of every width and signedness.
var intKinds = []types.BasicKind{types.Int8, types.Uint8, types.Int16, types.Uint16, types.Int32, types.Uint32, types.Int64, types.Uint64}

// otherWidths returns the values other than right that in, which
// ir.Fold folds to right from the constants vals, would have with its
// integer operands and result (but a shift count, and a conversion's
// operand) of another width or signedness: what a folder that wraps to
// the wrong type computes.
func (c *gctx) otherWidths(in *ir.Instr, vals []constant.Value, right constant.Value) []constant.Value {
	var out []constant.Value
	res := c.in.TypeOf(in.Dst())
	resInt := mutation.IsBasic(res, types.IsInteger)
	for _, k := range intKinds {
		alt := types.Typ[k]
		rt := res
		if resInt {
			rt = alt
		}
		var typs []types.Type
		for i, a := range in.Args() {
			t := c.in.TypeOf(a)
			shiftCount := i == 1 && (in.Op == ir.OpShl || in.Op == ir.OpShr)
			if in.Op != ir.OpConvert && !shiftCount && mutation.IsBasic(t, types.IsInteger) {
				t = alt
			}
			typs = append(typs, t)
		}
		v, ok := ir.Fold(in.Op, rt, typs, vals)
		if ok && !sameValue(v, right) && !slices.ContainsFunc(out, func(w constant.Value) bool { return sameValue(v, w) }) {
			out = append(out, v)
		}
	}
	return out
}

// otherPrecision returns a wrong value for a floating-point operation
// op of result type t on the constants vals: the exact result rounded
// to the other precision (float32 for float64 and back), or, when that
// is the right value too, that value plus one.
func otherPrecision(op ir.Op, t types.Type, vals []constant.Value) (constant.Value, bool) {
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsFloat == 0 {
		return nil, false
	}
	for _, v := range vals {
		if k := v.Kind(); k != constant.Int && k != constant.Float {
			return nil, false
		}
	}
	var exact constant.Value
	switch {
	case len(vals) == 1 && op == ir.OpNeg:
		exact = constant.UnaryOp(token.SUB, vals[0], 0)
	case len(vals) == 1 && op == ir.OpConvert:
		exact = vals[0]
	case len(vals) == 2:
		tok, ok := map[ir.Op]token.Token{ir.OpAdd: token.ADD, ir.OpSub: token.SUB, ir.OpMul: token.MUL, ir.OpDiv: token.QUO}[op]
		if !ok || op == ir.OpDiv && constant.Sign(vals[1]) == 0 {
			return nil, false
		}
		exact = constant.BinaryOp(vals[0], tok, vals[1])
	default:
		return nil, false
	}
	round := func(v constant.Value, single bool) constant.Value {
		if single {
			f, _ := constant.Float32Val(constant.ToFloat(v))
			return constant.MakeFloat64(float64(f))
		}
		f, _ := constant.Float64Val(constant.ToFloat(v))
		return constant.MakeFloat64(f)
	}
	single := b.Kind() == types.Float32
	right, wrong := round(exact, single), round(exact, !single)
	if sameValue(right, wrong) {
		return mutation.OtherConst(right, t)
	}
	return wrong, true
}
