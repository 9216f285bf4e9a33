package son_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/vssa-go/vssa/ir/son"
)

// figure5 is the paper's Figure 5 in vssa: a loop and three
// conditionals, x (r1) checked in b1 (r1 of the figure) and again in
// b4 (its r3), which b1 strictly dominates through b3; b8 checks r0 in
// one arm of an if and b7, the join, again: no check dominates b7's.
// b2 checks r5, the loop's phi, twice in one region, and b6 checks r5
// after the loop, where b2's first check dominates, and r2, which
// nothing checked before.
const figure5 = `func @main.f(r0 int, r1 int, r2 int) int {
b0:
    r3:int = const 0
    jump b1
b1: <- b0
    divcheck r1
    r4:int = div r0, r1
    jump b2
b2: <- b1, b4
    r5:int = phi r3, r8
    divcheck r5
    divcheck r5
    r6:bool = lt r5, r4
    if r6, b3, b6
b3: <- b2
    r7:bool = lt r0, r3
    if r7, b4, b5
b4: <- b3
    divcheck r1
    r8:int = div r5, r1
    jump b2
b5: <- b3
    r9:bool = lt r0, r4
    if r9, b8, b9
b6: <- b2
    divcheck r5
    divcheck r2
    return r5
b7: <- b8, b9
    divcheck r0
    divcheck r1
    return r0
b8: <- b5
    divcheck r0
    jump b7
b9: <- b5
    jump b7
}
`

func TestRedundantZeroChecks(t *testing.T) {
	f, g := parseGraph(t, figure5)
	got := describeCovered(g, son.RedundantZeroChecks(g))
	// Each check is named by its block and divisor.
	want := []string{"b2:r5 by b2:r5", "b4:r1 by b1:r1", "b6:r5 by b2:r5", "b7:r1 by b1:r1"}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("%s: covered %v, want %v", f.Name, got, want)
	}
}

// A check of the entry does not cover one of the recover block, which
// a panic before it may enter; one of the recover block covers those
// it dominates.
const recoverChecks = `declare @main.g func()
func @main.f(r0 int) int recover b2 {
b0:
    call @main.g()
    divcheck r0
    jump b1
b1: <- b0
    divcheck r0
    return r0
b2:
    divcheck r0
    jump b3
b3: <- b2
    divcheck r0
    return r0
}
`

func TestRedundantZeroChecksRecover(t *testing.T) {
	_, g := parseGraph(t, recoverChecks)
	got := describeCovered(g, son.RedundantZeroChecks(g))
	slices.Sort(got)
	if want := []string{"b1:r0 by b0:r0", "b3:r0 by b2:r0"}; !slices.Equal(got, want) {
		t.Errorf("covered %v, want %v", got, want)
	}
}

// describeCovered names each covered check and its cover by block and
// divisor.
func describeCovered(g *son.Graph, cs []son.Covered) []string {
	name := func(n son.ID) string {
		nd := g.Node(n)
		return fmt.Sprintf("b%d:r%d", nd.Block, nd.Instr.Args()[0])
	}
	var out []string
	for _, c := range cs {
		out = append(out, name(c.Check)+" by "+name(c.By))
	}
	return out
}

// mem2reg leaves a copy of a variable per use: checks of two copies of
// r1 are checks of r1; a check of r2, whose value differs, is not.
const copiedChecks = `func @main.f(r0 bool, r1 int, r2 int) int {
b0:
    r3:int = copy r1
    r4:int = copy r3
    divcheck r4
    if r0, b1, b2
b1: <- b0
    r5:int = copy r1
    divcheck r5
    r6:int = copy r2
    divcheck r6
    return r5
b2: <- b0
    return r3
}
`

func TestRedundantZeroChecksCopies(t *testing.T) {
	_, g := parseGraph(t, copiedChecks)
	got := describeCovered(g, son.RedundantZeroChecks(g))
	if want := []string{"b1:r5 by b0:r4"}; !slices.Equal(got, want) {
		t.Errorf("covered %v, want %v", got, want)
	}
}
