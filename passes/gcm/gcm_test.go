package gcm_test

import (
	"path/filepath"
	"testing"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/internal/ssaform"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/gcm"
	"github.com/vssa-go/vssa/validate"
)

// TestCorpus runs gcm on the SSA form of every function of the corpus
// programs (testdata/run): every result must pass its validator and
// the checker, and some must move (else the test shows nothing).
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: loads the corpus programs")
	}
	files, err := filepath.Glob("../../testdata/run/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus programs (%v)", err)
	}
	var funcs, changed int
	for _, file := range files {
		prog, err := bridge.Load(bridge.Config{}, file)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, f := range prog.Module.Funcs {
			in := ssaform.Of(f)
			if in == nil {
				continue
			}
			funcs++
			if out := runChecked(t, in); out != nil && out != in {
				changed++
			}
		}
	}
	t.Logf("%d functions, %d changed", funcs, changed)
	if changed == 0 {
		t.Error("gcm changed no function")
	}
}

// runChecked runs gcm on in and returns its result, or nil after
// reporting an error, a rejection or an ill-formed result.
func runChecked(t *testing.T, in *ir.Func) *ir.Func {
	t.Helper()
	out, h, err := gcm.Run(in)
	if err != nil {
		t.Errorf("%s: %v", in.Name, err)
		return nil
	}
	if err := validate.GCM(in, out, h); err != nil {
		t.Errorf("%s: rejected: %v\n%s", in.Name, err, out.Format(ir.PrintOptions{}))
		return nil
	}
	if err := ir.Check(out, ir.SSA); err != nil {
		t.Errorf("%s: %v", in.Name, err)
		return nil
	}
	return out
}

// TestMoved counts what leaves the loop of the golden test's input:
// the product and the constant 1.
func TestMoved(t *testing.T) {
	f, err := ir.ParseFunc(`func @main.f(r0 int, r1 int, r2 int) int {
b0:
    r3:int = const 0
    jump b1
b1: <- b0, b2
    r4:int = phi r3, r8
    r5:bool = lt r4, r0
    if r5, b2, b3
b2: <- b1
    r6:int = mul r1, r2
    r7:int = const 1
    r9:int = add r4, r6
    r8:int = add r9, r7
    jump b1
b3: <- b1
    return r4
}`)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := gcm.Run(f)
	if err != nil {
		t.Fatal(err)
	}
	if out, in := gcm.Moved(f, g); out != 2 || in != 0 {
		t.Errorf("moved %d out of loops, %d into, want 2 and 0:\n%s", out, in, g.Format(ir.PrintOptions{}))
	}
}

// TestDeadStaysOutOfLoop: r7 reads the loop's phi but nothing reads
// it; it is after the loop, and schedule early alone would put it in
// the loop's header. It stays where it is.
func TestDeadStaysOutOfLoop(t *testing.T) {
	f, err := ir.ParseFunc(`func @main.f(r0 int) int {
b0:
    r1:int = const 0
    r2:int = const 1
    jump b1
b1: <- b0, b2
    r3:int = phi r1, r4
    r5:bool = lt r3, r0
    if r5, b2, b3
b2: <- b1
    r4:int = add r3, r2
    jump b1
b3: <- b1
    r7:int = mul r3, r3
    return r3
}`)
	if err != nil {
		t.Fatal(err)
	}
	g := runChecked(t, f)
	if g == nil {
		return
	}
	if out, in := gcm.Moved(f, g); in != 0 {
		t.Errorf("moved %d out of loops, %d into, want none into:\n%s", out, in, g.Format(ir.PrintOptions{}))
	}
}

// TestUnsignedShiftHoisted: a shift by an unsigned count has no
// precondition, so r6 = r1 >> r3 in the loop's header leaves it (math/big's
// divisors, words < m>>1); the shift by the signed r0 stays below its
// anchor, the check that guards it.
func TestUnsignedShiftHoisted(t *testing.T) {
	f, err := ir.ParseFunc(`func @main.f(r0 int, r1 int) int {
b0:
    r2:int = const 0
    r3:uint = const 1
    jump b1
b1: <- b0, b2
    r4:int = phi r2, r8
    r6:int = shr r1, r3
    r5:bool = lt r4, r6
    if r5, b2, b3
b2: <- b1
    shiftcheck r0
    r7:int = shl r1, r0
    r8:int = add r4, r7
    jump b1
b3: <- b1
    return r4
}`)
	if err != nil {
		t.Fatal(err)
	}
	g := runChecked(t, f)
	if g == nil {
		return
	}
	if out, in := gcm.Moved(f, g); out != 1 || in != 0 {
		t.Errorf("moved %d out of loops, %d into, want 1 (the unsigned shift) and 0:\n%s", out, in, g.Format(ir.PrintOptions{}))
	}
}

// TestConstantDivisorHoisted: x/10 and a floating-point division need
// no check, so gcm takes them out of the loop over the call before
// them (gc's licm hoists x/10's multiply and shift); the division by
// the parameter r3 stays below its check.
func TestConstantDivisorHoisted(t *testing.T) {
	f, err := ir.ParseFunc(`func @main.f(r0 int, r1 int, r2 float64, r3 int) int {
b0:
    r4:int = const 0
    r10:int = const 10
    r11:float64 = const 3
    jump b1
b1: <- b0, b2
    r5:int = phi r4, r9
    r6:bool = lt r5, r0
    if r6, b2, b3
b2: <- b1
    divcheck r3
    r12:int = div r1, r3
    r7:int = div r1, r10
    r8:float64 = div r2, r11
    r13:int = add r7, r12
    r9:int = add r5, r13
    jump b1
b3: <- b1
    return r5
}`)
	if err != nil {
		t.Fatal(err)
	}
	g := runChecked(t, f)
	if g == nil {
		return
	}
	if out, in := gcm.Moved(f, g); out != 2 || in != 0 {
		t.Errorf("moved %d out of loops, %d into, want 2 (r1/10 and r2/3) and 0:\n%s", out, in, g.Format(ir.PrintOptions{}))
	}
}
