package native

import (
	"strings"
	"testing"
)

// TestFoldLeas compiles utf8.ValidString's word(s[8:]) behind
// len(s) > 16: the loads address 8(BX) themselves, with no LEAQ of
// s[8:]'s pointer into a register first.
func TestFoldLeas(t *testing.T) {
	src := fallback + `func word(s string) uint64 {
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func Pair(s string) uint64 {
	if len(s) > 16 {
		return word(s) | word(s[8:])
	}
	return 0
}
`
	text := compiledText(t, src, "Pair", "Pair", "word")
	if strings.Contains(text, "LEAQ") || !strings.Contains(text, "8(") {
		t.Errorf("Pair computes s[8:]'s address apart from its load:\n%s", text)
	}
}
