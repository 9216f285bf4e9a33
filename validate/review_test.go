// This file is a review of the mem2reg validator (Mem2Reg): probes of
// its rules, honest seeds run under the reference interpreter, and the
// holes found (TestReviewHole…, kept as regressions of their fixes).
// Random mutants of honest results are a kind of the mem2reg mutation
// suite (passes/mem2reg, random-changes), on the shared harness.

package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/interp"
	"github.com/vssa-go/vssa/ir"
)

// reviewParse parses the function main.f of src, in a module with the
// functions of helpers.
func reviewParse(t *testing.T, helpers, src string) *ir.Func {
	t.Helper()
	m, err := ir.Parse("", helpers+src)
	if err != nil {
		t.Fatal(err)
	}
	f := m.Func("main.f")
	if f == nil {
		t.Fatal("no function main.f")
	}
	return f
}

// reviewRun runs f on args under the reference interpreter, in a module
// with the functions of helpers.
func reviewRun(f *ir.Func, helpers string, args ...interp.Value) (s string) {
	defer func() {
		if r := recover(); r != nil {
			s = fmt.Sprintf("interpreter panic: %v", r)
		}
	}()
	m, err := ir.Parse("", helpers)
	if err != nil {
		return err.Error()
	}
	m.Add(f)
	o := interp.New(m, interp.Options{StepLimit: 10000}).Call(f.Name, args...)
	switch {
	case o.Err != nil:
		return "error: " + o.Err.Error()
	case o.UB != nil:
		return "ub: " + o.UB.Error()
	case o.Panic != "":
		return "panic: " + o.Panic
	}
	s = "results:"
	for _, v := range o.Results {
		s += fmt.Sprintf(" %d", v.Int())
	}
	return s
}

// reviewSeed is an honest mem2reg result, with the inputs to run it on.
type reviewSeed struct {
	name          string
	helpers       string // other functions of the module
	before, after string
	vars          []ir.Reg
	orig          []ir.Reg
	inputs        [][]interp.Value
}

// hints are the seed's hints as written: orig names the original of
// every register of the result (see added).
func (s reviewSeed) hints() *Mem2RegHints {
	return &Mem2RegHints{Promote: &PromoteHints{Vars: slices.Clone(s.vars)}, SSA: &SSAHints{Orig: append([]ir.Reg(nil), s.orig...)}}
}

// hintsFor are the seed's hints as the validator takes them, for its
// parsed input and result (whose untyped registers get their types).
func (s reviewSeed) hintsFor(t *testing.T, before, after *ir.Func) *Mem2RegHints {
	t.Helper()
	return &Mem2RegHints{Promote: &PromoteHints{Vars: slices.Clone(s.vars)}, SSA: &SSAHints{Orig: added(t, before, after, s.vars, s.orig)}}
}

// reviewMem2Reg runs Mem2Reg with hints as written (orig naming the
// original of every register of the result, see added).
func reviewMem2Reg(t *testing.T, before, after *ir.Func, h *Mem2RegHints) error {
	t.Helper()
	if h != nil && h.SSA != nil && h.Promote != nil {
		h.SSA = &SSAHints{Orig: added(t, before, after, h.Promote.Vars, h.SSA.Orig)}
	}
	return Mem2Reg(before, after, h)
}

var reviewSeeds = []reviewSeed{
	{
		name: "diamond",
		before: `
func @main.f(r0 int, r1 bool) int {
b0:
    r2:*int = alloc
    store r2, r0
    if r1, b1, b2
b1: <- b0
    r3:int = load r2
    r4:int = const 1
    r5:int = add r3, r4
    store r2, r5
    jump b3
b2: <- b0
    jump b3
b3: <- b1, b2
    r6:int = load r2
    return r6
}
`,
		after: `
func @main.f(r0 int, r1 bool) int {
b0:
    r8:int = const zero
    r9:int = copy r0
    if r1, b1, b2
b1: <- b0
    r3:int = copy r9
    r4:int = const 1
    r5:int = add r3, r4
    r10:int = copy r5
    jump b3
b2: <- b0
    jump b3
b3: <- b1, b2
    r11:int = phi r10, r9
    r6:int = copy r11
    return r6
}
`,
		vars: []ir.Reg{2},
		orig: []ir.Reg{0, 1, ir.NoReg, 3, 4, 5, 6, ir.NoReg, 7, 7, 7, 7},
		inputs: [][]interp.Value{
			{interp.Int(5), interp.Bool(true)}, {interp.Int(5), interp.Bool(false)},
			{interp.Int(-3), interp.Bool(true)}, {interp.Int(0), interp.Bool(false)},
		},
	},
	{
		name: "loop",
		before: `
func @main.f(r0 int) int {
b0:
    r1:*int = alloc
    r2:int = const 0
    store r1, r2
    jump b1
b1: <- b0, b2
    r3:int = load r1
    r4:bool = lt r3, r0
    if r4, b2, b3
b2: <- b1
    r5:int = const 1
    r6:int = add r3, r5
    store r1, r6
    jump b1
b3: <- b1
    r7:int = load r1
    return r7
}
`,
		after: `
func @main.f(r0 int) int {
b0:
    r9:int = const zero
    r2:int = const 0
    r10:int = copy r2
    jump b1
b1: <- b0, b2
    r11:int = phi r10, r12
    r3:int = copy r11
    r4:bool = lt r3, r0
    if r4, b2, b3
b2: <- b1
    r5:int = const 1
    r6:int = add r3, r5
    r12:int = copy r6
    jump b1
b3: <- b1
    r7:int = copy r11
    return r7
}
`,
		vars:   []ir.Reg{1},
		orig:   []ir.Reg{0, ir.NoReg, 2, 3, 4, 5, 6, 7, ir.NoReg, 8, 8, 8, 8},
		inputs: [][]interp.Value{{interp.Int(0)}, {interp.Int(3)}, {interp.Int(-1)}},
	},
	{
		name: "two variables and a renamed register",
		before: `
func @main.f(r0 int, r1 bool) int {
b0:
    r2:*int = alloc
    r3:*int = alloc
    r4:int = copy r0
    store r3, r0
    if r1, b1, b2
b1: <- b0
    store r2, r4
    r4:int = const 9
    jump b3
b2: <- b0
    r5:int = load r3
    store r2, r5
    jump b3
b3: <- b1, b2
    r6:int = load r2
    r7:int = load r3
    r8:int = add r6, r7
    r8:int = add r8, r4
    return r8
}
`,
		after: `
func @main.f(r0 int, r1 bool) int {
b0:
    r11:int = const zero
    r12:int = const zero
    r13:int = copy r0
    r14:int = copy r0
    if r1, b1, b2
b1: <- b0
    r15:int = copy r13
    r16:int = const 9
    jump b3
b2: <- b0
    r5:int = copy r14
    r17:int = copy r5
    jump b3
b3: <- b1, b2
    r18:int = phi r15, r17
    r19:int = phi r16, r13
    r6:int = copy r18
    r7:int = copy r14
    r20:int = add r6, r7
    r21:int = add r20, r19
    return r21
}
`,
		vars: []ir.Reg{2, 3},
		orig: []ir.Reg{0, 1, ir.NoReg, ir.NoReg, ir.NoReg, 5, 6, 7, ir.NoReg, ir.NoReg, ir.NoReg,
			9, 10, 4, 10, 9, 4, 9, 9, 4, 8, 8},
		inputs: [][]interp.Value{{interp.Int(2), interp.Bool(true)}, {interp.Int(2), interp.Bool(false)}},
	},
	{
		name:    "recover",
		helpers: reviewRecoverHelper,
		before:  reviewRecoverRTL,
		after: `
func @main.f(r0 int, r1 int) int recover b2 {
b0:
    r8:int = const zero
    r9:int = copy r0
    r6:func() = func @main.r
    defer r6()
    divcheck r1
    r3:int = div r0, r1
    r10:int = copy r3
    jump b1
b1: <- b0, b2
    r11:int = copy r1
    r4:int = copy r11
    r5:int = add r4, r0
    return r5
b2:
    jump b1
}
`,
		vars:   []ir.Reg{2},
		orig:   []ir.Reg{0, 1, ir.NoReg, 3, 4, 5, 6, ir.NoReg, 7, 7, 7, 7},
		inputs: [][]interp.Value{{interp.Int(6), interp.Int(2)}, {interp.Int(6), interp.Int(0)}},
	},
}

// A function that recovers a panic when deferred.
const reviewRecoverHelper = `
func @main.r() {
b0:
    r0:any = call recover()
    return
}
`

// Variable r2 holds r0, then r0/r1 unless the division panics; after
// the panic is recovered, b1 (also reached normally) overwrites it.
const reviewRecoverRTL = `
func @main.f(r0 int, r1 int) int recover b2 {
b0:
    r2:*int = alloc
    store r2, r0
    r6:func() = func @main.r
    defer r6()
    divcheck r1
    r3:int = div r0, r1
    store r2, r3
    jump b1
b1: <- b0, b2
    store r2, r1
    r4:int = load r2
    r5:int = add r4, r0
    return r5
b2:
    jump b1
}
`

// The seeds are honest: accepted, and equivalent to their input.
func TestReviewSeedsHonest(t *testing.T) {
	for _, s := range reviewSeeds {
		before, after := reviewParse(t, s.helpers, s.before), reviewParse(t, s.helpers, s.after)
		if err := ir.Check(before, ir.RTL); err != nil {
			t.Fatalf("%s: input: %v", s.name, err)
		}
		if err := ir.CheckStructure(after, ir.SSA); err != nil {
			t.Fatalf("%s: result: %v", s.name, err)
		}
		if err := Mem2Reg(before, after, s.hintsFor(t, before, after)); err != nil {
			t.Fatalf("%s: honest result rejected: %v", s.name, err)
		}
		for _, in := range s.inputs {
			if b, a := reviewRun(before, s.helpers, in...), reviewRun(after, s.helpers, in...); b != a {
				t.Fatalf("%s: seed not equivalent on %v: %s vs %s", s.name, in, b, a)
			}
		}
	}
}

// reviewCheck parses a mem2reg input and result, checks that the input
// is well-formed RTL (the validator's precondition) and that the result
// passes the pass manager's own structural check (so that only the
// validator stands between it and use), and runs the validator, turning
// a panic into a test failure.
func reviewCheck(t *testing.T, helpers, before, after string, h *Mem2RegHints) (*ir.Func, *ir.Func, error) {
	t.Helper()
	return reviewCheckAs(t, helpers, before, after, h, nil)
}

// reviewCheckAs is reviewCheck with hints as written (orig naming every
// register, see added) if vars is nil, else with hints as the validator
// takes them, for a result whose registers are typed as built with the
// variables vars.
func reviewCheckAs(t *testing.T, helpers, before, after string, h *Mem2RegHints, vars []ir.Reg) (*ir.Func, *ir.Func, error) {
	t.Helper()
	bf, af := reviewParse(t, helpers, before), reviewParse(t, helpers, after)
	if err := ir.Check(bf, ir.RTL); err != nil {
		t.Fatalf("test: the input is not well-formed: %v", err)
	}
	if err := ir.CheckStructure(af, ir.SSA); err != nil {
		t.Fatalf("test: the IR checker rejects the result already: %v", err)
	}
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("validator panicked: %v", r)
				err = fmt.Errorf("panic: %v", r)
			}
		}()
		if vars == nil {
			err = reviewMem2Reg(t, bf, af, h)
		} else {
			typedAsBuilt(bf, af, vars)
			err = Mem2Reg(bf, af, h)
		}
	}()
	return bf, af, err
}

// reviewDiffers fails the test (the test is wrong) unless before and
// after behave differently on args.
func reviewDiffers(t *testing.T, helpers string, before, after *ir.Func, args ...interp.Value) {
	t.Helper()
	b, a := reviewRun(before, helpers, args...), reviewRun(after, helpers, args...)
	if b == a {
		t.Fatalf("test: the result behaves as the input (%s)", b)
	}
	t.Logf("the input gives %s, the result %s", b, a)
}

func reviewHints(vars []ir.Reg, orig ...ir.Reg) *Mem2RegHints {
	if vars == nil {
		vars = []ir.Reg{}
	}
	return &Mem2RegHints{Promote: &PromoteHints{Vars: vars}, SSA: &SSAHints{Orig: orig}}
}

const no = ir.NoReg

// HOLE (fixed). "next" wrote its key and value only when it yielded an
// element, but the validator's typing (and liveness) treat every result
// as defined: after the next, r6 is "the current version of r1". Here
// r1 is renamed (defined by the const and by the next), so in the input
// an exhausted next left r1 = 100, while in the result r6 was never
// written (0) or held the key of the previous iteration; both builders
// produce exactly this result. The fix is in the semantics (ir/doc.go):
// every instruction writes all its results, an exhausted next the zero
// key and value. The result is now correct, and accepted.
func TestReviewHoleNextPartialWrite(t *testing.T) {
	cases := []struct {
		name, before, after string
		orig                []ir.Reg
		arg                 string
	}{
		{"exhausted at once", `
func @main.f(r0 string) int {
b0:
    r1:int = const 100
    r2:iter = range r0
    jump b1
b1: <- b0, b2
    r3:bool, r1:int, r4:int32 = next string r2
    if r3, b2, b3
b2: <- b1
    jump b1
b3: <- b1
    return r1
}
`, `
func @main.f(r0 string) int {
b0:
    r5:int = const 100
    r2:iter = range r0
    jump b1
b1: <- b0, b2
    r3:bool, r6:int, r4:int32 = next string r2
    if r3, b2, b3
b2: <- b1
    jump b1
b3: <- b1
    return r6
}
`, []ir.Reg{0, no, 2, 3, 4, 1, 1}, ""},
		// The body changes the key: the input returns the last key plus
		// 10 (11 on "ab"), the result the last key (1).
		{"key changed in the body", `
func @main.f(r0 string) int {
b0:
    r1:int = const 100
    r2:iter = range r0
    r5:int = const 10
    jump b1
b1: <- b0, b2
    r3:bool, r1:int, r4:int32 = next string r2
    if r3, b2, b3
b2: <- b1
    r1:int = add r1, r5
    jump b1
b3: <- b1
    return r1
}
`, `
func @main.f(r0 string) int {
b0:
    r6:int = const 100
    r2:iter = range r0
    r5:int = const 10
    jump b1
b1: <- b0, b2
    r3:bool, r7:int, r4:int32 = next string r2
    if r3, b2, b3
b2: <- b1
    r8:int = add r7, r5
    jump b1
b3: <- b1
    return r7
}
`, []ir.Reg{0, no, 2, 3, 4, 5, 1, 1, 1}, "ab"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			bf, af, err := reviewCheck(t, "", tc.before, tc.after, reviewHints(nil, tc.orig...))
			if err != nil {
				t.Fatalf("honest result rejected: %v", err)
			}
			if b, a := reviewRun(bf, "", interp.String(tc.arg)), reviewRun(af, "", interp.String(tc.arg)); b != a {
				t.Errorf("accepted, but the input gives %s and the result %s", b, a)
			}
		})
	}
}

// HOLE (fixed). The same root cause with select: its receive results are
// all written with zero values, then the received value is written to
// the result of the chosen case (interp/chans.go), not in result
// order. The validator takes the last result naming a register as its
// current version. With r7 named by both receive states, the input's r7
// is the value received (7, from the first channel), the result's r9
// (the second state's result) is zero. The fix: the IR checker refuses
// an instruction that writes a register twice, so such an input never
// reaches a pass (the manager checks its input fully first).
func TestReviewHoleSelectRepeatedResult(t *testing.T) {
	before := `
func @main.f(r0 string) int {
b0:
    r1:int = const 1
    r2:chan int = makechan r1
    r3:chan int = makechan r1
    r4:int = const 7
    send r2, r4
    r5:int, r6:bool, r7:int, r7:int = select blocking <-r2, <-r3
    return r7
}
`
	after := `
func @main.f(r0 string) int {
b0:
    r1:int = const 1
    r2:chan int = makechan r1
    r3:chan int = makechan r1
    r4:int = const 7
    send r2, r4
    r5:int, r6:bool, r8:int, r9:int = select blocking <-r2, <-r3
    return r9
}
`
	bf, af := reviewParse(t, "", before), reviewParse(t, "", after)
	reviewDiffers(t, "", bf, af, interp.String(""))
	err := ir.Check(bf, ir.RTL)
	found := false
	if es, ok := err.(ir.CheckErrors); ok {
		for _, e := range es {
			found = found || e.Rule == ir.RuleRegister
		}
	}
	if !found {
		t.Errorf("the IR checker gives %v for a select writing r7 twice, want a %s error", err, ir.RuleRegister)
	}
}

// PANIC (fixed). A nil result made the validator dereference it
// (sameCFG, and the rejecter's r.f.Name for the error) instead of
// returning an error.
func TestReviewNilResultNoPanic(t *testing.T) {
	before := parse(t, rtlVar)
	for name, h := range map[string]*Mem2RegHints{"hints": varHints(), "no hints": nil} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: Mem2Reg(before, nil, h) panicked: %v", name, r)
				}
			}()
			if Mem2Reg(before, nil, h) == nil {
				t.Errorf("%s: nil result accepted", name)
			}
		}()
	}
}

// The recover seed with b1 reading the variable before writing it: on
// the path from the recover block it reads the value at the panic.
var reviewRecoverLiveRTL = strings.Replace(reviewRecoverRTL,
	"    store r2, r1\n    r4:int = load r2\n", "    r4:int = load r2\n    store r2, r1\n", 1)

// Its results: the variable r2 is r7; r8 (zero), r9 (r0) and r10 (the
// quotient) are its versions in b0, r11 its version in b1. Whatever
// version b1 reads (no phi can merge "the value at the panic"), the
// result is wrong on some input, and the IR checker accepts it (b0
// dominates everything, the recover block included).
const reviewRecoverLiveSSA = `
func @main.f(r0 int, r1 int) int recover b2 {
b0:
    r8:int = const zero
    r9:int = copy r0
    r6:func() = func @main.r
    defer r6()
    divcheck r1
    r3:int = div r0, r1
    r10:int = copy r3
    jump b1
b1: <- b0, b2
    PHI
    r4:int = copy READ
    r11:int = copy r1
    r5:int = add r4, r0
    return r5
b2:
    jump b1
}
`

// Probes of the recover rules: all rejected, as they must be.
func TestReviewRecoverProbes(t *testing.T) {
	orig := []ir.Reg{0, 1, no, 3, 4, 5, 6, no, 7, 7, 7, 7, 7}
	cases := []struct {
		name, phi, read string
		rule            Rule
		args            []interp.Value
	}{
		// The normal path's version: after a recovered panic it was
		// never written.
		{"version of the normal path", "", "r10", "phi-missing", []interp.Value{interp.Int(6), interp.Int(0)}},
		// The version before the division: stale on the normal path.
		{"version before the panic point", "", "r9", "use", []interp.Value{interp.Int(6), interp.Int(2)}},
		// A phi merging the version before the panic point from the
		// recover block: right here by chance, but no version is
		// static after a panic; the typing has none there.
		{"phi from the recover block", "r12:int = phi r10, r9", "r12", "phi-use", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			after := strings.NewReplacer("PHI", tc.phi, "READ", tc.read).Replace(reviewRecoverLiveSSA)
			o := orig[:12]
			if tc.phi != "" {
				o = orig
			}
			bf, af, err := reviewCheck(t, reviewRecoverHelper, reviewRecoverLiveRTL, after, reviewHints([]ir.Reg{2}, o...))
			if tc.args != nil {
				reviewDiffers(t, reviewRecoverHelper, bf, af, tc.args...)
			}
			wantRule(t, err, tc.rule)
		})
	}
	// The honest form of the seed (the variable is written before it is
	// read in b1) is accepted, and reads the variable only through b1's
	// own version.
	s := reviewSeeds[3]
	if _, _, err := reviewCheck(t, s.helpers, s.before, s.after, s.hints()); err != nil {
		t.Errorf("honest recover result rejected: %v", err)
	}
	// Accesses in blocks reached only after a panic: a store in the
	// recover block is a use of the address there.
	storeInRecover := strings.Replace(reviewRecoverRTL, "b2:\n    jump b1", "b2:\n    store r2, r1\n    jump b1", 1)
	afterStore := strings.Replace(s.after, "b2:\n    jump b1", "b2:\n    r12:int = copy r1\n    jump b1", 1)
	_, _, err := reviewCheck(t, s.helpers, storeInRecover, afterStore, reviewHints([]ir.Reg{2}, append(s.orig, 7)...))
	wantRule(t, err, "promotable")
}

// Probes of promotability: the address used other than as the address
// of a load or store, or the variable defined other than once by an
// alloc. All rejected.
func TestReviewPromotableProbes(t *testing.T) {
	// The variable r1 is used once more in LINE; the result has the
	// promoted form of the other accesses and AFTER in its place. r7 is
	// in every input, so the variable's register is r8 (versions r9,
	// r10, r11).
	rtl := `
func @main.f(r0 int, r6 **int, r7 *int) int {
b0:
    r1:*int = alloc
    store r1, r0
    LINE
    r2:int = load r1
    return r2
}
`
	ssa := `
func @main.f(r0 int, r6 **int, r7 *int) int {
b0:
    r9:int = const zero
    r10:int = copy r0
    AFTER
    r2:int = copy LAST
    return r2
}
`
	cases := []struct{ line, after, last string }{
		{"r7:*int = copy r1", "nilcheck r7", "r10"},                                         // another register aliases it
		{"store r6, r1", "nilcheck r7", "r10"},                                              // stored where the caller sees it
		{"nilcheck r1", "nilcheck r7", "r10"},                                               // compared with nil
		{"r7:*int = changetype r1", "nilcheck r7", "r10"},                                   // converted
		{"r1:*int = new", "r11:int = const zero", "r11"},                                    // allocated twice
		{"r1:*int = copy r7", "nilcheck r7", "r10"},                                         // redefined by another value
		{"r4:int = load r7\n    store r7, r4", "r4:int = load r7\n    store r7, r4", "r10"}, // control: other accesses are fine
	}
	for _, tc := range cases {
		t.Run(tc.line, func(t *testing.T) {
			bf := parse(t, strings.Replace(rtl, "LINE", tc.line, 1))
			af := parse(t, strings.NewReplacer("AFTER", tc.after, "LAST", tc.last).Replace(ssa))
			if err := ir.Check(bf, ir.RTL); err != nil {
				t.Fatalf("test: %v", err)
			}
			if bf.NumRegs() != 8 {
				t.Fatalf("test: the input has %d registers, want 8", bf.NumRegs())
			}
			orig := make([]ir.Reg, af.NumRegs())
			for r := range orig {
				switch {
				case r >= 9:
					orig[r] = 8
				case af.HasReg(ir.Reg(r)):
					orig[r] = ir.Reg(r)
				default:
					orig[r] = no
				}
			}
			err := reviewMem2Reg(t, bf, af, reviewHints([]ir.Reg{1}, orig...))
			if strings.HasPrefix(tc.line, "r4:int = load r7") {
				if err != nil {
					t.Errorf("control rejected: %v", err)
				}
				return
			}
			wantRule(t, err, "promotable")
		})
	}
}

// Probes of the hints: out of range, duplicated, swapped, of the wrong
// type or kind. All rejected, none panics.
func TestReviewHintProbes(t *testing.T) {
	s := reviewSeeds[2] // variables r2 → r9, r3 → r10; renamed r4, r8; versions from r11 on (Orig[k] is r11+k)
	cases := []struct {
		name   string
		rule   Rule
		change func(h *Mem2RegHints)
	}{
		{"variables swapped", "structure", func(h *Mem2RegHints) { h.Promote.Vars = []ir.Reg{3, 2} }},
		{"variable listed twice", "hints", func(h *Mem2RegHints) { h.Promote.Vars = []ir.Reg{2, 2} }},
		{"variable listed twice, one more register", "hints", func(h *Mem2RegHints) { h.Promote.Vars = []ir.Reg{2, 3, 2} }},
		{"variable out of range", "hints", func(h *Mem2RegHints) { h.Promote.Vars = append(h.Promote.Vars, 99) }},
		{"variable NoReg", "hints", func(h *Mem2RegHints) { h.Promote.Vars = append(h.Promote.Vars, no) }},
		{"variable not an address", "promotable", func(h *Mem2RegHints) { h.Promote.Vars = append(h.Promote.Vars, 5) }},
		{"variable is a parameter", "promotable", func(h *Mem2RegHints) { h.Promote.Vars = append(h.Promote.Vars, 0) }},
		{"first variable dropped", "hints", func(h *Mem2RegHints) { h.Promote.Vars = h.Promote.Vars[1:] }},
		{"last variable dropped", "hints", func(h *Mem2RegHints) { h.Promote.Vars = h.Promote.Vars[:1] }},
		{"version out of range", "hints", func(h *Mem2RegHints) { h.SSA.Orig[3] = 11 }},
		{"version negative", "hints", func(h *Mem2RegHints) { h.SSA.Orig[3] = -5 }},
		{"version of the address", "types", func(h *Mem2RegHints) { h.SSA.Orig[3] = 3 }},
		{"version of the other variable", "structure", func(h *Mem2RegHints) { h.SSA.Orig[3] = 9 }},
		// (A register of the input, such as a load's result, cannot be
		// said to be a version of another: below r11 each is its own.)
		{"short", "hints", func(h *Mem2RegHints) { h.SSA.Orig = h.SSA.Orig[:10] }},
		{"long", "hints", func(h *Mem2RegHints) { h.SSA.Orig = append(h.SSA.Orig, no) }},
		{"no SSA hints", "hints", func(h *Mem2RegHints) { h.SSA = nil }},
		{"no promotion hints", "hints", func(h *Mem2RegHints) { h.Promote = nil }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := s.hints()
			h.SSA.Orig = addedOrig(t, 11, h.SSA.Orig)
			tc.change(h)
			_, _, err := reviewCheckAs(t, s.helpers, s.before, s.after, h, s.vars)
			wantRule(t, err, tc.rule)
		})
	}
	_, _, err := reviewCheck(t, s.helpers, s.before, s.after, nil)
	wantRule(t, err, "hints")
}

// Probes of the typing on the seeds: stale versions, wrong phi
// arguments, missing phis, changed zero initialisation, and results
// sharing the input's instructions where the fast path must not apply.
// All rejected.
func TestReviewTypingProbes(t *testing.T) {
	cases := []struct {
		name    string
		rule    Rule
		seed    int
		replace []string // old, new, …
		orig    func(o []ir.Reg)
	}{
		{"stale read after the join", "use", 0, []string{"r6:int = copy r11", "r6:int = copy r9"}, nil},
		{"phi reads the zero value", "phi-use", 0, []string{"phi r10, r9", "phi r10, r8"}, nil},
		{"phi arguments swapped", "phi-use", 0, []string{"phi r10, r9", "phi r9, r10"}, nil},
		{"zero value changed", "structure", 0, []string{"r8:int = const zero", "r8:int = const 1"}, nil},
		{"store reads another register", "structure", 0, []string{"r10:int = copy r5", "r10:int = copy r4"}, nil},
		{"loop: latch argument is the phi", "phi-use", 1, []string{"phi r10, r12", "phi r10, r11"}, nil},
		{"loop: exit reads the latch version", "use", 1, []string{"r7:int = copy r11", "r7:int = copy r12"}, nil},
		{"loop: no phi, the entry version read", "phi-missing", 1, []string{
			"    r11:int = phi r10, r12\n", "",
			"r3:int = copy r11", "r3:int = copy r10",
			"r7:int = copy r11", "r7:int = copy r10",
		}, func(o []ir.Reg) { o[11] = no }},
		{"renamed register: stale version", "use", 2, []string{"r21:int = add r20, r19", "r21:int = add r20, r13"}, nil},
		{"variable: the other variable's version", "structure", 2, []string{"r7:int = copy r14", "r7:int = copy r15"}, nil},
		{"variable: its zero version after a store", "use", 2, []string{"r7:int = copy r14", "r7:int = copy r12"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := reviewSeeds[tc.seed]
			after := strings.NewReplacer(tc.replace...).Replace(s.after)
			if after == s.after {
				t.Fatalf("test: nothing replaced")
			}
			h := s.hints()
			if tc.orig != nil {
				tc.orig(h.SSA.Orig)
			}
			bf := reviewParse(t, s.helpers, s.before)
			af := reviewParse(t, s.helpers, after)
			if err := ir.CheckStructure(af, ir.SSA); err != nil {
				t.Logf("(the IR checker rejects it too: %v)", err)
			}
			wantRule(t, reviewMem2Reg(t, bf, af, h), tc.rule)
		})
	}
}

// The fast path (instructions shared with the input, mentioning only
// registers that are their own single version) must not apply to an
// instruction that promotion rewrites or that mentions a renamed
// register.
func TestReviewFastPathProbes(t *testing.T) {
	s := reviewSeeds[2]
	share := func(t *testing.T, bf, af *ir.Func, b, i int) {
		t.Helper()
		af.Blocks[b].Instrs[i] = bf.Blocks[b].Instrs[i]
	}
	cases := []struct {
		name string
		rule Rule
		run  func(t *testing.T, bf, af *ir.Func, h *Mem2RegHints)
	}{
		{"shared alloc of a variable", "structure", func(t *testing.T, bf, af *ir.Func, h *Mem2RegHints) { share(t, bf, af, 0, 0) }},
		{"shared store to a variable", "structure", func(t *testing.T, bf, af *ir.Func, h *Mem2RegHints) { share(t, bf, af, 0, 3) }},
		{"shared load of a variable", "structure", func(t *testing.T, bf, af *ir.Func, h *Mem2RegHints) { share(t, bf, af, 2, 0) }},
		// A renamed register is its own version too (every register of
		// the input is), so these pass erasure and the typing rejects
		// them: the shared instruction defines or reads r4 or r8 where
		// another version is current.
		{"shared redefinition of a renamed register", "phi-use", func(t *testing.T, bf, af *ir.Func, h *Mem2RegHints) { share(t, bf, af, 1, 1) }},
		{"shared use of a renamed register", "use", func(t *testing.T, bf, af *ir.Func, h *Mem2RegHints) { share(t, bf, af, 3, 3) }},
		{"renamed register made single: two shared definitions", "unique-def", func(t *testing.T, bf, af *ir.Func, h *Mem2RegHints) {
			// r8 = add r6, r7 and r8 = add r8, r4 both shared, r8 said to
			// be its own only version: defined twice.
			h.SSA.Orig[8], h.SSA.Orig[20], h.SSA.Orig[21] = 8, no, no
			af.SetType(8, af.TypeOf(20))
			share(t, bf, af, 3, 2)
			af.Blocks[3].Instrs[3] = ir.NewInstr(ir.OpAdd, 0, []ir.Reg{8}, []ir.Reg{8, 19})
			af.Blocks[3].Instrs[4] = ir.NewInstr(ir.OpReturn, 0, nil, []ir.Reg{8})
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			bf := reviewParse(t, s.helpers, s.before)
			af := reviewParse(t, s.helpers, s.after)
			h := s.hints()
			tc.run(t, bf, af, h)
			wantRule(t, reviewMem2Reg(t, bf, af, h), tc.rule)
		})
	}
}
