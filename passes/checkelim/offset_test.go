package checkelim

import (
	"slices"
	"testing"

	"github.com/vssa-go/vssa/validate"
)

// TestOffsetBound: a loop bounded by last = len(p) - 1 keeps p[i] in
// bounds; the facts of last's definition must reach the loop's body
// (they are candidates of their own, not only what they turn facts
// about last into), and the validator accepts the removal.
func TestOffsetBound(t *testing.T) {
	_, h := decide(t, `
func @main.f(r0 string) int {
b0:
    r6:int = const 1
    r9:int = const 0
    r5:int = len r0
    r7:int = sub r5, r6
    jump b1
b1: <- b0, b2
    r30:int = phi r9, r20
    r31:int = phi r9, r22
    r13:bool = lt r31, r7
    if r13, b2, b3
b2: <- b1
    boundscheck r31, r5
    r17:uint8 = index r0, r31
    r18:int = convert r17
    r20:int = add r30, r18
    r22:int = add r31, r6
    jump b1
b3: <- b1
    return r30
}`)
	if want := (validate.CheckRemoval{Block: 2, Index: 0}); !slices.Contains(h.Removed, want) {
		t.Errorf("removed %v, want %v among them", h.Removed, want)
	}
}
