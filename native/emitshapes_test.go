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
		c := s + uint(x&1)
		acc = acc*31 + (x<<c | x>>(64-c))
	}
	return acc
}
`
	// (c changes in the loop: a count set before it has its guard
	// taken out of the loop, shiftguards.go.)
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

// TestSubtractIntoLea compiles hex.Decode's p := src[j-1]: j-1 into
// another register is one LEAQ -1(j), not a copy and a SUBQ.
func TestSubtractIntoLea(t *testing.T) {
	src := fallback + `func Pairs(src []byte) int {
	n := 0
	for j := 1; j < len(src); j += 2 {
		n += int(src[j-1]) + j
	}
	return n
}
`
	text := compiledText(t, src, "Pairs", "Pairs")
	if !strings.Contains(text, "LEAQ -1(") {
		t.Errorf("Pairs computes j-1 without a LEAQ:\n%s", text)
	}
}

// TestSubtractIntoSubtrahend compiles Div64's rhat := un32 - q1*yn1,
// (un32 is read again later), whose result takes the product's register: NEGQ and ADDQ, not a copy
// of un32 through R11 and back.
func TestSubtractIntoSubtrahend(t *testing.T) {
	src := fallback + `func Rests(p []uint64, y uint64) uint64 {
	var acc uint64
	for _, x := range p {
		acc ^= (x-(x>>7)*y)*x
	}
	return acc
}
`
	text := compiledText(t, src, "Rests", "Rests")
	if strings.Contains(text, "R11") || !strings.Contains(text, "NEGQ") {
		t.Errorf("Rests subtracts through R11:\n%s", text)
	}
}
