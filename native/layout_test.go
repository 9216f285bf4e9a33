package native

import (
	"strings"
	"testing"
)

// TestLatchOnTop checks that Skip's loop, whose latch (i++) four
// compares branch to, is laid out as gc lays it out: the latch, then
// the header's test, which falls into the body and branches out, so
// that an iteration takes one branch, back to the latch, not that and
// the header's branch back to the body's top.
func TestLatchOnTop(t *testing.T) {
	src := "func Skip(s string) int {\n\tfor i := 1; i < len(s); i++ {\n\t\tif s[i] != ' ' && s[i] != '\\n' && s[i] != '\\t' && s[i] != '\\r' {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn -1\n}\n"
	text := compileOne(t, src, "Skip")
	var code []string
	for _, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasSuffix(line, ":") {
			code = append(code, line)
		}
	}
	for k, line := range code {
		if strings.HasPrefix(line, "ADDQ $1, ") && k+2 < len(code) {
			if !strings.HasPrefix(code[k+1], "CMPQ ") || !strings.HasPrefix(code[k+2], "JGE ") {
				t.Errorf("the latch is not followed by the header's test branching out:\n%s", text)
			}
			return
		}
	}
	t.Errorf("no ADDQ $1 in Skip:\n%s", text)
}
