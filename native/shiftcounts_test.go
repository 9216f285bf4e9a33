package native

import (
	"strings"
	"testing"
)

// TestMaskedShiftCount compiles math/big's lshVU_g loop, whose counts
// are masked to [0, 63] ("s &= _W - 1"): its shifts need no guard for
// counts of 64 or more (no CMPQ CX, $64 and SBBQ).
func TestMaskedShiftCount(t *testing.T) {
	src := "func Lsh(z, x []uint64, s uint) (c uint64) {\n\tif len(z) == 0 || len(x) != len(z) {\n\t\treturn\n\t}\n\ts &= 63\n\tŝ := (64 - s) & 63\n\tc = x[len(z)-1] >> ŝ\n\tfor i := len(z) - 1; i > 0; i-- {\n\t\tz[i] = x[i]<<s | x[i-1]>>ŝ\n\t}\n\tz[0] = x[0] << s\n\treturn\n}\n"
	text := compileOne(t, src, "Lsh")
	if testing.Verbose() {
		t.Log(text)
	}
	if strings.Contains(text, "SBBQ") || strings.Contains(text, "CMPQ CX, $64") {
		t.Errorf("Lsh guards shifts whose counts are below 64:\n%s", text)
	}
}
