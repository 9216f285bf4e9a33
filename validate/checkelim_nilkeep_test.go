package validate

import (
	"testing"
)

// ceNilSlices has nil and non-nil slices: a const nil one, a slice of
// it, a conversion of that to *[0]int, and a made one.
const ceNilSlices = `
func @main.f(r0 []int, r1 *[4]int) int {
b0:
    r2:[]int = const nil
    r3:int = const 0
    r4:int = const 1
    r5:[]int = slice r2, r3, _, _
    r6:bool = eq r5, r2
    r7:*[0]int = slicetoarrayptr r5
    r8:*[0]int = const nil
    r9:bool = eq r7, r8
    r10:[]int = makeslice r3, r3
    r11:bool = eq r10, r2
    r12:[]int = slice r10, r3, _, _
    r13:bool = eq r12, r2
    r14:[]int = slice r1, r3, _, _
    r15:bool = eq r14, r2
    r16:*int = indexaddr r5, r3
    r17:*[1]int = slicetoarrayptr r5
    r18:*int = indexaddr r10, r3
    r19:*int = indexaddr r1, r3
    return r3
}`

// TestCheckElimNilSlices: a slice is nil exactly when the slice it is
// cut from is, and so is its conversion to a pointer to an empty array;
// made slices are not nil, even empty. Indexing a nil slice, or
// converting it to a pointer to a non-empty array, always fails.
func TestCheckElimNilSlices(t *testing.T) {
	check := func(ds []Decision, uses ...CheckRemoval) error {
		return CheckElim(parse(t, ceNilSlices), parse(t, ceNilSlices), &CheckElimHints{Entry: make([][]Fact, 1), Decided: ds, NilUses: uses})
	}
	honest := []Decision{{0, 4, true}, {0, 7, true}, {0, 9, false}, {0, 11, false}}
	if err := check(honest, CheckRemoval{0, 14}, CheckRemoval{0, 15}); err != nil {
		t.Fatalf("honest decisions rejected: %v", err)
	}
	for _, c := range []struct {
		why  string
		ds   []Decision
		uses []CheckRemoval
	}{
		{"nil[0:] is not nil", []Decision{{0, 4, false}}, nil},
		{"a made slice is nil", []Decision{{0, 9, true}}, nil},
		{"a slice of an array pointer is nil", []Decision{{0, 13, true}}, nil},
		{"a slice of an array pointer is not nil", []Decision{{0, 13, false}}, nil},
		{"indexing a made slice uses nil", nil, []CheckRemoval{{0, 16}}},
		{"indexing an array pointer is a nil slice's use", nil, []CheckRemoval{{0, 17}}},
		{"converting nil to *[0]int uses nil", nil, []CheckRemoval{{0, 5}}},
	} {
		if e, ok := check(c.ds, c.uses...).(*Error); !ok || e.Rule != RuleDecided {
			t.Errorf("%s: got %v, want a rejection by rule %s", c.why, e, RuleDecided)
		}
	}
}

// ceNilKeep: xx, changed from x, compared with nil; a method called
// through x; a comma-ok assertion branched on; a map ranged over.
const ceNilKeep = `
func @main.f(r0 main.I, r1 any, r2 map[int]int, r3 main.I) int {
b0:
    r4:main.J = changeiface r0
    r5:main.J = const nil
    r6:int = const 0
    r7:main.I = const nil
    r8:bool = ne r3, r7
    call r3.m()
    r9:bool = ne r3, r7
    defer r0.m()
    r10:bool = ne r0, r7
    r11:bool = eq r4, r5
    if r11, b1, b2
b1: <- b0
    call r0.m()
    r19:map[int]int = const nil
    r12:iter = range r19
    r13:main.J = typeassert r0
    return r6
b2: <- b0
    r14:*int, r15:bool = typeassert r1
    if r15, b3, b4
b3: <- b2
    r16:main.I, r17:bool = typeassert r1
    if r17, b5, b6
b4: <- b2
    return r6
b5: <- b3
    call r16.m()
    r18:bool = eq r16, r7
    return r6
b6: <- b3
    return r6
}`

// TestCheckElimNilKeep: a fact about an interface changed from another
// holds of the other too (along edges), a call through an interface
// says it is not nil (a deferred one does not), the false edge of a
// comma-ok assertion's ok has its value nil and the true edge of one to
// an interface type non-nil; a range over a nil map, a type assertion
// of a nil interface are nil uses.
func TestCheckElimNilKeep(t *testing.T) {
	mod := "type main.I interface{m()}\ntype main.J interface{m()}\n" + ceNilKeep
	hints := func() *CheckElimHints {
		h := &CheckElimHints{Entry: make([][]Fact, 7)}
		h.Entry[1] = []Fact{{Kind: FactNil, Reg: 4}, {Kind: FactNil, Reg: 0}}
		h.Entry[4] = []Fact{{Kind: FactNil, Reg: 14}}
		h.Entry[5] = []Fact{{Kind: FactNonNil, Reg: 16}}
		h.Entry[6] = []Fact{{Kind: FactNil, Reg: 16}}
		h.Decided = []Decision{{0, 6, true}, {5, 1, false}}
		h.NilUses = []CheckRemoval{{1, 0}, {1, 2}, {1, 3}}
		return h
	}
	check := func(h *CheckElimHints) error { return checkElimOf(t, mod, mod, h) }
	if err := check(hints()); err != nil {
		t.Fatalf("honest facts rejected: %v", err)
	}
	for _, c := range []struct {
		why    string
		mutate func(h *CheckElimHints)
		rule   Rule
	}{
		{"decided before the call", func(h *CheckElimHints) { h.Decided = []Decision{{0, 4, true}} }, RuleDecided},
		{"decided after a defer", func(h *CheckElimHints) { h.Decided = []Decision{{0, 8, true}} }, RuleDecided},
		{"nil on the false edge of a nil comparison", func(h *CheckElimHints) { h.Entry[2] = []Fact{{Kind: FactNil, Reg: 0}} }, RuleFacts},
		{"a pointer asserted nil where ok", func(h *CheckElimHints) { h.Entry[3] = []Fact{{Kind: FactNil, Reg: 14}} }, RuleFacts},
		{"a pointer asserted non-nil where ok", func(h *CheckElimHints) { h.Entry[3] = []Fact{{Kind: FactNonNil, Reg: 14}} }, RuleFacts},
		{"an interface asserted non-nil where not ok", func(h *CheckElimHints) { h.Entry[6] = []Fact{{Kind: FactNonNil, Reg: 16}} }, RuleFacts},
		{"a deferred call through an interface not known nil", func(h *CheckElimHints) { h.NilUses = []CheckRemoval{{0, 7}} }, RuleDecided},
		{"a comma-ok assertion as a nil use", func(h *CheckElimHints) { h.NilUses = []CheckRemoval{{2, 0}} }, RuleDecided},
	} {
		h := hints()
		c.mutate(h)
		if e, ok := check(h).(*Error); !ok || e.Rule != c.rule {
			t.Errorf("%s: got %v, want a rejection by rule %s", c.why, e, c.rule)
		}
	}
}
