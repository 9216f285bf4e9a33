package native

import (
	"strings"
	"testing"
)

// TestCountLoopVector checks that a count of the bytes equal to c, as a
// range loop and as a counted one, gets the SSE2 loop in front
// (countloops.go): sixteen elements compared and counted at a time.
func TestCountLoopVector(t *testing.T) {
	for name, src := range map[string]string{
		"Count":      "func Count(s []byte, c byte) int {\n\tn := 0\n\tfor _, x := range s {\n\t\tif x == c {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\n",
		"CountIndex": "func CountIndex(s string, c byte) int {\n\tn := 0\n\tfor i := 0; i < len(s); i++ {\n\t\tif s[i] == c {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\n",
	} {
		text := compileOne(t, src, name)
		for _, want := range []string{"PCMPEQB", "PMOVMSKB", "POPCNTQ", "ADDQ $16, "} {
			if !strings.Contains(text, want) {
				t.Errorf("%s has no %s:\n%s", name, want, text)
			}
		}
	}
}

// TestCountLoopNotLess checks that a count of the elements less than c
// gets no vector loop: PCMPEQ tests equality only.
func TestCountLoopNotLess(t *testing.T) {
	src := "func Less(s []byte, c byte) int {\n\tn := 0\n\tfor _, x := range s {\n\t\tif x < c {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\n"
	if text := compileOne(t, src, "Less"); strings.Contains(text, "PCMPEQB") {
		t.Errorf("Less counts with an equality:\n%s", text)
	}
}

// TestCountLoopStripMined checks that the vector loop polls strip-mined,
// without a countdown (its header's StepFits: while x < lim, x + 16 does
// not wrap).
func TestCountLoopStripMined(t *testing.T) {
	src := "func Count(s []byte, c byte) int {\n\tn := 0\n\tfor _, x := range s {\n\t\tif x == c {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\n"
	text := compileOne(t, src, "Count")
	if strings.Contains(text, "SUBQ $1, ") {
		t.Errorf("Count counts its iterations down:\n%s", text)
	}
}
