package validate

import (
	"slices"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// ceIn is a check elimination input: a list walk whose condition guards
// the body's nil checks, a parameter checked before the loop, a branch
// on a divisor, and a phi of an allocation and the parameter.
const ceIn = `
type main.T struct{next *main.T; n int}

func @main.f(r0 *main.T, r1 int) int {
b0:
    r2:int = const 0
    r3:*main.T = const nil
    nilcheck r0
    r4:*int = fieldaddr r0, n
    r14:*main.T = new
    jump b1
b1: <- b0, b2
    r5:*main.T = phi r0, r8
    r6:int = phi r2, r10
    r7:bool = ne r5, r3
    if r7, b2, b3
b2: <- b1
    nilcheck r5
    r11:**main.T = fieldaddr r5, next
    r8:*main.T = load r11
    r9:*int = fieldaddr r5, n
    r12:int = load r9
    r10:int = add r6, r12
    jump b1
b3: <- b1
    r13:bool = ne r1, r2
    if r13, b4, b5
b4: <- b3
    divcheck r1
    r15:int = div r6, r1
    jump b6
b5: <- b3
    jump b6
b6: <- b4, b5
    r16:int = phi r15, r6
    r17:*main.T = phi r14, r0
    nilcheck r17
    r18:*int = fieldaddr r17, n
    r19:int = load r18
    r20:int = add r16, r19
    return r20
}`

// ceOut is its honest result: the body's check, the divisor's and the
// phi's (r0 was checked in b0) go.
var ceOut = strings.NewReplacer(
	"b2: <- b1\n    nilcheck r5\n", "b2: <- b1\n",
	"    divcheck r1\n", "",
	"    nilcheck r17\n", "",
).Replace(ceIn)

// ceHints are its hints: r5 nonnil at b2 (the loop condition's edge),
// r1 nonzero at b4 (the branch's edge), r17 nonnil at b6 (a phi of an
// allocation and r0), and r0 nonnil from the loop on to b5 (the check
// in b0, carried to the phi's edge from b5).
func ceHints() *CheckElimHints {
	h := &CheckElimHints{Entry: make([][]Fact, 7), Removed: []CheckRemoval{{2, 0}, {4, 0}, {6, 0}}}
	for _, b := range []int{1, 2, 3, 5} {
		h.Entry[b] = []Fact{{Kind: FactNonNil, Reg: 0}}
	}
	h.Entry[2] = append(h.Entry[2], Fact{Kind: FactNonNil, Reg: 5})
	h.Entry[4] = []Fact{{Kind: FactNonZero, Reg: 1}}
	h.Entry[6] = []Fact{{Kind: FactNonNil, Reg: 17}}
	return h
}

func checkElimOf(t *testing.T, in, out string, h *CheckElimHints) error {
	t.Helper()
	before, after := parse(t, in), parse(t, out)
	// Parsed apart, the two have distinct named types: give the result
	// the input's, as a pass's result shares them.
	for v := range before.NumRegs() {
		if after.HasReg(ir.Reg(v)) {
			after.SetType(ir.Reg(v), before.TypeOf(ir.Reg(v)))
		}
	}
	return CheckElim(before, after, h)
}

func TestCheckElimAccepts(t *testing.T) {
	if err := checkElimOf(t, ceIn, ceOut, ceHints()); err != nil {
		t.Fatalf("honest result rejected: %v", err)
	}
	// The input itself, without removals or facts.
	if err := checkElimOf(t, ceIn, ceIn, &CheckElimHints{Entry: make([][]Fact, 7)}); err != nil {
		t.Fatalf("input as its own result rejected: %v", err)
	}
	// More facts than the removals need, if they hold: r14 (an
	// allocation) at b6, and r1 nonzero at b4 twice.
	h := ceHints()
	h.Entry[6] = append(h.Entry[6], Fact{Kind: FactNonNil, Reg: 14})
	h.Entry[4] = append(h.Entry[4], Fact{Kind: FactNonZero, Reg: 1})
	if err := checkElimOf(t, ceIn, ceOut, h); err != nil {
		t.Fatalf("result with facts that hold rejected: %v", err)
	}
}

// TestCheckElimRejects mutates the honest result or its certificate.
func TestCheckElimRejects(t *testing.T) {
	cases := []struct {
		name string
		out  string
		h    func(h *CheckElimHints)
		rule Rule
	}{
		{"the parameter's check removed with no fact", strings.Replace(ceOut, "    nilcheck r0\n", "", 1),
			func(h *CheckElimHints) { h.Removed = append(h.Removed, CheckRemoval{0, 2}) }, RuleImplied},
		{"a fact the loop exit's edge does not give", ceOut,
			func(h *CheckElimHints) { h.Entry[3] = append(h.Entry[3], Fact{Kind: FactNonNil, Reg: 5}) }, RuleFacts},
		{"facts at the entry block", ceOut,
			func(h *CheckElimHints) { h.Entry[0] = []Fact{{Kind: FactNonNil, Reg: 0}} }, RuleFacts},
		{"a phi fact one argument does not carry", ceOut,
			func(h *CheckElimHints) { h.Entry[1] = append(h.Entry[1], Fact{Kind: FactNonNil, Reg: 5}) }, RuleFacts},
		{"a fact about a register defined later", ceOut,
			func(h *CheckElimHints) { h.Entry[2] = append(h.Entry[2], Fact{Kind: FactNonNil, Reg: 11}) }, RuleFacts},
		{"nonzero of a pointer", ceOut,
			func(h *CheckElimHints) { h.Entry[2] = append(h.Entry[2], Fact{Kind: FactNonZero, Reg: 5}) }, RuleFacts},
		{"the divisor nonzero on the false edge", ceOut,
			func(h *CheckElimHints) { h.Entry[5] = append(h.Entry[5], Fact{Kind: FactNonZero, Reg: 1}) }, RuleFacts},
		{"the body's start without its fact", ceOut,
			func(h *CheckElimHints) { h.Entry[2] = h.Entry[2][:1] }, RuleImplied},
		{"the divisor's block without its fact", ceOut,
			func(h *CheckElimHints) { h.Entry[4] = nil }, RuleImplied},
		{"an add listed as removed", ceOut,
			func(h *CheckElimHints) { h.Removed = append(h.Removed, CheckRemoval{2, 5}) }, RuleRemove},
		{"a check removed twice", ceOut,
			func(h *CheckElimHints) { h.Removed = append(h.Removed, CheckRemoval{2, 0}) }, RuleHints},
		{"an add's operands swapped", strings.Replace(ceOut, "add r16, r19", "add r19, r16", 1),
			func(h *CheckElimHints) {}, RuleStructure},
		{"a check dropped without a removal", ceOut,
			func(h *CheckElimHints) { h.Removed = h.Removed[:2] }, RuleStructure},
		{"no facts for some blocks", ceOut,
			func(h *CheckElimHints) { h.Entry = h.Entry[:3] }, RuleHints},
	}
	for _, c := range cases {
		h := ceHints()
		c.h(h)
		err := checkElimOf(t, ceIn, c.out, h)
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if e, ok := err.(*Error); !ok || e.Rule != c.rule {
			t.Errorf("%s: rejected with %v, want rule %s", c.name, err, c.rule)
		}
	}
}

// TestCheckElimRecover: the recover block starts with no facts, and an
// allocation of the entry block is not known nonnil in the blocks it
// reaches (a panic may come before the allocation).
func TestCheckElimRecover(t *testing.T) {
	const in = `
func @main.f(r0 *int) int recover b2 {
b0:
    r1:*int = new
    nilcheck r0
    r2:int = load r0
    nilcheck r1
    r3:int = load r1
    jump b1
b1: <- b0, b2
    nilcheck r1
    r4:int = load r1
    return r4
b2:
    jump b1
}`
	honest := strings.Replace(in, "    nilcheck r1\n    r3", "    r3", 1)
	if err := checkElimOf(t, in, honest, &CheckElimHints{Entry: make([][]Fact, 3), Removed: []CheckRemoval{{0, 3}}}); err != nil {
		t.Fatalf("honest result rejected: %v", err)
	}
	out := strings.Replace(honest, "b1: <- b0, b2\n    nilcheck r1\n", "b1: <- b0, b2\n", 1)
	err := checkElimOf(t, in, out, &CheckElimHints{Entry: make([][]Fact, 3), Removed: []CheckRemoval{{0, 3}, {1, 0}}})
	if e, ok := err.(*Error); !ok || e.Rule != RuleImplied {
		t.Errorf("the entry block's allocation taken as nonnil after the recover block: %v, want rule %s", err, RuleImplied)
	}
	h := &CheckElimHints{Entry: make([][]Fact, 3), Removed: []CheckRemoval{{0, 3}}}
	h.Entry[2] = []Fact{{Kind: FactNonNil, Reg: 0}}
	if e, ok := checkElimOf(t, in, honest, h).(*Error); !ok || e.Rule != RuleFacts {
		t.Errorf("facts at the recover block accepted")
	}
}

// ceLoop counts i up from 0 while i < len(s) and indexes s by i: its
// bounds check goes with i ≥ 0 at the loop's start (0 on entry, i+1 on
// the back edge, which cannot overflow since i < len(s)) and i < len(s)
// on the body's edge.
const ceLoop = `
func @main.sum(r0 []int) int {
b0:
    r4:int = const 0
    r18:int = const 1
    jump b1
b1: <- b0, b2
    r26:int = phi r4, r16
    r27:int = phi r4, r19
    r8:int = len r0
    r9:bool = lt r27, r8
    if r9, b2, b3
b2: <- b1
    boundscheck r27, r8
    r13:*int = indexaddr r0, r27
    r14:int = load r13
    r16:int = add r26, r14
    r19:int = add r27, r18
    jump b1
b3: <- b1
    return r26
}`

var ceLoopOut = strings.Replace(ceLoop, "    boundscheck r27, r8\n", "", 1)

func ceLoopHints() *CheckElimHints {
	h := &CheckElimHints{Entry: make([][]Fact, 4), Removed: []CheckRemoval{{2, 0}}}
	h.Entry[1] = []Fact{le(ir.NoReg, 27, 0)}
	h.Entry[2] = []Fact{le(ir.NoReg, 27, 0), le(27, 8, -1)}
	return h
}

func TestCheckElimBounds(t *testing.T) {
	if err := checkElimOf(t, ceLoop, ceLoopOut, ceLoopHints()); err != nil {
		t.Fatalf("honest result rejected: %v", err)
	}
	cases := []struct {
		name string
		h    func(h *CheckElimHints)
		rule Rule
	}{
		{"i ≥ 1 at the loop's start (0 on entry)", func(h *CheckElimHints) { h.Entry[1][0].C = -1 }, RuleFacts},
		{"i < len(s) at the loop's start (len is not defined there)", func(h *CheckElimHints) { h.Entry[1] = append(h.Entry[1], le(27, 8, -1)) }, RuleFacts},
		{"the body without i ≥ 0", func(h *CheckElimHints) { h.Entry[2] = h.Entry[2][1:] }, RuleImplied},
		{"the body without i < len(s)", func(h *CheckElimHints) { h.Entry[2] = h.Entry[2][:1] }, RuleImplied},
		{"i < len(s) - 1 in the body", func(h *CheckElimHints) { h.Entry[2][1].C = -2 }, RuleFacts},
		{"the loop's start without i ≥ 0", func(h *CheckElimHints) { h.Entry[1] = nil }, RuleFacts},
		{"i ≤ len(s) in the body, not enough", func(h *CheckElimHints) { h.Entry[2][1].C = 0 }, RuleImplied},
		{"a fact of a register with itself", func(h *CheckElimHints) { h.Entry[2] = append(h.Entry[2], le(27, 27, 0)) }, RuleFacts},
		{"a fact of a non-integer", func(h *CheckElimHints) { h.Entry[2] = append(h.Entry[2], le(13, 8, 0)) }, RuleFacts},
	}
	for _, c := range cases {
		h := ceLoopHints()
		c.h(h)
		err := checkElimOf(t, ceLoop, ceLoopOut, h)
		if e, ok := err.(*Error); !ok || e.Rule != c.rule {
			t.Errorf("%s: %v, want rule %s", c.name, err, c.rule)
		}
	}
	// Counting down the other way round: i from len(s)-1 while i ≥ 0,
	// by i-1 (which cannot overflow: i ≥ 0).
	down := strings.NewReplacer("r27:int = phi r4, r19", "r27:int = phi r20, r19", "r9:bool = lt r27, r8", "r9:bool = ge r27, r4",
		"r19:int = add r27, r18", "r19:int = sub r27, r18", "    r18:int = const 1\n", "    r18:int = const 1\n    r7:int = len r0\n    r20:int = sub r7, r18\n",
		"boundscheck r27, r8", "boundscheck r27, r7").Replace(ceLoop)
	downOut := strings.Replace(down, "    boundscheck r27, r7\n", "", 1)
	h := &CheckElimHints{Entry: make([][]Fact, 4), Removed: []CheckRemoval{{2, 0}}}
	h.Entry[1] = []Fact{le(27, 7, -1)}
	h.Entry[2] = []Fact{le(27, 7, -1), le(ir.NoReg, 27, 0)}
	if err := checkElimOf(t, down, downOut, h); err != nil {
		t.Fatalf("counting down: honest result rejected: %v", err)
	}
	h.Entry[2] = h.Entry[2][:1]
	if e, ok := checkElimOf(t, down, downOut, h).(*Error); !ok || e.Rule != RuleImplied {
		t.Errorf("counting down without i ≥ 0 in the body: accepted or another rule")
	}
}

// TestCheckElimConversionsAndCap: i < uint(len(s)) bounds i by len(s)
// (a len converted to uint keeps its value, being non-negative), and
// s[:i] needs i ≤ cap(s), which len(s) ≤ cap(s) gives; a conversion
// that may not keep the value (int8(n)) gives nothing.
func TestCheckElimConversionsAndCap(t *testing.T) {
	const in = `
func @main.f(r0 []int, r1 uint, r2 int) int {
b0:
    r3:int = len r0
    r4:uint = convert r3
    r5:bool = lt r1, r4
    if r5, b1, b2
b1: <- b0
    boundscheck r1, r3
    r6:int = cap r0
    slicecheck cap _, r1, _, r6
    r7:[]int = slice r0, _, r1, _
    r8:int8 = convert r2
    r9:int = convert r8
    return r9
b2: <- b0
    return r2
}`
	out := strings.NewReplacer("    boundscheck r1, r3\n", "", "    slicecheck cap _, r1, _, r6\n", "").Replace(in)
	h := &CheckElimHints{Entry: make([][]Fact, 3), Removed: []CheckRemoval{{1, 0}, {1, 2}}}
	h.Entry[1] = []Fact{le(1, 3, -1)}
	if err := checkElimOf(t, in, out, h); err != nil {
		t.Fatalf("honest result rejected: %v", err)
	}
	// The conversions themselves: uint(len(s)) keeps the value, int8(n)
	// and int(int8) as far as the rules know (int8 widens) — not int8(n).
	f := parse(t, in)
	rules := NewFactRules(f)
	gens := func(b, k int) []Fact { return rules.Gens(f.Blocks[b].Instrs[k], nil, b) }
	if got := gens(0, 1); len(got) != 2 {
		t.Errorf("uint(len(s)) gives %v, want r4 = r3 both ways", got)
	}
	if got := gens(1, 4); len(got) != 0 {
		t.Errorf("int8(r2) gives %v, want nothing", got)
	}
	if got := gens(1, 5); len(got) != 2 {
		t.Errorf("int(int8) gives %v, want r9 = r8 both ways", got)
	}
	// The cap of another slice bounds nothing.
	other := strings.NewReplacer("r2 int) int {", "r2 int, r10 []int) int {", "r6:int = cap r0", "r6:int = cap r10").Replace(in)
	otherOut := strings.NewReplacer("r2 int) int {", "r2 int, r10 []int) int {", "r6:int = cap r0", "r6:int = cap r10").Replace(out)
	if e, ok := checkElimOf(t, other, otherOut, h).(*Error); !ok || e.Rule != RuleImplied {
		t.Errorf("len(s) taken as at most cap of another slice: %v", e)
	}
}

// TestFactRulesArithmetic: what a shift, a division and min and max by
// the rules give, and that they give nothing of a possibly negative x.
func TestFactRulesArithmetic(t *testing.T) {
	f := parse(t, `
func @main.f(r0 []int, r1 int) int {
b0:
    r2:int = len r0
    r3:uint = const 1
    r4:int = const 2
    r5:int = shr r2, r3
    r6:int = div r2, r4
    r7:int = shr r1, r3
    r8:int = div r1, r4
    r9:int = call min(r2, r1)
    r10:int = call max(r2, r1)
    r11:int = call min(r2, r5)
    return r11
}`)
	// What each instruction adds, walking the block from no facts.
	rules := NewFactRules(f)
	var avail []Fact
	added := map[int][]Fact{}
	for k, in := range f.Blocks[0].Instrs {
		n := len(avail)
		avail = rules.Gens(in, avail, 0)
		added[k] = avail[n:]
	}
	gens := func(k int) []Fact { return added[k] }
	for _, c := range []struct {
		k    int
		want []Fact
	}{
		{3, []Fact{le(ir.NoReg, 5, 0), le(5, 2, 0)}},                              // len(s) >> 1
		{4, []Fact{{Kind: FactNonZero, Reg: 4}, le(ir.NoReg, 6, 0), le(6, 2, 0)}}, // len(s) / 2
		{5, nil},                                                     // r1 >> 1: r1 may be negative
		{6, []Fact{{Kind: FactNonZero, Reg: 4}}},                     // r1 / 2
		{7, []Fact{le(9, 2, 0), le(9, 1, 0)}},                        // min(len(s), r1): r1 may be negative
		{8, []Fact{le(2, 10, 0), le(1, 10, 0)}},                      // max
		{9, []Fact{le(11, 2, 0), le(11, 5, 0), le(ir.NoReg, 11, 0)}}, // min of two values ≥ 0
	} {
		got := gens(c.k)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: gives %v, want %v", ir.FormatInstr(f, f.Blocks[0], f.Blocks[0].Instrs[c.k]), got, c.want)
		}
	}
}

// TestFactRulesConstantLen: len of a constant string, of an array and
// of a pointer to one are constants (Go's own rule); len of a slice is
// not.
func TestFactRulesConstantLen(t *testing.T) {
	f := parse(t, `
func @main.f(r0 *[7]int, r1 []int) int {
b0:
    r2:string = const "evenlength"
    r3:int = len r2
    r4:int = len r0
    r5:int = cap r0
    r6:int = len r1
    return r6
}`)
	rules := NewFactRules(f)
	for _, c := range []struct {
		r    ir.Reg
		want int64
		ok   bool
	}{{3, 10, true}, {4, 7, true}, {5, 7, true}, {6, 0, false}} {
		if k, ok := rules.Constant(c.r, 0); k != c.want || ok != c.ok {
			t.Errorf("Constant(r%d) = %d, %v; want %d, %v", c.r, k, ok, c.want, c.ok)
		}
	}
}

// TestFactRulesCap: after cap s, a bound below len s is one below
// cap s too; not for the cap of another slice.
func TestFactRulesCap(t *testing.T) {
	f := parse(t, `
func @main.f(r0 []int, r1 []int, r2 int) int {
b0:
    r3:int = len r0
    r4:int = cap r0
    r5:int = cap r1
    return r2
}`)
	rules := NewFactRules(f)
	avail := []Fact{le(2, 3, -1)}
	if got := rules.Gens(f.Blocks[0].Instrs[1], avail, 0); !slices.Equal(got, []Fact{le(2, 3, -1), le(2, 4, -1)}) {
		t.Errorf("cap r0 after r2 < len r0 gives %v", got)
	}
	if got := rules.Gens(f.Blocks[0].Instrs[2], avail, 0); !slices.Equal(got, avail) {
		t.Errorf("cap r1 after r2 < len r0 gives %v", got)
	}
}
