package checkelim

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// TestManyLoops: a function of many loops in a row, each for i := 0; i
// < len(s); i++ reading s[i], has more candidates than maxCandidates
// (the checks' facts alone, two per loop, come first and are more):
// the search runs on windows of them in block order, so that the last
// loops' checks go as the first ones' do (flate's and zstd's large
// encoders, whose first loops kept 0 ≤ i unproved).
func TestManyLoops(t *testing.T) {
	n := maxCandidates/2 + 6
	var b strings.Builder
	b.WriteString(`
func @main.f(r0 []int) int {
b0:
    r1:int = const 0
    r2:int = const 1
    r3:int = len r0
    jump b1
`)
	for j := 0; j < n; j++ {
		header, body, exit := 1+3*j, 2+3*j, 3+3*j
		pred := "b0"
		if j > 0 {
			pred = fmt.Sprintf("b%d", exit-3)
		}
		i, next, cond, v := 10+4*j, 11+4*j, 12+4*j, 13+4*j
		fmt.Fprintf(&b, "b%d: <- %s, b%d\n    r%d:int = phi r1, r%d\n    r%d:bool = lt r%d, r3\n    if r%d, b%d, b%d\n", header, pred, body, i, next, cond, i, cond, body, exit)
		fmt.Fprintf(&b, "b%d: <- b%d\n    boundscheck r%d, r3\n    r%d:int = index r0, r%d\n    r%d:int = add r%d, r2\n    jump b%d\n", body, header, i, v, i, next, i, header)
		if j < n-1 {
			fmt.Fprintf(&b, "b%d: <- b%d\n    jump b%d\n", exit, header, exit+1)
		} else {
			fmt.Fprintf(&b, "b%d: <- b%d\n    return r1\n}", exit, header)
		}
	}
	f, err := ir.ParseFunc(b.String())
	if err != nil {
		t.Fatal(err)
	}
	g, h, err := Run(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := validate.CheckElim(f, g, h); err != nil {
		t.Fatalf("result rejected: %v", err)
	}
	if len(h.Removed) != n {
		t.Errorf("%d of the %d loops' checks removed, want all: %v", len(h.Removed), n, h.Removed)
	}
}
