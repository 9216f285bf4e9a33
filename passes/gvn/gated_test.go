package gvn

import (
	"testing"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// twoJoins joins twice on one condition computed twice (r7, r8): the
// gammas r4 and r5 choose alike between 1 and 2; r10 chooses the other
// way round, and r11 reads r9, defined below its join.
const twoJoins = `
func @main.f(r0 int, r1 bool) int {
b0:
    r2:int = const 1
    r3:int = const 2
    r7:bool = not r1
    if r7, b1, b2
b1: <- b0
    jump b3
b2: <- b0
    jump b3
b3: <- b1, b2
    r4:int = gamma [r7] r2, [!r7] r3
    r8:bool = not r1
    if r8, b4, b5
b4: <- b3
    jump b6
b5: <- b3
    jump b6
b6: <- b4, b5
    r5:int = gamma [r8] r2, [!r8] r3
    r10:int = gamma [!r8] r2, [r8] r3
    r6:int = add r4, r5
    r12:int = add r6, r10
    return r12
}`

// Gated numbering merges r5 into r4 only, keeps r8 (a gate and a
// branch read it), and its result is accepted; gvn.Ungated merges
// neither.
func TestGatedNumbering(t *testing.T) {
	for _, tc := range []struct {
		name   string
		run    func(*ir.Func) (*ir.Func, *validate.GVNHints, error)
		merged bool
	}{{"gated", Run, true}, {"ungated", Ungated, false}} {
		f, err := ir.ParseFunc(twoJoins)
		if err != nil {
			t.Fatal(err)
		}
		if err := ir.Check(f, ir.GSA); err != nil {
			t.Fatal(err)
		}
		g, h, err := tc.run(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := validate.GVN(f, g, h); err != nil {
			t.Fatalf("%s: rejected: %v\n%s", tc.name, err, g.Format(ir.PrintOptions{}))
		}
		if got := h.Number[5] == h.Number[4]; got != tc.merged {
			t.Errorf("%s: r5 numbered with r4: %v, want %v", tc.name, got, tc.merged)
		}
		if h.Number[10] == h.Number[4] {
			t.Errorf("%s: r10, gated the other way, numbered with r4", tc.name)
		}
		if h.Number[8] == h.Number[7] && !pinnedKept(g, 8) {
			t.Errorf("%s: r8's definition removed, though a gate reads it", tc.name)
		}
	}
}

func pinnedKept(g *ir.Func, r ir.Reg) bool {
	for _, b := range g.Blocks {
		for _, in := range b.Instrs {
			for _, d := range in.Dsts() {
				if d == r {
					return true
				}
			}
		}
	}
	return false
}
