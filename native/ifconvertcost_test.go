package native

import (
	"strings"
	"testing"
)

// TestBranchesKeptOutsideLoops compiles math/bits.Len64's steps, each
// of which selects two values (x and n), outside any loop: they stay
// branches, as gc keeps them. Clamp's single select outside a loop and
// the same steps inside a loop (Lens) are still converted.
func TestBranchesKeptOutsideLoops(t *testing.T) {
	len64 := `func Len(x uint64) int {
	n := 0
	if x >= 1<<32 {
		x >>= 32
		n = 32
	}
	if x >= 1<<16 {
		x >>= 16
		n += 16
	}
	if x >= 1<<8 {
		x >>= 8
		n += 8
	}
	return n + int(x)
}
`
	if text := compileOne(t, len64, "Len"); strings.Contains(text, "CMOV") {
		t.Errorf("Len selects two values a step with conditional moves outside any loop:\n%s", text)
	}
	clamp := "func Clamp(x, y int64) int64 {\n\tif x > y {\n\t\tx = y\n\t}\n\treturn x * 3\n}\n"
	if text := compileOne(t, clamp, "Clamp"); !strings.Contains(text, "CMOV") {
		t.Errorf("Clamp's single select is not converted:\n%s", text)
	}
	lens := "func Lens(s []uint64) int {\n\tt := 0\n\tfor _, x := range s {\n\t\tn := 0\n\t\tif x >= 1<<16 {\n\t\t\tx >>= 16\n\t\t\tn += 16\n\t\t}\n\t\tt += n + int(x)\n\t}\n\treturn t\n}\n"
	if text := compileOne(t, lens, "Lens"); !strings.Contains(text, "CMOV") {
		t.Errorf("Lens's step in its loop is not converted:\n%s", text)
	}
}
