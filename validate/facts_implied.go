// This file decides when facts imply another. Implication is kept to
// what needs no solver: a fact x - y ≤ c follows from one fact
// x - y ≤ c' with c' ≤ c, or from two, x - z ≤ a and z - y ≤ b with
// a + b ≤ c, each one available or intrinsic. Constants are the zero
// term plus their value, so "i < 8" relates i to zero; two reads of
// len s are one term.

package validate

import (
	"go/types"
	"math"

	"github.com/vssa-go/vssa/ir"
)

// FactSet is a set of available facts, made ready for many questions
// at one place (Implied asks one).
type FactSet struct {
	facts  []Fact  // all of them
	bounds []bound // the integer ones, constants moved into the bounds
	// given are the sets of facts with a guard added, made once per
	// guard and block (a set is asked many guarded facts of one guard:
	// impliedGuarded), by the rules that made them.
	given map[givenKey]*FactSet
}

type givenKey struct {
	rules *FactRules
	guard Guard
	use   int
}

// Set makes avail, in a block used at use, ready for questions: with
// the facts of the comparisons available booleans are, and the facts
// of the guarded facts whose guard follows (facts_gated.go).
func (c *FactRules) Set(avail []Fact, use int) *FactSet {
	s := &FactSet{facts: avail, bounds: make([]bound, 0, len(avail))}
	guarded, copied := false, false
	for _, a := range avail {
		s.addBound(c, a, use)
		guarded = guarded || a.If.Kind != 0
		if fs := c.boolFacts(a, use); fs != nil {
			if !copied {
				s.facts, copied = append(make([]Fact, 0, len(avail)+4), avail...), true
			}
			for _, f := range fs {
				s.add(c, f, use)
			}
		}
	}
	if !guarded {
		return s
	}
	if !copied {
		s.facts = append(make([]Fact, 0, len(avail)+4), avail...)
	}
	// Guards that follow, until none more does (a fact a guard gives
	// may be another's guard).
	for changed := true; changed; {
		changed = false
		for _, a := range avail {
			if a.If.Kind == 0 || s.has(a.Unguarded()) || !c.ImpliedBy(a.If.Fact(), s, use) {
				continue
			}
			s.add(c, a.Unguarded(), use)
			for _, f := range c.boolFacts(a.Unguarded(), use) {
				s.add(c, f, use)
			}
			changed = true
		}
	}
	return s
}

// add makes f available in s.
func (s *FactSet) add(c *FactRules, f Fact, use int) {
	s.facts = append(s.facts, f)
	s.addBound(c, f, use)
}

func (s *FactSet) addBound(c *FactRules, f Fact, use int) {
	if f.Kind != FactLE || f.If.Kind != 0 {
		return
	}
	if n, ok := c.normal(f, use); ok && n.x != n.y {
		s.bounds = append(s.bounds, n)
	}
}

func (s *FactSet) has(f Fact) bool {
	for _, a := range s.facts {
		if a == f {
			return true
		}
	}
	return false
}

// Implied reports whether fact follows from avail and the intrinsic
// facts, in a block used at use.
func (c *FactRules) Implied(fact Fact, avail []Fact, use int) bool {
	return c.ImpliedBy(fact, c.Set(avail, use), use)
}

// ImpliedBy reports whether fact follows from the set and the intrinsic
// facts, in a block used at use.
func (c *FactRules) ImpliedBy(fact Fact, set *FactSet, use int) bool {
	if fact.If.Kind != 0 {
		return c.impliedGuarded(fact, set, use)
	}
	switch fact.Kind {
	case FactTrue, FactFalse:
		return c.impliedBool(fact, set, use)
	case FactNonNil, FactNil:
		for _, a := range set.facts {
			if a == fact {
				return true
			}
		}
		if fact.Kind == FactNonNil && c.intrinsicNonNil(fact.Reg, use) || fact.Kind == FactNil && c.isZero(fact.Reg, FactNonNil, use) {
			return true
		}
		// Through definitions that keep nilness.
		if x, ok := c.SameNil(fact.Reg, use); ok {
			return c.ImpliedBy(Fact{Kind: fact.Kind, Reg: x}, set, use)
		}
		return false
	case FactNonZero:
		for _, a := range set.facts {
			if a == fact {
				return true
			}
		}
		if k, ok := c.Constant(fact.Reg, use); ok {
			return k != 0
		}
		return c.ImpliedBy(le(ir.NoReg, fact.Reg, -1), set, use) || c.ImpliedBy(le(fact.Reg, ir.NoReg, -1), set, use)
	case FactLE:
		return c.impliedLE(fact, set, use)
	}
	return false
}

// bound is x - y ≤ c over terms: registers that are not constants (or
// zero, NoReg).
type bound struct {
	x, y ir.Reg
	c    int64
}

// impliedLE decides x - y ≤ c by one available or intrinsic bound, or
// two through one term z (x - z ≤ a, z - y ≤ b: available, or z's own
// range when x or y is zero).
func (c *FactRules) impliedLE(fact Fact, set *FactSet, use int) bool {
	want, ok := c.normal(fact, use)
	if !ok {
		return false
	}
	if want.x == want.y {
		return want.c >= 0
	}
	holds := func(a, b int64) bool {
		sum, ok := addInt(a, b)
		return ok && sum <= want.c
	}
	if want.y == ir.NoReg { // x ≤ c: x's own range
		if hi, ok := c.upper(want.x); ok && hi <= want.c {
			return true
		}
	}
	if want.x == ir.NoReg { // -y ≤ c: y's own range
		if lo, ok := c.lower(want.y); ok && lo <= want.c {
			return true
		}
	}
	if c.lenCap(want.x, want.y, use) {
		return want.c >= 0
	}
	if hi, ok := c.upper(want.x); ok { // x ≤ its maximum, -y ≤ its minimum's opposite
		if lo, ok := c.lower(want.y); ok && holds(hi, lo) {
			return true
		}
	}
	for _, a := range set.bounds {
		if a.x != want.x {
			continue
		}
		if a.y == want.y && a.c <= want.c {
			return true
		}
		for _, b := range set.bounds {
			if b.x == a.y && b.y == want.y && holds(a.c, b.c) {
				return true
			}
		}
		if c.lenCap(a.y, want.y, use) && holds(a.c, 0) { // x - len s ≤ a, len s ≤ cap s
			return true
		}
		if want.y == ir.NoReg { // x - z ≤ a, z ≤ its maximum
			if hi, ok := c.upper(a.y); ok && holds(a.c, hi) {
				return true
			}
		}
		if a.y == ir.NoReg { // x ≤ a, -y ≤ its minimum's opposite
			if lo, ok := c.lower(want.y); ok && holds(a.c, lo) {
				return true
			}
		}
	}
	for _, b := range set.bounds {
		if b.y != want.y {
			continue
		}
		if c.lenCap(want.x, b.x, use) && holds(0, b.c) { // len s ≤ cap s, cap s - y ≤ b
			return true
		}
		if want.x == ir.NoReg { // -z ≤ its minimum's opposite, z - y ≤ b
			if lo, ok := c.lower(b.x); ok && holds(lo, b.c) {
				return true
			}
		}
		if b.x == ir.NoReg { // x ≤ its maximum, -y ≤ b
			if hi, ok := c.upper(want.x); ok && holds(hi, b.c) {
				return true
			}
		}
	}
	return false
}

// normal writes fact as a bound between terms, constants moved into c
// (false if that overflows).
func (c *FactRules) normal(fact Fact, use int) (bound, bool) {
	b := bound{fact.Reg, fact.Y, fact.C}
	if k, ok := c.Constant(b.x, use); ok { // k - y ≤ c: 0 - y ≤ c - k
		var fine bool
		if b.c, fine = subInt(b.c, k); !fine {
			return bound{}, false
		}
		b.x = ir.NoReg
	}
	if k, ok := c.Constant(b.y, use); ok { // x - k ≤ c: x - 0 ≤ c + k
		var fine bool
		if b.c, fine = addInt(b.c, k); !fine {
			return bound{}, false
		}
		b.y = ir.NoReg
	}
	b.x, b.y = c.term(b.x, use), c.term(b.y, use)
	return b, true
}

// term is the register that stands for r's value in bounds: for a copy
// (that use can rely on having run), its source's; for a len or
// cap of a slice, string or array, the first register that is the same
// len or cap of the same operand (whose length never changes, unlike a
// map's or a channel's), so that two reads of len s are one term.
func (c *FactRules) term(r ir.Reg, use int) ir.Reg {
	r = c.copied(r, use)
	if r < 0 || int(r) >= len(c.canon) || c.canon[r] == r || c.definition(r, use) == nil || c.definition(c.canon[r], use) == nil {
		return r // both must be what their definitions say (the recover rule)
	}
	return c.canon[r]
}

// lenCap reports whether x is len s and y cap s of one s (so x ≤ y),
// both defined where use can rely on them.
func (c *FactRules) lenCap(x, y ir.Reg, use int) bool {
	of := func(r ir.Reg, op ir.Op) (ir.Reg, bool) {
		if in := c.definition(r, use); in != nil && in.Op == op {
			return in.Args()[0], true
		}
		return 0, false
	}
	s, ok := of(x, ir.OpLen)
	t, ok2 := of(y, ir.OpCap)
	return ok && ok2 && s == t
}

// upper is the bound of term r its type gives: r - 0 ≤ max (none for
// zero, or a 64-bit unsigned type).
func (c *FactRules) upper(r ir.Reg) (int64, bool) {
	if r == ir.NoReg {
		return 0, false
	}
	_, hi, ok := c.typeRange(c.f.TypeOf(r))
	return hi, ok
}

// lower is the bound of term r its type and definition give:
// 0 - r ≤ -min, with min 0 for len and cap (none for zero).
func (c *FactRules) lower(r ir.Reg) (int64, bool) {
	if r == ir.NoReg || !isInteger(c.f.TypeOf(r)) {
		return 0, false
	}
	lo, _, _ := c.typeRange(c.f.TypeOf(r))
	if d := c.def[r]; d.block >= 0 && d.index >= 0 {
		if op := c.f.Blocks[d.block].Instrs[d.index].Op; op == ir.OpLen || op == ir.OpCap {
			lo = max(lo, 0) // so too for a len the recover block reads as zero
		}
	}
	if lo == math.MinInt64 {
		return 0, false
	}
	return -lo, true
}

// copied follows r through copies of its value that use can rely on
// having run: the register they copy (mem2reg leaves a variable's reads
// as copies of the phi or the parameter it holds).
func (c *FactRules) copied(r ir.Reg, use int) ir.Reg {
	for {
		in := c.definition(r, use)
		if in == nil || in.Op != ir.OpCopy || !types.Identical(c.f.TypeOf(in.Args()[0]), c.f.TypeOf(r)) {
			return r
		}
		r = in.Args()[0]
	}
}
