package native

import (
	"strings"
	"testing"
)

// TestShortMove checks that a copy runs short lengths without REP
// MOVSB, whose start costs more than copying a few bytes: the lengths
// up to 32 branch to word moves before the REP MOVSB. Every length and
// overlap is run in testdata/subset (TestMoveSizes).
func TestShortMove(t *testing.T) {
	src := "func Lit(dst, lit []byte) int {\n\treturn copy(dst, lit)\n}\n"
	text := compileOne(t, src, "Lit")
	if testing.Verbose() {
		t.Log(text)
	}
	rep := strings.Index(text, "REP; MOVSB")
	if rep < 0 {
		t.Fatalf("Lit does not copy with REP MOVSB beyond 32 bytes:\n%s", text)
	}
	for _, want := range []string{"CMPQ CX, $16", "MOVB (SI), R11", "MOVQ -8(SI)(CX*1), SI", "MOVOU (SI), X15"} {
		if i := strings.Index(text, want); i < 0 || i > rep {
			t.Errorf("Lit has no %q before its REP MOVSB:\n%s", want, text)
		}
	}
}
