package checkelim

import (
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// gateLoop counts r5 up from r0 while r5 < r1, under r0 < r1: the
// loop's latch b3 loses candidates in the first round, so the header
// b2 is asked again, on its edge from b3 only.
const gateLoop = `
func @main.loop(r0 int, r1 int) int {
b0:
    r10:int = const 0
    r11:int = const 1
    r3:bool = lt r0, r1
    if r3, b1, b5
b1: <- b0
    jump b2
b2: <- b1, b3
    r5:int = phi r0, r6
    r7:bool = lt r5, r1
    if r7, b3, b4
b3: <- b2
    r6:int = add r5, r11
    jump b2
b4: <- b2
    return r10
b5: <- b0
    return r10
}`

// TestGateFlowAsksChangedEdges: a block asked again is asked on the
// edges from the predecessors that lost candidates only (the facts on
// the others are those it was asked on). On gateLoop: b1, b3, b4 and
// b5 once each (one edge each), b2 on both its edges, then again on
// b3's edge alone after b3 lost some; every block after that once
// more where its predecessor lost some.
func TestGateFlowAsksChangedEdges(t *testing.T) {
	f, err := ir.ParseFunc(gateLoop)
	if err != nil {
		t.Fatal(err)
	}
	_, h, err := Decide(f)
	if err != nil {
		t.Fatal(err)
	}
	g := newGate(f, h, nil)
	if len(g.targets) == 0 || len(g.cands) == 0 {
		t.Fatalf("no gated search: targets %v, candidates %v", g.targets, g.cands)
	}
	g.flow()
	// Round one: b1, b3, b4, b5 on one edge each, b2 on two; b3 lost
	// candidates (r5 ≥ r1 and the like do not hold in the body), so b2
	// again on b3's edge alone; b2 lost r5 < r1 (r6 = r5+1 need not be
	// below r1), so b3 and b4 again on their one edge each.
	if g.asked != 8 || g.edges != 9 {
		t.Errorf("asked %d blocks on %d edges, want 8 blocks on 9 edges", g.asked, g.edges)
	}
}
