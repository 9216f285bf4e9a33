package gcm_test

import (
	"testing"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/gcm"
	"github.com/vssa-go/vssa/validate"
)

// TestRecoverSideKept: the recover block b2 reads data nodes of the
// entry, the last three defined after the call of g, which may panic
// into it (where they read as zero), and has a loop whose invariant
// product r21 the entry could compute: nothing crosses between the
// entry and the recover block's side (validate.GCM rejects r4, r5 and
// r7 in b2, and r21 in b0), but r21 leaves its loop for b2, and the
// entry's r16, read in b1 only, sinks there.
func TestRecoverSideKept(t *testing.T) {
	wantBlocks(t, `func @main.f(r0 int, r1 int) int recover b2 {
b0:
    r9:int = const 7
    r2:int = const 1
    r3:func() = func @main.r
    defer r3()
    r6:int = call @main.g(r0)
    r4:int = add r0, r2
    divcheck r1
    r5:int = div r0, r1
    r7:int = add r6, r2
    r16:int = mul r0, r0
    jump b1
b1: <- b0
    rundefers
    return r16
b2:
    r10:int = add r4, r5
    r12:int = add r10, r7
    r13:int = add r12, r9
    jump b3
b3: <- b2, b4
    r17:int = phi r13, r19
    r18:bool = lt r17, r0
    if r18, b4, b5
b4: <- b3
    r21:int = mul r0, r1
    r19:int = add r17, r21
    jump b3
b5: <- b3
    return r17
}

declare @main.r func()
declare @main.g func(int) int
`, map[ir.Reg]int{4: 0, 5: 0, 7: 0, 9: 0, 21: 2, 16: 1})
}

// recoverLoop's loop b2 is entered from the entry and from the
// recover block b1, so its invariant product r8 could rise to the
// entry, the loop's immediate dominator; but there, after the call of g
// that may panic into b1, it reads as zero when the loop runs after a
// recovered panic.
const recoverLoop = `func @main.f(r0 int, r1 int) int recover b1 {
b0:
    r2:int = const 0
    r3:func() = func @main.r
    defer r3()
    r4:int = call @main.g(r0)
    jump b2
b1:
    r5:int = const 1
    jump b2
b2: <- b0, b1, b3
    r6:int = phi r2, r5, r9
    r7:bool = lt r6, r0
    if r7, b3, b4
b3: <- b2
    r8:int = mul r0, r1
    r9:int = add r6, r8
    jump b2
b4: <- b2
    rundefers
    return r6
}

declare @main.r func()
declare @main.g func(int) int
`

// TestRecoverSideNotHoisted: recoverLoop's r8 stays in the loop, in
// gcm and in gcm bounded by registers (validate.GCM rejects it in b0),
// since no block of the recover block's side is above the loop.
func TestRecoverSideNotHoisted(t *testing.T) {
	wantBlocks(t, recoverLoop, map[ir.Reg]int{8: 3})
	m, err := ir.Parse("recover.vssa", recoverLoop)
	if err != nil {
		t.Fatal(err)
	}
	f := m.Funcs[0]
	g, h, err := gcm.Bounded(gcm.Bound{GP: 12, FP: 15})(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := validate.GCM(f, g, h); err != nil {
		t.Fatalf("bounded: rejected: %v", err)
	}
	if b := blockOf(g, 8); b != 3 {
		t.Errorf("bounded: r8 in b%d, want b3", b)
	}
}
