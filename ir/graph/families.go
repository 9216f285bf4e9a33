// This file implements generators for families of flowgraphs that are hard
// for dominator algorithms, used by tests and benchmarks (here and in other
// packages).
//
// The first four are the worst-case families of L. Georgiadis, R. E. Tarjan,
// R. F. Werneck, "Finding dominators in practice", JGAA 10(1), 2006, and of
// L. Georgiadis' thesis (Princeton TR-737-05, 2005, figure 2.9), the inputs
// of table 3.1 of J. Zhao's dissertation. Each is generated for a parameter k
// with the successor order of the published k = 3 instances, which is what
// makes them adversarial for DFS-based orders. The last three model deep but
// ordinary code.
//
// Node numbering is part of each generator's contract (the tests rely on it):
// the entry is always node 0 and the groups follow in the order listed.

package graph

// Family is a parameterised graph generator. Make(k) returns a graph with
// entry 0 whose size grows linearly in k, about NodesPerK·k nodes.
type Family struct {
	Name      string
	Make      func(k int) *Graph
	NodesPerK int
}

// K returns the parameter for which f.Make gives about n nodes (at least 1).
func (f Family) K(n int) int { return max(1, n/f.NodesPerK) }

// Families returns the adversarial and structural families, in a fixed order.
func Families() []Family {
	return []Family{
		{"itworst", ITWorst, 4},
		{"idfsquad", IDFSQuad, 3},
		{"ibfsquad", IBFSQuad, 1},
		{"sncaworst", SNCAWorst, 2},
		{"nestedloops", NestedLoops, 2},
		{"irrchain", IrreducibleChain, 3},
		{"ladder", Ladder, 3},
	}
}

// ITWorst returns itworst(k), bad for iterative algorithms: 4k+1 nodes
// R=0, W_i=i, X_i=k+i, Y_i=2k+i, Z_i=3k+i (i = 1..k) and k²+5k edges
//
//	R→W1, R→X1, R→Zk; W_i→W_{i+1}; X_i→X_{i+1}; Xk→Y1; Y_i→W_j (all i, j);
//	Y_i→Y_{i+1}; Yk→Z1; Z_i→Z_{i+1}, Z_{i+1}→Z_i.
//
// idom: W_i, X1, Z_i → R; X_{i+1} → X_i; Y1 → Xk; Y_{i+1} → Y_i.
// The edge count is quadratic: k = 4000 has 16 million edges.
func ITWorst(k int) *Graph {
	g := New(4*k + 1)
	w := func(i int) int { return i }
	x := func(i int) int { return k + i }
	y := func(i int) int { return 2*k + i }
	z := func(i int) int { return 3*k + i }
	g.AddEdge(0, w(1))
	g.AddEdge(0, x(1))
	g.AddEdge(0, z(k))
	for i := 1; i < k; i++ {
		g.AddEdge(w(i), w(i+1))
	}
	for i := 1; i < k; i++ {
		g.AddEdge(x(i), x(i+1))
	}
	g.AddEdge(x(k), y(1))
	for i := 1; i <= k; i++ {
		for j := 1; j <= k; j++ {
			g.AddEdge(y(i), w(j))
		}
		if i < k {
			g.AddEdge(y(i), y(i+1))
		}
	}
	g.AddEdge(y(k), z(1))
	for i := 1; i < k; i++ {
		g.AddEdge(z(i), z(i+1))
		g.AddEdge(z(i+1), z(i))
	}
	return g
}

// IDFSQuad returns idfsquad(k), on which the iterative algorithm over a DFS
// order needs k+2 passes (TestCHKPasses): 3k+1 nodes R=0, X_i=i, Y_i=k+i,
// Z_i=2k+i and 5k edges
//
//	R→X1, R→Z1; X_i→X_{i+1}, X_i→Y_i; Y_i→Z_{i+1}, Y_i→Z_i; Z_i→Y_i.
//
// idom: X1, Y_i, Z_i → R; X_{i+1} → X_i. The DFS goes down the X chain
// first, so the Y/Z zigzag is entered from its far end.
func IDFSQuad(k int) *Graph {
	g := New(3*k + 1)
	x := func(i int) int { return i }
	y := func(i int) int { return k + i }
	z := func(i int) int { return 2*k + i }
	g.AddEdge(0, x(1))
	g.AddEdge(0, z(1))
	for i := 1; i <= k; i++ {
		if i < k {
			g.AddEdge(x(i), x(i+1))
		}
		g.AddEdge(x(i), y(i))
		if i < k {
			g.AddEdge(y(i), z(i+1))
		}
		g.AddEdge(y(i), z(i))
		g.AddEdge(z(i), y(i))
	}
	return g
}

// IBFSQuad returns ibfsquad(k), bad for iterative algorithms over a BFS
// order: k+4 nodes R=0, W=1, Y=2, Z=3, X_i=3+i and 2k+3 edges
//
//	R→W, R→Y; W→X_i (all i); Y→Z; Z→Xk; X_{i+1}→X_i.
//
// idom: every node → R except Z → Y.
func IBFSQuad(k int) *Graph {
	g := New(k + 4)
	const r, w, y, z = 0, 1, 2, 3
	x := func(i int) int { return 3 + i }
	g.AddEdge(r, w)
	g.AddEdge(r, y)
	for i := 1; i <= k; i++ {
		g.AddEdge(w, x(i))
	}
	g.AddEdge(y, z)
	g.AddEdge(z, x(k))
	for i := k; i > 1; i-- {
		g.AddEdge(x(i), x(i-1))
	}
	return g
}

// SNCAWorst returns sncaworst(k), on which the plain NCA walk of semi-NCA is
// quadratic: 2k+1 nodes R=0, X_i=i, Y_i=k+i and 3k edges
//
//	R→X1, R→Y_i (all i); X_i→X_{i+1}; Xk→Y_i (all i).
//
// The DFS reaches every Y_i from Xk, so each NCA walk climbs the X chain.
// idom: X1, Y_i → R; X_{i+1} → X_i.
func SNCAWorst(k int) *Graph {
	g := New(2*k + 1)
	x := func(i int) int { return i }
	y := func(i int) int { return k + i }
	g.AddEdge(0, x(1))
	for i := 1; i <= k; i++ {
		g.AddEdge(0, y(i))
	}
	for i := 1; i < k; i++ {
		g.AddEdge(x(i), x(i+1))
	}
	for i := 1; i <= k; i++ {
		g.AddEdge(x(k), y(i))
	}
	return g
}

// NestedLoops returns k nested natural (while) loops: 2k+2 nodes R=0,
// H_i=i (headers, outermost first), B=k+1 (innermost body), E_i=k+1+i
// (exit of loop i) and 3k+1 edges
//
//	R→H1; H_i→H_{i+1} (enter loop i+1), H_i→E_i (leave loop i); Hk→B;
//	B→Hk; E_{i+1}→H_i (latch of loop i).
//
// idom: H1 → R; H_{i+1} → H_i; B → Hk; E_i → H_i. The graph is reducible;
// the dominator tree has depth k+1. E1 is the exit.
func NestedLoops(k int) *Graph {
	g := New(2*k + 2)
	h := func(i int) int { return i }
	b := k + 1
	e := func(i int) int { return k + 1 + i }
	g.AddEdge(0, h(1))
	for i := 1; i <= k; i++ {
		if i < k {
			g.AddEdge(h(i), h(i+1))
		} else {
			g.AddEdge(h(i), b)
		}
		g.AddEdge(h(i), e(i))
	}
	g.AddEdge(b, h(k))
	for i := 1; i < k; i++ {
		g.AddEdge(e(i+1), h(i))
	}
	return g
}

// IrreducibleChain returns k two-entry (irreducible) loops in sequence:
// 3k+1 nodes S_i=3(i-1) (i = 1..k+1), A_i=3(i-1)+1, B_i=3(i-1)+2 and 5k
// edges
//
//	S_i→A_i, S_i→B_i; A_i→B_i, B_i→A_i; B_i→S_{i+1}.
//
// idom: A_i, B_i → S_i; S_{i+1} → B_i. S_{k+1} = 3k is the exit.
func IrreducibleChain(k int) *Graph {
	g := New(3*k + 1)
	for i := 0; i < k; i++ {
		s, a, b := 3*i, 3*i+1, 3*i+2
		g.AddEdge(s, a)
		g.AddEdge(s, b)
		g.AddEdge(a, b)
		g.AddEdge(b, a)
		g.AddEdge(b, s+3)
	}
	return g
}

// Ladder returns a chain of k if-then-else diamonds ("chain of ifs"): 3k+1
// nodes S_i=3(i-1) (i = 1..k+1), T_i=3(i-1)+1, F_i=3(i-1)+2 and 4k edges
//
//	S_i→T_i, S_i→F_i; T_i→S_{i+1}, F_i→S_{i+1}.
//
// idom: T_i, F_i, S_{i+1} → S_i. Every S_{i+1} is a join with a
// dominance frontier entry, and DF⁺ of any T_i is {S_{i+1}}.
func Ladder(k int) *Graph {
	g := New(3*k + 1)
	for i := 0; i < k; i++ {
		s, t, f := 3*i, 3*i+1, 3*i+2
		g.AddEdge(s, t)
		g.AddEdge(s, f)
		g.AddEdge(t, s+3)
		g.AddEdge(f, s+3)
	}
	return g
}
