// This file runs the pass: the facts the checks need, their dataflow,
// the removals, the certificate and the result.

package checkelim

import (
	"slices"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
	"github.com/vssa-go/vssa/validate"
)

// Run removes f's checks whose fact holds where they stand.
func Run(f *ir.Func) (*ir.Func, *validate.CheckElimHints, error) {
	return run(f, false, nil)
}

// Decide is Run that also decides f's comparisons: those whose outcome
// the facts fix are listed in the certificate (Decided), for analyzers.
// It searches more facts than Run, so it costs more.
func Decide(f *ir.Func) (*ir.Func, *validate.CheckElimHints, error) {
	return run(f, true, nil)
}

// DecideAssuming is Decide that assumes the contracts of the functions
// f calls (validate.CheckElimAssuming checks its result with them).
func DecideAssuming(f *ir.Func, contracts validate.Contracts) (*ir.Func, *validate.CheckElimHints, error) {
	return run(f, true, contracts)
}

// Contract returns f unchanged and a certificate that carries only the
// facts validate.DeriveContract reads (f's parameters and results never
// nil at its returns), assuming the contracts of the functions f calls:
// the nil facts alone, no integer facts, removals or decisions, so it
// costs less than Decide.
func Contract(f *ir.Func, contracts validate.Contracts) (*ir.Func, *validate.CheckElimHints, error) {
	h := &validate.CheckElimHints{Entry: make([][]validate.Fact, len(f.Blocks))}
	e := newElim(f, true, contracts)
	e.flow()
	e.findContractFacts()
	for b, set := range e.needed() {
		set.ForEach(func(i int) { h.Entry[b] = append(h.Entry[b], e.facts[i]) })
	}
	return f, h, nil
}

func run(f *ir.Func, decide bool, contracts validate.Contracts) (*ir.Func, *validate.CheckElimHints, error) {
	h := &validate.CheckElimHints{Entry: make([][]validate.Fact, len(f.Blocks))}
	e := newElim(f, decide, contracts)
	e.flow()
	e.remove()
	s := e.boundsFlow()
	boundsUsed := s != nil && s.remove()
	if decide {
		e.decideNonNil()
		e.findContractFacts()
		if s != nil {
			s.decide()
			boundsUsed = true // analyzers read the facts to say why a check stays
		}
	}
	if len(e.removed) == 0 && len(e.decided) == 0 && len(e.nilUses) == 0 && len(e.contractFacts) == 0 && !boundsUsed {
		return f, h, nil
	}
	for b, set := range e.needed() {
		set.ForEach(func(i int) { h.Entry[b] = append(h.Entry[b], e.facts[i]) })
	}
	if boundsUsed {
		for b, fs := range s.in {
			h.Entry[b] = append(h.Entry[b], fs...)
		}
	}
	for _, p := range e.removed {
		h.Removed = append(h.Removed, validate.CheckRemoval{Block: p.block, Index: p.index})
	}
	h.Decided, h.NilUses = e.decided, e.nilUses
	if len(e.removed) == 0 {
		return f, h, nil
	}
	return e.result(), h, nil
}

type place struct{ block, index int }

// parameter is the block of a parameter's or free variable's
// definition in elim.def: defined everywhere.
const parameter = -2

// elim is the state of one run.
type elim struct {
	f     *ir.Func
	dom   *graph.DomTree
	rpo   []*ir.Block
	def   []place // per register: its definition (block -1: none, or parameter; index -1: a phi)
	recov []bool  // blocks reachable from the recover block

	facts []fact       // the facts the checks need, by id
	ids   map[fact]int // and back

	gen             []graph.Bitset // per block: the facts its instructions give
	onTrue, onFalse [][]fact       // per block: the facts its branch gives on each edge
	in              []graph.Bitset // per block: the facts of its start
	defined         []graph.Bitset // per block: the facts about registers defined at its start
	removed         []place        // the checks that go, in order
	removedInstrs   map[place]bool
	decide          bool                    // comparisons are decided too
	decided         []validate.Decision     // those the facts decide
	nilUses         []validate.CheckRemoval // instructions that always use nil where it fails
	contractFacts   []contractFact          // what contracts read (findContractFacts)
	rules           *validate.FactRules
	intrinsicFacts  graph.Bitset // the facts that hold with nothing known
	intrinsicRecov  graph.Bitset // the same, in blocks the recover block reaches
}

func newElim(f *ir.Func, decide bool, contracts validate.Contracts) *elim {
	cfg := f.CFG()
	e := &elim{f: f, dom: cfg.Dom, rpo: f.ReversePostorderOf(cfg), def: make([]place, f.NumRegs()),
		recov: f.RecoverReach(), ids: map[fact]int{}, rules: validate.NewFactRulesAssuming(f, contracts), decide: decide}
	for i := range e.def {
		e.def[i].block = -1
	}
	for _, vs := range [2][]ir.Reg{f.Params, f.FreeVars} {
		for _, v := range vs {
			e.def[v].block = parameter
		}
	}
	for i, b := range f.Blocks {
		for _, phi := range b.Phis {
			e.def[phi.Dst()] = place{i, -1}
		}
		for k, in := range b.Instrs {
			for _, d := range in.Dsts() {
				e.def[d] = place{i, k}
			}
		}
	}
	// The facts: the checks' (and the comparisons' when deciding them),
	// and for a phi's, its arguments'.
	var work []fact
	for _, b := range e.rpo {
		for _, in := range b.Instrs {
			if c := e.checkFact(in, b.Index); c.Kind != 0 {
				work = append(work, c)
			}
			for _, outcome := range [2]bool{true, false} {
				if c := e.decidingFact(in, outcome, b.Index); c.Kind != 0 {
					work = append(work, c)
				}
			}
		}
	}
	for len(work) > 0 {
		c := work[len(work)-1]
		work = work[:len(work)-1]
		if _, ok := e.ids[c]; ok {
			continue
		}
		e.ids[c] = len(e.facts)
		e.facts = append(e.facts, c)
		if d := e.def[c.Reg]; d.block >= 0 && d.index < 0 {
			for a := range e.phiOf(c.Reg).Args() {
				work = append(work, e.argFact(c, d.block, a))
			}
		}
	}
	return e
}

// instrOf returns the instruction defining r, nil for a phi or none.
func (e *elim) instrOf(r ir.Reg) *ir.Instr {
	if d := e.def[r]; d.block >= 0 && d.index >= 0 {
		return e.f.Blocks[d.block].Instrs[d.index]
	}
	return nil
}

func (e *elim) phiOf(r ir.Reg) *ir.Instr {
	for _, phi := range e.f.Blocks[e.def[r].block].Phis {
		if phi.Dst() == r {
			return phi
		}
	}
	return nil
}

// intrinsicAt reports whether fact i holds by its register's definition
// for a use in block use (see validate.CheckElim on the recover block).
func (e *elim) intrinsicAt(i, use int) bool {
	if e.recov[use] {
		return e.intrinsicRecov.Has(i)
	}
	return e.intrinsicFacts.Has(i)
}

// given returns the nonnil and nonzero facts running in establishes.
func (e *elim) given(in *ir.Instr, use int) []fact {
	switch in.Op {
	case ir.OpNilCheck, ir.OpLoad, ir.OpStore, ir.OpFieldAddr, ir.OpIndexAddr, ir.OpDivCheck, ir.OpDiv, ir.OpRem, ir.OpCall:
	default:
		return nil // the others give integer facts only (ask the rules only where it may matter)
	}
	var out []fact
	for _, c := range e.rules.Gens(in, nil, use) {
		if c.Kind != validate.FactLE {
			out = append(out, c)
		}
	}
	return out
}

// flow computes the facts of each block's start: the greatest solution,
// from every fact at every block but the entry and the recover block.
func (e *elim) flow() {
	f, n := e.f, len(e.facts)
	nb := len(f.Blocks)
	// What holds with nothing known, in a block the recover block does
	// not reach (the entry) and in one it does (the recover block).
	e.intrinsicFacts, e.intrinsicRecov = graph.NewBitset(n), graph.NewBitset(n)
	for i, c := range e.facts {
		if e.rules.Implied(c, nil, 0) {
			e.intrinsicFacts.Add(i)
		}
		if f.Recover > 0 && e.rules.Implied(c, nil, f.Recover) {
			e.intrinsicRecov.Add(i)
		}
	}
	e.gen, e.in, e.defined = make([]graph.Bitset, nb), make([]graph.Bitset, nb), make([]graph.Bitset, nb)
	e.onTrue, e.onFalse = make([][]fact, nb), make([][]fact, nb)
	for _, b := range e.rpo {
		i := b.Index
		e.gen[i], e.in[i], e.defined[i] = graph.NewBitset(n), graph.NewBitset(n), graph.NewBitset(n)
		for _, in := range b.Instrs {
			for _, c := range e.given(in, i) {
				if id, ok := e.ids[c]; ok {
					e.gen[i].Add(id)
				}
			}
		}
		for k, edge := range []*[][]fact{&e.onTrue, &e.onFalse} {
			for _, c := range e.rules.EdgeFacts(b, k) {
				if c.Kind != validate.FactLE {
					(*edge)[i] = append((*edge)[i], c)
				}
			}
		}
		for id, c := range e.facts {
			d := e.def[c.Reg]
			if d.block == parameter || d.block == i && d.index < 0 || d.block >= 0 && d.block != i && e.dom.StrictlyDominates(d.block, i) {
				e.defined[i].Add(id)
			}
		}
		if i != 0 && i != f.Recover {
			e.in[i].CopyFrom(e.defined[i]) // optimistic
		}
	}
	out := graph.NewBitset(n)
	for changed := true; changed; {
		changed = false
		for _, b := range e.rpo {
			i := b.Index
			if i == 0 || i == f.Recover {
				continue
			}
			meet := e.defined[i].Copy()
			for a, p := range b.Preds {
				if !e.dom.Reachable(p) {
					continue
				}
				e.outOnEdge(p, b, out)
				for id := meet.Next(0); id >= 0; id = meet.Next(id + 1) {
					on := e.onEdge(id, b, a)
					if on < 0 || !out.Has(on) && !e.intrinsicAt(on, i) {
						meet.Remove(id)
					}
				}
			}
			if !meet.Equal(e.in[i]) {
				e.in[i].CopyFrom(meet)
				changed = true
			}
		}
	}
}

// outOnEdge sets out to the facts that hold on the edge from block p to
// block to: p's start's, those p's instructions give, the edge's.
func (e *elim) outOnEdge(p int, to *ir.Block, out graph.Bitset) {
	out.CopyFrom(e.in[p])
	out.UnionWith(e.gen[p])
	for _, c := range e.edgeFactsTo(p, to) {
		if id, ok := e.ids[c]; ok {
			out.Add(id)
		}
	}
}

// onEdge returns the fact that fact id of block b's start is on b's
// a-th incoming edge: the same, or for a phi of b its argument's (-1
// if that one is not tracked).
func (e *elim) onEdge(id int, b *ir.Block, a int) int {
	c := e.facts[id]
	if d := e.def[c.Reg]; d.block != b.Index || d.index >= 0 {
		return id
	}
	on, ok := e.ids[e.argFact(c, b.Index, a)]
	if !ok {
		return -1
	}
	return on
}

// argFact is the fact c about a phi of block b says of its a-th
// argument, on the edge from b's a-th predecessor.
func (e *elim) argFact(c fact, b, a int) fact {
	x := e.phiOf(c.Reg).Args()[a]
	if c.Kind == validate.FactNonZero {
		return fact{Kind: c.Kind, Reg: x}
	}
	return e.nilFact(c.Kind, x, e.f.Blocks[b].Preds[a])
}

// holdsBefore reports whether fact id holds right before instruction k
// of block b.
func (e *elim) holdsBefore(id int, b *ir.Block, k int) bool {
	if e.in[b.Index].Has(id) || e.intrinsicAt(id, b.Index) {
		return true
	}
	return e.givenBefore(id, b, k)
}

// givenBefore reports whether an instruction of b before the k-th gives
// fact id.
func (e *elim) givenBefore(id int, b *ir.Block, k int) bool {
	for _, in := range b.Instrs[:k] {
		for _, c := range e.given(in, b.Index) {
			if c == e.facts[id] {
				return true
			}
		}
	}
	return false
}

// remove picks the checks whose fact holds where they stand.
func (e *elim) remove() {
	e.removedInstrs = map[place]bool{}
	for _, b := range e.rpo {
		for k, in := range b.Instrs {
			c := e.checkFact(in, b.Index)
			if c.Kind == 0 {
				continue
			}
			if e.holdsBefore(e.ids[c], b, k) {
				p := place{b.Index, k}
				e.removed = append(e.removed, p)
				e.removedInstrs[p] = true
			}
		}
	}
}

// needed returns, per block, the facts of its start that the removals
// need, directly or through the edges out of it.
func (e *elim) needed() []graph.Bitset {
	f, n := e.f, len(e.facts)
	need := make([]graph.Bitset, len(f.Blocks))
	for i := range need {
		need[i] = graph.NewBitset(n)
	}
	type item struct{ block, id int }
	var work []item
	add := func(b, id int) {
		if !need[b].Has(id) {
			need[b].Add(id)
			work = append(work, item{b, id})
		}
	}
	for _, p := range e.removed {
		b := f.Blocks[p.block]
		if boundsCheck(b.Instrs[p.index]) {
			continue // the integer facts are all handed over
		}
		id := e.ids[e.checkFact(b.Instrs[p.index], b.Index)]
		if !e.intrinsicAt(id, p.block) && !e.givenBefore(id, b, p.index) {
			add(p.block, id)
		}
	}
	for _, g := range e.contractFacts {
		add(g.block, g.id)
	}
	decisions := slices.Clone(e.decided)
	for _, p := range e.nilUses {
		decisions = append(decisions, validate.Decision{Block: p.Block, Index: p.Index, Outcome: false})
	}
	for _, d := range decisions {
		b := f.Blocks[d.Block]
		c := e.decidingFact(b.Instrs[d.Index], d.Outcome, d.Block)
		if c.Kind == 0 {
			continue // an integer comparison: its facts are all handed over
		}
		id := e.ids[c]
		if !e.intrinsicAt(id, d.Block) && !e.givenBefore(id, b, d.Index) {
			add(d.Block, id)
		}
	}
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		b := f.Blocks[it.block]
		for a, p := range b.Preds {
			on := e.onEdge(it.id, b, a)
			if on >= 0 && !e.intrinsicAt(on, it.block) && !e.gen[p].Has(on) && !e.edgeGives(p, b, on) && e.in[p].Has(on) {
				add(p, on)
			}
		}
	}
	return need
}

// edgeGives reports whether the edge from block p to block to gives
// fact id.
func (e *elim) edgeGives(p int, to *ir.Block, id int) bool {
	for _, c := range e.edgeFactsTo(p, to) {
		if c == e.facts[id] {
			return true
		}
	}
	return false
}

// edgeFactsTo returns the facts the branch of block p gives on its edge
// to block to.
func (e *elim) edgeFactsTo(p int, to *ir.Block) []fact {
	if pb := e.f.Blocks[p]; len(pb.Succs) == 2 && pb.Succs[0] == to.Index {
		return e.onTrue[p]
	}
	return e.onFalse[p]
}

// result is f without the removed checks.
func (e *elim) result() *ir.Func {
	g := e.f.ShallowClone()
	for i, b := range g.Blocks {
		instrs := b.Instrs[:0]
		for k, in := range b.Instrs {
			if !e.removedInstrs[place{i, k}] {
				instrs = append(instrs, in)
			}
		}
		b.Instrs = instrs
	}
	return g
}

// decidingFact is the nonnil, nil or nonzero fact under which the
// comparison in has the outcome given, when the pass decides
// comparisons (kind 0 otherwise, and for integer facts): nonnil x makes
// "ne x, nil" true, nil x makes it false. For an instruction with a
// nil-sensitive operand (validate.NilOperand), its outcome false: nil x
// makes it fail.
func (e *elim) decidingFact(in *ir.Instr, outcome bool, use int) fact {
	if !e.decide {
		return fact{}
	}
	if x := validate.NilOperand(e.f, in); x != ir.NoReg {
		if outcome {
			return fact{}
		}
		return e.nilFact(validate.FactNil, x, use)
	}
	if fs := e.rules.OutcomeFacts(in, outcome, use); len(fs) == 1 && fs[0].Kind != validate.FactLE {
		if fs[0].Kind == validate.FactNonZero {
			return fs[0]
		}
		return e.nilFact(fs[0].Kind, fs[0].Reg, use)
	}
	return fact{}
}

// A contractFact is a fact a block must carry from its start for
// what the analyzers read of calls: a parameter or result that is
// never nil at a return (validate.DeriveContract reads the function's
// contract off them), an argument that is nil at a call whose callee
// does not return for nil there.
type contractFact struct{ block, id int }

// findContractFacts finds the facts of the blocks' starts that the
// contracts of the function and of its callees read.
func (e *elim) findContractFacts() {
	carry := func(kind validate.FactKind, r ir.Reg, b *ir.Block, k int) {
		id, ok := e.ids[e.nilFact(kind, r, b.Index)]
		if ok && e.in[b.Index].Has(id) && !e.intrinsicAt(id, b.Index) && !e.givenBefore(id, b, k) {
			e.contractFacts = append(e.contractFacts, contractFact{b.Index, id})
		}
	}
	for _, b := range e.rpo {
		for k, in := range b.Instrs {
			switch con := e.rules.Contract(in); {
			case in.Op == ir.OpReturn:
				for _, r := range slices.Concat(e.f.Params, in.Args()) {
					if validate.FactNonNil.AppliesTo(e.f.TypeOf(r)) {
						carry(validate.FactNonNil, r, b, k)
					}
				}
			case con != nil:
				for _, a := range con.NonNilParams {
					if args := in.CallArgs(); a < len(args) && validate.FactNil.AppliesTo(e.f.TypeOf(args[a])) {
						carry(validate.FactNil, args[a], b, k)
					}
				}
			}
		}
	}
}

// nilFact is the nil or nonnil fact the pass tracks for x in block use:
// about the register x's nilness is (validate.FactRules.NilRoot; panic(err)
// changes err to any), as the rules give facts about it with x's
// (edges, dereferences) and follow x's to it.
func (e *elim) nilFact(kind validate.FactKind, x ir.Reg, use int) fact {
	return fact{Kind: kind, Reg: e.rules.NilRoot(x, use)}
}

// decideNonNil decides the comparisons whose nonnil, nil or nonzero fact
// holds where they stand, and finds the instructions that always use
// nil where it fails.
func (e *elim) decideNonNil() {
	for _, b := range e.rpo {
		for k, in := range b.Instrs {
			for _, outcome := range [2]bool{true, false} {
				c := e.decidingFact(in, outcome, b.Index)
				if c.Kind == 0 || !e.holdsBefore(e.ids[c], b, k) {
					continue
				}
				if validate.NilOperand(e.f, in) != ir.NoReg {
					e.nilUses = append(e.nilUses, validate.CheckRemoval{Block: b.Index, Index: k})
				} else {
					e.decided = append(e.decided, validate.Decision{Block: b.Index, Index: k, Outcome: outcome})
				}
				break
			}
		}
	}
}
