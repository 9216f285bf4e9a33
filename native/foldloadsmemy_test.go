package native

import (
	"strings"
	"testing"
)

// TestFoldLoadPastFolded compiles utf8.ValidString's ASCII loop shape:
// of (w0|w1)|(w2|w3), w1 folds into the first ORQ and w3 into the
// second, past the first, which reads memory as the load it took did:
// two loads and two ORQs from memory, no third load.
func TestFoldLoadPastFolded(t *testing.T) {
	src := fallback + `func word(s string) uint64 {
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 | uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func Skip(s string) int {
	for len(s) > 32 && ((word(s)|word(s[8:]))|(word(s[16:])|word(s[24:])))&0x8080808080808080 == 0 {
		s = s[32:]
	}
	return len(s)
}
`
	text := compiledText(t, src, "Skip", "Skip", "word")
	loads, folded := 0, 0
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 3 && strings.HasSuffix(f[1], "(BX),") {
			switch f[0] {
			case "MOVQ":
				loads++
			case "ORQ":
				folded++
			}
		}
	}
	if loads != 2 || folded != 2 {
		t.Errorf("Skip loads %d words apart and ORs %d from memory, want 2 and 2:\n%s", loads, folded, text)
	}
}
