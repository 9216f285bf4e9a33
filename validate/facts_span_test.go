package validate

import (
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// TestFactRulesSpan: the length of x[s:s+3] and the capacity of
// x[i:i+4:i+4] are 3 and 4 once their slice check passed (the bound,
// at least 0, did not wrap around), not before, not of a slice whose
// low bound is another register, and not more or less.
func TestFactRulesSpan(t *testing.T) {
	f := parse(t, `
func @main.f(r0 []int, r1 int, r2 int) int {
b0:
    r3:int = const 3
    r4:int = add r1, r3
    r5:int = cap r0
    r6:[]int = slice r0, r1, r4, _
    r7:int = len r6
    slicecheck cap r1, r4, _, r5
    r8:[]int = slice r0, r1, r4, _
    r9:int = len r8
    r10:[]int = slice r0, r2, r4, _
    r11:int = len r10
    r12:int = const 4
    r13:int = add r1, r12
    slicecheck cap r1, r13, r13, r5
    r14:[]int = slice r0, r1, r13, r13
    r15:int = len r14
    r16:int = cap r14
    return r3
}`)
	checkImplications(t, f, nil, []implication{
		{4, le(ir.NoReg, 7, -3), false, "before the check, s+3 may have wrapped around"},
		{8, le(9, ir.NoReg, 3), true, "len x[s:s+3] = 3"},
		{8, le(ir.NoReg, 9, -3), true, "len x[s:s+3] = 3"},
		{8, le(9, ir.NoReg, 2), false, "not 2"},
		{8, le(ir.NoReg, 9, -4), false, "not 4"},
		{10, le(ir.NoReg, 11, -3), false, "len x[t:s+3] is not 3"},
		{16, le(ir.NoReg, 15, -4), true, "len x[i:i+4:i+4] = 4"},
		{16, le(16, ir.NoReg, 4), true, "cap x[i:i+4:i+4] = 4"},
		{16, le(ir.NoReg, 16, -4), true, "cap x[i:i+4:i+4] = 4"},
		{16, le(16, ir.NoReg, 3), false, "not 3"},
	})
}

// ceSpanIn reads in := src[s:s+3]; in[2] (s2's decoder's varint
// lengths): the length check of in[2] goes by len in = 3.
const ceSpanIn = `
func @main.f(r0 []byte, r1 int) uint8 {
b0:
    r2:int = const 3
    r3:int = add r1, r2
    r4:int = cap r0
    slicecheck cap r1, r3, _, r4
    r5:[]byte = slice r0, r1, r3, _
    r6:int = len r5
    r7:int = const 2
    boundscheck r7, r6
    r8:uint8 = index r5, r7
    return r8
}`

// TestCheckElimSpan: in[2] of in := src[s:s+3] goes, not in[3], nor
// in[2] of src[s:s+2], nor of src[s+3:s+3+3] read as src[t:s+3].
func TestCheckElimSpan(t *testing.T) {
	without := func(in string) string { return strings.Replace(in, "    boundscheck r7, r6\n", "", 1) }
	hints := func() *CheckElimHints {
		return &CheckElimHints{Entry: make([][]Fact, 1), Removed: []CheckRemoval{{0, 7}}}
	}
	if err := checkElimOf(t, ceSpanIn, without(ceSpanIn), hints()); err != nil {
		t.Fatalf("honest result rejected: %v", err)
	}
	other := strings.Replace(strings.Replace(ceSpanIn, "r1 int)", "r1 int, r9 int)", 1), "slice r0, r1, r3", "slice r0, r9, r3", 1)
	other = strings.Replace(other, "slicecheck cap r1,", "slicecheck cap r9,", 1)
	for _, c := range []struct{ name, in string }{
		{"in[3]", strings.Replace(ceSpanIn, "const 2", "const 3", 1)},
		{"in[2] of src[s:s+2]", strings.Replace(ceSpanIn, "const 3", "const 2", 1)},
		{"in[2] of src[t:s+3]", other},
	} {
		err := checkElimOf(t, c.in, without(c.in), hints())
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if e, ok := err.(*Error); !ok || e.Rule != RuleImplied {
			t.Errorf("%s: rejected with %v, want rule %s", c.name, err, RuleImplied)
		}
	}
}
