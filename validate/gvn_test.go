package validate

import (
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// gvnIn is a GVN input: a load repeated across a store (not equal), an
// add repeated (equal), a nilcheck repeated (covered).
const gvnIn = `
func @main.f(r0 int, r1 *int) int {
b0:
    r2:int = load r1
    store r1, r0
    r3:int = load r1
    r4:int = add r0, r0
    r5:int = add r0, r0
    nilcheck r1
    nilcheck r1
    r6:int = add r2, r3
    r7:int = add r6, r4
    r8:int = add r7, r5
    return r8
}`

// gvnOut is its honest result.
const gvnOut = `
func @main.f(r0 int, r1 *int) int {
b0:
    r2:int = load r1
    store r1, r0
    r3:int = load r1
    r4:int = add r0, r0
    nilcheck r1
    r6:int = add r2, r3
    r7:int = add r6, r4
    r8:int = add r7, r4
    return r8
}`

// gvnHints are gvnOut's hints: r5 numbered r4, the second add and the
// second nilcheck (covered by the first) removed.
func gvnHints() *GVNHints {
	return &GVNHints{
		Number:  []ir.Reg{0, 1, 2, 3, 4, 4, 6, 7, 8},
		Removed: []Removal{{Block: 0, Index: 4, CoverBlock: -1}, {Block: 0, Index: 6, CoverBlock: 0, CoverIndex: 5}},
	}
}

// gvnUnreachable has a block no edge reaches (the SSA form has none).
const gvnUnreachable = `
func @main.f(r0 int) int {
b0:
    return r0
b1:
    r1:int = add r0, r0
    return r1
}`

// gvnOf parses an input and a result and checks them.
func gvnOf(t *testing.T, in, out string, h *GVNHints) error {
	t.Helper()
	before, after := parse(t, in), parse(t, out)
	if after.NumRegs() < before.NumRegs() {
		after.SetNumRegs(before.NumRegs())
	}
	typedAsBuilt(before, after, nil)
	return GVN(before, after, h)
}

func TestGVNAccepts(t *testing.T) {
	if err := gvnOf(t, gvnIn, gvnOut, gvnHints()); err != nil {
		t.Fatalf("honest result rejected: %v", err)
	}
	// The input itself, numbered by identity.
	id := gvnHints()
	id.Number[5], id.Removed = 5, nil
	if err := gvnOf(t, gvnIn, gvnIn, id); err != nil {
		t.Fatalf("input as its own result rejected: %v", err)
	}
}

// gvnLoop has two counters stepping together (congruent only through
// the loop) and a join after a store in one branch.
const gvnLoop = `
func @main.f(r0 int, r1 *int, r2 bool) int {
b0:
    r3:int = const 0
    r4:int = const 1
    if r2, b1, b2
b1: <- b0
    store r1, r0
    jump b3
b2: <- b0
    jump b3
b3: <- b1, b2
    r5:int = load r1
    jump b4
b4: <- b3, b5
    r6:int = phi r3, r8
    r7:int = phi r3, r9
    r10:bool = lt r6, r5
    if r10, b5, b6
b5: <- b4
    r8:int = add r6, r4
    r9:int = add r7, r4
    jump b4
b6: <- b4
    r11:int = load r1
    r12:int = add r7, r11
    return r12
}`

const gvnLoopOut = `
func @main.f(r0 int, r1 *int, r2 bool) int {
b0:
    r3:int = const 0
    r4:int = const 1
    if r2, b1, b2
b1: <- b0
    store r1, r0
    jump b3
b2: <- b0
    jump b3
b3: <- b1, b2
    r5:int = load r1
    jump b4
b4: <- b3, b5
    r6:int = phi r3, r8
    r10:bool = lt r6, r5
    if r10, b5, b6
b5: <- b4
    r8:int = add r6, r4
    jump b4
b6: <- b4
    r12:int = add r6, r5
    return r12
}`

func gvnLoopHints() *GVNHints {
	return &GVNHints{
		Number:   []ir.Reg{0, 1, 2, 3, 4, 5, 6, 6, 8, 8, 10, 5, 12},
		MemFresh: []int{3},
		Removed: []Removal{{Block: 4, Phi: true, Index: 1, CoverBlock: -1}, {Block: 5, Index: 1, CoverBlock: -1},
			{Block: 6, Index: 0, CoverBlock: -1}},
	}
}

// A register alone in its class whose operands' classes hold
// constants is folded to the value ir.Fold makes (wrapped at int8).
func TestGVNAcceptsFoldAlone(t *testing.T) {
	in := `
func @main.f() int8 {
b0:
    r0:int8 = const 100
    r1:int8 = add r0, r0
    return r1
}`
	out := strings.Replace(in, "add r0, r0", "const -56", 1)
	if err := gvnOf(t, in, out, &GVNHints{Number: []ir.Reg{0, 1}}); err != nil {
		t.Fatalf("honest result rejected: %v", err)
	}
}

func TestGVNAcceptsLoop(t *testing.T) {
	if err := gvnOf(t, gvnLoop, gvnLoopOut, gvnLoopHints()); err != nil {
		t.Fatalf("honest result rejected: %v", err)
	}
}

// Each mutation of an honest result is rejected with its rule.
func TestGVNRejects(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in, out string
		hints   func() *GVNHints
		rule    Rule
	}{
		{"loads across a store merged", gvnIn, strings.Replace(strings.Replace(gvnOut, "    r3:int = load r1\n", "", 1), "add r2, r3", "add r2, r2", 1),
			func() *GVNHints {
				h := gvnHints()
				h.Number[3] = 2
				h.Removed = append(h.Removed, Removal{Block: 0, Index: 2, CoverBlock: -1})
				return h
			}, RuleNumbering},
		{"two parameters merged", gvnIn, gvnOut, func() *GVNHints { h := gvnHints(); h.Number[1] = 0; return h }, RuleNumbering},
		{"a use replaced by another class", gvnIn, strings.Replace(gvnOut, "add r6, r4", "add r6, r2", 1), gvnHints, RuleReplace},
		{"the store dropped", gvnIn, strings.Replace(gvnOut, "    store r1, r0\n", "", 1),
			func() *GVNHints {
				h := gvnHints()
				h.Removed = append(h.Removed, Removal{Block: 0, Index: 1, CoverBlock: -1})
				return h
			}, RuleRemove},
		{"a check removed without a cover", gvnIn, gvnOut, func() *GVNHints { h := gvnHints(); h.Removed[1].CoverBlock = -1; return h }, RuleRemove},
		{"a check covered by itself", gvnIn, gvnOut, func() *GVNHints { h := gvnHints(); h.Removed[1].CoverIndex = 6; return h }, RuleRemove},
		{"the join after a store shares the version", gvnLoop, gvnLoopOut, func() *GVNHints { h := gvnLoopHints(); h.MemFresh = nil; return h }, RuleMemory},
		{"the leader does not dominate", gvnLoop, strings.Replace(gvnLoopOut, "add r6, r5\n", "add r6, r8\n", 1),
			func() *GVNHints { h := gvnLoopHints(); h.Number[5], h.Number[11] = 5, 5; return h }, RuleReplace},
		{"a phi of another value merged", gvnLoop, strings.Replace(gvnLoopOut, "lt r6, r5", "lt r6, r6", 1),
			func() *GVNHints { h := gvnLoopHints(); h.Number[5], h.Number[11] = 6, 6; return h }, RuleNumbering},
		{"an entry block's value replaced into the recover block", `
func @main.f(r0 int) int recover b1 {
b0:
    r1:int = add r0, r0
    return r1
b1:
    r2:int = add r0, r0
    return r2
}`, `
func @main.f(r0 int) int recover b1 {
b0:
    r1:int = add r0, r0
    return r1
b1:
    return r1
}`, func() *GVNHints {
			return &GVNHints{Number: []ir.Reg{0, 1, 1}, Removed: []Removal{{Block: 1, Index: 0, CoverBlock: -1}}}
		}, RuleReplace},
		{"a wrong constant folded", `
func @main.f() int8 {
b0:
    r0:int8 = const 100
    r1:int8 = add r0, r0
    return r1
}`, `
func @main.f() int8 {
b0:
    r0:int8 = const 100
    r1:int8 = const 200
    return r1
}`, func() *GVNHints { return &GVNHints{Number: []ir.Reg{0, 1}} }, RuleNumbering},
		// r2, alone in its class, is justified by nothing else, so the
		// class holds no constant to fold it to.
		{"a register alone in its class folded", `
func @main.f(r0 *int8) int8 {
b0:
    r1:int8 = const 100
    r2:int8 = load r0
    return r2
}`, `
func @main.f(r0 *int8) int8 {
b0:
    r1:int8 = const 100
    r2:int8 = const 100
    return r2
}`, func() *GVNHints { return &GVNHints{Number: []ir.Reg{0, 1, 2}} }, RuleNumbering},
		// 7 as an int and 7 as an int8 hold one value, but replacing
		// the int8 by the int would change the add's operand types.
		{"constants of one value and two types merged", `
func @main.f() int8 {
b0:
    r0:int = const 7
    r1:int8 = const 7
    r2:int8 = add r1, r1
    return r2
}`, `
func @main.f() int8 {
b0:
    r0:int = const 7
    r2:int8 = add r0, r0
    return r2
}`, func() *GVNHints {
			return &GVNHints{Number: []ir.Reg{0, 0, 2}, Removed: []Removal{{Block: 0, Index: 1, CoverBlock: -1}}}
		}, RuleNumbering},
		// Two conversions of one operand to types of one size.
		{"conversions to two types merged", `
func @main.f(r0 int) uint8 {
b0:
    r1:int8 = convert r0
    r2:uint8 = convert r0
    r3:uint8 = add r2, r2
    return r3
}`, `
func @main.f(r0 int) uint8 {
b0:
    r1:int8 = convert r0
    r3:uint8 = add r1, r1
    return r3
}`, func() *GVNHints {
			return &GVNHints{Number: []ir.Reg{0, 1, 1, 3}, Removed: []Removal{{Block: 0, Index: 1, CoverBlock: -1}}}
		}, RuleNumbering},
		// Two string(rune) conversions of one operand: each makes a new
		// string, whose address unsafe.StringData shows, so neither is a
		// key another may share (found by review: the IR once called
		// them pure).
		{"two string(rune) conversions merged", `
func @main.f(r0 int32) string {
b0:
    r1:string = convert r0
    r2:string = convert r0
    r3:string = add r1, r2
    return r3
}`, `
func @main.f(r0 int32) string {
b0:
    r1:string = convert r0
    r3:string = add r1, r1
    return r3
}`, func() *GVNHints {
			return &GVNHints{Number: []ir.Reg{0, 1, 1, 3}, Removed: []Removal{{Block: 0, Index: 1, CoverBlock: -1}}}
		}, RuleNumbering},
		// A pointer's address as an integer, across a call: a stack may
		// have moved (as in any runtime call, where no memory version
		// changes, so no two such conversions are one value).
		{"two uintptr(unsafe.Pointer) conversions merged across a call", `
func @main.f(r0 unsafe.Pointer) uintptr {
b0:
    r1:uintptr = convert r0
    call @main.g()
    r2:uintptr = convert r0
    r3:uintptr = sub r1, r2
    return r3
}`, `
func @main.f(r0 unsafe.Pointer) uintptr {
b0:
    r1:uintptr = convert r0
    call @main.g()
    r3:uintptr = sub r1, r1
    return r3
}`, func() *GVNHints {
			return &GVNHints{Number: []ir.Reg{0, 1, 1, 3}, Removed: []Removal{{Block: 0, Index: 2, CoverBlock: -1}}}
		}, RuleNumbering},
		// The walk that justifies the numbering does not reach b1: its
		// r1, numbered itself, would be taken as defined nowhere and
		// accepted with nothing checked.
		{"an unreachable block", gvnUnreachable, gvnUnreachable, func() *GVNHints { return &GVNHints{Number: []ir.Reg{0, 1}} }, RuleStructure},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantRule(t, gvnOf(t, tc.in, tc.out, tc.hints()), tc.rule)
		})
	}
	// The text format cannot read a register defined nowhere: r8 reads
	// the removed r5 as the input did.
	t.Run("a removed register still read", func(t *testing.T) {
		before, after := parse(t, gvnIn), parse(t, gvnOut)
		after.SetNumRegs(before.NumRegs())
		typedAsBuilt(before, after, nil)
		b := after.Blocks[0]
		r8 := b.Instrs[len(b.Instrs)-2].Clone()
		r8.Args()[1] = 5
		b.Instrs[len(b.Instrs)-2] = r8
		wantRule(t, GVN(before, after, gvnHints()), RuleReplace)
	})
	// The result shares its instructions with the input (as the pass's
	// do) and drops r5's definition, but the shared r8 still reads it.
	t.Run("a shared instruction reads a removed register", func(t *testing.T) {
		before := parse(t, gvnIn)
		typedAsBuilt(before, before, nil)
		after := before.ShallowClone()
		b := after.Blocks[0]
		b.Instrs = append(b.Instrs[:4:4], b.Instrs[5], b.Instrs[7], b.Instrs[8], b.Instrs[9], b.Instrs[10])
		if err := GVN(before, after, gvnHints()); err == nil || !strings.Contains(err.Error(), "reads r5, whose definition is removed") {
			t.Fatalf("got %v, want r8's read of the removed r5 rejected", err)
		}
		wantRule(t, GVN(before, after, gvnHints()), RuleReplace)
	})
	// b1 is shared as it is, but reads r2, whose definition in b0 the
	// result drops.
	t.Run("a shared block reads a register removed in another", func(t *testing.T) {
		before := parse(t, `
func @main.f(r0 int) int {
b0:
    r1:int = add r0, r0
    r2:int = add r0, r0
    jump b1
b1: <- b0
    r3:int = add r2, r1
    return r3
}`)
		typedAsBuilt(before, before, nil)
		after := before.ShallowClone()
		b0 := after.Blocks[0]
		b0.Instrs = append(b0.Instrs[:1:1], b0.Instrs[2])
		h := &GVNHints{Number: []ir.Reg{0, 1, 1, 3}, Removed: []Removal{{Block: 0, Index: 1, CoverBlock: -1}}}
		if err := GVN(before, after, h); err == nil || !strings.Contains(err.Error(), "reads r2, whose definition is removed") {
			t.Fatalf("got %v, want b1's read of the removed r2 rejected", err)
		}
	})
	// r9, defined nowhere, is numbered r4: a register the walk never
	// sees defined must number itself.
	t.Run("a register defined nowhere numbered by another", func(t *testing.T) {
		f := parse(t, gvnIn)
		f.SetNumRegs(10)
		f.SetType(9, f.TypeOf(4))
		h := &GVNHints{Number: []ir.Reg{0, 1, 2, 3, 4, 5, 6, 7, 8, 4}}
		if err := GVN(f, f, h); err == nil || !strings.Contains(err.Error(), "r9 is defined nowhere but numbered r4") {
			t.Fatalf("got %v, want r9 rejected", err)
		}
	})
	// The second add defines r4 again (the SSA form never does).
	t.Run("a register defined twice", func(t *testing.T) {
		f := parse(t, gvnIn)
		f.Blocks[0].Instrs[4].SetDsts([]ir.Reg{4})
		h := &GVNHints{Number: []ir.Reg{0, 1, 2, 3, 4, 5, 6, 7, 8}}
		wantRule(t, GVN(f, f, h), RuleStructure)
	})
	// A phi and a copy justify each other around a loop, their class
	// rooted in r3, which is defined nowhere (the SSA form never reads
	// such a register; the text format cannot write one).
	t.Run("a class with no keyed member", func(t *testing.T) {
		f := parse(t, `
func @main.f(r0 int, r1 bool) int {
b0:
    jump b1
b1: <- b0, b1
    r2:int = phi r0, r4
    r4:int = copy r2
    if r1, b1, b2
b2: <- b1
    return r4
}`)
		f.SetType(3, f.TypeOf(0))
		f.Blocks[1].Phis[0].Args()[0] = 3
		err := GVN(f, f, &GVNHints{Number: []ir.Reg{0, 1, 3, 3, 3}})
		if err == nil || !strings.Contains(err.Error(), "has no parameter, constant or instruction") {
			t.Fatalf("got %v, want the class of r2 and r4 rejected as unjustified", err)
		}
	})
	// The loop's header is shared as it is, but its phi r7 reads r9,
	// whose definition in the loop's body (after the header in reverse
	// postorder) the result drops.
	t.Run("a shared phi reads a removed register", func(t *testing.T) {
		before := parse(t, gvnLoop)
		typedAsBuilt(before, before, nil)
		after := before.ShallowClone()
		b5 := after.Blocks[5]
		b5.Instrs = append(b5.Instrs[:1:1], b5.Instrs[2:]...)
		h := gvnLoopHints()
		h.Removed = []Removal{{Block: 5, Index: 1, CoverBlock: -1}}
		if err := GVN(before, after, h); err == nil || !strings.Contains(err.Error(), "reads r9, whose definition is removed") {
			t.Fatalf("got %v, want r7's read of the removed r9 rejected", err)
		}
	})
}
