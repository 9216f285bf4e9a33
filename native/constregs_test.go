package native

import (
	"strings"
	"testing"
)

// TestShareConstants compiles xxhash's rounds, which multiply by the
// same two 64-bit primes twice in a block, and a lookup of two bytes
// in one table: each constant is loaded once, and the table's address
// computed once.
func TestShareConstants(t *testing.T) {
	src := fallback + `func Mix(a, b uint64) uint64 {
	a = (a + b*0xc2b2ae3d27d4eb4f) * 0x9e3779b185ebca87
	b = (b + a*0xc2b2ae3d27d4eb4f) * 0x9e3779b185ebca87
	return a ^ b
}

func Hex(a, b byte) byte {
	return "0123456789abcdef"[a&15] ^ "0123456789abcdef"[b&15]
}
`
	if text := compiledText(t, src, "Mix", "Mix", "Hex"); strings.Count(text, "$-4417276706812531889") != 1 || strings.Count(text, "$-7046029288634856825") != 1 {
		t.Errorf("Mix loads each prime more than once:\n%s", text)
	}
	if text := compiledText(t, src, "Hex", "Mix", "Hex"); strings.Count(text, "LEAQ") != 1 {
		t.Errorf("Hex computes the table's address more than once:\n%s", text)
	}
}

// TestHoistConstants compiles utf8.ValidString's loop over 16 bytes a
// step: hiBits, a constant no immediate holds, is loaded before the
// loop, not in the block that tests it every iteration.
func TestHoistConstants(t *testing.T) {
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
`
	text := compiledText(t, src, "Pair", "Pair", "word")
	// The blocks, split at labels: hiBits's is not the one that ORs
	// the words.
	for _, block := range strings.SplitAfter(text, ":\n") {
		if strings.Contains(block, "$-9187201950435737472") && strings.Contains(block, "ORQ") {
			t.Errorf("Pair loads hiBits in the loop's block:\n%s", text)
		}
	}
}
