package native

import (
	"strings"
	"testing"
)

// TestDivisionOperands checks isPrime's loop division: the divisor is
// divided by where it is, not copied to R11 first, the quotient left in
// AX, and DIVL's zero-extended result not extended again (emit.go's
// div).
func TestDivisionOperands(t *testing.T) {
	src := "func IsPrime(n uint32) bool {\n\tif n < 2 {\n\t\treturn false\n\t}\n\tfor d := uint32(2); d <= n/d; d++ {\n\t\tif n%d == 0 {\n\t\t\treturn false\n\t\t}\n\t}\n\treturn true\n}\n"
	text := compileOne(t, src, "IsPrime")
	if strings.Contains(text, "DIVL R11") || !strings.Contains(text, "DIVL ") {
		t.Errorf("IsPrime divides by a copy in R11, or not with DIVL:\n%s", text)
	}
	for _, bad := range []string{"MOVQ AX, ", "MOVL AX, AX", "MOVL DX, DX"} {
		if strings.Contains(text, bad) {
			t.Errorf("IsPrime moves or extends the quotient (%s):\n%s", bad, text)
		}
	}
}
