package validate

import (
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// TestFactRulesShiftByType: x >> k is at most the maximum of x's type
// shifted by k (a uint8 >> 4 indexes a [16]T), not less, and nothing of
// a signed x that may be negative.
func TestFactRulesShiftByType(t *testing.T) {
	f := parse(t, `
func @main.f(r0 uint8, r1 int8, r2 uint16) int {
b0:
    r3:uint = const 4
    r4:uint8 = shr r0, r3
    r5:int8 = shr r1, r3
    r6:uint = const 3
    r7:uint8 = shr r0, r6
    r8:uint16 = shr r2, r3
    return r3
}`)
	checkImplications(t, f, nil, []implication{
		{1, le(4, ir.NoReg, 15), true, "uint8 >> 4 ≤ 255 >> 4"},
		{1, le(4, ir.NoReg, 14), false, "uint8 >> 4 may be 15"},
		{2, le(5, ir.NoReg, 7), false, "int8 may be negative: no facts of its shift"},
		{4, le(7, ir.NoReg, 31), true, "uint8 >> 3 ≤ 31"},
		{4, le(7, ir.NoReg, 15), false, "uint8 >> 3 may be 31"},
		{5, le(8, ir.NoReg, 4095), true, "uint16 >> 4 ≤ 4095"},
		{5, le(8, ir.NoReg, 4094), false, "uint16 >> 4 may be 4095"},
	})
	// A fact's smaller bound wins over the type's: r0 ≤ 100 gives
	// r0 >> 4 ≤ 6.
	checkImplications(t, f, []Fact{le(0, ir.NoReg, 100)}, []implication{
		{1, le(4, ir.NoReg, 6), true, "100 >> 4"},
		{1, le(4, ir.NoReg, 5), false, "100 >> 4 is 6"},
	})
}

// TestFactRulesSubsliceCap: the capacity of a sub-slice: m - k of
// x[k:h:m], cap x - k of x[k:h] (only with cap x in a fact), n - k of
// an array pointer's, at most m (cap x) for a non-constant low bound.
func TestFactRulesSubsliceCap(t *testing.T) {
	f := parse(t, `
func @main.f(r0 []int, r1 int, r2 *[8]int, r3 []int) int {
b0:
    r4:int = cap r0
    r5:int = const 2
    r6:int = const 5
    r7:int = const 9
    r8:[]int = slice r0, r5, r6, r7
    r9:int = cap r8
    r10:[]int = slice r0, r5, r6, _
    r11:int = cap r10
    r12:[]int = slice r0, r1, r6, _
    r13:int = cap r12
    r14:[]int = slice r2, r5, r6, _
    r15:int = cap r14
    r16:[]int = slice r3, r5, r6, _
    r17:int = cap r16
    r18:[]int = slice r0, r1, r6, r7
    r19:int = cap r18
    return r4
}`)
	// cap r0 ≥ 20.
	start := []Fact{le(ir.NoReg, 4, -20)}
	checkImplications(t, f, start, []implication{
		{5, le(9, ir.NoReg, 7), true, "cap r0[2:5:9] = 7"},
		{5, le(ir.NoReg, 9, -7), true, "cap r0[2:5:9] = 7"},
		{5, le(9, ir.NoReg, 6), false, "not 6"},
		{7, le(11, 4, -2), true, "cap r0[2:5] = cap r0 - 2"},
		{7, le(4, 11, 2), true, "cap r0[2:5] = cap r0 - 2"},
		{7, le(ir.NoReg, 11, -18), true, "cap r0 ≥ 20"},
		{7, le(ir.NoReg, 11, -19), false, "cap r0 may be 20"},
		{9, le(13, 4, 0), true, "cap r0[r1:5] ≤ cap r0"},
		{9, le(13, 4, -1), false, "r1 may be 0"},
		{11, le(15, ir.NoReg, 6), true, "cap (*[8]int)[2:5] = 6"},
		{11, le(ir.NoReg, 15, -6), true, "cap (*[8]int)[2:5] = 6"},
		{11, le(15, ir.NoReg, 5), false, "not 5"},
		{13, le(17, 4, 0), false, "r16 slices another slice than r0"},
		{13, le(ir.NoReg, 17, -1), false, "nothing is known of cap r3"},
		{15, le(19, 7, 0), true, "cap r0[r1:5:9] ≤ 9"},
		{15, le(19, 7, -1), false, "r1 may be 0"},
	})
	// Without a fact about cap r0, cap r0[2:5] is unrelated to it.
	checkImplications(t, f, nil, []implication{
		{7, le(ir.NoReg, 11, 0), true, "a cap is never negative"},
		{7, le(11, 4, -2), false, "no register cap r0 in a fact"},
	})
}

// ceSubsliceIn is utf8's ValidString's ASCII loop after inlining
// word(s[8:]) down to one read: for len(s) > 32 { _ = s[8:][7]; s =
// s[32:] }, the checks left in.
const ceSubsliceIn = `
func @main.f(r0 string) int {
b0:
    r1:int = const 32
    r2:int = const 8
    r3:int = const 7
    r4:int = const 0
    jump b1
b1: <- b0, b2
    r5:string = phi r0, r9
    r6:int = len r5
    r7:bool = gt r6, r1
    if r7, b2, b3
b2: <- b1
    slicecheck len r2, r6, _, r6
    r8:string = slice r5, r2, _, _
    r10:int = len r8
    boundscheck r3, r10
    r11:uint8 = index r8, r3
    slicecheck len r1, r6, _, r6
    r9:string = slice r5, r1, _, _
    jump b1
b3: <- b1
    return r4
}`

// TestCheckElimSubsliceLength: the checks of s[8:][7] and of the two
// slices go by len s ≥ 33 at the body's start and len s[8:] = len s -
// 8; a certificate claiming a length relation that does not hold is
// rejected.
func TestCheckElimSubsliceLength(t *testing.T) {
	hints := func() *CheckElimHints {
		h := &CheckElimHints{Entry: make([][]Fact, 4), Removed: []CheckRemoval{{2, 0}, {2, 3}, {2, 5}}}
		h.Entry[2] = []Fact{le(ir.NoReg, 6, -33)} // len s ≥ 33
		return h
	}
	if err := checkElimOf(t, ceSubsliceIn, withoutSubsliceChecks(ceSubsliceIn), hints()); err != nil {
		t.Fatalf("honest result rejected: %v", err)
	}
	cases := []struct {
		name string
		in   string
		h    func(h *CheckElimHints)
		rule Rule
	}{
		{"len s ≥ 40, which the loop's condition does not give", ceSubsliceIn,
			func(h *CheckElimHints) { h.Entry[2] = []Fact{le(ir.NoReg, 6, -40)} }, RuleFacts},
		{"len s[8:] = len s claimed at the body's start", ceSubsliceIn,
			func(h *CheckElimHints) { h.Entry[2] = append(h.Entry[2], le(10, 6, 0), le(6, 10, 0)) }, RuleFacts},
		{"s[8:][7] with only len s ≥ 15 known", strings.Replace(ceSubsliceIn, "const 32", "const 14", 1),
			func(h *CheckElimHints) { h.Entry[2] = []Fact{le(ir.NoReg, 6, -15)} }, RuleImplied},
		{"s[8:][25] with len s ≥ 33", strings.Replace(ceSubsliceIn, "const 7", "const 25", 1),
			func(h *CheckElimHints) {}, RuleImplied},
		{"s[9:][24] with len s ≥ 33", strings.Replace(strings.Replace(ceSubsliceIn, "const 7", "const 24", 1), "const 8", "const 9", 1),
			func(h *CheckElimHints) {}, RuleImplied},
	}
	for _, c := range cases {
		h := hints()
		c.h(h)
		err := checkElimOf(t, c.in, withoutSubsliceChecks(c.in), h)
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if e, ok := err.(*Error); !ok || e.Rule != c.rule {
			t.Errorf("%s: rejected with %v, want rule %s", c.name, err, c.rule)
		}
	}
}

// withoutSubsliceChecks is ceSubsliceIn (or a variant) without its
// three checks.
func withoutSubsliceChecks(in string) string {
	for _, c := range []string{"    slicecheck len r2, r6, _, r6\n", "    boundscheck r3, r10\n", "    slicecheck len r1, r6, _, r6\n"} {
		in = strings.Replace(in, c, "", 1)
	}
	return in
}
