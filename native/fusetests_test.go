package native

import (
	"strings"
	"testing"
)

// TestFuseTests compiles utf8.ValidString's ASCII test,
// word(s)&hiBits == 0, with the word in a register (Pair) and in
// memory (First): each is a TESTQ and the branch, no ANDQ whose result
// is compared with 0.
func TestFuseTests(t *testing.T) {
	src := fallback + `func word(s string) uint64 {
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func Pair(s string) int {
	n := 0
	for len(s) > 16 && (word(s)|word(s[8:]))&0x8080808080808080 == 0 {
		s = s[16:]
		n++
	}
	return n
}

func First(s string) int {
	n := 0
	for len(s) >= 8 && word(s)&0x8080808080808080 == 0 {
		s = s[8:]
		n++
	}
	return n
}
`
	for _, fn := range []string{"Pair", "First"} {
		text := compiledText(t, src, fn, "Pair", "First", "word")
		if strings.Contains(text, "ANDQ") || !strings.Contains(text, "TESTQ") {
			t.Errorf("%s ANDs and compares with 0 where it could test:\n%s", fn, text)
		}
	}
}
