package native

import (
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// TestThreadRangeString compiles utf8.RuneCountInString's loop: the
// test ok = i < len(s) is made once a rune, a compare fused with its
// branch, not again with ok kept as a SETcc where the decoder's paths
// meet.
func TestThreadRangeString(t *testing.T) {
	text := compileOne(t, "func Count(s string) (n int) {\n\tfor range s {\n\t\tn++\n\t}\n\treturn n\n}\n", "Count")
	if strings.Contains(text, "SET") {
		t.Errorf("Count keeps the range's ok in a register to test it twice:\n%s", text)
	}
}

// twoTests tests r2 in b0 and again in b3, where b0's two arms meet; in
// b1 REDEF stands for what b1 does to r2.
const twoTests = `func @p.F(r0 int, r1 int) int {
b0:
    r2:bool = lt r0, r1
    if r2, b1, b2
b1: <- b0
    r3:int = const 1
    REDEF
    jump b3
b2: <- b0
    r3:int = const 2
    jump b3
b3: <- b1, b2
    if r2, b4, b5
b4: <- b3
    return r3
b5: <- b3
    return r0
}
`

// TestThreadKnownIfs threads b1 and b2 past b3's test, which each knows
// from b0's, unless r2 has a second definition: then b1's may have
// changed it, and b0's test says nothing at b2 either.
func TestThreadKnownIfs(t *testing.T) {
	for _, tt := range []struct {
		redef string
		ifs   int
	}{
		{"r6:int = const 0", 1},
		{"r2:bool = lt r1, r0", 2},
	} {
		f, err := ir.ParseFunc(strings.Replace(twoTests, "REDEF", tt.redef, 1))
		if err != nil {
			t.Fatal(err)
		}
		threadKnownIfs(f)
		if err := ir.Check(f, ir.RTL); err != nil {
			t.Fatalf("%s: %v\n%s", tt.redef, err, f)
		}
		ifs := 0
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if in.Op == ir.OpIf {
					ifs++
				}
			}
		}
		if ifs != tt.ifs {
			t.Errorf("with %s in b1: %d branches left, want %d:\n%s", tt.redef, ifs, tt.ifs, f)
		}
		if tt.ifs == 1 {
			// b1 (r3 = 1) goes to the block returning r3, b2 to r0's.
			for _, b := range f.Blocks[1:3] {
				ret := f.Blocks[b.Succs[0]].Instrs[0]
				want := ir.Reg(3)
				if b.Index == 2 {
					want = 0
				}
				if ret.Op != ir.OpReturn || ret.Args()[0] != want {
					t.Errorf("b%d goes to %v, want return r%d:\n%s", b.Index, ret, want, f)
				}
			}
		}
	}
}

// TestThreadNotIntoLoop leaves alone b2, a loop's header testing r2
// again: b1 knows r2 from b6's test, but b3 and the latch b4 do not,
// and threading b1's edge into the body (b4) while theirs stay on b2
// would enter the loop {b2, b4} at two blocks.
func TestThreadNotIntoLoop(t *testing.T) {
	f, err := ir.ParseFunc(`func @p.F(r0 int, r1 int) int {
b0:
    r2:bool = lt r0, r1
    r3:bool = lt r1, r0
    if r3, b6, b3
b6: <- b0
    if r2, b1, b5
b1: <- b6
    jump b2
b3: <- b0
    jump b2
b2: <- b1, b3, b4
    if r2, b4, b5
b4: <- b2, b4
    r0:int = add r0, r0
    r7:bool = lt r0, r1
    if r7, b4, b2
b5: <- b6, b2
    return r0
}
`)
	if err != nil {
		t.Fatal(err)
	}
	threadKnownIfs(f)
	if err := ir.Check(f, ir.RTL); err != nil {
		t.Fatalf("%v\n%s", err, f)
	}
	for _, b := range f.Blocks {
		for _, s := range b.Succs {
			if f.Blocks[s].Instrs[0].Op == ir.OpAdd && len(b.Instrs) == 1 && b.Instrs[0].Op == ir.OpJump {
				t.Errorf("b%d, before the loop, jumps into its body:\n%s", b.Index, f)
			}
		}
	}
}
