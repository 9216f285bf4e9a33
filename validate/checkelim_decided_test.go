package validate

import (
	"testing"
)

// ceDecide has comparisons the facts decide: r0 compared with nil after
// a load through it, a len compared with zero.
const ceDecide = `
func @main.g(r0 *int, r1 []int) int {
b0:
    r2:*int = const nil
    r9:bool = ne r0, r2
    r3:int = load r0
    r4:bool = ne r0, r2
    r5:int = len r1
    r6:int = const 0
    r7:bool = lt r5, r6
    r8:bool = eq r0, r2
    if r4, b1, b2
b1: <- b0
    return r3
b2: <- b0
    return r6
}`

func TestCheckElimDecided(t *testing.T) {
	decide := func(ds ...Decision) error {
		return checkElimOf(t, ceDecide, ceDecide, &CheckElimHints{Entry: make([][]Fact, 3), Decided: ds})
	}
	if err := decide(Decision{0, 3, true}, Decision{0, 6, false}, Decision{0, 7, false}); err != nil {
		t.Fatalf("honest decisions rejected: %v", err)
	}
	for _, c := range []struct {
		why  string
		d    Decision
		rule Rule
	}{
		{"r0 != nil before the load", Decision{0, 1, true}, RuleDecided},
		{"r0 != nil false: no fact says r0 is nil", Decision{0, 3, false}, RuleDecided},
		{"len < 0 true", Decision{0, 6, true}, RuleDecided},
		{"a load decided", Decision{0, 2, true}, RuleDecided},
		{"an instruction the input does not have", Decision{0, 40, true}, RuleHints},
	} {
		e, ok := decide(c.d).(*Error)
		if !ok || e.Rule != c.rule {
			t.Errorf("%s: got %v, want a rejection by rule %s", c.why, e, c.rule)
		}
	}
	if e, ok := decide(Decision{0, 3, true}, Decision{0, 3, true}).(*Error); !ok || e.Rule != RuleHints {
		t.Errorf("a decision listed twice: got %v, want a rejection by rule %s", e, RuleHints)
	}
}

// TestCheckElim32: int(u) of a uint32 u is never negative with a 64-bit
// int, and may be with a 32-bit one; len s ≥ 0 holds with both.
func TestCheckElim32(t *testing.T) {
	in := `
func @main.f(r0 []int, r1 uint32) int {
b0:
    r2:int = convert r1
    r3:int = const 0
    r4:bool = ge r2, r3
    r5:int = len r0
    r6:bool = ge r5, r3
    return r3
}`
	h := func(ds ...Decision) *CheckElimHints { return &CheckElimHints{Entry: make([][]Fact, 1), Decided: ds} }
	if err := CheckElim(parse(t, in), parse(t, in), h(Decision{0, 2, true}, Decision{0, 4, true})); err != nil {
		t.Errorf("64-bit int: decisions rejected: %v", err)
	}
	if err := CheckElim32(parse(t, in), parse(t, in), h(Decision{0, 4, true}), nil); err != nil {
		t.Errorf("32-bit int: len s >= 0 rejected: %v", err)
	}
	if e, ok := CheckElim32(parse(t, in), parse(t, in), h(Decision{0, 2, true}), nil).(*Error); !ok || e.Rule != RuleDecided {
		t.Errorf("32-bit int: int(uint32) >= 0 got %v, want a rejection by rule %s", e, RuleDecided)
	}
}

// ceNil compares r0 with nil and dereferences it where it is nil.
const ceNil = `
func @main.h(r0 *int) int {
b0:
    r2:*int = const nil
    r3:int = const 0
    r4:bool = eq r0, r2
    if r4, b1, b2
b1: <- b0
    r5:bool = eq r0, r2
    nilcheck r0
    r6:int = load r0
    return r6
b2: <- b0
    return r3
}`

// TestCheckElimNil: where r0 == nil held, r0 == nil is decided true and
// the nil check of r0 fails; not elsewhere, nor for other instructions.
func TestCheckElimNil(t *testing.T) {
	hints := func() *CheckElimHints {
		h := &CheckElimHints{Entry: make([][]Fact, 3), Decided: []Decision{{1, 0, true}}, NilUses: []CheckRemoval{{1, 1}}}
		h.Entry[1] = []Fact{{Kind: FactNil, Reg: 0}}
		return h
	}
	check := func(h *CheckElimHints) error { return checkElimOf(t, ceNil, ceNil, h) }
	if err := check(hints()); err != nil {
		t.Fatalf("honest nil facts rejected: %v", err)
	}
	for _, c := range []struct {
		why    string
		mutate func(h *CheckElimHints)
		rule   Rule
	}{
		{"no entry fact", func(h *CheckElimHints) { h.Entry[1] = nil }, RuleDecided},
		{"nil on the false edge", func(h *CheckElimHints) { h.Entry[2] = []Fact{{Kind: FactNil, Reg: 0}} }, RuleFacts},
		{"decided false", func(h *CheckElimHints) { h.Decided[0].Outcome = false }, RuleDecided},
		{"a load said to fail", func(h *CheckElimHints) { h.NilUses[0].Index = 2 }, RuleDecided},
		{"a failing check listed twice", func(h *CheckElimHints) { h.NilUses = append(h.NilUses, h.NilUses[0]) }, RuleHints},
	} {
		h := hints()
		c.mutate(h)
		if e, ok := check(h).(*Error); !ok || e.Rule != c.rule {
			t.Errorf("%s: got %v, want a rejection by rule %s", c.why, e, c.rule)
		}
	}
}

// TestCheckElimMakeInterface: an interface made from a concrete value is
// never nil, even from a nil pointer; one changed from another interface
// may be.
func TestCheckElimMakeInterface(t *testing.T) {
	in := `
func @main.f(r0 *int, r1 error) int {
b0:
    r2:any = makeiface r0
    r3:any = const nil
    r4:bool = eq r2, r3
    r5:any = changeiface r1
    r6:bool = eq r5, r3
    r7:int = const 0
    return r7
}`
	h := func(ds ...Decision) *CheckElimHints { return &CheckElimHints{Entry: make([][]Fact, 1), Decided: ds} }
	if err := CheckElim(parse(t, in), parse(t, in), h(Decision{0, 2, false})); err != nil {
		t.Errorf("any(p) == nil decided false: rejected: %v", err)
	}
	if e, ok := CheckElim(parse(t, in), parse(t, in), h(Decision{0, 4, false})).(*Error); !ok || e.Rule != RuleDecided {
		t.Errorf("any(err) == nil decided false: got %v, want a rejection by rule %s", e, RuleDecided)
	}
}

// TestCheckElimNilUses: a call through a func found nil, panic of an
// interface changed from one found nil, an update of a nil map are nil
// uses; a call through another func, an addition are not.
func TestCheckElimNilUses(t *testing.T) {
	in := `
func @main.f(r0 func(), r1 error, r9 func()) int {
b0:
    r2:func() = const nil
    r3:bool = eq r0, r2
    if r3, b1, b3
b1: <- b0
    call r0()
    r4:error = const nil
    r5:bool = eq r1, r4
    if r5, b2, b3
b2: <- b1
    r6:map[int]int = const nil
    r7:int = const 1
    mapupdate r6, r7, r7
    r10:int = add r7, r7
    call r9()
    r8:any = changeiface r1
    panic r8
b3: <- b0, b1
    r11:int = const 0
    return r11
}`
	hints := func(uses ...CheckRemoval) *CheckElimHints {
		h := &CheckElimHints{Entry: make([][]Fact, 4), NilUses: uses}
		h.Entry[1] = []Fact{{Kind: FactNil, Reg: 0}}
		h.Entry[2] = []Fact{{Kind: FactNil, Reg: 1}}
		return h
	}
	check := func(h *CheckElimHints) error { return CheckElim(parse(t, in), parse(t, in), h) }
	if err := check(hints(CheckRemoval{1, 0}, CheckRemoval{2, 2}, CheckRemoval{2, 6})); err != nil {
		t.Fatalf("honest nil uses rejected: %v", err)
	}
	for _, c := range []struct {
		why string
		use CheckRemoval
	}{
		{"a call through a func not known nil", CheckRemoval{2, 4}},
		{"an addition", CheckRemoval{2, 3}},
		{"the comparison before the call", CheckRemoval{0, 1}},
	} {
		if e, ok := check(hints(c.use)).(*Error); !ok || e.Rule != RuleDecided {
			t.Errorf("%s: got %v, want a rejection by rule %s", c.why, e, RuleDecided)
		}
	}
	// panic(any(err)) is a nil use only where err is nil.
	h := hints(CheckRemoval{2, 6})
	h.Entry[2] = nil
	if e, ok := check(h).(*Error); !ok || e.Rule != RuleDecided {
		t.Errorf("panic of an interface changed from one not known nil: got %v, want a rejection by rule %s", e, RuleDecided)
	}
}
