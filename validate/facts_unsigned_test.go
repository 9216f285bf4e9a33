package validate

import (
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// ceUnsignedIn reads a[i] under uint(i) < uint(len(a)), which checks
// both ends of the index at once.
const ceUnsignedIn = `
func @main.f(r0 []int, r1 int) int {
b0:
    r2:int = len r0
    r3:uint = convert r1
    r4:uint = convert r2
    r5:bool = lt r3, r4
    if r5, b1, b2
b1: <- b0
    boundscheck r1, r2
    r6:int = index r0, r1
    return r6
b2: <- b0
    r7:int = const 0
    return r7
}`

// ceUnsignedStepIn is s2's decoder's step: s += 2, then uint(s) >
// uint(len(src)) leaves, then src[s-2] (s ≥ 0 before: shiftcheck).
const ceUnsignedStepIn = `
func @main.f(r0 []int, r1 int) int {
b0:
    shiftcheck r1
    r2:int = len r0
    r3:int = const 2
    r4:int = add r1, r3
    r5:uint = convert r4
    r6:uint = convert r2
    r7:bool = gt r5, r6
    if r7, b1, b2
b1: <- b0
    r8:int = const 0
    return r8
b2: <- b0
    r9:int = sub r4, r3
    boundscheck r9, r2
    r10:int = index r0, r9
    return r10
}`

// TestCheckElimUnsignedCompare: a[i] goes under uint(i) < uint(len(a))
// and src[s-2] after s += 2 under uint(s) ≤ uint(len(src)), by the
// edge's facts alone; not under uint(i) ≤ uint(len(a)), nor uint(i) <
// uint(n) for an n that may be negative (uint(n) may exceed any int),
// nor when i's conversion changes its width, nor src[s-3].
func TestCheckElimUnsignedCompare(t *testing.T) {
	without := func(in string) string {
		for _, c := range []string{"    boundscheck r1, r2\n", "    boundscheck r9, r2\n"} {
			in = strings.Replace(in, c, "", 1)
		}
		return in
	}
	// The certificates: 0 ≤ i < len a on the true edge; 0 ≤ s_old,
	// s_old = s - 2 and s ≤ len src on the false one.
	hints := func(in string) *CheckElimHints {
		h := &CheckElimHints{Entry: make([][]Fact, 3)}
		if strings.Contains(in, "r4:int = add r1, r3") {
			h.Entry[2] = []Fact{le(ir.NoReg, 1, 0), le(1, 4, -2), le(4, 2, 0)}
			h.Removed = []CheckRemoval{{2, 1}}
		} else {
			h.Entry[1] = []Fact{le(ir.NoReg, 1, 0), le(1, 2, -1)}
			h.Removed = []CheckRemoval{{1, 0}}
		}
		return h
	}
	for _, in := range []string{ceUnsignedIn, ceUnsignedStepIn} {
		if err := checkElimOf(t, in, without(in), hints(in)); err != nil {
			t.Fatalf("honest result rejected: %v\n%s", err, in)
		}
	}
	for _, c := range []struct {
		name, in string
		rule     Rule
	}{
		{"uint(i) <= uint(len(a))", strings.Replace(ceUnsignedIn, "lt r3, r4", "le r3, r4", 1), RuleFacts},
		{"uint(i) < uint(n)", strings.Replace(ceUnsignedIn, "r2:int = len r0", "r2:int = copy r1", 1), RuleFacts},
		{"uint64(i32) < uint64(len(a))", strings.NewReplacer("r1 int)", "r1 int32)", "r3:uint = convert r1", "r3:uint64 = convert r1", "r4:uint =", "r4:uint64 =").Replace(ceUnsignedIn), RuleFacts},
		{"src[s-3]", strings.NewReplacer("r3:int = const 2", "r3:int = const 2\n    r11:int = const 3", "r9:int = sub r4, r3", "r9:int = sub r4, r11").Replace(ceUnsignedStepIn), RuleImplied},
		{"s ≥ 0 not known before", strings.Replace(ceUnsignedStepIn, "    shiftcheck r1\n", "", 1), RuleFacts},
	} {
		err := checkElimOf(t, c.in, without(c.in), hints(c.in))
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if e, ok := err.(*Error); !ok || e.Rule != c.rule {
			t.Errorf("%s: rejected with %v, want rule %s", c.name, err, c.rule)
		}
	}
}

// TestSignedViewsFacts: the facts the edge gives about i itself.
func TestSignedViewsFacts(t *testing.T) {
	f := parse(t, ceUnsignedIn)
	rules := NewFactRules(f)
	got := rules.EdgeFacts(f.Blocks[0], 0)
	for _, want := range []Fact{le(ir.NoReg, 1, 0), le(1, 4, -1)} {
		if !rules.Implied(want, got, 1) {
			t.Errorf("true edge: %s not given by %v", want, got)
		}
	}
	if got := rules.EdgeFacts(f.Blocks[0], 1); rules.Implied(le(ir.NoReg, 1, 0), got, 2) {
		t.Errorf("false edge: 0 <= i given by %v", got)
	}
}
