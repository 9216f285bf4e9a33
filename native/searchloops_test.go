package native

import (
	"strings"
	"testing"
)

// TestSearchLoopVector checks that a search for a byte, as a counted
// loop and as a range loop, gets the SSE2 loop in front (searchloops.go):
// sixteen elements compared at a time, where gc compares one.
func TestSearchLoopVector(t *testing.T) {
	for name, src := range map[string]string{
		"Index":      "func Index(s []byte, c byte) int {\n\tfor i := 0; i < len(s); i++ {\n\t\tif s[i] == c {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn -1\n}\n",
		"IndexRange": "func IndexRange(s []byte, c byte) int {\n\tfor i, v := range s {\n\t\tif v == c {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn -1\n}\n",
	} {
		text := compileOne(t, src, name)
		for _, want := range []string{"PCMPEQB", "PMOVMSKB", "ADDQ $16, "} {
			if !strings.Contains(text, want) {
				t.Errorf("%s has no %s:\n%s", name, want, text)
			}
		}
	}
}

// TestSearchLoopNotOther checks that a loop that does more than search
// (a count of the elements before the match) gets no vector loop: the
// elements it would skip are not iterations that do nothing.
func TestSearchLoopNotOther(t *testing.T) {
	src := "func Before(s []byte, c byte) (int, int) {\n\tn := 0\n\tfor i := 0; i < len(s); i++ {\n\t\tif s[i] == c {\n\t\t\treturn i, n\n\t\t}\n\t\tn += int(s[i])\n\t}\n\treturn -1, n\n}\n"
	if text := compileOne(t, src, "Before"); strings.Contains(text, "PCMPEQB") {
		t.Errorf("Before skips elements it sums:\n%s", text)
	}
}
