// This file checks redundant check elimination by its certificate: the
// pass says which facts hold when each block starts, and the check is
// that they are an inductive invariant of the input (each holds on every
// edge into its block, given the facts of the edge's source) and that
// they imply every check the result leaves out. Facts are about values
// of registers, which SSA never changes, so a fact stays true from where
// it is established to wherever the register is read. facts.go says
// what facts are, what establishes them and what they imply.
//
// Facts hold at a block's start when, on every edge into it, they are
// implied (after the edge's phis: a fact about a phi is one about its
// argument on that edge) by
//
//   - facts of the edge's source's start,
//   - facts its instructions establish (gen: a check that passed, an
//     unchecked operation whose precondition is the fact, since running
//     it otherwise is undefined behaviour, arithmetic that cannot
//     overflow there),
//   - the edge's condition (the true edge of "lt i, n", …),
//   - intrinsic facts: the register's definition or type makes them so
//     (an allocation is never nil, a const 3 is 3, a len is not
//     negative, a uint8 at most 255).
//
// The entry block and the recover block start with no facts. The
// recover block may run after a panic in the middle of the entry block,
// before its registers are defined (they read as zero): in the blocks it
// reaches, neither the entry block's definitions nor its comparisons
// give facts.
//
// The certificate may also say that comparisons always have one outcome
// (Decided), and that instructions always use nil where nil fails or
// blocks (NilUses: a nil check that fails, a call through a nil func,
// panic(nil), …): the facts of that outcome (nil x for "nilcheck x")
// must follow where the instruction stands. Nothing in the result depends on them; analyzers
// report them.
//
// All reasoning is about the input's executions: a removed check is one
// that never fails there, so the result runs as the input does.

package validate

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
)

// CheckElimHints is what the check elimination pass tells its
// validator.
type CheckElimHints struct {
	// Entry gives, per block of the input, facts that hold when it
	// starts: those the removals need, directly or through the edges
	// (more are checked like the others).
	Entry [][]Fact
	// Removed lists the input's checks the result leaves out, by block
	// and index in its Instrs.
	Removed []CheckRemoval
	// Decided lists comparisons of the input whose outcome the facts
	// fix: an analysis the result carries, which changes nothing in it
	// (analyzers report them as conditions that never change).
	Decided []Decision
	// NilUses lists instructions of the input whose nil-sensitive
	// operand (NilOperand) is nil wherever they run: nil checks that
	// fail, calls through a nil func or interface, panic(nil), … —
	// analyzers report them.
	NilUses []CheckRemoval
}

// CheckRemoval is one check of the input the result leaves out.
type CheckRemoval struct{ Block, Index int }

// Decision is a comparison of the input, by block and index in its
// Instrs, and the outcome it always has.
type Decision struct {
	Block, Index int
	Outcome      bool
}

// CheckElim checks a check elimination result.
func CheckElim(before, after *ir.Func, h *CheckElimHints) error {
	return checkElim(before, after, h, 64, nil)
}

// CheckElimAssuming checks a check elimination result as CheckElim
// does, assuming the contracts of the functions before calls (which
// the caller must have from DeriveContract).
func CheckElimAssuming(before, after *ir.Func, h *CheckElimHints, contracts Contracts) error {
	return checkElim(before, after, h, 64, contracts)
}

// CheckElim32 checks a check elimination result as CheckElim does but
// with int, uint and uintptr of 32 bits, as on 386 or arm. A certificate
// both accept holds on every target Go supports: analyzers, which speak
// of the source and not of one target, need that (uint32 converted to
// int keeps its value on amd64, not on 386).
func CheckElim32(before, after *ir.Func, h *CheckElimHints, contracts Contracts) error {
	return checkElim(before, after, h, 32, contracts)
}

func checkElim(before, after *ir.Func, h *CheckElimHints, wordBits uint, contracts Contracts) error {
	r := rejecter{"checkelim", after}
	if err := r.missing(before, after); err != nil {
		return err
	}
	if h == nil || len(h.Entry) != len(before.Blocks) {
		return r.fn(RuleHints, "hints are missing or do not give every block's facts")
	}
	if !sameSignature(before, after) || !sameRegs(before.Params, after.Params) || !sameRegs(before.FreeVars, after.FreeVars) ||
		!sameCFG(before, after) || after.NumRegs() != before.NumRegs() {
		return r.fn(RuleStructure, "signature, parameters, blocks, registers or recover block differ from the input's")
	}
	if v := firstChangedType(before, after); v >= 0 {
		return typeChanged(r, before, after, v)
	}
	c := newFactCheck(r, before, wordBits, contracts)
	removed, err := c.removals(h.Removed)
	if err != nil {
		return err
	}
	if err := sameButRemoved(c.r, c.f, after, removed); err != nil {
		return err
	}
	decided, err := c.decisions(h.Decided)
	if err != nil {
		return err
	}
	nilUses, err := c.nilUses(h.NilUses)
	if err != nil {
		return err
	}
	return c.invariant(h.Entry, removed, decided, nilUses)
}

// nilUses checks that each nil use names a reachable instruction with a
// nil-sensitive operand, once, and returns them as a set of places.
func (c *factCheck) nilUses(us []CheckRemoval) (map[place]bool, error) {
	uses := make(map[place]bool, len(us))
	for _, m := range us {
		b, in := c.instrAt(m.Block, m.Index)
		switch {
		case in == nil:
			return nil, c.r.fn(RuleHints, "nil use at instruction %d of b%d, which the input does not have", m.Index, m.Block)
		case NilOperand(c.f, in) == ir.NoReg:
			return nil, c.r.at(b, in, RuleDecided, "said to use nil, but it has no operand where nil fails")
		case !c.dom.Reachable(m.Block):
			return nil, c.r.at(b, in, RuleDecided, "said to use nil in an unreachable block")
		}
		p := place{int32(m.Block), int32(m.Index)}
		if uses[p] {
			return nil, c.r.at(b, in, RuleHints, "said to use nil twice, want once")
		}
		uses[p] = true
	}
	return uses, nil
}

// decisions checks that each decision names a comparison the rules read
// (OutcomeFacts), once, and returns them by place.
func (c *factCheck) decisions(ds []Decision) (map[place]bool, error) {
	decided := make(map[place]bool, len(ds))
	for _, d := range ds {
		b, in := c.instrAt(d.Block, d.Index)
		if in == nil {
			return nil, c.r.fn(RuleHints, "decision on instruction %d of b%d, which the input does not have", d.Index, d.Block)
		}
		if !c.dom.Reachable(d.Block) {
			return nil, c.r.at(b, in, RuleDecided, "decided in an unreachable block")
		}
		if c.OutcomeFacts(in, d.Outcome, d.Block) == nil {
			return nil, c.r.at(b, in, RuleDecided, "decided %v, but the rules know no facts of that outcome", d.Outcome)
		}
		p := place{int32(d.Block), int32(d.Index)}
		if _, twice := decided[p]; twice {
			return nil, c.r.at(b, in, RuleHints, "decided twice, want once")
		}
		decided[p] = d.Outcome
	}
	return decided, nil
}

// instrAt returns instruction k of block b of the input, or nils if the
// input has none there.
func (c *factCheck) instrAt(b, k int) (*ir.Block, *ir.Instr) {
	if b < 0 || b >= len(c.f.Blocks) || k < 0 || k >= len(c.f.Blocks[b].Instrs) {
		return nil, nil
	}
	return c.f.Blocks[b], c.f.Blocks[b].Instrs[k]
}

// factCheck is the state of one check elimination check.
type factCheck struct {
	*FactRules
	r   rejecter
	dom *graph.DomTree
}

func newFactCheck(r rejecter, f *ir.Func, wordBits uint, contracts Contracts) *factCheck {
	return &factCheck{FactRules: newFactRules(f, wordBits, contracts), r: r, dom: f.CFG().Dom}
}

// removals checks that each removal names a check the validator knows
// the fact of, once, and returns them as a set of places.
func (c *factCheck) removals(rs []CheckRemoval) (map[place]bool, error) {
	removed := make(map[place]bool, len(rs))
	for _, m := range rs {
		b, in := c.instrAt(m.Block, m.Index)
		if in == nil {
			return nil, c.r.fn(RuleHints, "removal of instruction %d of b%d, which the input does not have", m.Index, m.Block)
		}
		if CheckFacts(c.f, in) == nil {
			return nil, c.r.at(b, in, RuleRemove, "removed, but it is not a check this pass removes")
		}
		p := place{int32(m.Block), int32(m.Index)}
		if removed[p] {
			return nil, c.r.at(b, in, RuleHints, "removed twice, want once")
		}
		removed[p] = true
	}
	return removed, nil
}

// sameButRemoved checks that after is the input before without the
// removed instructions (checkelim's and zce's structure).
func sameButRemoved(r rejecter, before, after *ir.Func, removed map[place]bool) error {
	for i, b := range before.Blocks {
		ab := after.Blocks[i]
		if len(ab.Phis) != len(b.Phis) {
			return r.at(ab, nil, RuleStructure, "block has %d phis, want the input's %d", len(ab.Phis), len(b.Phis))
		}
		for k, phi := range b.Phis {
			if !sameInstr(phi, ab.Phis[k]) {
				return r.at(ab, ab.Phis[k], RuleStructure, "phi differs from the input's %q", ir.FormatInstr(before, b, phi))
			}
		}
		k := 0
		for j, in := range b.Instrs {
			if removed[place{int32(i), int32(j)}] {
				continue
			}
			if k >= len(ab.Instrs) || !sameInstr(in, ab.Instrs[k]) {
				return r.at(ab, nil, RuleStructure, "instruction %d differs from the input's %q, want the input's instructions but those removed", k, ir.FormatInstr(before, b, in))
			}
			k++
		}
		if k != len(ab.Instrs) {
			return r.at(ab, nil, RuleStructure, "block has %d instructions, want the input's %d but those removed", len(ab.Instrs), k)
		}
	}
	return nil
}

// sameInstr reports whether two instructions are the same operation on
// the same registers.
func sameInstr(a, b *ir.Instr) bool {
	return a == b || sameShape(a, b) && sameRegs(a.Args(), b.Args()) && sameRegs(a.Dsts(), b.Dsts())
}

// invariant walks every block once: from the facts of its start, it
// adds what each instruction establishes, checks each removed check's
// facts where it stood and each decided comparison's facts where it
// stands, and at the end each successor's facts on the edge.
func (c *factCheck) invariant(entry [][]Fact, removed, decided, nilUses map[place]bool) error {
	f := c.f
	for i, b := range f.Blocks {
		if len(entry[i]) == 0 {
			continue
		}
		if i == 0 || i == f.Recover {
			return c.r.at(b, nil, RuleFacts, "the entry and the recover block start with facts, want none")
		}
		if !c.dom.Reachable(i) {
			return c.r.at(b, nil, RuleFacts, "unreachable block has facts")
		}
		for _, fact := range entry[i] {
			if !c.wellFormed(fact, b) {
				return c.r.at(b, nil, RuleFacts, "fact %s is not about registers of its kind's type defined when the block starts", fact)
			}
		}
	}
	for i, b := range f.Blocks {
		if !c.dom.Reachable(i) {
			continue
		}
		// Room for about what the instructions give (Gens), so that it
		// grows once or twice rather than with each.
		avail := append(make([]Fact, 0, len(entry[i])+len(b.Instrs)), entry[i]...)
		for k, in := range b.Instrs {
			if removed[place{int32(i), int32(k)}] {
				set := c.Set(avail, i) // one for the check's facts
				for _, fact := range CheckFacts(f, in) {
					if !c.ImpliedBy(fact, set, i) {
						return c.r.at(b, in, RuleImplied, "removed, but %s does not follow from the facts there", fact)
					}
				}
			}
			if nilUses[place{int32(i), int32(k)}] {
				if fact := (Fact{Kind: FactNil, Reg: NilOperand(f, in)}); !c.Implied(fact, avail, i) {
					return c.r.at(b, in, RuleDecided, "said to use nil, but %s does not follow from the facts there", fact)
				}
			}
			if outcome, ok := decided[place{int32(i), int32(k)}]; ok {
				set := c.Set(avail, i) // one for the outcome's facts
				for _, fact := range c.OutcomeFacts(in, outcome, i) {
					if !c.ImpliedBy(fact, set, i) {
						return c.r.at(b, in, RuleDecided, "decided %v, but %s does not follow from the facts there", outcome, fact)
					}
				}
			}
			avail = c.Gens(in, avail, i)
		}
		for e, s := range b.Succs {
			to := f.Blocks[s]
			if len(entry[s]) == 0 {
				continue
			}
			on := c.EdgeFacts(b, e)
			onEdge := c.Set(append(append(make([]Fact, 0, len(on)+len(avail)), on...), avail...), s)
			a := b.PredIndex(e, to)
			for _, fact := range entry[s] {
				if !c.ImpliedBy(c.acrossPhis(fact, to, a), onEdge, s) {
					return c.r.at(to, nil, RuleFacts, "fact %s does not hold on the edge from b%d", fact, i)
				}
			}
		}
	}
	return nil
}

// acrossPhis is fact as it reads on to's a-th incoming edge: about the
// phis' arguments instead of the phis.
func (c *factCheck) acrossPhis(fact Fact, to *ir.Block, a int) Fact {
	sub := func(r ir.Reg) ir.Reg {
		if r >= 0 {
			if d := c.def[r]; d.block == int32(to.Index) && d.index < 0 {
				return phiArg(to, r, a)
			}
		}
		return r
	}
	fact.Reg, fact.Y = sub(fact.Reg), sub(fact.Y)
	if fact.If.Kind != 0 {
		fact.If.Reg, fact.If.Y = sub(fact.If.Reg), sub(fact.If.Y)
	}
	return fact
}

// phiArg returns the argument of b's phi d on b's a-th incoming edge.
func phiArg(b *ir.Block, d ir.Reg, a int) ir.Reg {
	for _, phi := range b.Phis {
		if phi.Dst() == d {
			return phi.Args()[a]
		}
	}
	return ir.NoReg
}

// wellFormed reports whether fact is about registers that are defined
// when block b starts (phis of b, or defined in a block that strictly
// dominates it), or integer lengths of such registers, and have types
// the fact applies to.
func (c *factCheck) wellFormed(fact Fact, b *ir.Block) bool {
	defined := func(r ir.Reg) bool {
		if r < 0 || int(r) >= len(c.def) {
			return false
		}
		d := c.def[r]
		return d.block == -1 || d.block >= 0 && (d.block == int32(b.Index) && d.index < 0 || d.block != int32(b.Index) && c.dom.StrictlyDominates(int(d.block), b.Index))
	}
	definedOrLen := func(r ir.Reg) bool {
		if defined(r) {
			return true
		}
		// A len or cap of a value whose length never changes, defined
		// here, is that value's length here too, before it is read
		// (`n := 0; if c { n = len(s) }`: n ≤ len s at the join,
		// whichever read of len s comes later).
		d := c.def[r]
		if d.block < 0 || d.index < 0 {
			return false
		}
		in := c.f.Blocks[d.block].Instrs[d.index]
		return (in.Op == ir.OpLen || in.Op == ir.OpCap) && fixedLength(c.f.TypeOf(in.Args()[0])) && defined(in.Args()[0])
	}
	atom := func(fact Fact) bool {
		if fact.Kind != FactLE {
			return defined(fact.Reg) && fact.Kind.AppliesTo(c.f.TypeOf(fact.Reg))
		}
		term := func(r ir.Reg) bool { return r == ir.NoReg || definedOrLen(r) && fact.Kind.AppliesTo(c.f.TypeOf(r)) }
		return term(fact.Reg) && term(fact.Y) && fact.Reg != fact.Y
	}
	return atom(fact.Unguarded()) && (fact.If.Kind == 0 || atom(fact.If.Fact()))
}
