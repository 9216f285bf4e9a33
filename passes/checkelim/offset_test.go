package checkelim

import (
	"slices"
	"strconv"
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

// offsetChainLoop is compress/flate's bulkHash4 loop over b[i+3] for
// i < end, end = len(b) - 4 + k, after len(b) ≥ 4.
func offsetChainLoop(k int) string {
	return `
func @main.f(r0 []byte) int {
b0:
    r1:int = const 4
    r2:int = const ` + strconv.Itoa(k) + `
    r3:int = const 3
    r4:int = const 1
    r5:int = len r0
    r6:bool = lt r5, r1
    if r6, b1, b2
b1: <- b0
    return r4
b2: <- b0
    r7:int = sub r5, r1
    r8:int = add r7, r2
    jump b3
b3: <- b2, b4
    r9:int = phi r4, r14
    r10:bool = lt r9, r8
    if r10, b4, b5
b4: <- b3
    r11:int = add r9, r3
    boundscheck r11, r5
    r12:*byte = indexaddr r0, r11
    r13:byte = load r12
    r14:int = add r9, r4
    jump b3
b5: <- b3
    return r9
}`
}

// TestOffsetChain: i < len(b) - 4 + 1 keeps b[i+3] in bounds, a bound
// found only through both sums (end's definition is two: the
// candidate end - len(b) ≤ -3 is made by carrying the check's fact
// through the chain); with len(b) - 4 + 2 the check stays.
func TestOffsetChain(t *testing.T) {
	check := validate.CheckRemoval{Block: 4, Index: 1}
	if _, h := decide(t, offsetChainLoop(1)); !slices.Contains(h.Removed, check) {
		t.Errorf("end = len(b) - 4 + 1: removed %v, want %v among them", h.Removed, check)
	}
	if _, h := decide(t, offsetChainLoop(2)); slices.Contains(h.Removed, check) {
		t.Errorf("end = len(b) - 4 + 2: removed %v, b[i+3] may be out of range", h.Removed)
	}
}
