package validate

import (
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// TestFactRulesRefolded: (s + 2) - 2 is s whatever s + 2 did (sums
// wrap around), (s + 2) - 1 is s + 1 only where that does not
// overflow, and no sum is refolded through another operation.
func TestFactRulesRefolded(t *testing.T) {
	f := parse(t, `
func @main.f(r0 int, r1 int) int {
b0:
    r2:int = const 2
    r3:int = add r0, r2
    r4:int = sub r3, r2
    r5:int = const 1
    r6:int = sub r3, r5
    r7:int = mul r0, r2
    r8:int = sub r7, r2
    return r4
}`)
	checkImplications(t, f, nil, []implication{
		{2, le(4, 0, 0), true, "(s+2)-2 = s"},
		{2, le(0, 4, 0), true, "(s+2)-2 = s"},
		{4, le(6, 0, 1), false, "(s+2)-1 may have wrapped around"},
		{6, le(8, 0, 0), false, "s*2 - 2 is no offset of s"},
	})
	checkImplications(t, f, []Fact{le(0, ir.NoReg, 100)}, []implication{
		{4, le(6, 0, 1), true, "(s+2)-1 = s+1 for s ≤ 100"},
		{4, le(0, 6, -1), true, "(s+2)-1 = s+1 for s ≤ 100"},
		{4, le(6, ir.NoReg, 101), true, "s+1 ≤ 101"},
		{4, le(6, ir.NoReg, 100), false, "s+1 may be 101"},
	})
}

// ceRefoldIn reads src[s] (so 0 ≤ s < len src), then s += 2 and
// src[s-2] (snappy's decoders: the byte before the two just skipped).
const ceRefoldIn = `
func @main.f(r0 []int, r1 int) int {
b0:
    r2:int = len r0
    boundscheck r1, r2
    r3:int = index r0, r1
    r4:int = const 2
    r5:int = add r1, r4
    r6:int = sub r5, r4
    boundscheck r6, r2
    r7:int = index r0, r6
    return r7
}`

// TestCheckElimRefolded: src[s-2] after s += 2 goes by src[s]'s check;
// src[s-1] does not (s + 1 may be len src).
func TestCheckElimRefolded(t *testing.T) {
	without := func(in string) string { return strings.Replace(in, "    boundscheck r6, r2\n", "", 1) }
	h := func() *CheckElimHints {
		return &CheckElimHints{Entry: make([][]Fact, 1), Removed: []CheckRemoval{{0, 6}}}
	}
	if err := checkElimOf(t, ceRefoldIn, without(ceRefoldIn), h()); err != nil {
		t.Fatalf("honest result rejected: %v", err)
	}
	in := strings.NewReplacer("r4:int = const 2", "r4:int = const 2\n    r8:int = const 1", "sub r5, r4", "sub r5, r8").Replace(ceRefoldIn)
	h1 := h()
	h1.Removed = []CheckRemoval{{0, 7}}
	err := checkElimOf(t, in, without(in), h1)
	if e, ok := err.(*Error); !ok || e.Rule != RuleImplied {
		t.Errorf("src[s-1] after s += 2: got %v, want a rejection by rule %s", err, RuleImplied)
	}
}
