package native

import (
	"regexp"
	"strings"
	"testing"
)

// TestImmediateOperands compiles ascii85's zeroing of dst[0] to dst[4]:
// each check compares the length with the index as an immediate and
// each store writes $0, with no constant moved into a register first.
func TestImmediateOperands(t *testing.T) {
	src := fallback + `func Zero(dst []byte, n int) {
	for i := 0; i < n; i++ {
		dst[0] = 0
		dst[4] = 0xF4
	}
}
`
	text := compiledText(t, src, "Zero", "Zero")
	for _, want := range []string{"$4\n", "MOVB $0, (", "MOVB $-12, 4("} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in Zero:\n%s", want, text)
		}
	}
	// One move of $0 into a register is i := 0.
	if moves := regexp.MustCompile(`MOVQ \$[04], [A-Z]`).FindAllString(text, -1); len(moves) > 1 {
		t.Errorf("Zero moves a constant index or value into a register:\n%s", text)
	}
}
