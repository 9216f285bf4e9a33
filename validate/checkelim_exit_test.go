package validate

import (
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// ceExit counts i (r3) up to n (r0) by ones, from 0 with n ≥ 0:
// `if n < 0 { return 0 }; i := 0; for i < n { i++ }; if i != n {…}`. At
// the exit i == n: the loop's exit value, which GSA's η reads (the μ's
// value where the exit condition holds). The certificate carries it as
// the header's inductive fact i ≤ n, which with the exit edge's i ≥ n
// decides i != n.
const ceExit = `
func @main.exit(r0 int) int {
b0:
    r1:int = const 0
    r2:bool = lt r0, r1
    if r2, b5, b1
b1: <- b0
    jump b2
b2: <- b1, b3
    r3:int = phi r1, r5
    r4:bool = lt r3, r0
    if r4, b3, b4
b3: <- b2
    r6:int = const 1
    r5:int = add r3, r6
    jump b2
b4: <- b2
    r7:bool = ne r3, r0
    return r3
b5: <- b0
    return r1
}`

// TestCheckElimLoopExit: the exit value of a counted loop, decided
// from the trip count (the exit condition and the step), and rejected
// where the step, the start or n ≥ 0 does not give it.
func TestCheckElimLoopExit(t *testing.T) {
	honest := map[int][]Fact{
		1: {le(ir.NoReg, 0, 0)},       // n ≥ 0
		2: {le(3, 0, 0)},              // i ≤ n, inductively
		3: {le(3, 0, -1)},             // i < n in the body
		4: {le(3, 0, 0), le(0, 3, 0)}, // i == n at the exit
	}
	decided := []Decision{{Block: 4, Index: 0, Outcome: false}}
	for _, c := range []struct {
		why     string
		fn      string
		at      map[int][]Fact
		decided []Decision
		want    Rule // "": accepted
	}{
		{"honest", ceExit, honest, decided, ""},
		{"the other outcome", ceExit, honest, []Decision{{Block: 4, Index: 0, Outcome: true}}, RuleDecided},
		{"n may be negative", ceExit, map[int][]Fact{2: honest[2], 3: honest[3], 4: honest[4]}, decided, RuleFacts},
		{"a step of 2", strings.Replace(ceExit, "r6:int = const 1", "r6:int = const 2", 1), honest, decided, RuleFacts},
		{"starting above n", strings.Replace(ceExit, "r3:int = phi r1, r5", "r3:int = phi r0, r5", 1), map[int][]Fact{1: honest[1], 2: {le(3, 0, 1)}, 3: honest[3], 4: honest[4]}, decided, RuleFacts},
		{"the exit's i ≥ n alone", ceExit, map[int][]Fact{4: honest[4]}, decided, RuleFacts},
	} {
		f := parse(t, c.fn)
		err := checkElimOf(t, c.fn, c.fn, &CheckElimHints{Entry: entries(len(f.Blocks), c.at), Decided: c.decided})
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: rejected: %v", c.why, err)
			}
			continue
		}
		if e, ok := err.(*Error); !ok || e.Rule != c.want {
			t.Errorf("%s: got %v, want a rejection by rule %s", c.why, err, c.want)
		}
	}
}
