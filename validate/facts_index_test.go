package validate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// TestFactSetLarge: a set of indexFrom bounds or more answers through
// its bounds sorted by x (FactSet.from) as a small one does by scanning:
// a bound, a chain of two through one term, and none through a term
// the chain does not share, with as many unrelated bounds before and
// after them, with the same first term too.
func TestFactSetLarge(t *testing.T) {
	const n = 40
	var params []string
	for i := range n {
		params = append(params, fmt.Sprintf("r%d int", i))
	}
	f := parse(t, "func @main.f("+strings.Join(params, ", ")+") int {\nb0:\n    return r0\n}")
	// Noise: x - y ≤ 0 for registers 10 to 39 paired, and r1 - r{20..29} ≤ 1.
	var noise []Fact
	for i := 10; i+1 < n; i += 2 {
		noise = append(noise, le(ir.Reg(i), ir.Reg(i+1), 0))
	}
	for i := 20; i < 30; i++ {
		noise = append(noise, le(1, ir.Reg(i), 1))
	}
	chain := []Fact{le(1, 5, 2), le(5, 9, 3), le(1, 6, 7), le(6, 8, -1)}
	cases := []struct {
		fact Fact
		want bool
		why  string
	}{
		{le(1, 5, 2), true, "available"},
		{le(1, 5, 1), false, "a smaller bound than the available one"},
		{le(1, 9, 5), true, "r1 - r5 ≤ 2, r5 - r9 ≤ 3"},
		{le(1, 9, 4), false, "the chain gives 5, not 4"},
		{le(1, 8, 6), true, "r1 - r6 ≤ 7, r6 - r8 ≤ -1"},
		{le(1, 8, 5), false, "the chain gives 6"},
		{le(5, 8, 100), false, "no bound from r5 leads to r8"},
		{le(10, 11, 0), true, "a noise bound is available too"},
		{le(10, 13, 0), false, "r10 - r11, r12 - r13: no shared term"},
	}
	rules := NewFactRules(f)
	small := chain
	large := append(append(append([]Fact(nil), noise[:len(noise)/2]...), chain...), noise[len(noise)/2:]...)
	if len(large) < indexFrom {
		t.Fatalf("the large set has %d facts, want at least %d", len(large), indexFrom)
	}
	for _, avail := range [][]Fact{small, large} {
		set := rules.Set(avail, 0)
		for _, c := range cases {
			if c.fact.Reg >= 10 && len(avail) == len(small) {
				continue // about the noise
			}
			if got := rules.ImpliedBy(c.fact, set, 0); got != c.want {
				t.Errorf("%d facts: %s implied = %v, want %v (%s)", len(avail), c.fact, got, c.want, c.why)
			}
		}
	}
}
