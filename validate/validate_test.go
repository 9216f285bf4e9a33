package validate

import (
	"go/constant"
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/interp"
	"github.com/vssa-go/vssa/ir"
)

func parse(t *testing.T, src string) *ir.Func {
	t.Helper()
	f, err := ir.ParseFunc(src)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// ssaGenOf parses an input and its SSA form and checks them.
func ssaGenOf(t *testing.T, rtl, ssa string, h *SSAHints) error {
	t.Helper()
	return ssaGenWith(t, rtl, parse(t, ssa), h)
}

// ssaGenWith parses an input and checks after against it.
func ssaGenWith(t *testing.T, rtl string, after *ir.Func, h *SSAHints) error {
	t.Helper()
	before := parse(t, rtl)
	typedAsBuilt(before, after, nil)
	return SSAGen(before, after, h)
}

// mem2RegOf parses an input and its mem2reg result and checks them.
func mem2RegOf(t *testing.T, rtl, ssa string, h *Mem2RegHints) error {
	t.Helper()
	return mem2RegWith(t, rtl, parse(t, ssa), h)
}

// mem2RegWith parses an input and checks the mem2reg result after
// against it.
func mem2RegWith(t *testing.T, rtl string, after *ir.Func, h *Mem2RegHints) error {
	t.Helper()
	before := parse(t, rtl)
	if h != nil && h.Promote != nil {
		typedAsBuilt(before, after, h.Promote.Vars)
	}
	return Mem2Reg(before, after, h)
}

// wantRule checks that err is a rejection of the given rule.
func wantRule(t *testing.T, err error, rule Rule) {
	t.Helper()
	if err == nil {
		t.Errorf("accepted, want rejection [%s]", rule)
		return
	}
	e, ok := err.(*Error)
	if !ok || e.Rule != rule {
		t.Errorf("got %v, want rule %s", err, rule)
	}
}

// The RTL input of the SSA tests: x (r2) is written in both branches.
const rtlDiamond = `
func @main.f(r0 bool, r1 int) int {
b0:
    r2:int = copy r1
    if r0, b1, b2
b1: <- b0
    r3:int = const 1
    r2:int = add r2, r3
    jump b3
b2: <- b0
    jump b3
b3: <- b1, b2
    return r2
}
`

// Its SSA form: versions r4 (b0), r5 (b1), r6 (phi) of r2.
const ssaDiamond = `
func @main.f(r0 bool, r1 int) int {
b0:
    r4:int = copy r1
    if r0, b1, b2
b1: <- b0
    r3:int = const 1
    r5:int = add r4, r3
    jump b3
b2: <- b0
    jump b3
b3: <- b1, b2
    r6:int = phi r5, r4
    return r6
}
`

// diamondHints name the versions the result adds after the input's r0 … r3.
func diamondHints() *SSAHints {
	return &SSAHints{Orig: []ir.Reg{2, 2, 2}} // r4, r5, r6
}

func TestSSAGenAccepts(t *testing.T) {
	if err := ssaGenOf(t, rtlDiamond, ssaDiamond, diamondHints()); err != nil {
		t.Fatal(err)
	}
}

func TestSSAGenRejects(t *testing.T) {
	cases := []struct {
		name, ssa string
		rule      Rule
		hints     func(h *SSAHints)
	}{
		{"phi arguments swapped", strings.Replace(ssaDiamond, "phi r5, r4", "phi r4, r5", 1), "phi-use", nil},
		{"defined twice", strings.Replace(ssaDiamond, "r3:int = const 1", "r3:int = const 1\n    r4:int = copy r3", 1), "", nil},
		{"phi in a block with one predecessor", strings.Replace(ssaDiamond, "b1: <- b0\n", "b1: <- b0\n    r7:int = phi r4\n", 1), "", nil},
		{"phi argument of an older version", strings.Replace(ssaDiamond, "phi r5, r4", "phi r4, r4", 1), "phi-use", nil},
		{"old version used", strings.Replace(ssaDiamond, "return r6", "return r4", 1), "use", nil},
		{"phi dropped", strings.NewReplacer("    r6:int = phi r5, r4\n", "", "return r6", "return r5").Replace(ssaDiamond), "", nil},
		{"instruction changed", strings.Replace(ssaDiamond, "add r4, r3", "sub r4, r3", 1), "structure", nil},
		{"operand of another register", strings.Replace(ssaDiamond, "add r4, r3", "add r3, r3", 1), "structure", nil},
		{"wrong hint", ssaDiamond, "structure", func(h *SSAHints) { h.Orig[1] = 1 }},          // r5
		{"hint of another type", ssaDiamond, "types", func(h *SSAHints) { h.Orig[0] = 0 }},    // r4
		{"hint of no register", ssaDiamond, "hints", func(h *SSAHints) { h.Orig[0] = 4 }},     // r4
		{"short hints", ssaDiamond, "hints", func(h *SSAHints) { h.Orig = h.Orig[:2] }},       // r6 left out
		{"long hints", ssaDiamond, "hints", func(h *SSAHints) { h.Orig = append(h.Orig, 2) }}, // r7 does not exist
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := diamondHints()
			if tc.hints != nil {
				tc.hints(h)
			}
			after, err := ir.ParseFunc(tc.ssa)
			if err != nil {
				t.Fatal(err)
			}
			err = ssaGenWith(t, rtlDiamond, after, h)
			if tc.rule == "" {
				if err == nil {
					t.Errorf("accepted")
				}
				return
			}
			wantRule(t, err, tc.rule)
		})
	}
}

// A join where the register is live but no phi merges its two versions.
func TestSSAGenMissingPhi(t *testing.T) {
	rtl := `
func @main.f(r0 bool, r1 int) int {
b0:
    r2:int = copy r1
    if r0, b1, b2
b1: <- b0
    r2:int = add r2, r1
    jump b3
b2: <- b0
    jump b3
b3: <- b1, b2
    r3:int = add r1, r1
    return r3
}
`
	// r2 is dead at b3, so no phi is needed: accepted (pruned form).
	ssa := strings.NewReplacer("r2:int = copy r1", "r4:int = copy r1", "r2:int = add r2, r1", "r5:int = add r4, r1").Replace(rtl)
	h := &SSAHints{Orig: []ir.Reg{2, 2}} // r4, r5 (after the input's r0 … r3)
	if err := ssaGenOf(t, rtl, ssa, h); err != nil {
		t.Errorf("pruned form rejected: %v", err)
	}
	// With r2 live at b3 (returned), the missing phi is caught.
	rtl2 := strings.Replace(rtl, "return r3", "return r2", 1)
	ssa2 := strings.Replace(ssa, "return r3", "return r5", 1)
	err := ssaGenOf(t, rtl2, ssa2, h)
	if err == nil {
		t.Fatal("accepted")
	}
}

// Promotion: x is a variable written then read.
const rtlVar = `
func @main.f(r0 int) int {
b0:
    r1:*int = alloc
    store r1, r0
    r2:int = load r1
    return r2
}
`

// Its mem2reg result: variable r1 gets register r3 (after the input's
// r0 … r2), whose versions are r4 and r5.
const ssaVar = `
func @main.f(r0 int) int {
b0:
    r4:int = const zero
    r5:int = copy r0
    r2:int = copy r5
    return r2
}
`

func varHints() *Mem2RegHints {
	return &Mem2RegHints{
		Promote: &PromoteHints{Vars: []ir.Reg{1}},
		SSA:     &SSAHints{Orig: []ir.Reg{3, 3}}, // r4, r5
	}
}

func TestMem2Reg(t *testing.T) {
	if err := mem2RegOf(t, rtlVar, ssaVar, varHints()); err != nil {
		t.Fatalf("honest result rejected: %v", err)
	}
	// The variable's address escapes (it is returned): the result reads
	// the register where the caller would see memory.
	escaping := `
func @main.f(r0 int) *int {
b0:
    r1:*int = alloc
    store r1, r0
    r2:int = load r1
    return r1
}
`
	ssaEscaping := `
func @main.f(r0 int) *int {
b0:
    r1:*int = alloc
    r5:int = copy r0
    r2:int = copy r5
    return r1
}
`
	h := varHints()
	h.SSA.Orig[0] = ir.NoReg // r4 is gone
	if err := mem2RegOf(t, escaping, ssaEscaping, h); err == nil {
		t.Error("promotion of an escaping variable accepted")
	}
	// A variable read in the recover block, where its value is the one
	// at the point of the panic: not promotable.
	wantRule(t, mem2RegOf(t, rtlRecoverVar, ssaRecoverVar, recoverVarHints()), "promotable")
	// A load rewritten to read another register.
	wrong := strings.Replace(ssaVar, "r2:int = copy r5", "r2:int = copy r0", 1)
	wantRule(t, mem2RegOf(t, rtlVar, wrong, varHints()), "structure")
	// A load that reads the variable's first version (the zero value).
	stale := strings.Replace(ssaVar, "r2:int = copy r5", "r2:int = copy r4", 1)
	wantRule(t, mem2RegOf(t, rtlVar, stale, varHints()), "use")
	// The variable is listed twice (it would have two registers).
	h = varHints()
	h.Promote.Vars = []ir.Reg{1, 1}
	wantRule(t, mem2RegOf(t, rtlVar, ssaVar, h), "hints")
	// The variable's register has another type than the variable.
	wrongType := strings.Replace(ssaVar, "r4:int = const zero", "r4:int8 = const zero", 1)
	wantRule(t, mem2RegOf(t, rtlVar, wrongType, varHints()), "types")
}

// A variable read in the recover block (where its value would be the
// one at the point of the panic), and the result that promotes it.
const rtlRecoverVar = `
func @main.f(r0 int) int recover b1 {
b0:
    r1:*int = alloc
    store r1, r0
    divcheck r0
    r2:int = load r1
    return r2
b1:
    r3:int = load r1
    return r3
}
`

const ssaRecoverVar = `
func @main.f(r0 int) int recover b1 {
b0:
    r5:int = const zero
    r6:int = copy r0
    divcheck r0
    r2:int = copy r6
    return r2
b1:
    r3:int = copy r6
    return r3
}
`

func recoverVarHints() *Mem2RegHints {
	return &Mem2RegHints{
		Promote: &PromoteHints{Vars: []ir.Reg{1}},
		SSA:     &SSAHints{Orig: []ir.Reg{4, 4}}, // r5, r6 (the variable's register is r4)
	}
}

// Normalize: the edge b0→b2 into join b2 leaves an if.
const unnormal = `
func @main.f(r0 bool) int {
b0:
    r1:int = const 1
    if r0, b1, b2
b1: <- b0
    jump b2
b2: <- b0, b1
    return r1
}
`

const normal = `
func @main.f(r0 bool) int {
b0:
    r1:int = const 1
    if r0, b1, b3
b1: <- b0
    jump b2
b2: <- b3, b1
    return r1
b3: <- b0
    jump b2
}
`

func TestNormalize(t *testing.T) {
	h := &NormalizeHints{Old: []int{0, 1, 2, -1}}
	if err := Normalize(parse(t, unnormal), parse(t, normal), h); err != nil {
		t.Fatalf("honest result rejected: %v", err)
	}
	wantRule(t, Normalize(parse(t, unnormal), parse(t, unnormal), &NormalizeHints{Old: []int{0, 1, 2}}), "normalised")
	extra := strings.Replace(normal, "b3: <- b0\n    jump b2", "b3: <- b0\n    r1:int = const 2\n    jump b2", 1)
	wantRule(t, Normalize(parse(t, unnormal), parse(t, extra), h), "inserted")
	wantRule(t, Normalize(parse(t, unnormal), parse(t, normal), &NormalizeHints{Old: []int{0, 1, -1, 2}}), "edges")
	// Missing hints are a rejection, not a crash (a review found it).
	wantRule(t, Normalize(parse(t, unnormal), parse(t, normal), nil), "hints")
}

// Out of SSA: a swap of two phis needs a temporary.
const swapSSA = `
func @main.f(r0 int, r1 int, r2 bool) int {
b0:
    jump b1
b1: <- b0, b2
    r3:int = phi r0, r4
    r4:int = phi r1, r3
    if r2, b2, b3
b2: <- b1
    jump b1
b3: <- b1
    return r3
}
`

// swapGood is swapSSA out of SSA: the swap through temporary r5.
const swapGood = `
func @main.f(r0 int, r1 int, r2 bool) int {
b0:
    r3:int = copy r0
    r4:int = copy r1
    jump b1
b1: <- b0, b2
    if r2, b2, b3
b2: <- b1
    r5:int = copy r4
    r4:int = copy r3
    r3:int = copy r5
    jump b1
b3: <- b1
    return r3
}
`

func TestOutOfSSA(t *testing.T) {
	good := swapGood
	if err := OutOfSSA(parse(t, swapSSA), parse(t, good), &OutOfSSAHints{Temps: []ir.Reg{5}}); err != nil {
		t.Fatalf("honest result rejected: %v", err)
	}
	// Without the temporary the swap loses a value.
	lost := strings.Replace(good, "    r5:int = copy r4\n    r4:int = copy r3\n    r3:int = copy r5\n", "    r4:int = copy r3\n    r3:int = copy r4\n", 1)
	wantRule(t, OutOfSSA(parse(t, swapSSA), parse(t, lost), &OutOfSSAHints{}), "moves")
	// A move that clobbers a register that is not a phi result.
	clobber := strings.Replace(good, "    r5:int = copy r4\n", "    r5:int = copy r4\n    r0:int = copy r4\n", 1)
	wantRule(t, OutOfSSA(parse(t, swapSSA), parse(t, clobber), &OutOfSSAHints{Temps: []ir.Reg{5}}), "moves")
	// An undeclared temporary.
	wantRule(t, OutOfSSA(parse(t, swapSSA), parse(t, good), &OutOfSSAHints{}), "moves")
	// A temporary that is a register of the input, or no register.
	wantRule(t, OutOfSSA(parse(t, swapSSA), parse(t, good), &OutOfSSAHints{Temps: []ir.Reg{5, 2}}), "temps")
	wantRule(t, OutOfSSA(parse(t, swapSSA), parse(t, good), &OutOfSSAHints{Temps: []ir.Reg{5, 6}}), "temps")
	// An instruction of the input changed.
	changed := strings.Replace(good, "    return r3\n", "    return r4\n", 1)
	wantRule(t, OutOfSSA(parse(t, swapSSA), parse(t, changed), &OutOfSSAHints{Temps: []ir.Reg{5}}), "structure")
}

// A dead phi (its register is not live at its join in the input) whose
// arguments are a version that does not reach the end of the
// predecessor on every path: r2 is redefined differently in b1 and b2,
// dead at b3 without a phi, and the phi at b6 reads one of the two
// versions. Not strict SSA (the definition in b1 or b2 does not
// dominate b4 and b5), so it must be rejected, whichever of b1 and b2
// the walk visits first (one variant fails phi-use, the other was
// accepted).
func TestSSAGenDeadPhiNotStrict(t *testing.T) {
	rtl := `
func @main.f(r0 bool, r1 int) int {
b0:
    r2:int = copy r1
    if r0, b1, b2
b1: <- b0
    r2:int = add r2, r1
    jump b3
b2: <- b0
    r2:int = sub r2, r1
    jump b3
b3: <- b1, b2
    if r0, b4, b5
b4: <- b3
    jump b6
b5: <- b3
    jump b6
b6: <- b4, b5
    return r1
}
`
	ssa := `
func @main.f(r0 bool, r1 int) int {
b0:
    r4:int = copy r1
    if r0, b1, b2
b1: <- b0
    r5:int = add r4, r1
    jump b3
b2: <- b0
    r6:int = sub r4, r1
    jump b3
b3: <- b1, b2
    if r0, b4, b5
b4: <- b3
    jump b6
b5: <- b3
    jump b6
b6: <- b4, b5
    r7:int = phi ARG, ARG
    return r1
}
`
	h := &SSAHints{Orig: []ir.Reg{ir.NoReg, 2, 2, 2, 2}} // r3 (unused) … r7, after the input's r0 … r2
	for _, arg := range []string{"r5", "r6"} {
		after := parse(t, strings.ReplaceAll(ssa, "ARG", arg))
		if ir.Check(after, ir.SSA) == nil {
			t.Fatalf("phi of %s: the IR checker accepts it, the test is wrong", arg)
		}
		if err := ssaGenWith(t, rtl, after, h); err == nil {
			t.Errorf("phi of %s: non-strict dead phi accepted", arg)
		}
	}
	// The pruned form (no phi at b6) is accepted.
	pruned := strings.Replace(ssa, "    r7:int = phi ARG, ARG\n", "", 1)
	if err := ssaGenOf(t, rtl, pruned, &SSAHints{Orig: h.Orig[:4]}); err != nil {
		t.Errorf("pruned form rejected: %v", err)
	}
}

// Wrapper functions are transparent to recover: a result that is or is
// not a wrapper when the input is not (or is) behaves differently.
func TestSSAGenWrapperFlag(t *testing.T) {
	after := parse(t, strings.Replace(ssaDiamond, "int) int {", "int) int wrapper {", 1))
	if !after.Wrapper {
		t.Fatal("test: the result is not a wrapper")
	}
	wantRule(t, ssaGenWith(t, rtlDiamond, after, diamondHints()), "structure")
	promoted := parse(t, strings.Replace(ssaVar, "int) int {", "int) int wrapper {", 1))
	wantRule(t, mem2RegWith(t, rtlVar, promoted, varHints()), "structure")
}

// Malformed results and hints are rejected, never a panic.
func TestMalformedNoPanic(t *testing.T) {
	check := func(name string, f func() error) {
		t.Helper()
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("%s: panic: %v", name, r)
			}
		}()
		if f() == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	check("ssagen: nil instruction", func() error {
		after := parse(t, ssaDiamond)
		after.Blocks[1].Instrs[0] = nil
		return ssaGenWith(t, rtlDiamond, after, diamondHints())
	})
	check("ssagen: no blocks", func() error {
		return SSAGen(ir.NewFunc("main.f"), ir.NewFunc("main.f"), &SSAHints{})
	})
	check("mem2reg: no blocks", func() error {
		return Mem2Reg(ir.NewFunc("main.f"), ir.NewFunc("main.f"), &Mem2RegHints{Promote: &PromoteHints{}, SSA: &SSAHints{}})
	})
	check("normalize: no blocks", func() error {
		return Normalize(ir.NewFunc("main.f"), ir.NewFunc("main.f"), &NormalizeHints{})
	})
	check("outofssa: no blocks", func() error {
		return OutOfSSA(ir.NewFunc("main.f"), ir.NewFunc("main.f"), &OutOfSSAHints{})
	})
	check("ssagen: nil phi", func() error {
		after := parse(t, ssaDiamond)
		after.Blocks[3].Phis[0] = nil
		return ssaGenWith(t, rtlDiamond, after, diamondHints())
	})
	check("mem2reg: nil instruction", func() error {
		after := parse(t, ssaVar)
		after.Blocks[0].Instrs[1] = nil
		return mem2RegWith(t, rtlVar, after, varHints())
	})
	check("mem2reg: variable without a type", func() error {
		// r3 of the input has no type (no instruction mentions it).
		before := parse(t, strings.Replace(rtlVar, "return r2", "r4:int = copy r2\n    return r4", 1))
		h := varHints()
		h.Promote.Vars = []ir.Reg{3}
		return Mem2Reg(before, parse(t, ssaVar), h)
	})
	check("mem2reg: no promotion hints", func() error {
		return mem2RegOf(t, rtlVar, ssaVar, &Mem2RegHints{SSA: varHints().SSA})
	})
}

// A result that drops the type of a register it still uses is not
// well-formed.
func TestMem2RegKeepsTypes(t *testing.T) {
	before, after := parse(t, rtlVar), parse(t, ssaVar)
	typedAsBuilt(before, after, varHints().Promote.Vars)
	after.SetType(2, nil) // r2 is still defined and returned
	wantRule(t, Mem2Reg(before, after, varHints()), "types")
}

// Areas probed without finding a hole, kept as regressions.
func TestSSAGenProbes(t *testing.T) {
	// A renamed register read in the recover block: the version from the
	// entry block dominates it (the IR checker accepts it), but after a
	// panic in b3 the input reads the version of b1.
	rtl := `
func @main.f(r0 bool, r1 int) int recover b4 {
b0:
    r2:int = copy r1
    if r0, b1, b2
b1: <- b0
    r2:int = add r2, r1
    jump b3
b2: <- b0
    jump b3
b3: <- b1, b2
    divcheck r1
    return r2
b4:
    return r2
}
`
	ssa := `
func @main.f(r0 bool, r1 int) int recover b4 {
b0:
    r4:int = copy r1
    if r0, b1, b2
b1: <- b0
    r5:int = add r4, r1
    jump b3
b2: <- b0
    jump b3
b3: <- b1, b2
    r6:int = phi r5, r4
    divcheck r1
    return r6
b4:
    return r4
}
`
	h := &SSAHints{Orig: []ir.Reg{ir.NoReg, 2, 2, 2}} // r3 (unused) … r6, after the input's r0 … r2
	after := parse(t, ssa)
	if err := ir.Check(after, ir.SSA); err != nil {
		t.Fatalf("test: %v", err)
	}
	wantRule(t, ssaGenWith(t, rtl, after, h), "use")
	// A phi result also defined by an instruction.
	twice := strings.NewReplacer("r5:int = add r4, r3", "r6:int = add r4, r3", "phi r5, r4", "phi r6, r4").Replace(ssaDiamond)
	h2 := diamondHints()
	h2.Orig[1] = ir.NoReg // r5 is gone
	wantRule(t, ssaGenOf(t, rtlDiamond, twice, h2), "unique-def")
}

// A register the input does not use has no type. It stays its own
// version, untyped, and a version of it may be untyped too: neither is
// a rejection. A result that types it, or a version of it, is refused.
func TestSSAGenUntypedUnusedRegister(t *testing.T) {
	src := `
func @main.f(r0 int) int {
b0:
    r1:int = add r0, r0
    return r1
}
`
	before, after := parse(t, src), parse(t, src)
	before.NewReg(nil) // r2 of the input: unused, untyped
	after.NewReg(nil)  // r2 of the result: its own version
	after.NewReg(nil)  // r3 of the result, said to be a version of r2
	h := &SSAHints{Orig: []ir.Reg{2}}
	if err := SSAGen(before, after, h); err != nil {
		t.Errorf("rejected: %v", err)
	}
	after.SetType(3, before.TypeOf(1))
	wantRule(t, SSAGen(before, after, h), "types")
	after.SetType(3, nil)
	after.SetType(2, before.TypeOf(1))
	wantRule(t, SSAGen(before, after, h), "types")
}

// TestNormalizeEdges checks the predecessor lists of a normalize result
// against its edges: any order is accepted, any other multiset rejected.
func TestNormalizeEdges(t *testing.T) {
	h := &NormalizeHints{Old: []int{0, 1, 2, -1}}
	for _, tc := range []struct {
		name  string
		preds []int // of b2, whose incoming edges come from b3 and b1
		rule  Rule
	}{
		{"same order", []int{3, 1}, ""},
		{"other order", []int{1, 3}, ""},
		{"wrong source", []int{3, 0}, "edges"},
		{"one missing", []int{3}, "edges"},
		{"one extra", []int{3, 1, 1}, "edges"},
		{"duplicated", []int{1, 1}, "edges"},
		{"out of range", []int{3, 9}, "edges"},
		{"negative", []int{3, -1}, "edges"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			after := parse(t, normal)
			after.Blocks[2].Preds = tc.preds
			err := Normalize(parse(t, unnormal), after, h)
			if tc.rule == "" {
				if err != nil {
					t.Fatalf("rejected: %v", err)
				}
				return
			}
			wantRule(t, err, tc.rule)
		})
	}
}

func TestSameRegs(t *testing.T) {
	a := []ir.Reg{1, 2, 3, ir.NoReg, 5, 6, 7, 8, 9}
	for _, tc := range []struct {
		b    []ir.Reg
		want bool
	}{
		{slices.Clone(a), true},
		{a[:8], false},
		{[]ir.Reg{1, 2, 3, ir.NoReg, 5, 6, 7, 8, 10}, false},
		{[]ir.Reg{0, 2, 3, ir.NoReg, 5, 6, 7, 8, 9}, false},
	} {
		if got := sameRegs(a, tc.b); got != tc.want {
			t.Errorf("sameRegs(%v, %v) = %v", a, tc.b, got)
		}
	}
	if !sameRegs(nil, []ir.Reg{}) {
		t.Errorf("empty lists differ")
	}
}

// sameShapeAsAccess agrees with sameShape on promotion's readings of
// accesses, whichever attribute of the other instruction differs.
func TestSameShapeAsAccess(t *testing.T) {
	const pos = 7
	accs := []reading{{ir.OpConst, 3, ir.NoReg}, {ir.OpCopy, 3, 4}}
	reads := []*ir.Instr{
		ir.NewInstr(ir.OpConst, pos, []ir.Reg{3}, nil),
		ir.NewInstr(ir.OpCopy, pos, []ir.Reg{3}, []ir.Reg{4}),
	}
	variants := []func(*ir.Instr){
		func(*ir.Instr) {},
		func(in *ir.Instr) { in.Op = ir.OpLoad },
		func(in *ir.Instr) { in.Pos++ },
		func(in *ir.Instr) { in.Flags = ir.FlagHeap },
		func(in *ir.Instr) { in.CallMode = 1 },
		func(in *ir.Instr) { in.SetSym("f") },
		func(in *ir.Instr) { in.Field = 1 },
		func(in *ir.Instr) { in.SetConst(constant.MakeInt64(0)) },
		func(in *ir.Instr) { in.SetSelectDirs([]types.ChanDir{types.SendOnly}) },
		func(in *ir.Instr) { in.Aux = &ir.Aux{} },
		func(in *ir.Instr) { in.SetDsts(append(in.Dsts(), 5)) },
		func(in *ir.Instr) { in.SetDsts(nil) },
		func(in *ir.Instr) { in.SetArgs(append(in.Args(), 5)) },
		func(in *ir.Instr) { in.SetArgs(nil) },
		func(in *ir.Instr) { in.SetRegs([]ir.Reg{9}, slices.Repeat([]ir.Reg{8}, len(in.Args()))) }, // registers do not count
	}
	for k, read := range reads {
		for i, vary := range variants {
			out := read.Clone()
			vary(out)
			if got, want := sameShapeAsAccess(accs[k], pos, out), sameShape(read, out); got != want {
				t.Errorf("%v, variant %d: sameShapeAsAccess = %v, sameShape = %v", read.Op, i, got, want)
			}
		}
		if sameShapeAsAccess(accs[k], pos, nil) {
			t.Errorf("%v: same shape as no instruction", read.Op)
		}
	}
}

// zeroSizeSSA compares two zero-size allocations and never reads the
// result (the interpreter skips an unused comparison; a used one of
// distinct zero-size variables is unsupported, gc's answer depending on
// escape analysis), with a phi of the two pointers at a join.
const zeroSizeSSA = `
func @main.f(r0 bool) int {
b0:
    r1:*struct{} = new
    r2:*struct{} = new
    r3:bool = eq r1, r2
    if r0, b1, b2
b1: <- b0
    r4:int = const 1
    jump b3
b2: <- b0
    r5:int = const 2
    jump b3
b3: <- b1, b2
    r6:int = phi r4, r5
    r7:*struct{} = phi r1, r2
    return r6
}
`

// A copy that reads a register no phi of its edge reads (here the
// unused comparison, into a temporary) computes the phis right but adds
// a use the input does not have, which changes what the interpreter
// does: found by a review of this validator against the interpreter.
func TestOutOfSSAStrayRead(t *testing.T) {
	good := `
func @main.f(r0 bool) int {
b0:
    r1:*struct{} = new
    r2:*struct{} = new
    r3:bool = eq r1, r2
    if r0, b1, b2
b1: <- b0
    r4:int = const 1
    r6:int = copy r4
    r7:*struct{} = copy r1
    jump b3
b2: <- b0
    r5:int = const 2
    r6:int = copy r5
    r7:*struct{} = copy r2
    jump b3
b3: <- b1, b2
    return r6
}
`
	stray := strings.Replace(good, "    r6:int = copy r4\n", "    r8:bool = copy r3\n    r6:int = copy r4\n", 1)
	in, honest, mutant := parse(t, zeroSizeSSA), parse(t, good), parse(t, stray)
	if err := OutOfSSA(in, honest, &OutOfSSAHints{}); err != nil {
		t.Fatalf("honest result rejected: %v", err)
	}
	for _, arg := range []bool{true, false} {
		want := reviewRun(in, "", interp.Bool(arg))
		if got := reviewRun(honest, "", interp.Bool(arg)); got != want {
			t.Fatalf("f(%v): honest result gives %q, the input %q", arg, got, want)
		}
		if got := reviewRun(mutant, "", interp.Bool(arg)); got == want {
			t.Errorf("f(%v): the mutant gives the input's %q: the case shows nothing", arg, want)
		}
	}
	wantRule(t, OutOfSSA(in, mutant, &OutOfSSAHints{Temps: []ir.Reg{8}}), "moves")
	// Reading a phi result before the sequence writes it is reading the
	// old value, which the parallel assignment reads only if some phi
	// of the edge has it as its argument: r6 here has none.
	old := strings.Replace(good, "    r6:int = copy r4\n", "    r8:int = copy r6\n    r6:int = copy r4\n", 1)
	wantRule(t, OutOfSSA(in, parse(t, old), &OutOfSSAHints{Temps: []ir.Reg{8}}), "moves")
}

// The function's position is part of what every validator compares
// (runtime.FuncForPC shows it), and a missing inserted instruction is a
// rejection, not a crash of the validator.
func TestOutOfSSAPositionAndMissingMove(t *testing.T) {
	in, out := parse(t, swapSSA), parse(t, swapGood)
	out.Pos = in.Pos + 1
	wantRule(t, OutOfSSA(in, out, &OutOfSSAHints{Temps: []ir.Reg{5}}), "structure")
	out = parse(t, swapGood)
	b2 := out.Blocks[2]
	b2.Instrs[1] = nil // the middle copy of the swap
	wantRule(t, OutOfSSA(in, out, &OutOfSSAHints{Temps: []ir.Reg{5}}), "moves")
}
