package native

import (
	"strings"
	"testing"
)

// TestShiftInPlace compiles Div64's y <<= s with a count that may be 64
// or more: the shift works in the value's register and masks it there,
// with no copy through R11 and back.
func TestShiftInPlace(t *testing.T) {
	src := fallback + `func Shifts(p []uint64, s uint) uint64 {
	var acc uint64
	for _, x := range p {
		acc ^= x<<s | x>>(64-s)
	}
	return acc
}
`
	text := compiledText(t, src, "Shifts", "Shifts")
	if !strings.Contains(text, "SBBQ CX, CX") {
		t.Fatalf("Shifts has no masked shift:\n%s", text)
	}
	if strings.Contains(text, "R11") {
		t.Errorf("Shifts shifts through R11:\n%s", text)
	}
}

// TestDivideInPlace compiles Div64's un32 / yn1: the divisor, in a
// register the division does not write, is divided by where it is.
func TestDivideInPlace(t *testing.T) {
	src := fallback + `func Quotients(p []uint64, y uint64) uint64 {
	var acc uint64
	for _, x := range p {
		acc += x / y
	}
	return acc
}
`
	text := compiledText(t, src, "Quotients", "Quotients")
	if !strings.Contains(text, "DIVQ ") {
		t.Fatalf("Quotients has no DIVQ:\n%s", text)
	}
	if strings.Contains(text, "R11") {
		t.Errorf("Quotients copies its divisor to R11:\n%s", text)
	}
}
