package checkelim

import (
	"slices"
	"testing"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// TestDecide: the comparisons the facts fix are decided, each with its
// outcome, and the validator accepts them; those they do not fix are
// not; Run decides none.
func TestDecide(t *testing.T) {
	f, h := decide(t, `
func @main.f(r0 *int, r1 []int, r2 int) int {
b0:
    r3:*int = const nil
    r4:bool = ne r0, r3
    r5:int = load r0
    r6:bool = eq r0, r3
    r7:int = len r1
    r8:int = const 0
    r9:bool = lt r7, r8
    r10:bool = lt r2, r7
    if r10, b1, b2
b1: <- b0
    r11:bool = ge r2, r7
    r12:bool = lt r2, r8
    return r5
b2: <- b0
    return r8
}`)
	want := []validate.Decision{
		{Block: 0, Index: 3, Outcome: false}, // eq r0, nil after the load
		{Block: 0, Index: 6, Outcome: false}, // len < 0
		{Block: 1, Index: 0, Outcome: false}, // r2 >= len on r2 < len's true edge
	}
	got := slices.Clone(h.Decided)
	slices.SortFunc(got, func(a, b validate.Decision) int { return (a.Block-b.Block)*100 + a.Index - b.Index })
	if !slices.Equal(got, want) {
		t.Errorf("decided %v, want %v", got, want)
	}
	if _, h, _ := Run(f); len(h.Decided) != 0 {
		t.Errorf("Run decided %v, want nothing", h.Decided)
	}
}

// TestDecideNil: on the true edge of r0 == nil, r0 == nil is decided
// true and the nil check of r0 fails; the validator accepts both.
func TestDecideNil(t *testing.T) {
	_, h := decide(t, `
func @main.h(r0 *int) int {
b0:
    r2:*int = const nil
    r3:int = const 0
    r4:bool = eq r0, r2
    if r4, b1, b2
b1: <- b0
    r5:bool = eq r0, r2
    nilcheck r0
    r6:int = load r0
    return r6
b2: <- b0
    r7:bool = ne r0, r2
    return r3
}`)
	wantDecided := []validate.Decision{{Block: 2, Index: 0, Outcome: true}, {Block: 1, Index: 0, Outcome: true}} // in reverse postorder
	if !slices.Equal(h.Decided, wantDecided) {
		t.Errorf("decided %v, want %v", h.Decided, wantDecided)
	}
	if want := []validate.CheckRemoval{{Block: 1, Index: 1}}; !slices.Equal(h.NilUses, want) {
		t.Errorf("failing %v, want %v", h.NilUses, want)
	}
}

// decide parses src, runs Decide on it and checks the validator accepts
// the result; it returns the input and the certificate.
func decide(t *testing.T, src string) (*ir.Func, *validate.CheckElimHints) {
	t.Helper()
	f, err := ir.ParseFunc(src)
	if err != nil {
		t.Fatal(err)
	}
	g, h, err := Decide(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := validate.CheckElim(f, g, h); err != nil {
		t.Fatalf("decisions rejected: %v", err)
	}
	return f, h
}
