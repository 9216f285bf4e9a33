package native

import (
	"strings"
	"testing"
)

// TestBlockCSE compiles ascii85's digit loop: v%85 and then v/85 lower
// to the same multiplication by the reciprocal, made once per digit
// (five IMULQ by it, each a quotient the remainder reuses), not twice.
func TestBlockCSE(t *testing.T) {
	src := fallback + `func Digits(dst []byte, v uint32) {
	for i := 4; i >= 0; i-- {
		dst[i] = '!' + byte(v%85)
		v /= 85
	}
}
`
	text := compiledText(t, src, "Digits", "Digits")
	if n := strings.Count(text, "IMULQ "); n != 5 {
		t.Errorf("Digits multiplies by 85's reciprocal %d times, want 5:\n%s", n, text)
	}
}
