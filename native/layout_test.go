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

// TestHeaderOnTopWhenItDoesNotExit checks that Fix's loop, whose
// header tests only the first half of q >= c || q*y > r (both ways go
// into the body, as in math/bits.Div64), has its header on top: the
// entry falls into it and it into the multiply, instead of jumping to
// the header at the bottom, which jumps back up to the multiply.
func TestHeaderOnTopWhenItDoesNotExit(t *testing.T) {
	src := "func Fix(q, y, r, u uint64) uint64 {\n\tfor q >= 1<<32 || q*y > r<<32+u {\n\t\tq--\n\t\tr += y\n\t\tif r >= 1<<32 {\n\t\t\tbreak\n\t\t}\n\t}\n\treturn q\n}\n"
	text := compileOne(t, src, "Fix")
	jmp, mul := strings.Index(text, "\tJMP "), strings.Index(text, "\tIMULQ ")
	if mul < 0 {
		t.Fatalf("no IMULQ in Fix:\n%s", text)
	}
	if jmp >= 0 && jmp < mul {
		t.Errorf("Fix jumps before reaching the loop's multiply:\n%s", text)
	}
}
