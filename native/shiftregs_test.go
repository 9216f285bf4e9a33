package native

import (
	"strings"
	"testing"
)

// TestShiftOffCX compiles math/big's lshVU_g: with nine values live in
// its loop, x[i-1] went to CX, the first free register, and its shift
// by ŝ went through R11 and back into CX (three moves more; 0.69x gc,
// 1.24x without them). Shifted values and results now take another
// free register, and no shift goes through R11.
func TestShiftOffCX(t *testing.T) {
	src := fallback + `func Lsh(z, x []uint, s uint) (c uint) {
	if len(x) != len(z) {
		panic("lshVU len")
	}
	if s == 0 {
		copy(z, x)
		return
	}
	if len(z) == 0 {
		return
	}
	s &= 63
	ŝ := 64 - s
	ŝ &= 63
	c = x[len(z)-1] >> ŝ
	for i := len(z) - 1; i > 0; i-- {
		z[i] = x[i]<<s | x[i-1]>>ŝ
	}
	z[0] = x[0] << s
	return
}
`
	text := compiledText(t, src, "Lsh", "Lsh")
	// The loop: from the alignment before its left shift to its jump
	// back.
	shl := strings.Index(text, "SHLQ CX")
	if shl < 0 {
		t.Fatalf("Lsh has no shift by CX:\n%s", text)
	}
	loop := text[strings.LastIndex(text[:shl], "PCALIGN"):]
	loop = loop[:strings.Index(loop, "JGT")]
	if strings.Count(loop, "SHRQ CX") != 1 || strings.Count(loop, "SHLQ CX") != 1 {
		t.Fatalf("Lsh's loop has not one SHLQ and one SHRQ by CX:\n%s", loop)
	}
	if strings.Contains(loop, "R11") {
		t.Errorf("Lsh's loop shifts through R11:\n%s", loop)
	}
}
