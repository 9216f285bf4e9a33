package gvn

import (
	"testing"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// A function with nothing to replace or remove is its own result (the
// pass manager and the analyzers take that as "no change"); one with a
// repeated value gets a result of its own, the input untouched.
func TestResultIsInputOnlyWhenUnchanged(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		same      bool
	}{
		{"nothing to do", `
func @main.f(r0 int) int {
b0:
    r1:int = add r0, r0
    return r1
}`, true},
		{"a repeated add", `
func @main.f(r0 int) int {
b0:
    r1:int = add r0, r0
    r2:int = add r0, r0
    r3:int = mul r1, r2
    return r3
}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ir.ParseFunc(tc.src)
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.CheckStructure(f, ir.SSA); err != nil {
				t.Fatal(err)
			}
			before := f.Format(ir.PrintOptions{})
			g, h, err := Run(f)
			if err != nil {
				t.Fatal(err)
			}
			if (g == f) != tc.same {
				t.Fatalf("result is the input: %v, want %v\n%s", g == f, tc.same, g.Format(ir.PrintOptions{}))
			}
			if tc.same != (len(h.Removed) == 0) {
				t.Errorf("%d removals for a result that is the input: %v", len(h.Removed), tc.same)
			}
			if got := f.Format(ir.PrintOptions{}); got != before {
				t.Errorf("input changed:\n%s\nwas\n%s", got, before)
			}
			if err := validate.GVN(f, g, h); err != nil {
				t.Errorf("result rejected: %v", err)
			}
		})
	}
}
