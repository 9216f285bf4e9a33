package son_test

import (
	"strings"
	"testing"

	"github.com/vssa-go/vssa/interp"
	"github.com/vssa-go/vssa/ir"
)

// recoverReads returns f, whose recover block b2 reads r9 (defined
// before anything in the entry may panic) and, with late, also r4,
// which the entry defines after the call of g, which may panic. After
// a panic recovered in g, r4 reads as zero in b2; the graph does not
// say whether it ran.
func recoverReads(late bool) string {
	read := "r10:int = add r9, r0"
	if late {
		read = "r10:int = add r9, r4"
	}
	return `
func @main.f(r0 int) int recover b2 {
b0:
    r9:int = const 7
    r2:int = const 1
    r3:func() = func @main.r
    defer r3()
    r6:int = call @main.g(r0)
    r4:int = add r0, r2
    jump b1
b1: <- b0
    rundefers
    return r6
b2:
    ` + read + `
    return r10
}

func @main.r() {
b0:
    r0:any = call recover()
    return
}

func @main.g(r0 int) int {
b0:
    divcheck r0
    r1:int = div r0, r0
    return r1
}
`
}

// TestMachineRecoverSide checks that a graph whose recover side reads a
// data node the entry defines after an instruction that may panic has
// no machine (unsupported: recomputing r4 in b2 would give 1 where the
// function gives 0 after a recovered panic), and that one reading only
// nodes defined before every such instruction runs as the function
// does.
func TestMachineRecoverSide(t *testing.T) {
	for _, late := range []bool{true, false} {
		m, f, g := parseModuleGraph(t, recoverReads(late))
		for _, check := range []bool{false, true} {
			machine := g.Machine
			if check {
				machine = g.CheckingMachine
			}
			mf, err := machine()
			if late {
				if err == nil || !strings.Contains(err.Error(), "unsupported: ") || !strings.Contains(err.Error(), "r4") {
					t.Errorf("late read, check=%v: got error %v, want unsupported naming r4", check, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("early read, check=%v: %v", check, err)
			}
			run := func(fn *ir.Func) string {
				mod := ir.NewModule()
				mod.Add(fn)
				mod.Add(m.Funcs[1])
				mod.Add(m.Funcs[2])
				return describeOutcome(interp.New(mod, interp.Options{}).Call(fn.Name, interp.Int(0)))
			}
			// g(0) divides by zero; r recovers; b2 returns 7 + 0.
			t.Logf("early read, check=%v: %s", check, run(f))
			if want, got := run(f), run(mf); got != want {
				t.Errorf("early read, check=%v: machine %s, function %s", check, got, want)
			}
		}
	}
}
