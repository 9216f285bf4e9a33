package son

import "testing"

// TestRoundedUpLemma checks nonNegative's lemma by Go's own int8
// arithmetic (wrap-around included), exhaustively: c*((b+k)/c) - b ≥ 0
// for every b, c ≥ 1 and c-1 ≤ k ≤ 127-c; and that k = c-2 would not
// do (some b gives a negative result for every c ≥ 2).
func TestRoundedUpLemma(t *testing.T) {
	for c := int8(1); c <= 64; c++ {
		for k := c - 1; int(k)+int(c) <= 127; k++ {
			for i := -128; i <= 127; i++ {
				b := int8(i)
				if r := c*((b+k)/c) - b; r < 0 {
					t.Fatalf("c=%d k=%d b=%d: %d", c, k, b, r)
				}
			}
		}
		if c < 2 {
			continue
		}
		k, negative := c-2, false
		for i := -128; i <= 127; i++ {
			b := int8(i)
			negative = negative || c*((b+k)/c)-b < 0
		}
		if !negative {
			t.Errorf("c=%d k=%d: never negative, want a counterexample", c, k)
		}
	}
}
