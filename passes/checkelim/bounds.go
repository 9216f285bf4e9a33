// This file finds the integer facts (x - y ≤ c) that bounds, slice,
// shift and length checks need: candidates from the checks, the
// branches' conditions, loop phis, then the greatest set of them that
// is an inductive invariant (each kept at a block's start only if it
// follows on every edge into the block), by the rules the validator
// checks the certificate with (validate.FactRules).

package checkelim

import (
	"math"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Limits on the integer facts' search, which costs candidates times
// edges times facts per block each round: beyond maxBlocks a function
// keeps its bounds checks; beyond maxCandidates, the search runs on
// windows of that many (boundsFlow), and beyond maxGathered the rest
// are not proposed.
const (
	maxCandidates = 128
	maxGathered   = 16 * maxCandidates // before those no block can start with go
	maxBlocks     = 500
	// How many sums with a constant a candidate is carried through
	// (len(b) - 4 + 1 is two).
	maxOffsetChain = 4
)

// boundsCheck reports whether in is a check its integer facts decide.
func boundsCheck(in *ir.Instr) bool {
	switch in.Op {
	case ir.OpBoundsCheck, ir.OpSliceCheck, ir.OpShiftCheck, ir.OpLenCheck:
		return true
	}
	return false
}

// bounds is the integer facts' search.
type bounds struct {
	e     *elim
	rules *validate.FactRules
	cands []fact
	in    [][]fact // per block: the candidates holding at its start
}

// boundsFlow finds the integer facts of each block's start, or returns
// nil when the function has no check they decide or is too large.
func (e *elim) boundsFlow() *bounds {
	f := e.f
	if len(f.Blocks) > maxBlocks {
		return nil
	}
	s := &bounds{e: e, rules: e.rules, in: make([][]fact, len(f.Blocks))}
	if !s.candidates() {
		return nil
	}
	all := s.cands
	if len(all) <= maxCandidates {
		s.inductive()
		return s
	}
	// More candidates than one search takes: one search per window of
	// maxCandidates of them, the first as they were proposed (the
	// checks' facts first), the others in the order of the blocks they
	// are about (keepPlaceable), so that a loop's candidates share a
	// window. Each window's facts are inductive alone, so their union
	// is too, and it holds the first window's: it proves what the
	// first window alone did, and the later loops' checks of large
	// functions besides.
	union := make([][]fact, len(f.Blocks))
	for start := 0; start < len(all); start += maxCandidates {
		s.cands = all[start:min(start+maxCandidates, len(all))]
		s.in = make([][]fact, len(f.Blocks))
		s.inductive()
		for b, fs := range s.in {
			union[b] = append(union[b], fs...)
		}
	}
	s.cands, s.in = all, union
	return s
}

// inductive sets s.in to the greatest subset of s.cands that is an
// inductive invariant: every candidate at each block where its
// registers are defined, then dropped where it does not follow on an
// edge into the block.
func (s *bounds) inductive() {
	e, f := s.e, s.e.f
	for _, b := range e.rpo {
		if b.Index == 0 || b.Index == f.Recover {
			continue
		}
		for _, c := range s.cands {
			if e.definedAt(c.Reg, b.Index) && e.definedAt(c.Y, b.Index) {
				s.in[b.Index] = append(s.in[b.Index], c)
			}
		}
	}
	// A worklist of blocks whose start may have lost a fact: a block's
	// facts are rechecked when a predecessor's start shrinks.
	ends := make([][]fact, len(f.Blocks))
	fresh := make([]bool, len(f.Blocks)) // ends[b] is up to date
	queued := make([]bool, len(f.Blocks))
	var work []*ir.Block
	for _, b := range e.rpo {
		work = append(work, b)
		queued[b.Index] = true
	}
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		i := b.Index
		queued[i] = false
		if len(s.in[i]) == 0 {
			continue
		}
		// Per incoming edge, the facts at its source's end with the
		// edge's, indexed once for all candidates.
		edges := make([]*validate.FactSet, len(b.Preds))
		for a, p := range b.Preds {
			if !e.dom.Reachable(p) {
				continue
			}
			if !fresh[p] {
				ends[p], fresh[p] = s.walk(f.Blocks[p], nil), true
			}
			pb := f.Blocks[p]
			edges[a] = s.rules.Set(edgeFacts(s.rules, pb, b, a, ends[p]), i)
		}
		kept := s.in[i][:0]
		for _, c := range s.in[i] {
			holds := true
			for a := range b.Preds {
				if edges[a] != nil && !s.rules.ImpliedBy(s.acrossPhis(c, b, a), edges[a], i) {
					holds = false
					break
				}
			}
			if holds {
				kept = append(kept, c)
			}
		}
		if len(kept) < len(s.in[i]) {
			s.in[i], fresh[i] = kept, false
			for _, succ := range b.Succs {
				if !queued[succ] && e.dom.Reachable(succ) {
					queued[succ] = true
					work = append(work, f.Blocks[succ])
				}
			}
		}
	}
}

// edgeFacts returns the facts on b's a-th incoming edge, from block p
// whose end has the facts end: the edge's and end's, in one allocation
// (the searches ask this once per edge and round).
func edgeFacts(rules *validate.FactRules, p, b *ir.Block, a int, end []fact) []fact {
	on := rules.EdgeFacts(p, succIndex(p, b, a))
	return append(append(make([]fact, 0, len(on)+len(end)), on...), end...)
}

// succIndex is the index in p's successors of the edge that is b's a-th
// incoming one.
func succIndex(p, b *ir.Block, a int) int {
	n := 0 // edges from p into b before the a-th
	for _, q := range b.Preds[:a] {
		if q == p.Index {
			n++
		}
	}
	for k, s := range p.Succs {
		if s == b.Index {
			if n == 0 {
				return k
			}
			n--
		}
	}
	return -1
}

// definedAt reports whether r (NoReg: zero) is defined when block b
// starts.
func (e *elim) definedAt(r ir.Reg, b int) bool {
	if r == ir.NoReg {
		return true
	}
	d := e.def[r]
	return d.block == parameter || d.block == b && d.index < 0 || d.block >= 0 && d.block != b && e.dom.StrictlyDominates(d.block, b)
}

// walk returns the facts at the end of b (or, with stop not
// nil, calls it before each instruction with the facts there).
func (s *bounds) walk(b *ir.Block, stop func(k int, avail []fact)) []fact {
	// Room for about what the instructions give, so that it grows once
	// or twice rather than with each.
	avail := append(make([]fact, 0, len(s.in[b.Index])+len(b.Instrs)), s.in[b.Index]...)
	for k, in := range b.Instrs {
		if stop != nil {
			stop(k, avail)
		}
		avail = s.rules.Gens(in, avail, b.Index)
	}
	return avail
}

// acrossPhis is c as it reads on b's a-th incoming edge.
func (s *bounds) acrossPhis(c fact, b *ir.Block, a int) fact {
	sub := func(r ir.Reg) ir.Reg {
		if r >= 0 {
			if d := s.e.def[r]; d.block == b.Index && d.index < 0 {
				return s.e.phiOf(r).Args()[a]
			}
		}
		return r
	}
	c.Reg, c.Y = sub(c.Reg), sub(c.Y)
	return c
}

// remove picks the checks the integer facts decide, and reports whether
// there were any.
func (s *bounds) remove() bool {
	e := s.e
	any := false
	for _, b := range e.rpo {
		s.walk(b, func(k int, avail []fact) {
			in := b.Instrs[k]
			if !boundsCheck(in) {
				return
			}
			set := s.rules.Set(avail, b.Index) // one for the check's facts
			for _, c := range validate.CheckFacts(e.f, in) {
				if !s.rules.ImpliedBy(c, set, b.Index) {
					return
				}
			}
			p := place{b.Index, k}
			e.removed = append(e.removed, p)
			e.removedInstrs[p] = true
			any = true
		})
	}
	return any
}

// offset returns z and k when r is defined as z + k or z - k by a
// constant k.
func (s *bounds) offset(r ir.Reg) (ir.Reg, int64, bool) {
	if r < 0 {
		return 0, 0, false
	}
	in := s.e.instrOf(r)
	if in == nil || in.Op != ir.OpAdd && in.Op != ir.OpSub {
		return 0, 0, false
	}
	x, y := in.Args()[0], in.Args()[1]
	if k, ok := s.rules.Constant(y, s.e.def[r].block); ok && k != math.MinInt64 {
		if in.Op == ir.OpSub {
			k = -k
		}
		return x, k, true
	}
	if k, ok := s.rules.Constant(x, s.e.def[r].block); ok && in.Op == ir.OpAdd {
		return y, k, true
	}
	return 0, 0, false
}

func addInt(a, b int64) (int64, bool) {
	s := a + b
	return s, (s > a) == (b > 0)
}

func subInt(a, b int64) (int64, bool) {
	s := a - b
	return s, (s < a) == (b > 0)
}

// decide lists the integer comparisons whose outcome the facts fix.
func (s *bounds) decide() {
	e := s.e
	already := map[place]bool{} // by nonnil or nonzero facts
	for _, d := range e.decided {
		already[place{d.Block, d.Index}] = true
	}
	for _, b := range e.rpo {
		s.walk(b, func(k int, avail []fact) {
			in := b.Instrs[k]
			if already[place{b.Index, k}] {
				return
			}
			var set *validate.FactSet // made once for both outcomes' facts
			for _, outcome := range [2]bool{true, false} {
				fs := s.rules.OutcomeFacts(in, outcome, b.Index)
				if len(fs) == 0 || fs[0].Kind != validate.FactLE {
					continue
				}
				if set == nil {
					set = s.rules.Set(avail, b.Index)
				}
				holds := true
				for _, c := range fs {
					holds = holds && s.rules.ImpliedBy(c, set, b.Index)
				}
				if holds {
					e.decided = append(e.decided, validate.Decision{Block: b.Index, Index: k, Outcome: outcome})
					return
				}
			}
		})
	}
}
