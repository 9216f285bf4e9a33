package validate

import (
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// ceFlag sets a flag r6 where r0 != nil was true and reads it later:
// `ok := false; if p != nil { ok = true }; if ok { p == nil }`.
const ceFlag = `
func @main.flag(r0 *int) int {
b0:
    r2:*int = const nil
    r3:bool = ne r0, r2
    r10:int = const 0
    if r3, b1, b2
b1: <- b0
    r4:bool = const true
    jump b3
b2: <- b0
    r5:bool = const false
    jump b3
b3: <- b1, b2
    r6:bool = phi r4, r5
    if r6, b4, b5
b4: <- b3
    r7:bool = eq r0, r2
    return r10
b5: <- b3
    r8:bool = eq r0, r2
    return r10
}`

// ceMode sets a mode r5 with a size r6 in each branch:
// `if c { m, size = 1, 8 } else { m, size = 2, 16 }; if m == 1 { size != 8 }`.
const ceMode = `
func @main.mode(r0 bool) int {
b0:
    if r0, b1, b2
b1: <- b0
    r1:int = const 1
    r2:int = const 8
    jump b3
b2: <- b0
    r3:int = const 2
    r4:int = const 16
    jump b3
b3: <- b1, b2
    r5:int = phi r1, r3
    r6:int = phi r2, r4
    r7:int = const 1
    r8:bool = eq r5, r7
    if r8, b4, b5
b4: <- b3
    r9:int = const 8
    r10:bool = ne r6, r9
    return r6
b5: <- b3
    r11:bool = ne r5, r7
    return r5
}`

// ceValid keeps a comparison's outcome in a flag r7:
// `valid := i >= 0 && i < len(s); if valid { i >= len(s) }`.
const ceValid = `
func @main.valid(r0 int, r1 []int) int {
b0:
    r2:int = const 0
    r4:int = len r1
    r3:bool = ge r0, r2
    if r3, b1, b2
b1: <- b0
    r5:bool = lt r0, r4
    jump b3
b2: <- b0
    r6:bool = const false
    jump b3
b3: <- b1, b2
    r7:bool = phi r5, r6
    if r7, b4, b5
b4: <- b3
    r8:int = len r1
    r9:bool = ge r0, r8
    return r0
b5: <- b3
    return r2
}`

func guarded(g, f Fact) Fact {
	f.If = GuardOf(g)
	return f
}

func nonnil(r ir.Reg) Fact    { return Fact{Kind: FactNonNil, Reg: r} }
func isTrue(r ir.Reg) Fact    { return Fact{Kind: FactTrue, Reg: r} }
func isFalse(r ir.Reg) Fact   { return Fact{Kind: FactFalse, Reg: r} }
func nonzeroOf(r ir.Reg) Fact { return Fact{Kind: FactNonZero, Reg: r} }
func entries(n int, at map[int][]Fact) [][]Fact {
	e := make([][]Fact, n)
	for b, fs := range at {
		e[b] = fs
	}
	return e
}

// TestCheckElimGated: each rule of facts_gated.go accepts an honest
// certificate and rejects one that is wrong in that rule.
func TestCheckElimGated(t *testing.T) {
	flagOK := map[int][]Fact{1: {nonnil(0)}, 3: {guarded(isTrue(6), nonnil(0))}, 4: {nonnil(0)}}
	modeOK := map[int][]Fact{
		3: {guarded(le(5, ir.NoReg, 1), le(6, ir.NoReg, 8)), guarded(le(5, ir.NoReg, 1), le(ir.NoReg, 6, -8))},
		4: {le(6, ir.NoReg, 8), le(ir.NoReg, 6, -8)},
	}
	validOK := map[int][]Fact{3: {guarded(isTrue(7), le(0, 4, -1))}, 4: {le(0, 4, -1)}}
	for _, c := range []struct {
		why      string
		fn       string
		at       map[int][]Fact
		decided  []Decision
		wantRule Rule // "": accepted
	}{
		// A flag's guard: false on one edge (a constant, its negation),
		// its fact given on the other (the branch's nonnil), then true on
		// the branch on the flag (the edge's boolean fact activates it).
		{"flag: honest", ceFlag, flagOK, []Decision{{4, 0, false}}, ""},
		{"flag: the guard's other value", ceFlag, map[int][]Fact{1: {nonnil(0)}, 3: {guarded(isFalse(6), nonnil(0))}, 4: {nonnil(0)}}, nil, RuleFacts},
		{"flag: the fact of the branch not carried", ceFlag, map[int][]Fact{3: {guarded(isTrue(6), nonnil(0))}, 4: {nonnil(0)}}, nil, RuleFacts},
		{"flag: decided where the flag is false", ceFlag, map[int][]Fact{1: {nonnil(0)}, 3: {guarded(isTrue(6), nonnil(0))}, 5: {nonnil(0)}}, nil, RuleFacts},
		{"flag: the branch's boolean fact", ceFlag, map[int][]Fact{1: {nonnil(0), isTrue(3)}, 2: {isFalse(3)}}, nil, ""},
		{"flag: the branch's boolean fact on the other edge", ceFlag, map[int][]Fact{2: {isTrue(3)}}, nil, RuleFacts},
		{"flag: a constant boolean", ceFlag, map[int][]Fact{3: {guarded(isTrue(6), isTrue(6))}, 4: {isTrue(6)}}, nil, ""},
		{"flag: a guarded fact without its guard", ceFlag, map[int][]Fact{1: {nonnil(0)}, 3: {nonnil(0)}}, nil, RuleFacts},
		// Integer guards: their negation is x - y ≤ c's y - x ≤ -c-1.
		{"mode: honest", ceMode, modeOK, []Decision{{4, 1, false}}, ""},
		{"mode: a weakened guard", ceMode, map[int][]Fact{3: {guarded(le(5, ir.NoReg, 2), le(6, ir.NoReg, 8))}}, nil, RuleFacts},
		{"mode: decided where the guard is false", ceMode, map[int][]Fact{3: modeOK[3], 5: {le(6, ir.NoReg, 8)}}, nil, RuleFacts},
		{"mode: a nonzero guard", ceMode, map[int][]Fact{3: {guarded(nonzeroOf(5), le(ir.NoReg, 5, -1))}}, nil, ""},
		{"mode: a nonzero guard's wrong fact", ceMode, map[int][]Fact{3: {guarded(nonzeroOf(5), le(5, ir.NoReg, 1))}}, nil, RuleFacts},
		// A flag holding a comparison: true r gives its outcome's facts.
		{"valid: honest", ceValid, validOK, []Decision{{4, 1, false}}, ""},
		{"valid: the comparison's other outcome", ceValid, map[int][]Fact{3: {guarded(isFalse(7), le(0, 4, -1))}}, nil, RuleFacts},
		{"valid: a fact the comparison does not give", ceValid, map[int][]Fact{3: {guarded(isTrue(7), le(0, 4, -2))}}, nil, RuleFacts},
		{"valid: true of a comparison from its facts", ceValid, map[int][]Fact{5: {guarded(le(ir.NoReg, 0, 0), isTrue(3))}}, nil, ""},
		{"valid: true of a comparison without its facts", ceValid, map[int][]Fact{5: {guarded(le(ir.NoReg, 0, 1), isTrue(3))}}, nil, RuleFacts},
		{"valid: a guard about a register defined later", ceValid, map[int][]Fact{3: {guarded(isTrue(9), le(0, 4, -1))}}, nil, RuleFacts},
	} {
		f := parse(t, c.fn)
		err := checkElimOf(t, c.fn, c.fn, &CheckElimHints{Entry: entries(len(f.Blocks), c.at), Decided: c.decided})
		if c.wantRule == "" {
			if err != nil {
				t.Errorf("%s: rejected: %v", c.why, err)
			}
			continue
		}
		if e, ok := err.(*Error); !ok || e.Rule != c.wantRule {
			t.Errorf("%s: got %v, want a rejection by rule %s", c.why, err, c.wantRule)
		}
	}
}

// TestNegation: a fact and its negation hold of no value together and
// one of them of every value, for small values of x and y.
func TestNegation(t *testing.T) {
	holds := func(f Fact, x, y int64) bool {
		v := func(r ir.Reg) int64 {
			switch r {
			case 1:
				return x
			case 2:
				return y
			}
			return 0
		}
		switch f.Kind {
		case FactLE:
			return v(f.Reg)-v(f.Y) <= f.C
		case FactNonZero:
			return v(f.Reg) != 0
		}
		t.Fatalf("fact %s", f)
		return false
	}
	for _, f := range []Fact{le(1, 2, 3), le(2, 1, -1), le(ir.NoReg, 1, 0), le(1, ir.NoReg, -2), nonzeroOf(1)} {
		neg := Negation(f)
		for x := int64(-5); x <= 5; x++ {
			for y := int64(-5); y <= 5; y++ {
				all := true
				for _, n := range neg {
					all = all && holds(n, x, y)
				}
				if holds(f, x, y) == all {
					t.Errorf("%s and its negation %v at x=%d y=%d: both or neither", f, neg, x, y)
				}
			}
		}
	}
}

// TestCheckElimCopies: a copy of an integer is its source in bounds, a
// copy of a constant that constant (mem2reg reads variables as copies).
func TestCheckElimCopies(t *testing.T) {
	const in = `
func @main.c(r0 int) int {
b0:
    r1:int = copy r0
    r2:int = const 8
    r3:int = copy r2
    r4:bool = lt r0, r2
    if r4, b1, b2
b1: <- b0
    r5:bool = lt r1, r3
    return r0
b2: <- b0
    r6:bool = lt r1, r3
    return r0
}`
	h := func(d Decision) *CheckElimHints {
		return &CheckElimHints{Entry: [][]Fact{nil, {le(0, 2, -1)}, {le(2, 0, 0)}}, Decided: []Decision{d}}
	}
	if err := checkElimOf(t, in, in, h(Decision{1, 0, true})); err != nil {
		t.Errorf("a copy's comparison decided as its source's: %v", err)
	}
	if err := checkElimOf(t, in, in, h(Decision{2, 0, false})); err != nil {
		t.Errorf("a copy's comparison decided false as its source's: %v", err)
	}
	if e, ok := checkElimOf(t, in, in, h(Decision{2, 0, true})).(*Error); !ok || e.Rule != RuleDecided {
		t.Errorf("a copy's comparison decided against its source's facts: got %v, want a rejection by rule %s", e, RuleDecided)
	}
}

// TestCheckElimLaterLen: a fact at a join may be about a len read after
// it, of a value defined there (`n := 0; if c { n = len(s) }; if c {
// n != len(s) }`), not about another register defined later.
func TestCheckElimLaterLen(t *testing.T) {
	const in = `
func @main.l(r0 bool, r1 []int) int {
b0:
    r2:int = const 0
    if r0, b1, b2
b1: <- b0
    r3:int = len r1
    jump b3
b2: <- b0
    jump b3
b3: <- b1, b2
    r4:int = phi r3, r2
    if r0, b4, b5
b4: <- b3
    r5:int = len r1
    r7:int = copy r5
    r6:bool = ne r4, r5
    return r4
b5: <- b3
    return r4
}`
	at := func(b3 ...Fact) [][]Fact {
		return [][]Fact{nil, nil, {isFalse(0)}, b3, {le(4, 5, 0), le(5, 4, 0)}, nil}
	}
	ok := &CheckElimHints{Entry: at(guarded(isTrue(0), le(4, 5, 0)), guarded(isTrue(0), le(5, 4, 0))), Decided: []Decision{{4, 2, false}}}
	if err := checkElimOf(t, in, in, ok); err != nil {
		t.Errorf("a fact about a later len at the join: %v", err)
	}
	copied := &CheckElimHints{Entry: at(guarded(isTrue(0), le(4, 7, 0)))}
	copied.Entry[4] = nil
	if e, isErr := checkElimOf(t, in, in, copied).(*Error); !isErr || e.Rule != RuleFacts {
		t.Errorf("a fact about a later copy of a len at the join: got %v, want a rejection by rule %s", e, RuleFacts)
	}
}

// TestCheckElimGuardedGens: what an instruction establishes from the
// facts available (a sum's bounds from its operand's) is never read off
// a guarded fact as if its guard held.
func TestCheckElimGuardedGens(t *testing.T) {
	const in = `
func @main.g(r1 uint8) uint8 {
b0:
    r7:bool = const false
    r2:uint8 = const 1
    r8:uint8 = const 10
    r6:bool = lt r1, r8
    if r6, b1, b2
b1: <- b0
    r3:uint8 = add r1, r2
    r5:bool = gt r3, r2
    return r1
b2: <- b0
    return r1
}`
	h := &CheckElimHints{Entry: [][]Fact{nil, {le(1, ir.NoReg, 9), guarded(isTrue(7), le(1, ir.NoReg, 0))}, nil}}
	if err := checkElimOf(t, in, in, h); err != nil {
		t.Fatalf("a guarded fact under a false guard rejected: %v", err)
	}
	h.Decided = []Decision{{1, 1, false}}
	if e, ok := checkElimOf(t, in, in, h).(*Error); !ok || e.Rule != RuleDecided {
		t.Errorf("r1 + 1 > 1 decided false off a guarded r1 <= 0 whose guard is false: got %v, want a rejection by rule %s", e, RuleDecided)
	}
}

// TestGuardedSetMadeOnce: a set asked guarded facts of one guard adds
// the guard to its facts once (impliedGuarded's set, kept in the set),
// and its answers are still each fact's: nonnil r0 under true r6 from
// a set with nonnil r0 (accepted), nil r0 under it (rejected); another
// guard makes another set.
func TestGuardedSetMadeOnce(t *testing.T) {
	f := parse(t, ceFlag)
	rules := NewFactRules(f)
	set := rules.Set([]Fact{{Kind: FactNonNil, Reg: 0}}, 3)
	under := func(k FactKind, g Fact) Fact { return Fact{Kind: k, Reg: 0, If: GuardOf(g)} }
	ok := Fact{Kind: FactTrue, Reg: 6}
	if !rules.ImpliedBy(under(FactNonNil, ok), set, 3) {
		t.Error("nonnil r0 under true r6 not implied by nonnil r0")
	}
	if rules.ImpliedBy(under(FactNil, ok), set, 3) {
		t.Error("nil r0 under true r6 implied by nonnil r0")
	}
	if len(set.given) != 1 {
		t.Errorf("%d sets with a guard added after two questions under one guard, want 1", len(set.given))
	}
	if rules.ImpliedBy(under(FactNil, Fact{Kind: FactTrue, Reg: 3}), set, 3) {
		t.Error("nil r0 under true r3 implied by nonnil r0")
	}
	if len(set.given) != 2 {
		t.Errorf("%d sets with a guard added after questions under two guards, want 2", len(set.given))
	}
}
