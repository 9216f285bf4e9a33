package checkelim

import (
	"slices"
	"testing"

	"github.com/vssa-go/vssa/validate"
)

// TestRangeOverArraySlice: for i := range a[:] { a[i] = 0 } with a an
// array behind a pointer: the loop compares i with len(a[:]), the check
// with the array's constant length. The bound between the two (len(a[:])
// ≤ 16, known where the slice is made) must be a candidate carried into
// the loop, and the validator accepts the removal.
func TestRangeOverArraySlice(t *testing.T) {
	_, h := decide(t, `
func @main.f(r3 *[16384]uint32) {
b0:
    r4:int = const 16384
    r8:int = const -1
    r10:int = const 1
    r19:uint32 = const 0
    r5:[]uint32 = slice r3, _, _, _
    r6:int = len r5
    jump b1
b1: <- b0, b2
    r23:int = phi r8, r11
    r11:int = add r23, r10
    r12:bool = lt r11, r6
    if r12, b2, b3
b2: <- b1
    boundscheck r11, r4
    r18:*uint32 = indexaddr r3, r11
    store r18, r19
    jump b1
b3: <- b1
    return
}`)
	if want := (validate.CheckRemoval{Block: 2, Index: 0}); !slices.Contains(h.Removed, want) {
		t.Errorf("removed %v, want %v among them", h.Removed, want)
	}
}

// TestRangeOverSubSlice: for i, v := range a.count[:n] { … a.count[i] }
// with count an array: i < len(count[:n]) = n ≤ 256 by the slice's
// check, which the check a.count[i] needs.
func TestRangeOverSubSlice(t *testing.T) {
	_, h := decide(t, `
func @main.f(r6 *[256]uint32, r9 uint16) int {
b0:
    r4:int = const 0
    r10:int = const 256
    r14:int = const -1
    r16:int = const 1
    slicecheck len _, r9, _, r10
    r11:[]uint32 = slice r6, _, r9, _
    r12:int = len r11
    jump b1
b1: <- b0, b2
    r44:int = phi r4, r35
    r45:int = phi r14, r17
    r17:int = add r45, r16
    r18:bool = lt r17, r12
    if r18, b2, b3
b2: <- b1
    r21:*uint32 = indexaddr r11, r17
    r22:uint32 = load r21
    boundscheck r17, r10
    r28:*uint32 = indexaddr r6, r17
    r29:uint32 = load r28
    r30:int = convert r29
    r32:int = convert r22
    r33:int = add r30, r32
    r35:int = add r44, r33
    jump b1
b3: <- b1
    return r44
}`)
	if want := (validate.CheckRemoval{Block: 2, Index: 2}); !slices.Contains(h.Removed, want) {
		t.Errorf("removed %v, want %v among them", h.Removed, want)
	}
}
