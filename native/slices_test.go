package native

import (
	"strings"
	"testing"
)

// TestSliceSameBounds compiles xxhash's writeBlocks step,
// b = b[32:len(b):len(b)]: the new length and capacity are one
// difference, computed once.
func TestSliceSameBounds(t *testing.T) {
	src := fallback + `func Blocks(b []byte) int {
	n := 0
	for len(b) >= 32 {
		n += int(b[0])
		b = b[32:len(b):len(b)]
	}
	return n
}
`
	text := compiledText(t, src, "Blocks", "Blocks")
	if c := strings.Count(text, "SUBQ $32"); c != 1 {
		t.Errorf("Blocks subtracts 32 %d times, want once:\n%s", c, text)
	}
}
