package validate

import (
	"strings"
	"testing"
)

// gcmHoist moves line from its place to the end of the loop's
// preheader b0 (before its "jump b1").
func gcmHoist(t *testing.T, src, line string) string {
	t.Helper()
	out := strings.Replace(src, "    "+line+"\n", "", 1)
	out = strings.Replace(out, "    jump b1\nb1:", "    "+line+"\n    jump b1\nb1:", 1)
	if out == src {
		t.Fatalf("hoisting %q changed nothing", line)
	}
	return out
}

// gcmRoundUp shifts by rsa's excess := len(b)*8 - bits with b :=
// make([]byte, (bits+7)/8) (r9), and by (bits+6)/8*8 - bits (r13),
// which is -1 for bits = 17: both below their shiftchecks in a loop,
// after a call.
const gcmRoundUp = `declare @main.g func()
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
`

// TestGCMNonNegativeCount: a shift whose signed count is non-negative
// by its definition (rsa's round-up) leaves the loop above its
// shiftcheck and the call before it; one by a count that may be
// negative may not, although its operands are all outside the loop.
func TestGCMNonNegativeCount(t *testing.T) {
	if err := gcmOf(t, gcmRoundUp, gcmHoist(t, gcmRoundUp, "r17:int = shr r14, r9")); err != nil {
		t.Errorf("len(b)*8 - bits: %v", err)
	}
	wantRule(t, gcmOf(t, gcmRoundUp, gcmHoist(t, gcmRoundUp, "r19:int = shr r14, r13")), RuleAnchor)
}

// gcmGuards has checks before the loop (b0) and in it (b2, after a
// call), and the unchecked nodes they guard in the loop: r10 (index
// r1 of slice r3, checked in b0), r11 (a shift by r2, checked in b0),
// r12 (field of r4, nil-checked in b0), r13 (index r5 of r3, checked
// in the loop), r14 (index r2 of r3, whose b0 check compares r2 with
// r0, not r3's len), r15 (index 2 of global array r6, no check).
const gcmGuards = `declare @main.g func()
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
`

// TestGCMGuardAnchor: an address or shift whose check dominates the
// loop may leave it above the call before it (its anchor is that
// check), as may the address of a global's element at a constant
// index in its bounds; one whose check is in the loop may not, nor
// one whose dominating check is against another length.
func TestGCMGuardAnchor(t *testing.T) {
	for _, line := range []string{
		"r10:*int = indexaddr r3, r1",
		"r11:int = shl r0, r2",
		"r12:*int = fieldaddr r4, 1",
		"r15:*int = indexaddr r6, r20",
	} {
		if err := gcmOf(t, gcmGuards, gcmHoist(t, gcmGuards, line)); err != nil {
			t.Errorf("%s hoisted: %v", line, err)
		}
	}
	// Above its check, in the check's own block.
	above := strings.Replace(gcmHoist(t, gcmGuards, "r10:*int = indexaddr r3, r1"), "    r10:*int = indexaddr r3, r1\n", "", 1)
	above = strings.Replace(above, "    boundscheck r1, r8\n", "    r10:*int = indexaddr r3, r1\n    boundscheck r1, r8\n", 1)
	for name, after := range map[string]string{
		"checked in the loop":   gcmHoist(t, gcmGuards, "r13:*int = indexaddr r3, r5"),
		"checked against r0":    gcmHoist(t, gcmGuards, "r14:*int = indexaddr r3, r2"),
		"above its check in b0": above,
	} {
		t.Run(name, func(t *testing.T) { wantRule(t, gcmOf(t, gcmGuards, after), RuleAnchor) })
	}
}

// gcmRecover checks index r1 of r3 in the entry, after a call that may
// panic into the recover block b1, whose loop has the address.
const gcmRecover = `declare @main.g func()
func @main.f(r1 int, r3 []int) int recover b1 {
b0:
    r20:int = len r3
    call @main.g()
    boundscheck r1, r20
    r7:int = const 0
    return r7
b1:
    r8:int = len r3
    r9:int = const 0
    jump b2
b2: <- b1, b3
    r10:int = phi r9, r12
    r11:bool = lt r10, r8
    if r11, b3, b4
b3: <- b2
    call @main.g()
    r13:*int = indexaddr r3, r1
    store r13, r10
    r12:int = add r10, r1
    jump b2
b4: <- b2
    return r10
}
`

// TestGCMGuardRecover: the entry dominates the recover block in the
// CFG, but a panic in the call before the entry's check enters it
// without the check: the address may not leave its loop for the
// recover block.
func TestGCMGuardRecover(t *testing.T) {
	after := strings.Replace(gcmRecover, "    r13:*int = indexaddr r3, r1\n", "", 1)
	after = strings.Replace(after, "    jump b2\nb2:", "    r13:*int = indexaddr r3, r1\n    jump b2\nb2:", 1)
	if after == gcmRecover {
		t.Fatal("the mutation changed nothing")
	}
	wantRule(t, gcmOf(t, gcmRecover, after), RuleAnchor)
}

// gcmRemoved has in its loop addresses of r3's elements whose own
// checks are gone (as checkelim removes them), with checks before the
// loop of constant index 3 (r23) against len r3: r10 = &r3[len-1],
// r11 = &r3[2], r12 = &r3[4], r13 = &r3[len-2].
const gcmRemoved = `declare @main.g func()
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
`

// TestGCMRemovedCheck: a check of constant index 3 against len r3
// before the loop makes len r3 ≥ 4, so the last element's address and
// element 2's may leave the loop although their own checks are gone;
// element 4's may not (len r3 may be 4), nor the one before the last's
// (in bounds here, but son's rules know only constants and len-1).
func TestGCMRemovedCheck(t *testing.T) {
	for _, line := range []string{"r10:*int = indexaddr r3, r5", "r11:*int = indexaddr r3, r2"} {
		if err := gcmOf(t, gcmRemoved, gcmHoist(t, gcmRemoved, line)); err != nil {
			t.Errorf("%s hoisted: %v", line, err)
		}
	}
	for _, line := range []string{"r12:*int = indexaddr r3, r4", "r13:*int = indexaddr r3, r6"} {
		t.Run(line, func(t *testing.T) { wantRule(t, gcmOf(t, gcmRemoved, gcmHoist(t, gcmRemoved, line)), RuleAnchor) })
	}
}
