package interp

import (
	"strings"
	"testing"
)

// gsaLoop counts up to r0 by 2 if r1, else by 1: a μ at the header, a γ
// in the body, an η at the exit.
const gsaLoop = `discipline gsa

func @main.f(r0 int, r1 bool) int {
b0:
    r2:int = const 0
    jump b1
b1: <- b0, b4
    r3:int = mu r2, r8
    r4:bool = lt r3, r0
    if r4, b2, b5
b2: <- b1
    if r1, b6, b7
b6: <- b2
    r6:int = const 2
    r7:int = add r3, r6
    jump b4
b7: <- b2
    r9:int = const 1
    r10:int = add r3, r9
    r12:bool = lt r9, r3
    jump b4
b4: <- b6, b7
    r8:int = GAMMA
    jump b1
b5: <- b1
    r11:int = ETA
    return r11
}
`

func runGSALoop(t *testing.T, gamma, eta string, n int64, c bool) Outcome {
	t.Helper()
	src := strings.NewReplacer("GAMMA", gamma, "ETA", eta).Replace(gsaLoop)
	return New(mustParse(t, src), Options{StepLimit: 100000}).Call("main.f", mkInt(n), Value{n: b2u(c)})
}

func TestGSASemantics(t *testing.T) {
	const gamma, eta = "gamma [r1] r7, [!r1] r10", "eta [!r4] r3"
	for _, n := range []int64{-3, 0, 1, 2, 5, 8} {
		for _, c := range []bool{false, true} {
			want := int64(0)
			for want < n {
				if c {
					want += 2
				} else {
					want++
				}
			}
			out := runGSALoop(t, gamma, eta, n, c)
			if out.Err != nil || out.UB != nil || out.Panic != "" || out.Results[0].int() != want {
				t.Errorf("f(%d, %v) = %+v, want %d", n, c, out, want)
			}
			// The gates choose, not the edge: swapped gates count by
			// the other step.
			swapped := runGSALoop(t, "gamma [!r1] r7, [r1] r10", eta, n, c)
			if n >= 3 && swapped.UB == nil && swapped.Err == nil && swapped.Results[0].int() == want {
				t.Errorf("f(%d, %v) with swapped gates = %d, want another value", n, c, want)
			}
		}
	}
	// No gate is 1: undefined behaviour once the body runs.
	if out := runGSALoop(t, "gamma [false] r7, [false] r10", eta, 2, true); out.UB == nil {
		t.Errorf("gamma without a true gate: %+v, want undefined behaviour", out)
	}
	// An η whose gate is 0 at the exit.
	if out := runGSALoop(t, gamma, "eta [r4] r3", 2, true); out.UB == nil {
		t.Errorf("eta with a false gate: %+v, want undefined behaviour", out)
	}
	// An atom defined further on is ½: the gate r12 | !r12 is not 1 at
	// the exit before b7 ever ran, and is once it has.
	const both = "eta [!r4 & r12 | !r4 & !r12] r3"
	if out := runGSALoop(t, gamma, both, 2, true); out.UB == nil {
		t.Errorf("eta on an undefined atom: %+v, want undefined behaviour", out)
	}
	if out := runGSALoop(t, gamma, both, 0, false); out.UB == nil {
		t.Errorf("eta on an undefined atom (loop not run): %+v, want undefined behaviour", out)
	}
	if out := runGSALoop(t, gamma, both, 2, false); out.UB != nil || out.Results[0].int() != 2 {
		t.Errorf("eta on a defined atom: %+v, want 2", out)
	}
}
