package native

import (
	"strings"
	"testing"
)

// TestFoldIdentities compiles emitCopy's dst[i+0] and a switch's
// fallthrough chain that ORs into a zero: neither i + 0 (a LEAQ 0(i)
// into another register) nor v | 0 is computed.
func TestFoldIdentities(t *testing.T) {
	src := fallback + `func Put(dst []byte, n int) int {
	i := 0
	for n >= 4 {
		dst[i+0] = 0xFE
		dst[i+1] = byte(n)
		i += 2
		n -= 4
	}
	return i
}
`
	text := compiledText(t, src, "Put", "Put")
	if strings.Contains(text, "LEAQ 0(") || strings.Contains(text, "ADDQ $0,") {
		t.Errorf("Put computes i + 0:\n%s", text)
	}
}

// TestStoreSources compiles emitCopy's dst[i+1] = uint8(offset): the
// store writes offset's register, with no copy (the conversion) first.
func TestStoreSources(t *testing.T) {
	src := fallback + `func Put(dst []byte, offset int, n int) {
	for i := 0; i < n; i++ {
		dst[i] = uint8(offset)
	}
}
`
	text := compiledText(t, src, "Put", "Put")
	body, _, _ := strings.Cut(text, "RET")
	if strings.Contains(body, "MOVQ DI, ") || strings.Contains(body, "MOVBQZX") {
		t.Errorf("Put copies offset before storing it:\n%s", text)
	}
}

// TestLowHalves compiles Div64's y & mask32: a MOVL, with no
// 4294967295 loaded into a register.
func TestLowHalves(t *testing.T) {
	src := fallback + `func Halves(p []uint64) uint64 {
	var acc uint64
	for _, x := range p {
		acc += x & (1<<32 - 1) * (x >> 32)
	}
	return acc
}
`
	text := compiledText(t, src, "Halves", "Halves")
	if strings.Contains(text, "4294967295") || !strings.Contains(text, "MOVL ") {
		t.Errorf("Halves masks with a constant in a register:\n%s", text)
	}
}
