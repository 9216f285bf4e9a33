package native

import (
	"strings"
	"testing"
)

// TestUint32ConstantImmediate checks that a 32-bit multiplication or
// addition by a uint32 constant above 1<<31 (murmur3's c1_32, its
// 0xe6546b64) takes the constant as an immediate, its low 32 bits sign-
// extended, not through a register loaded with MOVQ.
func TestUint32ConstantImmediate(t *testing.T) {
	src := "func Mix(s []uint32) uint32 {\n\th := uint32(0)\n\tfor _, k := range s {\n\t\th = (h^(k*0xcc9e2d51))*5 + 0xe6546b64\n\t}\n\treturn h\n}\n"
	text := compileOne(t, src, "Mix")
	if testing.Verbose() {
		t.Log(text)
	}
	if strings.Contains(text, "$3432918353") || strings.Contains(text, "$3864292196") {
		t.Errorf("Mix loads a constant to a register:\n%s", text)
	}
	if !strings.Contains(text, "$-862048943") {
		t.Errorf("Mix does not multiply by the immediate -862048943:\n%s", text)
	}
}

// TestScaledSum checks that murmur3's h1*4 + h1 and a multiplication by
// 9 are each one LEA, not a copy, a shift and an add, or an IMUL.
func TestScaledSum(t *testing.T) {
	src := "func Mix(s []uint32) (uint32, uint64) {\n\th, g := uint32(0), uint64(0)\n\tfor _, k := range s {\n\t\th ^= k\n\t\th = h*4 + h\n\t\tg = g*9 + uint64(k)\n\t}\n\treturn h, g\n}\n"
	text := compileOne(t, src, "Mix")
	if testing.Verbose() {
		t.Log(text)
	}
	for _, want := range []string{"*4), ", "*8), "} {
		if !strings.Contains(text, want) {
			t.Errorf("Mix has no LEA scaling by %s:\n%s", want[1:2], text)
		}
	}
	if strings.Contains(text, "SHLL $2") || strings.Contains(text, "IMUL3Q $9") {
		t.Errorf("Mix shifts or multiplies where an LEA would do:\n%s", text)
	}
}

// TestUint32BitwiseImmediate: an and, or or xor of a uint32 is emitted
// at 64 bits, its result's high half its operands', so a constant above
// 1<<31 is not taken as its low 32 bits sign-extended: XORQ $-1 of a
// zero-extended x sets the high half, and a 64-bit compare after it
// then sees a huge value (a random function's x ^ 4294967295 >
// 3052499219 was true where Go's is false).
func TestUint32BitwiseImmediate(t *testing.T) {
	src := "func Flip(x uint32, y uint64) uint64 {\n\tif x^4294967295 > 3052499219 {\n\t\treturn y | uint64(x|0x80000001) | uint64(x&0xfffffff0)\n\t}\n\treturn y\n}\n"
	text := compileOne(t, src, "Flip")
	for _, bad := range []string{"$-1,", "$-2147483647,", "$-16,"} {
		if strings.Contains(text, bad) {
			t.Errorf("Flip takes a uint32 constant of a 64-bit bitwise operation sign-extended (%s):\n%s", bad, text)
		}
	}
}
