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
