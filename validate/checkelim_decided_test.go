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
