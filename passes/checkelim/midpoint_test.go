package checkelim

import (
	"slices"
	"testing"

	"github.com/vssa-go/vssa/validate"
)

// TestMidpoint: slices.BinarySearch's x[h] for h := int(uint(i+j) >> 1)
// under i < j ≤ len(x) needs no check, as gc's prove finds: i ≥ 0 and
// j ≤ len(x) are the loop's invariants, h < j the midpoint's fact.
func TestMidpoint(t *testing.T) {
	_, h := decide(t, `
func @main.f(r0 []int64, r1 int64) int {
b0:
    r12:int = const 0
    r18:uint = const 1
    r36:int = const 1
    r8:int = len r0
    jump b3
b1: <- b3
    r16:int = add r59, r60
    r17:uint = convert r16
    r19:uint = shr r17, r18
    r20:int = convert r19
    boundscheck r20, r8
    r24:*int64 = indexaddr r0, r20
    r25:int64 = load r24
    r27:bool = lt r25, r1
    if r27, b4, b5
b2: <- b3
    return r59
b3: <- b0, b4, b5
    r59:int = phi r12, r37, r59
    r60:int = phi r8, r60, r20
    r34:bool = lt r59, r60
    if r34, b1, b2
b4: <- b1
    r37:int = add r20, r36
    jump b3
b5: <- b1
    jump b3
}`)
	if want := (validate.CheckRemoval{Block: 1, Index: 4}); !slices.Contains(h.Removed, want) {
		t.Errorf("removed %v, want %v among them", h.Removed, want)
	}
}
