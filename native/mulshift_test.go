package native

import (
	"strings"
	"testing"
)

// TestMulByLargePow2IsShift checks that multiplications by 2^32 and
// 2^63 in a loop are shifts (mulshift.go), with no IMULQ and no
// constant register for them. testdata/subset's WideScale checks the
// results against Go's.
func TestMulByLargePow2IsShift(t *testing.T) {
	src := "func F(s []uint64) uint64 {\n\tvar u uint64\n\tfor _, x := range s {\n\t\tu = u*(1<<32) + x*(1<<63)\n\t}\n\treturn u\n}\n"
	text := compileOne(t, src, "F")
	for _, want := range []string{"SHLQ $32, ", "SHLQ $63, "} {
		if !strings.Contains(text, want) {
			t.Errorf("F does not shift (%s):\n%s", want, text)
		}
	}
	for _, bad := range []string{"IMULQ", "$4294967296", "$-9223372036854775808"} {
		if strings.Contains(text, bad) {
			t.Errorf("F multiplies or materialises the power (%s):\n%s", bad, text)
		}
	}
}
