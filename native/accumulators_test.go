package native

import (
	"regexp"
	"testing"
)

// TestSplitAccumulators checks that the unrolled copy of a sum's loop
// adds into two registers (accumulators.go): Mean's one chain of
// dependent adds, one a cycle, becomes two.
func TestSplitAccumulators(t *testing.T) {
	src := "func Sum(s []int64) int64 {\n\tvar t int64\n\tfor _, x := range s {\n\t\tt += x\n\t}\n\treturn t\n}\n"
	text := compileOne(t, src, "Sum")
	dsts := map[string]bool{}
	for _, m := range regexp.MustCompile(`ADDQ \d+\(\w+\)\(\w+\*8\), (\w+)`).FindAllStringSubmatch(text, -1) {
		dsts[m[1]] = true
	}
	if len(dsts) < 2 {
		t.Errorf("the unrolled sum adds into %d register(s), want 2:\n%s", len(dsts), text)
	}
}

// TestSplitAccumulatorsOne checks that a loop with several reductions
// keeps one register each: with two each, three reductions spilled
// (stores to the frame in the loop).
func TestSplitAccumulatorsOne(t *testing.T) {
	src := "func Sums(s []int16) (int8, uint16, uint64) {\n\tvar a int8\n\tvar b uint16\n\tvar c uint64\n\tfor _, x := range s {\n\t\ta += int8(x)\n\t\tb ^= uint16(x)\n\t\tc |= uint64(x)\n\t}\n\treturn a, b, c\n}\n"
	text := compileOne(t, src, "Sums")
	dsts := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\t(?:ADDQ|XORQ|ORQ) [^$,]+, (\w+)$`).FindAllStringSubmatch(text, -1) {
		dsts[m[1]] = true
	}
	if len(dsts) > 3 {
		t.Errorf("three reductions go into %d registers, want 3:\n%s", len(dsts), text)
	}
}
