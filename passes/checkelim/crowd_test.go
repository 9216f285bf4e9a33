package checkelim

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// TestManyConstantIndexes: utf8's ValidString after inlining word(s)
// reads s[8*j:][0] … s[8*j:][7] for j = 1, 2, 3 in a loop on len(s) >
// 32 that steps by 32 bytes. Here j goes to n, n*8 checks more than
// maxCandidates, in a loop on len(s) > 8*n+7 that steps by one byte.
// Every check follows from the loop's condition (len s[8*j:] = len s -
// 8*j ≥ 8, no slice's check says as much), but the checks' own facts,
// about lengths read in the body's block, are more than maxCandidates:
// they must not crowd the condition's fact out of the search.
func TestManyConstantIndexes(t *testing.T) {
	n := maxCandidates/8 + 1
	var b strings.Builder
	fmt.Fprintf(&b, `
func @main.f(r0 string) int {
b0:
    r1:int = const %d
    r2:int = const 0
    r9:int = const 1
`, 8*n+7)
	for i := 0; i < 8; i++ {
		fmt.Fprintf(&b, "    r%d:int = const %d\n", 10+i, i) // the indexes 0 … 7
	}
	for j := 1; j <= n; j++ {
		fmt.Fprintf(&b, "    r%d:int = const %d\n", 100+j, 8*j) // the offsets 8 … 8*n
	}
	b.WriteString(`    jump b1
b1: <- b0, b2
    r3:string = phi r0, r4
    r5:int = len r3
    r6:bool = gt r5, r1
    if r6, b2, b3
b2: <- b1
`)
	r := 1000
	for j := 1; j <= n; j++ {
		fmt.Fprintf(&b, "    slicecheck len r%d, r5, _, r5\n", 100+j)
		fmt.Fprintf(&b, "    r%d:string = slice r3, r%d, _, _\n", r, 100+j)
		fmt.Fprintf(&b, "    r%d:int = len r%d\n", r+1, r)
		for i := 0; i < 8; i++ {
			fmt.Fprintf(&b, "    boundscheck r%d, r%d\n", 10+i, r+1)
			fmt.Fprintf(&b, "    r%d:uint8 = index r%d, r%d\n", r+2+i, r, 10+i)
		}
		r += 10
	}
	b.WriteString(`    slicecheck len r9, r5, _, r5
    r4:string = slice r3, r9, _, _
    jump b1
b3: <- b1
    return r2
}`)
	f, err := ir.ParseFunc(b.String())
	if err != nil {
		t.Fatal(err)
	}
	g, h, err := Run(f) // as vssa compile runs it: no comparisons decided, whose facts are candidates first
	if err != nil {
		t.Fatal(err)
	}
	if err := validate.CheckElim(f, g, h); err != nil {
		t.Fatalf("result rejected: %v", err)
	}
	kept := 0
	for k, in := range f.Blocks[2].Instrs {
		if in.Op == ir.OpBoundsCheck || in.Op == ir.OpSliceCheck {
			removed := false
			for _, r := range h.Removed {
				removed = removed || r.Block == 2 && r.Index == k
			}
			if !removed {
				kept++
			}
		}
	}
	if kept != 0 {
		t.Errorf("%d checks of the loop's body kept, want none (removed %v)", kept, h.Removed)
	}
}

// TestConstantsOnly: a check whose facts are about constants alone
// (b[8:16] of a *[512]byte) needs no candidate, written with constants
// as zero, and still goes.
func TestConstantsOnly(t *testing.T) {
	f, err := ir.ParseFunc(`
func @main.f(r0 *[512]byte) []byte {
b0:
    r1:int = const 8
    r2:int = const 16
    r3:int = const 512
    nilcheck r0
    slicecheck len r1, r2, _, r3
    r4:[]byte = slice r0, r1, r2, _
    return r4
}`)
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
	if want := []validate.CheckRemoval{{Block: 0, Index: 4}}; !slices.Equal(h.Removed, want) {
		t.Errorf("removed %v, want %v", h.Removed, want)
	}
}
