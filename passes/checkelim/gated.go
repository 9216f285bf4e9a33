// This file searches gated facts (validate's facts_gated.go): facts
// that hold only where a condition does, across the join that set
// them ("if true ok: nonnil p" after `ok := false; if p != nil { ok =
// true }`), for the comparisons the other searches leave undecided.

package checkelim

import (
	"go/types"
	"slices"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Limits of the gated search, which asks the rules for every candidate
// on every edge until none is dropped: past them it does not run.
const (
	maxGatedBlocks     = 300
	maxGatedCandidates = 96
	gatedBranchDepth   = 4 // the dominating branches whose conditions guard a comparison's facts
)

// Gate returns f's certificate h (Decide's, checked by the caller)
// with the comparisons the gated facts decide added, and the facts
// they need at the blocks' starts, or nil if it decides none more. The
// result needs the validator's check as Decide's does; h is not
// changed.
func Gate(f *ir.Func, h *validate.CheckElimHints, contracts validate.Contracts) *validate.CheckElimHints {
	if h == nil || len(f.Blocks) > maxGatedBlocks {
		return nil
	}
	g := newGate(f, h, contracts)
	if len(g.targets) == 0 || len(g.cands) == 0 {
		return nil
	}
	g.flow()
	return g.certificate()
}

// gate is the state of one gated search.
type gate struct {
	e       *elim
	h       *validate.CheckElimHints
	rules   *validate.FactRules
	targets []place           // undecided comparisons the rules read
	cands   []validate.Fact   // the candidates
	in      [][]validate.Fact // per block: the candidates that hold at its start
	asked   int               // blocks whose candidates flow asked about (for its tests)
	edges   int               // edges on which flow asked about them (for its tests)
}

func newGate(f *ir.Func, h *validate.CheckElimHints, contracts validate.Contracts) *gate {
	e := newElim(f, false, contracts)
	g := &gate{e: e, h: h, rules: e.rules}
	decided := map[place]bool{}
	for _, d := range h.Decided {
		decided[place{d.Block, d.Index}] = true
	}
	seen := map[validate.Fact]bool{}
	addCand := func(c validate.Fact) {
		if c = g.folded(c); c.Kind == 0 {
			return
		}
		if !seen[c] && len(g.cands) < maxGatedCandidates {
			seen[c] = true
			g.cands = append(g.cands, c)
		}
	}
	// The branches' edge facts, which carry a condition to the join
	// that sets a flag with it.
	for _, b := range e.rpo {
		for k := range b.Succs {
			for _, c := range g.rules.EdgeFacts(b, k) {
				addCand(c)
			}
		}
	}
	var guarded []validate.Fact
	for _, b := range e.rpo {
		for k, in := range b.Instrs {
			if decided[place{b.Index, k}] || g.rules.OutcomeFacts(in, true, b.Index) == nil && g.rules.OutcomeFacts(in, false, b.Index) == nil {
				continue
			}
			g.targets = append(g.targets, place{b.Index, k})
			for _, outcome := range [2]bool{true, false} {
				for _, c := range g.rules.OutcomeFacts(in, outcome, b.Index) {
					addCand(c)
					for _, guard := range g.guards(b.Index) {
						if g.phiIn(guard) || g.phiIn(c) || guard.Kind == validate.FactTrue || guard.Kind == validate.FactFalse {
							c.If = validate.GuardOf(guard)
							guarded = append(guarded, c)
						}
					}
				}
			}
		}
	}
	for _, c := range guarded {
		addCand(c)
	}
	return g
}

// guards are the facts the edges of the nearest dominating branches
// give towards block u (one edge of each: the one whose successor
// dominates u).
func (g *gate) guards(u int) []validate.Fact {
	var out []validate.Fact
	dom := g.e.dom
	for d, depth := dom.Idom(u), 0; d >= 0 && depth < gatedBranchDepth; d = dom.Idom(d) {
		b := g.e.f.Blocks[d]
		if t := b.Terminator(); t == nil || t.Op != ir.OpIf || len(b.Succs) != 2 {
			continue
		}
		depth++
		for k, s := range b.Succs {
			if dom.Dominates(s, u) && len(g.e.f.Blocks[s].Preds) == 1 {
				for _, c := range g.rules.EdgeFacts(b, k) {
					if c.Kind != validate.FactNonZero || !slices.Contains(out, c) {
						out = append(out, c)
					}
				}
			}
		}
	}
	return out
}

// phiIn reports whether a register of c is a phi's.
func (g *gate) phiIn(c validate.Fact) bool {
	for _, r := range []ir.Reg{c.Reg, c.Y} {
		if r >= 0 && int(r) < len(g.e.def) && g.e.def[r].block >= 0 && g.e.def[r].index < 0 {
			return true
		}
	}
	return false
}

// definedAt reports whether c's registers (its guard's too) are
// defined when block b starts.
func (g *gate) definedAt(c validate.Fact, b int) bool {
	regs := []ir.Reg{c.Reg, c.Y}
	if c.If.Kind != 0 {
		regs = append(regs, c.If.Reg, c.If.Y)
	}
	for _, r := range regs {
		if !g.e.definedAt(r, b) && !g.lengthAt(r, b) {
			return false
		}
	}
	return true
}

// flow drops the candidates that do not hold on some edge into their
// block until none is dropped, from every candidate at every block
// whose registers are defined there (the entry's and the recover
// block's none): the greatest inductive set, as the validator reads it.
func (g *gate) flow() {
	f := g.e.f
	g.in = make([][]validate.Fact, len(f.Blocks))
	for _, b := range g.e.rpo {
		if b.Index == 0 || b.Index == f.Recover {
			continue
		}
		for _, c := range g.cands {
			if g.definedAt(c, b.Index) {
				g.in[b.Index] = append(g.in[b.Index], c)
			}
		}
	}
	// A block's candidates need asking again only once a predecessor
	// lost some: the facts on its edges are those of the predecessor's
	// candidates, and a candidate kept stays implied by them. For the
	// same reason only the edges from the predecessors that lost some
	// are asked again: lost[p] counts block p's losses, askedAt[i][a]
	// is lost[p]+1 of block i's a-th predecessor p when that edge was
	// last asked. The facts at a predecessor's end (walk) are taken
	// once per loss (ends, at endsAt).
	dirty := make([]bool, len(f.Blocks))
	for i := range dirty {
		dirty[i] = true
	}
	lost := make([]int, len(f.Blocks))
	askedAt := make([][]int, len(f.Blocks))
	ends := make([][]validate.Fact, len(f.Blocks))
	endsAt := make([]int, len(f.Blocks))
	for changed := true; changed; {
		changed = false
		for _, b := range g.e.rpo {
			i := b.Index
			if len(g.in[i]) == 0 || !dirty[i] {
				continue
			}
			dirty[i] = false
			had := len(g.in[i])
			if askedAt[i] == nil {
				askedAt[i] = make([]int, len(b.Preds))
			}
			for a, p := range b.Preds {
				if !g.e.dom.Reachable(p) || askedAt[i][a] == lost[p]+1 {
					continue
				}
				askedAt[i][a] = lost[p] + 1
				g.edges++
				pb := f.Blocks[p]
				if endsAt[p] != lost[p]+1 {
					ends[p], endsAt[p] = g.walk(pb, -1), lost[p]+1
				}
				on := g.rules.Set(edgeFacts(g.rules, pb, b, a, ends[p]), i)
				kept := g.in[i][:0]
				for _, c := range g.in[i] {
					if g.rules.ImpliedBy(g.acrossPhis(c, b, a), on, i) {
						kept = append(kept, c)
					} else {
						changed = true
					}
				}
				g.in[i] = kept
			}
			if len(g.in[i]) != had {
				lost[i]++
				for _, s := range b.Succs {
					dirty[s] = true
				}
			}
			g.asked++
		}
	}
}

// walk returns the facts available before instruction stop of block b
// (at its end for stop < 0): its start's, the certificate's and the
// search's, and what its instructions give.
func (g *gate) walk(b *ir.Block, stop int) []validate.Fact {
	entry, in := g.h.Entry[b.Index], g.in[b.Index]
	// Room for about what the instructions give (Gens).
	avail := append(append(make([]validate.Fact, 0, len(entry)+len(in)+len(b.Instrs)), entry...), in...)
	for k, in := range b.Instrs {
		if k == stop {
			break
		}
		avail = g.rules.Gens(in, avail, b.Index)
	}
	return avail
}

// acrossPhis is c as it reads on b's a-th incoming edge.
func (g *gate) acrossPhis(c validate.Fact, b *ir.Block, a int) validate.Fact {
	sub := func(r ir.Reg) ir.Reg {
		if r >= 0 {
			if d := g.e.def[r]; d.block == b.Index && d.index < 0 {
				return g.e.phiOf(r).Args()[a]
			}
		}
		return r
	}
	c.Reg, c.Y = sub(c.Reg), sub(c.Y)
	if c.If.Kind != 0 {
		c.If.Reg, c.If.Y = sub(c.If.Reg), sub(c.If.Y)
	}
	return c
}

// certificate is h with the targets the search's facts decide, and
// those facts at the blocks' starts; nil if it decides none.
func (g *gate) certificate() *validate.CheckElimHints {
	var decided []validate.Decision
	for _, t := range g.targets {
		b := g.e.f.Blocks[t.block]
		in := b.Instrs[t.index]
		set := g.rules.Set(g.walk(b, t.index), t.block)
		for _, outcome := range [2]bool{true, false} {
			fs := g.rules.OutcomeFacts(in, outcome, t.block)
			if fs != nil && !slices.ContainsFunc(fs, func(c validate.Fact) bool { return !g.rules.ImpliedBy(c, set, t.block) }) {
				decided = append(decided, validate.Decision{Block: t.block, Index: t.index, Outcome: outcome})
				break
			}
		}
	}
	if len(decided) == 0 {
		return nil
	}
	out := &validate.CheckElimHints{Entry: make([][]validate.Fact, len(g.h.Entry)), Removed: g.h.Removed,
		Decided: slices.Concat(g.h.Decided, decided), NilUses: g.h.NilUses}
	for b := range out.Entry {
		out.Entry[b] = slices.Concat(g.h.Entry[b], g.in[b])
	}
	return out
}

// folded is c with its integer terms read through copies and its
// constant terms moved into its bounds (guard's too), as the rules read
// them: "size - r9 ≤ 0" of a const r9 = 8 that stands after the join
// is "size ≤ 8" there. Kind 0 for a fact left without registers.
func (g *gate) folded(c validate.Fact) validate.Fact {
	fold := func(kind validate.FactKind, x, y ir.Reg, k int64, use int) (ir.Reg, ir.Reg, int64, bool) {
		if kind != validate.FactLE {
			return x, y, k, true
		}
		x, y = g.copied(x), g.copied(y)
		fine := true
		if v, ok := g.rules.Constant(x, use); ok && x != ir.NoReg { // v - y ≤ k: 0 - y ≤ k - v
			x = ir.NoReg
			if k, fine = subInt(k, v); !fine {
				return x, y, k, false
			}
		}
		if v, ok := g.rules.Constant(y, use); ok && y != ir.NoReg { // x - v ≤ k: x - 0 ≤ k + v
			y = ir.NoReg
			if k, fine = addInt(k, v); !fine {
				return x, y, k, false
			}
		}
		return x, y, k, x != y
	}
	use := 0 // constants are of no block the recover block reaches
	for _, r := range []ir.Reg{c.Reg, c.Y} {
		if r >= 0 && g.e.def[r].block >= 0 {
			use = g.e.def[r].block
		}
	}
	var ok bool
	if c.Reg, c.Y, c.C, ok = fold(c.Kind, c.Reg, c.Y, c.C, use); !ok {
		return validate.Fact{}
	}
	if c.If.Kind != 0 {
		if c.If.Reg, c.If.Y, c.If.C, ok = fold(c.If.Kind, c.If.Reg, c.If.Y, c.If.C, use); !ok {
			return validate.Fact{}
		}
	}
	return c
}

// copied follows r through copies to the register they copy (as
// validate's rules read bounds).
func (g *gate) copied(r ir.Reg) ir.Reg {
	for r >= 0 {
		in := g.e.instrOf(r)
		if in == nil || in.Op != ir.OpCopy || !types.Identical(g.e.f.TypeOf(in.Args()[0]), g.e.f.TypeOf(r)) {
			break
		}
		r = in.Args()[0]
	}
	return r
}

// lengthAt reports whether r is a len or cap of a value whose length
// never changes and which is defined when block b starts: facts may be
// about it there (validate reads it as that value's length).
func (g *gate) lengthAt(r ir.Reg, b int) bool {
	in := g.e.instrOf(r)
	if in == nil || in.Op != ir.OpLen && in.Op != ir.OpCap || !g.e.definedAt(in.Args()[0], b) {
		return false
	}
	switch u := g.e.f.TypeOf(in.Args()[0]).Underlying().(type) {
	case *types.Slice, *types.Array:
		return true
	case *types.Basic:
		return u.Info()&types.IsString != 0
	}
	return false
}
