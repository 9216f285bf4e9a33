package mem2reg

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/normalize"
	"github.com/vssa-go/vssa/validate"
)

// chainOfIfs builds the program of Ullrich's §7 in RTL: x is written
// twice at the start, then n diamonds branch on x, then x is returned.
// The naive backward search for x's definition walks all 2^n paths.
func chainOfIfs(n int) string {
	var sb strings.Builder
	sb.WriteString("func @main.chain(r0 int) int {\nb0:\n    r1:int = const 1\n    r2:int = const 0\n    r2:int = copy r0\n    jump b1\n")
	for i := 0; i < n; i++ {
		head, left, right, join := 4*i+1, 4*i+2, 4*i+3, 4*i+4
		pred := "b0"
		if i > 0 {
			pred = fmt.Sprintf("b%d", head-1)
		}
		fmt.Fprintf(&sb, "b%d: <- %s\n    r3:bool = lt r2, r1\n    if r3, b%d, b%d\n", head, pred, left, right)
		fmt.Fprintf(&sb, "b%d: <- b%d\n    jump b%d\n", left, head, join)
		fmt.Fprintf(&sb, "b%d: <- b%d\n    jump b%d\n", right, head, join)
		fmt.Fprintf(&sb, "b%d: <- b%d, b%d\n    jump b%d\n", join, left, right, join+1)
	}
	fmt.Fprintf(&sb, "b%d: <- b%d\n    return r2\n}\n", 4*n+1, 4*n)
	return sb.String()
}

// TestChainOfIfs runs Braun's builder on the chain of 1000 ifs: the
// number of variable reads it performs must stay linear in the size of
// the function (the exponential search would never finish), it places no
// phi (one definition reaches every use), and the validator accepts it.
func TestChainOfIfs(t *testing.T) {
	const n = 1000
	f, err := ir.ParseFunc(chainOfIfs(n))
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Check(f, ir.RTL); err != nil {
		t.Fatal(err)
	}
	b, err := runBraun(unpromoted(f))
	if err != nil {
		t.Fatal(err)
	}
	size := len(f.Blocks)
	for _, blk := range f.Blocks {
		size += len(blk.Instrs)
	}
	if b.steps > 4*size {
		t.Errorf("%d reads for a function of size %d: not linear", b.steps, size)
	}
	for _, blk := range b.rn.g.Blocks {
		if len(blk.Phis) > 0 {
			t.Errorf("b%d has %d phis, want none", blk.Index, len(blk.Phis))
		}
	}
	if err := validate.SSAGen(f, b.rn.g, b.rn.hints()); err != nil {
		t.Errorf("rejected: %v", err)
	}
	// Cytron's builder on the same input, for comparison.
	g, h, err := cytron(unpromoted(f))
	if err != nil {
		t.Fatal(err)
	}
	if err := validate.SSAGen(f, g, h); err != nil {
		t.Errorf("Cytron's result rejected: %v", err)
	}
}

// irreducible is a loop with two entries in which x is redefined only
// before it: x needs no phi anywhere, which Braun's SCC removal finds
// and the trivial-phi rule alone does not.
const irreducible = `
func @main.irr(r0 bool, r1 int) int {
b0:
    r2:int = const 0
    r2:int = copy r1
    if r0, b1, b2
b1: <- b0
    jump b3
b2: <- b0
    jump b4
b3: <- b1, b6
    r3:bool = lt r2, r2
    if r3, b5, b7
b4: <- b2, b5
    r4:bool = lt r2, r2
    if r4, b6, b8
b5: <- b3
    jump b4
b6: <- b4
    jump b3
b7: <- b3
    jump b9
b8: <- b4
    jump b9
b9: <- b7, b8
    return r2
}
`

func TestIrreducibleMinimal(t *testing.T) {
	f, err := ir.ParseFunc(irreducible)
	if err != nil {
		t.Fatal(err)
	}
	n, nh, err := normalize.Run(f)
	if err != nil || validate.Normalize(f, n, nh) != nil {
		t.Fatalf("normalize: %v", err)
	}
	b, err := runBraun(unpromoted(n))
	if err != nil {
		t.Fatal(err)
	}
	phis := 0
	for _, blk := range b.rn.g.Blocks {
		phis += len(blk.Phis)
	}
	if phis != 0 {
		t.Errorf("Braun's result has %d phis, want 0:\n%s", phis, b.rn.g)
	}
	if err := validate.SSAGen(n, b.rn.g, b.rn.hints()); err != nil {
		t.Errorf("rejected: %v", err)
	}
}
