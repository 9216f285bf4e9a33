package native

import (
	"strings"
	"testing"
)

// TestSinkStepsLast checks that the unrolled loop of Checksum16 steps
// its index after the last add that reads its element: with the step
// sunk before it, the add (its load folded in) kept the index alive past
// the step, which went to another register (LEAQ 4(x), y) and back (a
// move on the back edge).
func TestSinkStepsLast(t *testing.T) {
	src := "func Sum(data []uint16) uint16 {\n\tvar sum uint16\n\tfor _, w := range data {\n\t\tsum = sum<<1 | sum>>15\n\t\tsum += w\n\t}\n\treturn sum\n}\n"
	text := compileOne(t, src, "Sum")
	if strings.Contains(text, "LEAQ 4(") {
		t.Errorf("the unrolled loop steps its index into another register:\n%s", text)
	}
	if !strings.Contains(text, "ADDQ $4, ") {
		t.Errorf("the unrolled loop does not step its index by 4 in place:\n%s", text)
	}
}
