package gcm_test

import (
	"fmt"
	"testing"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/gcm"
	"github.com/vssa-go/vssa/validate"
)

// pressureFunc's loop keeps r0, r1, r2 and the counter r4 live
// throughout, and 7 values at most (those and r6, r8, r9 after r9's
// definition); r6 = r0 * r1, r9 = r2 + r2 and the constant r7 are
// invariant, and r9 is used only in b3, a branch of the loop.
const pressureFunc = `func @main.f(r0 int, r1 int, r2 int) int {
b0:
    r3:int = const 0
    jump b1
b1: <- b0, b4
    r4:int = phi r3, r10
    r5:bool = lt r4, r0
    if r5, b2, b5
b2: <- b1
    r6:int = mul r0, r1
    r7:int = const 3
    r8:bool = lt r4, r7
    r9:int = add r2, r2
    if r8, b3, b6
b3: <- b2
    r11:int = add r4, r9
    jump b4
b6: <- b2
    jump b4
b4: <- b3, b6
    r12:int = phi r11, r4
    r10:int = add r12, r6
    jump b1
b5: <- b1
    return r4
}`

// runBounded runs gcm bounded by b on f's text and returns the
// instructions it moved out of loops, after checking the result.
func runBounded(t *testing.T, text string, b gcm.Bound) (in *ir.Func, out *ir.Func, hoisted []*ir.Instr) {
	t.Helper()
	f, err := ir.ParseFunc(text)
	if err != nil {
		t.Fatal(err)
	}
	g, h, err := gcm.Bounded(b)(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := validate.GCM(f, g, h); err != nil {
		t.Fatalf("rejected: %v\n%s", err, g.Format(ir.PrintOptions{}))
	}
	return f, g, gcm.Hoisted(f, g)
}

func ops(xs []*ir.Instr) (s []string) {
	for _, x := range xs {
		s = append(s, fmt.Sprintf("r%d = %s", x.Dst(), x.Op))
	}
	return s
}

// TestBoundedHoists: with registers to spare, the bounded form hoists
// what Run hoists: r6, r9 and the constant.
func TestBoundedHoists(t *testing.T) {
	_, _, up := runBounded(t, pressureFunc, gcm.Bound{GP: 12, FP: 15})
	if len(up) != 3 {
		t.Errorf("hoisted %q, want r6, r7 and r9", ops(up))
	}
}

// TestBoundedByPressure: with 8 registers, the loop's 7 live values
// leave room for one more: one of r6 and r9 leaves, the other stays
// (hoisting is charged a register even where it frees its inputs'); the
// constant leaves whatever the pressure (it costs no register).
func TestBoundedByPressure(t *testing.T) {
	_, _, up := runBounded(t, pressureFunc, gcm.Bound{GP: 8, FP: 15})
	if len(up) != 2 {
		t.Errorf("hoisted %q, want the constant and one of r6, r9", ops(up))
	}
	_, _, up = runBounded(t, pressureFunc, gcm.Bound{GP: 7, FP: 15})
	if len(up) != 1 || up[0].Op != ir.OpConst {
		t.Errorf("hoisted %q, want the constant alone", ops(up))
	}
}

// TestBoundedDoesNotSink: r9, read only in b3, which Run hoists, stays
// in the loop with 7 registers, and in its own block b2: the bounded
// form does not sink it into b3 (Run would, were it not hoisted).
func TestBoundedDoesNotSink(t *testing.T) {
	f, _ := ir.ParseFunc(pressureFunc)
	g, _, err := gcm.Run(f)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(gcm.Hoisted(f, g)); n != 3 {
		t.Fatalf("Run hoisted %d, want 3", n)
	}
	_, out, _ := runBounded(t, pressureFunc, gcm.Bound{GP: 7, FP: 15})
	for _, x := range out.Blocks[2].Instrs {
		if x.Op == ir.OpAdd {
			return
		}
	}
	t.Errorf("r9 left b2:\n%s", out.Format(ir.PrintOptions{}))
}
