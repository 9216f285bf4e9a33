package native

import (
	"testing"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes"
	"github.com/vssa-go/vssa/passes/gcm"
)

// crowdedLoop reads 14 parameters, a counter and a sum in its loop: more
// than the 12 allocatable general registers. r34 = r0 * r1 is
// invariant.
const crowdedLoop = `func @main.f(r0 int, r1 int, r2 int, r3 int, r4 int, r5 int, r6 int, r7 int, r8 int, r9 int, r10 int, r11 int, r12 int, r13 int) int {
b0:
    r14:int = const 0
    r15:int = const 1
    jump b1
b1: <- b0, b2
    r16:int = phi r14, r35
    r17:int = phi r14, r18
    r19:bool = lt r17, r0
    if r19, b2, b3
b2: <- b1
    r20:int = add r16, r0
    r21:int = add r20, r1
    r22:int = add r21, r2
    r23:int = add r22, r3
    r24:int = add r23, r4
    r25:int = add r24, r5
    r26:int = add r25, r6
    r27:int = add r26, r7
    r28:int = add r27, r8
    r29:int = add r28, r9
    r30:int = add r29, r10
    r31:int = add r30, r11
    r32:int = add r31, r12
    r33:int = add r32, r13
    r34:int = mul r0, r1
    r35:int = add r33, r34
    r18:int = add r17, r15
    jump b1
b3: <- b1
    return r16
}`

// TestBoundGCM: vssa compile's gcm (boundGCM) leaves r0 * r1 in the
// crowded loop, where hoisting it would keep one more value live across
// a loop whose values already do not fit in registers; the pass table's
// gcm hoists it.
func TestBoundGCM(t *testing.T) {
	pipeline, err := passes.Pipeline("mem2reg,gcm")
	if err != nil {
		t.Fatal(err)
	}
	pipeline = pipeline[len(pipeline)-1:] // gcm alone: the function is in SSA form already
	for _, tt := range []struct {
		name     string
		pipeline []*passes.Pass
		hoisted  int
	}{{"table's gcm", pipeline, 1}, {"compile's gcm", boundGCM(pipeline), 0}} {
		f, err := ir.ParseFunc(crowdedLoop)
		if err != nil {
			t.Fatal(err)
		}
		g, reports := (&passes.Manager{Pipeline: tt.pipeline, In: ir.SSA}).Run(f)
		if len(reports) != 1 || reports[0].Outcome != passes.Accepted {
			t.Fatalf("%s: %v", tt.name, reports)
		}
		if n := len(gcm.Hoisted(f, g)); n != tt.hoisted {
			t.Errorf("%s hoisted %d, want %d:\n%s", tt.name, n, tt.hoisted, g.Format(ir.PrintOptions{}))
		}
	}
}
