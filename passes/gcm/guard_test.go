package gcm_test

import (
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// blockOf returns the block of f whose instructions define r, or -1.
func blockOf(f *ir.Func, r ir.Reg) int {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, d := range in.Dsts() {
				if d == r {
					return b.Index
				}
			}
		}
	}
	return -1
}

// wantBlocks runs gcm on the module's one function src and wants each
// register of want (by number) defined in the block it maps to.
func wantBlocks(t *testing.T, src string, want map[ir.Reg]int) {
	t.Helper()
	m, err := ir.Parse("guard.vssa", src)
	if err != nil {
		t.Fatal(err)
	}
	f := m.Funcs[0]
	g := runChecked(t, f)
	if g == nil {
		return
	}
	for r, b := range want {
		if got := blockOf(g, r); got != b {
			t.Errorf("r%d in b%d, want b%d:\n%s", r, got, b, g.Format(ir.PrintOptions{}))
		}
	}
}

// TestRoundUpShiftHoisted: rsa's 0xff >> excess, with excess :=
// len(b)*8 - bits and b := make([]byte, (bits+7)/8), leaves the loop
// above its shiftcheck and the call before it (excess ≥ 0 by its
// definition, so the shift has no precondition); the same shift by
// (bits+6)/8*8 - bits, -1 for bits = 17, stays below its check.
func TestRoundUpShiftHoisted(t *testing.T) {
	wantBlocks(t, `declare @main.g func()
func @main.f(r0 int, r1 int) int {
b0:
    r2:int = const 0
    r3:int = const 7
    r4:int = const 8
    r5:int = add r1, r3
    r6:int = div r5, r4
    r7:[]byte = makeslice r6, r6
    r8:int = len r7
    r20:int = mul r8, r4
    r9:int = sub r20, r1
    r10:int = const 6
    r11:int = add r1, r10
    r12:int = div r11, r4
    r21:int = mul r4, r12
    r13:int = sub r21, r1
    r14:int = const 255
    jump b1
b1: <- b0, b2
    r15:int = phi r2, r18
    r16:bool = lt r15, r0
    if r16, b2, b3
b2: <- b1
    call @main.g()
    shiftcheck r9
    r17:int = shr r14, r9
    shiftcheck r13
    r19:int = shr r14, r13
    r22:int = add r17, r19
    r18:int = add r15, r22
    jump b1
b3: <- b1
    return r15
}
`, map[ir.Reg]int{17: 0, 19: 2})
}

// TestGuardedHoisted: an address or shift in a loop whose check is
// before the loop leaves it above the call before it (r10, r11, r12),
// as does the address of a global array's element at a constant index
// (r15); the address whose check is in the loop (r13) and the one
// whose check before the loop compares its index with another length
// (r14) stay.
func TestGuardedHoisted(t *testing.T) {
	wantBlocks(t, `declare @main.g func()
global @main.arr [4]int
func @main.f(r0 int, r1 int, r2 int, r3 []int, r4 *struct{a int; b int}, r5 int) int {
b0:
    r7:int = const 0
    r8:int = len r3
    boundscheck r1, r8
    shiftcheck r2
    nilcheck r4
    boundscheck r2, r0
    r6:*[4]int = global @main.arr
    r20:int = const 2
    jump b1
b1: <- b0, b2
    r9:int = phi r7, r19
    r16:bool = lt r9, r0
    if r16, b2, b3
b2: <- b1
    call @main.g()
    boundscheck r5, r8
    r10:*int = indexaddr r3, r1
    r11:int = shl r0, r2
    r12:*int = fieldaddr r4, 1
    r13:*int = indexaddr r3, r5
    r14:*int = indexaddr r3, r2
    r15:*int = indexaddr r6, r20
    r17:int = load r10
    r18:int = add r17, r11
    store r12, r18
    store r13, r18
    store r14, r18
    store r15, r18
    r19:int = add r9, r18
    jump b1
b3: <- b1
    return r9
}
`, map[ir.Reg]int{10: 0, 11: 0, 12: 0, 15: 0, 13: 2, 14: 2})
}

// TestRemovedCheckHoisted: the addresses of r3's last element and of
// element 2, whose own checks are gone (as checkelim removes them),
// leave the loop on the strength of the check of index 3 against
// len r3 before it; element 4's and the one before the last's stay.
func TestRemovedCheckHoisted(t *testing.T) {
	wantBlocks(t, `declare @main.g func()
func @main.f(r0 int, r3 []int) int {
b0:
    r7:int = const 0
    r1:int = const 1
    r2:int = const 2
    r4:int = const 4
    r23:int = const 3
    r8:int = len r3
    boundscheck r23, r8
    r5:int = sub r8, r1
    r6:int = sub r8, r2
    jump b1
b1: <- b0, b2
    r9:int = phi r7, r19
    r16:bool = lt r9, r0
    if r16, b2, b3
b2: <- b1
    call @main.g()
    r10:*int = indexaddr r3, r5
    r11:*int = indexaddr r3, r2
    r12:*int = indexaddr r3, r4
    r13:*int = indexaddr r3, r6
    store r10, r9
    store r11, r9
    store r12, r9
    store r13, r9
    r19:int = add r9, r1
    jump b1
b3: <- b1
    return r9
}
`, map[ir.Reg]int{10: 0, 11: 0, 12: 2, 13: 2})
}
