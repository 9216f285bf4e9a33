package graph

import "testing"

// TestLoopDepths checks the depths on the nested loops family (loop i
// is H_i..H_k, B and E_{i+1}..E_k: H_i has depth i, B depth k, E_i depth
// i-1), on a loop with two back edges (one loop), and on an
// irreducible cycle (no loop).
func TestLoopDepths(t *testing.T) {
	const k = 4
	g := NestedLoops(k)
	d := LoopDepths(g, Dominators(g, 0))
	for i := 1; i <= k; i++ {
		if d[i] != i {
			t.Errorf("H%d: depth %d, want %d", i, d[i], i)
		}
		if d[k+1+i] != i-1 {
			t.Errorf("E%d: depth %d, want %d", i, d[k+1+i], i-1)
		}
	}
	if d[0] != 0 || d[k+1] != k {
		t.Errorf("R: depth %d, B: %d, want 0 and %d", d[0], d[k+1], k)
	}

	// 0 → 1; 1 → 2, 1 → 3; 2 → 1; 3 → 1; 1 → 4: two latches, one loop.
	g = New(5)
	for _, e := range [][2]int{{0, 1}, {1, 2}, {1, 3}, {2, 1}, {3, 1}, {1, 4}} {
		g.AddEdge(e[0], e[1])
	}
	if d := LoopDepths(g, Dominators(g, 0)); d[1] != 1 || d[2] != 1 || d[3] != 1 || d[4] != 0 || d[0] != 0 {
		t.Errorf("two latches: depths %v, want [0 1 1 1 0]", d)
	}

	g = IrreducibleChain(1)
	for n, x := range LoopDepths(g, Dominators(g, 0)) {
		if x != 0 {
			t.Errorf("irreducible: node %d has depth %d, want 0", n, x)
		}
	}
}

// TestLoopHeaders: on the nested loops family, H_i is in the loops of
// H_1..H_i, and B in all k.
func TestLoopHeaders(t *testing.T) {
	const k = 3
	g := NestedLoops(k)
	hs := LoopHeaders(g, Dominators(g, 0))
	for i := 1; i <= k; i++ {
		if len(hs[i]) != i || hs[i][0] != 1 || hs[i][i-1] != i {
			t.Errorf("H%d: in the loops of %v, want H1..H%d", i, hs[i], i)
		}
	}
	if len(hs[k+1]) != k || len(hs[0]) != 0 {
		t.Errorf("B: %v, R: %v, want %d loops and none", hs[k+1], hs[0], k)
	}
}
