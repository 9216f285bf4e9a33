package validate

import (
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// gatedIn joins twice on one condition, computed twice (r7, r8): the
// gammas r4 and r5 choose alike between 1 and 2.
const gatedIn = `
func @main.f(r0 int, r1 bool) int {
b0:
    r2:int = const 1
    r3:int = const 2
    r7:bool = not r1
    if r7, b1, b2
b1: <- b0
    jump b3
b2: <- b0
    jump b3
b3: <- b1, b2
    r4:int = gamma [r7] r2, [!r7] r3
    r8:bool = not r1
    if r8, b4, b5
b4: <- b3
    jump b6
b5: <- b3
    jump b6
b6: <- b4, b5
    r5:int = gamma [r8] r2, [!r8] r3
    r6:int = add r4, r5
    return r6
}`

// gatedOut is gated value numbering's result: r5 is r4. r8 stays,
// since a gate reads it.
const gatedOut = `
func @main.f(r0 int, r1 bool) int {
b0:
    r2:int = const 1
    r3:int = const 2
    r7:bool = not r1
    if r7, b1, b2
b1: <- b0
    jump b3
b2: <- b0
    jump b3
b3: <- b1, b2
    r4:int = gamma [r7] r2, [!r7] r3
    r8:bool = not r1
    if r7, b4, b5
b4: <- b3
    jump b6
b5: <- b3
    jump b6
b6: <- b4, b5
    r6:int = add r4, r4
    return r6
}`

func gatedHints() *GVNHints {
	return &GVNHints{
		Number:  []ir.Reg{0, 1, 2, 3, 4, 4, 6, 7, 7},
		Removed: []Removal{{Block: 6, Phi: true, Index: 0, CoverBlock: -1}},
	}
}

func TestGVNGatedAccepts(t *testing.T) {
	if err := gvnOf(t, gatedIn, gatedOut, gatedHints()); err != nil {
		t.Fatalf("gammas of two joins with one condition's gates merged, rejected: %v", err)
	}
}

// Each mutant of the input makes the second gamma choose otherwise
// than the first; the result merging them must be rejected.
func TestGVNGatedRejects(t *testing.T) {
	second := "r5:int = gamma [r8] r2, [!r8] r3"
	cases := []struct{ name, in, out, want string }{
		{"gates swapped", strings.Replace(gatedIn, second, "r5:int = gamma [!r8] r2, [r8] r3", 1), "", "neither its definition"},
		{"arguments swapped", strings.Replace(gatedIn, second, "r5:int = gamma [r8] r3, [!r8] r2", 1), "", "neither its definition"},
		{"another condition", strings.Replace(gatedIn, second, "r5:int = gamma [r1] r2, [!r1] r3", 1), "", "neither its definition"},
		{"gates not exclusive", strings.Replace(strings.Replace(gatedIn, second, "r5:int = gamma [r8] r2, [r8] r3", 1),
			"r4:int = gamma [r7] r2, [!r7] r3", "r4:int = gamma [r7] r2, [r7] r3", 1), "", "neither its definition"},
		// Both gammas read r9, defined below their joins (in b6, which
		// b3 dominates): at b6 it may hold another value than at b3.
		{"atom defined below the join", strings.NewReplacer(
			"r4:int = gamma [r7] r2, [!r7] r3", "r4:int = gamma [r9] r2, [!r9] r3",
			second, "r5:int = gamma [r9] r2, [!r9] r3",
			"r6:int = add r4, r5", "r9:bool = not r1\n    r6:int = add r4, r5").Replace(gatedIn),
			"", "defined where its join dominates"},
	}
	for _, tc := range cases {
		out := tc.out
		h := gatedHints()
		if out == "" {
			// The input with the second gamma gone, read as the first.
			out = strings.NewReplacer("    r5:int = gamma [r8] r3, [!r8] r2\n", "", "    r5:int = gamma [!r8] r2, [r8] r3\n", "",
				"    r5:int = gamma [r1] r2, [!r1] r3\n", "", "    r5:int = gamma [r8] r2, [r8] r3\n", "",
				"    r5:int = gamma [r9] r2, [!r9] r3\n", "", "    "+second+"\n", "", "add r4, r5", "add r4, r4").Replace(tc.in)
		} else {
			h.Number[5] = 5
			h.Removed = []Removal{{Block: 3, Index: 0, CoverBlock: -1}}
		}
		if strings.Contains(tc.in, "r9:bool") {
			h.Number = append(h.Number, 9)
		}
		err := gvnOf(t, tc.in, out, h)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

// A result that removes the definition of r8, which the second gamma's
// gate reads (the branch reading r7 instead), is rejected: the gate
// would read r8 undefined.
func TestGVNGatedRejectsRemovedAtom(t *testing.T) {
	before, after := parse(t, gatedIn), parse(t, strings.Replace(gatedIn, "if r8", "if r7", 1))
	b3 := after.Blocks[3]
	b3.Instrs = b3.Instrs[1:] // r8's definition
	typedAsBuilt(before, after, nil)
	h := &GVNHints{Number: []ir.Reg{0, 1, 2, 3, 4, 5, 6, 7, 7}, Removed: []Removal{{Block: 3, Index: 0, CoverBlock: -1}}}
	if err := GVN(before, after, h); err == nil || !strings.Contains(err.Error(), "whose definition is removed") {
		t.Fatalf("got %v, want the removed gate atom rejected", err)
	}
	// Kept, the same numbering is accepted.
	after = parse(t, strings.Replace(gatedIn, "if r8", "if r7", 1))
	typedAsBuilt(before, after, nil)
	h.Removed = nil
	if err := GVN(before, after, h); err != nil {
		t.Fatalf("honest result rejected: %v", err)
	}
}
