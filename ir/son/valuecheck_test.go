package son_test

import (
	"strings"
	"testing"

	"github.com/vssa-go/vssa/interp"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/son"
)

// loop has a data node, r6 = r3*r3, whose dependency is the loop
// header's phi: Theorem 3.7 says its value in b2 is the one it had at
// the end of b1's step.
const loop = `func @main.g(r0 int) int {
b0:
    r1:int = const 0
    r2:int = const 1
    jump b1
b1: <- b0, b2
    r3:int = phi r1, r5
    r4:bool = lt r3, r0
    r6:int = mul r3, r3
    if r4, b2, b3
b2: <- b1
    r5:int = add r6, r2
    jump b1
b3: <- b1
    return r3
}
`

func callOne(t *testing.T, f *ir.Func, args ...interp.Value) interp.Outcome {
	t.Helper()
	m := ir.NewModule()
	m.Add(f)
	return interp.New(m, interp.Options{}).Call(f.Name, args...)
}

// TestCheckingMachine runs the loop with the check of Theorem 3.7: it
// agrees with the function; then with the shadow of r6 taken from
// another value, as a machine that let a value go stale would, and the
// check must report it.
func TestCheckingMachine(t *testing.T) {
	f, g := parseGraph(t, loop)
	want := callOne(t, f, interp.Int(10))
	mf, err := g.CheckingMachine()
	if err != nil {
		t.Fatal(err)
	}
	got := callOne(t, mf, interp.Int(10))
	if describeOutcome(got) != describeOutcome(want) || len(want.Results) != 1 || want.Results[0].Int() != 26 {
		t.Fatalf("checking machine: %s, function: %s (want 26)", describeOutcome(got), describeOutcome(want))
	}
	// The shadow of r6 is the copy of r6 at the end of b1.
	sabotaged := false
	for _, b := range mf.Blocks {
		for i, in := range b.Instrs {
			if in.Op == ir.OpCopy && len(in.Args()) == 1 && in.Args()[0] == 6 {
				b.Instrs[i] = ir.NewInstr(ir.OpCopy, in.Pos, in.Dsts(), []ir.Reg{3})
				sabotaged = true
			}
		}
	}
	if !sabotaged {
		t.Fatal("no shadow of r6 in the checking machine")
	}
	out := callOne(t, mf, interp.Int(10))
	if !strings.Contains(out.Panic, "Theorem 3.7") || !strings.Contains(out.Panic, "r6") {
		t.Errorf("with a stale shadow: %s, want a panic naming Theorem 3.7 and r6", describeOutcome(out))
	}
}

// TestCheckingMachineCorpus builds the checking machine of corpus
// functions: it must check some data nodes (the test would pass
// vacuously otherwise) and stay runnable by the interpreter's
// compiler (vssa run -son -soncheck runs it; TestSeaOfNodesCorpus).
func TestCheckingMachineCorpus(t *testing.T) {
	var checks int
	for _, f := range corpusFuncs(t, 6) {
		g, err := son.Build(f)
		if err != nil {
			t.Fatal(err)
		}
		mf, err := g.CheckingMachine()
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range mf.Blocks {
			for _, in := range b.Instrs {
				if in.Op == ir.OpPanic && len(b.Instrs) == 3 && b.Instrs[0].Op == ir.OpConst && strings.Contains(b.Instrs[0].Const().String(), "Theorem 3.7") {
					checks++
				}
			}
		}
	}
	t.Logf("%d comparisons", checks)
	if checks == 0 {
		t.Error("the checking machines compare nothing")
	}
}
