package native

import (
	"strings"
	"testing"
)

// TestStripMinedPoll checks that a counted loop (fastjson's skipWSSlow:
// an index raised by one up to len(s)) polls without a countdown: its
// iterations decrement nothing, and it still polls.
func TestStripMinedPoll(t *testing.T) {
	src := "func Skip(s string) int {\n\tfor i := 1; i < len(s); i++ {\n\t\tif s[i] != ' ' && s[i] != '\\n' && s[i] != '\\t' && s[i] != '\\r' {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn -1\n}\n"
	text := compileOne(t, src, "Skip")
	if testing.Verbose() {
		t.Log(text)
	}
	if strings.Contains(text, "SUBQ $1") {
		t.Errorf("Skip counts its iterations down:\n%s", text)
	}
	if !strings.Contains(text, "Poll(SB)") {
		t.Errorf("Skip does not poll:\n%s", text)
	}
}
