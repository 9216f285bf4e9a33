package validate

import (
	"math"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// factWalk walks f's entry block from the facts start and returns, per
// instruction, the facts available after it.
func factWalk(f *ir.Func, start []Fact) (*FactRules, [][]Fact) {
	rules := NewFactRules(f)
	avail := append([]Fact(nil), start...)
	var after [][]Fact
	for _, in := range f.Blocks[0].Instrs {
		avail = rules.Gens(in, avail, 0)
		after = append(after, append([]Fact(nil), avail...))
	}
	return rules, after
}

// implication is a fact that must (or must not) follow after the k-th
// instruction of a walk.
type implication struct {
	k    int
	fact Fact
	want bool
	why  string
}

func checkImplications(t *testing.T, f *ir.Func, start []Fact, cases []implication) {
	t.Helper()
	rules, after := factWalk(f, start)
	for _, c := range cases {
		if got := rules.Implied(c.fact, after[c.k], 0); got != c.want {
			t.Errorf("after %s: %s implied = %v, want %v (%s)",
				ir.FormatInstr(f, f.Blocks[0], f.Blocks[0].Instrs[c.k]), c.fact, got, c.want, c.why)
		}
	}
}

// TestFactRulesOperations: the bounds products, remainders, differences,
// masks, quotients, shifts, sums and conversions give, and none where
// the operation may overflow or an operand may be negative.
func TestFactRulesOperations(t *testing.T) {
	f := parse(t, `
func @main.f(r0 []int, r1 int, r2 uint, r3 int) int {
b0:
    r5:int = len r0
    r6:int = const 3
    r7:int = mul r1, r6
    r8:int = mul r3, r6
    r9:int = const 3074457345618258603
    r10:int = mul r1, r9
    r11:int = rem r1, r5
    r12:int = rem r3, r5
    r13:int = rem r1, r3
    r14:int = sub r5, r1
    r15:int = sub r5, r3
    r16:int = and r3, r1
    r17:int = andnot r5, r3
    r18:int = andnot r3, r1
    r19:int = div r1, r6
    r20:uint = const 2
    r21:int = shr r1, r20
    r22:uint = const 1
    r23:uint = add r2, r22
    r24:int = convert r2
    r25:uint = sub r2, r22
    return r7
}`)
	// 0 ≤ r1 ≤ 10, r2 ≤ 100.
	start := []Fact{le(ir.NoReg, 1, 0), le(1, ir.NoReg, 10), le(2, ir.NoReg, 100)}
	checkImplications(t, f, start, []implication{
		{2, le(7, ir.NoReg, 30), true, "r1 * 3 ≤ 30"},
		{2, le(7, ir.NoReg, 29), false, "not below 30"},
		{2, le(ir.NoReg, 7, 0), true, "r1 * 3 ≥ 0"},
		{3, le(ir.NoReg, 8, 0), false, "r3 may be negative"},
		{5, le(ir.NoReg, 10, 0), false, "10 * r9 overflows"},
		{5, le(10, ir.NoReg, 4611686018427387903), false, "10 * r9 overflows"},
		{6, le(11, 5, -1), true, "r1 % len < len"},
		{6, le(ir.NoReg, 11, 0), true, "r1 % len ≥ 0 for r1 ≥ 0"},
		{7, le(12, 5, -1), true, "r3 % len < len"},
		{7, le(ir.NoReg, 12, 0), false, "r3 % len < 0 for r3 < 0"},
		{7, le(ir.NoReg, 12, 1<<62), false, "nothing below for r3 < 0"},
		{8, le(13, 3, -1), false, "the divisor r3 may be negative"},
		{9, le(14, 5, 0), true, "len - r1 ≤ len for r1 ≥ 0"},
		{9, le(ir.NoReg, 14, 0), false, "r1 may exceed len"},
		{10, le(15, 5, 0), false, "r3 may be negative"},
		{11, le(16, 1, 0), true, "r3 & r1 ≤ r1 ≥ 0"},
		{11, le(ir.NoReg, 16, 0), true, "r3 & r1 ≥ 0"},
		{11, le(16, 3, 0), false, "r3 may be negative"},
		{12, le(17, 5, 0), true, "len &^ r3 ≤ len"},
		{12, le(ir.NoReg, 17, 0), true, "len &^ r3 ≥ 0"},
		{13, le(ir.NoReg, 18, 0), false, "r3 &^ r1 may be negative"},
		{14, le(19, ir.NoReg, 3), true, "r1 / 3 ≤ 10 / 3"},
		{14, le(19, ir.NoReg, 2), false, "r1 / 3 may be 3"},
		{16, le(21, ir.NoReg, 2), true, "r1 >> 2 ≤ 10 >> 2"},
		{16, le(21, ir.NoReg, 1), false, "r1 >> 2 may be 2"},
		{18, le(23, ir.NoReg, 101), true, "uint r2 + 1 ≤ 101"},
		{18, le(23, 2, 1), true, "uint r2 + 1 does not wrap"},
		{19, le(24, ir.NoReg, 100), true, "int(r2) keeps r2's bound"},
		{20, le(25, 2, -1), false, "r2 - 1 wraps when r2 is 0"},
	})
	// Without the bounds, uint r2 + 1 may wrap and int(r2) may not be r2.
	checkImplications(t, f, []Fact{le(ir.NoReg, 1, 0)}, []implication{
		{18, le(23, 2, 1), false, "uint r2 + 1 wraps at the maximum"},
		{19, le(24, 2, 0), false, "int(r2) is negative above MaxInt64"},
		{2, le(7, ir.NoReg, 1<<62), false, "r1 unbounded above"},
	})
}

// TestFactRulesLengths: the lengths of makeslice and of sub-slices, and
// that a non-negative value that is not zero is at least 1.
func TestFactRulesLengths(t *testing.T) {
	f := parse(t, `
func @main.f(r0 []int, r1 int, r2 *[8]int, r16 []int) int {
b0:
    r3:int = len r0
    r4:int = const 2
    r5:[]int = slice r0, r4, _, _
    r6:int = len r5
    r7:[]int = slice r0, r1, _, _
    r8:int = len r7
    r9:[]int = makeslice r1, r1
    r10:int = len r9
    r11:int = cap r9
    r12:[]int = slice r2, r4, _, _
    r13:int = len r12
    r14:[]int = slice r0, _, r1, _
    r15:int = len r14
    r17:[]int = slice r16, r4, _, _
    r18:int = len r17
    return r3
}`)
	// len r0 ≥ 4; r1 ≥ 0.
	start := []Fact{le(ir.NoReg, 3, -4), le(ir.NoReg, 1, 0)}
	checkImplications(t, f, start, []implication{
		{3, le(6, 3, -2), true, "len r0[2:] = len r0 - 2"},
		{3, le(3, 6, 2), true, "len r0[2:] = len r0 - 2"},
		{3, le(ir.NoReg, 6, -2), true, "len r0 ≥ 4"},
		{3, le(ir.NoReg, 6, -3), false, "len r0 may be 4"},
		{5, le(8, 3, 0), true, "len r0[r1:] ≤ len r0"},
		{5, le(8, 3, -1), false, "r1 may be 0"},
		{7, le(10, 1, 0), true, "len makeslice r1 = r1"},
		{7, le(1, 10, 0), true, "len makeslice r1 = r1"},
		{8, le(11, 1, 0), true, "cap makeslice r1, r1 = r1"},
		{10, le(13, ir.NoReg, 6), true, "len (*[8]int)[2:] = 6"},
		{10, le(ir.NoReg, 13, -6), true, "len (*[8]int)[2:] = 6"},
		{10, le(13, ir.NoReg, 5), false, "not 5"},
		{12, le(15, 1, 0), true, "len r0[:r1] = r1"},
		{14, le(18, 3, 0), false, "r17 slices another slice than r0"},
		{14, le(ir.NoReg, 18, -1), false, "nothing is known of len r16"},
	})

	g := parse(t, `
func @main.g(r0 []int, r1 int) int {
b0:
    r2:int = len r0
    r3:int = const 0
    r4:bool = ne r2, r3
    if r4, b1, b3
b1: <- b0
    r5:bool = ne r1, r3
    if r5, b2, b3
b2: <- b1
    return r1
b3: <- b0, b1
    return r3
}`)
	rules := NewFactRules(g)
	onLen, onInt := rules.Set(rules.EdgeFacts(g.Blocks[0], 0), 1), rules.Set(rules.EdgeFacts(g.Blocks[1], 0), 2)
	if !rules.ImpliedBy(le(ir.NoReg, 2, -1), onLen, 1) {
		t.Errorf("len r0 ≠ 0 does not give len r0 ≥ 1")
	}
	if !rules.ImpliedBy(Fact{Kind: FactNonZero, Reg: 1}, onInt, 2) || rules.ImpliedBy(le(ir.NoReg, 1, -1), onInt, 2) {
		t.Errorf("int r1 ≠ 0 gives %v, want nonzero r1 and not r1 ≥ 1", onInt.facts)
	}
}

// TestCheckElimRemainder: x % len(s) indexes s when x ≥ 0 (a uint), not
// when x may be negative.
func TestCheckElimRemainder(t *testing.T) {
	in := `
func @main.f(r0 []int, r1 uint) int {
b0:
    r2:int = len r0
    r3:int = const 0
    r4:bool = gt r2, r3
    if r4, b1, b2
b1: <- b0
    r8:uint = convert r2
    divcheck r8
    r5:uint = rem r1, r8
    boundscheck r5, r2
    r6:*int = indexaddr r0, r5
    r7:int = load r6
    return r7
b2: <- b0
    return r3
}`
	out := strings.Replace(in, "    boundscheck r5, r2\n", "", 1)
	h := &CheckElimHints{Entry: make([][]Fact, 3), Removed: []CheckRemoval{{1, 3}}}
	h.Entry[1] = []Fact{le(3, 2, -1)}
	if err := checkElimOf(t, in, out, h); err != nil {
		t.Fatalf("honest result rejected: %v", err)
	}
	signed := func(s string) string {
		return strings.NewReplacer("r1 uint", "r1 int", "r8:uint", "r8:int", "r5:uint", "r5:int").Replace(s)
	}
	if e, ok := checkElimOf(t, signed(in), signed(out), h).(*Error); !ok || e.Rule != RuleImplied {
		t.Errorf("x %% len(s) of a signed x taken as an index: %v", e)
	}
	// Without the branch's fact: the divcheck, which passed, makes the
	// unsigned divisor at least 1 too.
	h.Entry[1] = nil
	if err := checkElimOf(t, in, out, h); err != nil {
		t.Errorf("removal after the divisor's check rejected: %v", err)
	}
}

// TestFactRulesSameLength: two reads of len s are one value for a
// slice, not for a map (whose length changes between them), nor for
// two slices.
func TestFactRulesSameLength(t *testing.T) {
	f := parse(t, `
func @main.f(r0 []int, r1 map[int]int, r2 []int, r3 int) int {
b0:
    r4:int = len r0
    r5:int = len r1
    r6:int = len r2
    r7:int = len r0
    r8:int = len r1
    r9:int = len r2
    return r3
}`)
	// r3 < len r0, r3 < len r1 (then), r3 < len r2.
	start := []Fact{le(3, 4, -1), le(3, 5, -1), le(3, 6, -1)}
	checkImplications(t, f, start, []implication{
		{5, le(3, 7, -1), true, "len r0 read twice"},
		{5, le(4, 7, 0), true, "len r0 read twice"},
		{5, le(3, 8, -1), false, "a map's length changes"},
		{5, le(7, 9, 0), false, "len r0 and len r2"},
		{5, le(3, 9, -1), true, "len r2 read twice"},
	})
}

// TestFactRulesUnwrapped: a bounds check that passed on x + k shows
// that the sum did not wrap around where a wrapped sum could not pass
// it, and then bounds x (Go's hint _ = s[n-1] bounds n by len s).
func TestFactRulesUnwrapped(t *testing.T) {
	f := parse(t, `
func @main.f(r0 []int, r1 int, r2 int, r3 int, r4 uint8) int {
b0:
    r5:int = len r0
    r6:int = const 1
    r7:int = sub r1, r6
    boundscheck r7, r5
    r8:int = const 2
    r9:int = sub r2, r8
    boundscheck r9, r5
    r10:int = add r6, r3
    boundscheck r10, r5
    r11:uint8 = const 1
    r12:uint8 = sub r4, r11
    boundscheck r12, r5
    return r5
}`)
	checkImplications(t, f, nil, []implication{
		{3, le(1, 5, 0), true, "r1 - 1 < len: r1 ≤ len"},
		{3, le(1, 5, -1), false, "r1 may be len"},
		{3, le(ir.NoReg, 1, -1), true, "0 ≤ r1 - 1: 1 ≤ r1"},
		{6, le(2, 5, 1), false, "r2 = min+1 wraps to max-1, which a check against a len of max passes"},
		{8, le(3, 5, -2), true, "r3 + 1 < len: r3 ≤ len - 2"},
		{8, le(ir.NoReg, 3, 1), true, "0 ≤ r3 + 1"},
		{11, le(ir.NoReg, 4, -1), false, "r4 may be 0: uint8 0 - 1 wraps to 255, which a len above 255 admits"},
	})
}

// TestFactRulesMidpoint: int(uint(a+b) >> 1) of 0 ≤ a < b lies in
// [a, b) (slices.BinarySearch's h, which indexes x where b ≤ len x),
// and no more: not for an a that may be negative, a ≤ b only, a sum
// converted to a wider unsigned type (a wrapped int32 sum becomes a
// huge uint64), an unsigned sum (which wraps below a), or a shift by 2.
func TestFactRulesMidpoint(t *testing.T) {
	f := parse(t, `
func @main.f(r0 int, r1 int, r2 int32, r3 int32, r4 uint, r5 uint) int {
b0:
    r6:uint = const 1
    r7:int = add r0, r1
    r8:uint = convert r7
    r9:uint = shr r8, r6
    r10:int = convert r9
    r11:int32 = add r2, r3
    r12:uint64 = convert r11
    r13:uint64 = shr r12, r6
    r14:uint = add r4, r5
    r15:uint = shr r14, r6
    r16:uint = const 2
    r17:uint = shr r8, r16
    return r10
}`)
	nonNegative := []Fact{le(ir.NoReg, 0, 0), le(ir.NoReg, 1, 0), le(ir.NoReg, 2, 0), le(ir.NoReg, 3, 0)}
	below := []Fact{le(0, 1, -1), le(2, 3, -1), le(4, 5, -1)} // r0 < r1, r2 < r3, r4 < r5
	checkImplications(t, f, append(append([]Fact(nil), nonNegative...), below...), []implication{
		{3, le(9, 1, -1), true, "(a+b)/2 < b"},
		{3, le(0, 9, 0), true, "a ≤ (a+b)/2"},
		{3, le(9, 0, -1), false, "not below a"},
		{3, le(9, ir.NoReg, math.MaxInt64), true, "at most MaxInt"},
		{4, le(10, 1, -1), true, "converted back to int: the same value"},
		{4, le(ir.NoReg, 10, 0), true, "not negative"},
		{7, le(13, 3, -1), false, "int32 sum converted to uint64: may be huge"},
		{9, le(4, 15, 0), false, "an unsigned sum may wrap below a"},
		{11, le(17, 1, -2), false, "a shift by 2: no midpoint rule"},
	})
	// a may be negative: int(uint(-4 + 2) >> 1) is huge.
	checkImplications(t, f, append(nonNegative[1:2:2], le(0, 1, -1)), []implication{
		{3, le(9, 1, -1), false, "a may be negative"},
		{4, le(10, 1, -1), false, "a may be negative"},
	})
	// a ≤ b only: a = b gives r = b.
	checkImplications(t, f, append(append([]Fact(nil), nonNegative...), le(0, 1, 0)), []implication{
		{3, le(9, 1, -1), false, "a may equal b"},
	})
}
