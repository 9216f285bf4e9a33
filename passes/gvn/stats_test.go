package gvn

import (
	"testing"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// statsFunc has, with what GVN must do to it:
//
//	b0: r5 (r1+r0 through the copy r22) is r4: removed by both, and so
//	    is the copy; the second nilcheck of r2 and the second load of
//	    r2 (nothing written between) are removed by both; r20 is a
//	    second const 0, removed by both; r19 = 1+1 is the only 2, kept
//	    folded to a const by both;
//	b1, b2: r10 and r11 are two counters stepping together: only the
//	    optimistic numbering finds them equal and removes the phi r11
//	    and its increment r14; the pessimistic walk gives a phi reading
//	    a value not yet numbered its own number, and keeps both.
const statsFunc = `func @main.f(r0 int, r1 int, r2 *int, r3 int) int {
b0:
    r4:int = add r0, r1
    r22:int = copy r1
    r5:int = add r22, r0
    nilcheck r2
    r6:int = load r2
    nilcheck r2
    r7:int = load r2
    r8:int = const 0
    r9:int = const 1
    r19:int = add r9, r9
    r20:int = const 0
    jump b1
b1: <- b0, b2
    r10:int = phi r8, r13
    r11:int = phi r20, r14
    r12:bool = lt r10, r3
    if r12, b2, b3
b2: <- b1
    r13:int = add r10, r9
    r14:int = add r11, r9
    jump b1
b3: <- b1
    r15:int = add r4, r5
    r16:int = add r6, r7
    r17:int = add r15, r16
    r18:int = add r17, r11
    r21:int = add r18, r19
    return r21
}
`

// statsInput counts statsFunc's instructions by hand: b0 has 3 adds,
// a copy, 2 nilchecks, 2 loads, 3 consts and a jump; b1 2 phis, a lt
// and an if; b2 2 adds and a jump; b3 5 adds and a return.
var statsInput = map[Kind]int{KindArith: 10, KindCompare: 1, KindCopy: 1, KindConst: 3, KindLoad: 2,
	KindNilCheck: 2, KindPhi: 2, KindOther: 4}

func TestStatsCount(t *testing.T) {
	cases := []struct {
		name    string
		run     func(*ir.Func) (*ir.Func, *validate.GVNHints, error)
		removed map[Kind]int
	}{
		{"Run", Run, map[Kind]int{KindArith: 2, KindCopy: 1, KindConst: 1, KindLoad: 1, KindNilCheck: 1, KindPhi: 1}},
		{"Pessimistic", Pessimistic, map[Kind]int{KindArith: 1, KindCopy: 1, KindConst: 1, KindLoad: 1, KindNilCheck: 1}},
	}
	folded := map[Kind]int{KindArith: 1}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ir.ParseFunc(statsFunc)
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Check(f, ir.SSA); err != nil {
				t.Fatal(err)
			}
			g, h, err := tc.run(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := validate.GVN(f, g, h); err != nil {
				t.Fatalf("validate.GVN: %v\n%s", err, g.Format(ir.PrintOptions{}))
			}
			s := Count(f, g, h)
			if s.Funcs != 1 {
				t.Errorf("Funcs = %d, want 1", s.Funcs)
			}
			for k := range NumKinds {
				if s.Input[k] != statsInput[k] {
					t.Errorf("Input[%s] = %d, want %d", k, s.Input[k], statsInput[k])
				}
				if s.Removed[k] != tc.removed[k] {
					t.Errorf("Removed[%s] = %d, want %d", k, s.Removed[k], tc.removed[k])
				}
				if s.Folded[k] != folded[k] {
					t.Errorf("Folded[%s] = %d, want %d", k, s.Folded[k], folded[k])
				}
			}
			if t.Failed() {
				t.Logf("result:\n%s", g.Format(ir.PrintOptions{}))
			}
		})
	}
}

// Count of a function against itself with no removals counts its input
// only; Add and Sum add up.
func TestStatsIdentityAndSums(t *testing.T) {
	f, err := ir.ParseFunc(statsFunc)
	if err != nil {
		t.Fatal(err)
	}
	s := Count(f, f, &validate.GVNHints{})
	if n := Sum(&s.Removed, nil) + Sum(&s.Folded, nil); n != 0 {
		t.Errorf("identity: %d removed or folded, want 0", n)
	}
	if n := Sum(&s.Input, nil); n != 25 {
		t.Errorf("identity: %d instructions, want 25", n)
	}
	var total Stats
	total.Add(&s)
	total.Add(&s)
	if total.Funcs != 2 || Sum(&total.Input, nil) != 50 {
		t.Errorf("two functions added: %d functions, %d instructions; want 2 and 50", total.Funcs, Sum(&total.Input, nil))
	}
	// Pure kinds: 10 arithmetic, 1 comparison, 3 consts, 1 copy.
	if n := Sum(&s.Input, Kind.Pure); n != 15 {
		t.Errorf("pure instructions: %d, want 15", n)
	}
	if n := Sum(&s.Input, Kind.Check); n != 2 {
		t.Errorf("checks: %d, want 2", n)
	}
	// A removal outside the function is ignored.
	s = Count(f, f, &validate.GVNHints{Removed: []validate.Removal{{Block: 9}, {Block: 0, Index: 99}, {Block: 1, Phi: true, Index: 5}}})
	if n := Sum(&s.Removed, nil); n != 0 {
		t.Errorf("removals outside the function: %d counted, want 0", n)
	}
}

// KindOf tells reads of a map's length (memory) from other lengths.
func TestStatsKindOfLen(t *testing.T) {
	f, err := ir.ParseFunc(`func @main.g(r0 map[int]int, r1 []int, r2 int) int {
b0:
    r3:int = len r0
    r4:int = len r1
    r5:int = lookup r0, r2
    r6:int = add r3, r4
    r7:int = add r6, r5
    return r7
}
`)
	if err != nil {
		t.Fatal(err)
	}
	want := []Kind{KindMemRead, KindOtherPure, KindMemRead, KindArith, KindArith, KindOther}
	for i, in := range f.Blocks[0].Instrs {
		if got := KindOf(f, in); got != want[i] {
			t.Errorf("instruction %d (%s): kind %s, want %s", i, in.Op, got, want[i])
		}
	}
}
