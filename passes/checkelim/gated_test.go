package checkelim

import (
	"slices"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// gateFlag sets a flag r6 by a phi of ARGS where r0 != nil was
// compared and reads it later.
const gateFlag = `
func @main.flag(r0 *int, r1 bool) int {
b0:
    r2:*int = const nil
    r3:bool = ne r0, r2
    r10:int = const 0
    r4:bool = const true
    r5:bool = const false
    if r3, b1, b2
b1: <- b0
    jump b3
b2: <- b0
    jump b3
b3: <- b1, b2
    r6:bool = phi ARGS
    if r6, b4, b5
b4: <- b3
    r7:bool = eq r0, r2
    return r10
b5: <- b3
    r8:bool = eq r0, r2
    return r10
}`

// TestGate: a flag set where r0 != nil was true decides r0 == nil where
// the flag says which branch was taken, with a certificate the
// validator accepts; a flag that does not say decides nothing.
func TestGate(t *testing.T) {
	run := func(args string) *validate.CheckElimHints {
		f, err := ir.ParseFunc(strings.Replace(gateFlag, "ARGS", args, 1))
		if err != nil {
			t.Fatal(err)
		}
		g, h, err := Decide(f)
		if err != nil {
			t.Fatal(err)
		}
		if len(h.Decided) != 0 {
			t.Fatalf("Decide alone decided %v", h.Decided)
		}
		gated := Gate(f, h, nil)
		if gated != nil {
			if err := validate.CheckElim(f, g, gated); err != nil {
				t.Fatalf("gated certificate rejected: %v", err)
			}
		}
		return gated
	}
	for _, c := range []struct {
		args string
		want []validate.Decision
	}{
		{"r4, r5", []validate.Decision{{Block: 4, Index: 0, Outcome: false}, {Block: 5, Index: 0, Outcome: true}}}, // ok := p != nil
		{"r4, r1", []validate.Decision{{Block: 5, Index: 0, Outcome: true}}},                                       // false only where p == nil
		{"r1, r1", nil}, // the flag says nothing of p
	} {
		h := run(c.args)
		var got []validate.Decision
		if h != nil {
			got = h.Decided
		}
		slices.SortFunc(got, func(a, b validate.Decision) int { return a.Block - b.Block })
		if !slices.Equal(got, c.want) {
			t.Errorf("phi %s: decided %v, want %v", c.args, got, c.want)
		}
	}
}

// TestGateFlowAsksOnce: on a CFG without cycles, taken in reverse
// postorder, the gated search asks about each block's candidates once:
// a block is asked again only after a predecessor lost candidates, and
// its predecessors all come before it. The decisions stay TestGate's.
func TestGateFlowAsksOnce(t *testing.T) {
	f, err := ir.ParseFunc(strings.Replace(gateFlag, "ARGS", "r4, r5", 1))
	if err != nil {
		t.Fatal(err)
	}
	_, h, err := Decide(f)
	if err != nil {
		t.Fatal(err)
	}
	g := newGate(f, h, nil)
	g.flow()
	want := 0
	for _, b := range f.Blocks {
		if b.Index != 0 && slices.ContainsFunc(g.cands, func(c validate.Fact) bool { return g.definedAt(c, b.Index) }) {
			want++
		}
	}
	if g.asked != want {
		t.Errorf("asked about %d blocks' candidates, want %d (each once)", g.asked, want)
	}
	if c := g.certificate(); c == nil || len(c.Decided) != 2 {
		t.Errorf("gated certificate %v, want the two comparisons of r0 with nil decided", c)
	}
}
