package vssair

import (
	"errors"
	"slices"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// TestLive: a branch on a false constant does not reach its true
// successor; one on a register reaches both.
func TestLive(t *testing.T) {
	f, err := ir.ParseFunc(`
func @main.f(r0 bool) int {
b0:
    r1:bool = const false
    r2:int = const 0
    if r1, b1, b2
b1: <- b0
    jump b2
b2: <- b0, b1
    if r0, b3, b4
b3: <- b2
    return r2
b4: <- b2
    return r2
}`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := live(f), []bool{true, false, true, true, true}; !slices.Equal(got, want) {
		t.Errorf("live = %v, want %v", got, want)
	}
}

// TestSafely: a step that panics or fails is not accepted.
func TestSafely(t *testing.T) {
	if !safely(func() error { return nil }) {
		t.Error("a step that succeeds is refused")
	}
	if safely(func() error { return errors.New("rejected") }) {
		t.Error("a step that fails is accepted")
	}
	if safely(func() error { panic("validator bug") }) {
		t.Error("a step that panics is accepted")
	}
}
