// This file implements random flowgraph generators for tests and benchmarks:
// structured (reducible) programs, and the same with random extra edges
// (usually irreducible).

package graph

import "math/rand/v2"

// RandomReducible returns a random flowgraph with exactly n nodes (n >= 1),
// entry 0, shaped like the control flow of a structured program: sequences,
// if-then(-else), switches with fallthrough, while and do-while loops nested
// up to 10 deep, break (possibly out of two loops), continue and return (to
// the exit node, 1), each conditional or, inside a construct, unconditional
// (ending its sequence). An unconditional jump sometimes leaves a dead block
// behind it that jumps to the same target, so the graph has a few unreachable
// nodes. Every such graph is reducible. Node ids follow generation order,
// roughly a reverse postorder, as in real compilers.
func RandomReducible(r *rand.Rand, n int) *Graph {
	p := &progGen{r: r, g: &Graph{Succs: make([][]int, 0, n), Preds: make([][]int, 0, n)}, n: n}
	entry := p.g.AddNode()
	if n == 1 {
		return p.g
	}
	p.exit = p.g.AddNode()
	cur := entry
	for p.left() > 0 {
		cur = p.stmt(cur, 0) // never -1 at depth 0
	}
	p.g.AddEdge(cur, p.exit)
	return p.g
}

// RandomIrreducible returns RandomReducible(r, n) plus n/10+1 edges between
// uniformly random nodes (self loops and parallel edges included). Edges into
// loop bodies from outside make it irreducible with high probability.
func RandomIrreducible(r *rand.Rand, n int) *Graph {
	g := RandomReducible(r, n)
	for range n/10 + 1 {
		g.AddEdge(r.IntN(n), r.IntN(n))
	}
	return g
}

const progMaxDepth = 10

type progGen struct {
	r        *rand.Rand
	g        *Graph
	n        int // target node count
	reserved int // nodes promised to constructs still open
	exit     int
	loops    []loopCtx // innermost last
}

type loopCtx struct{ head, exit int }

func (p *progGen) left() int { return p.n - p.g.Len() - p.reserved }

// seq emits statements after cur and returns the node where control
// continues, or -1 if the sequence ends with an unconditional jump.
func (p *progGen) seq(cur, depth int) int {
	for p.left() > 0 {
		cur = p.stmt(cur, depth)
		if cur < 0 || p.r.IntN(3) == 0 {
			break
		}
	}
	return cur
}

// jump adds cur→target. At depth 0, and with probability 3/4 elsewhere, the
// jump is conditional and control continues in a new node, which jump
// returns. Otherwise jump returns -1, sometimes after adding a dead block
// that also jumps to target.
func (p *progGen) jump(cur, target, depth int) int {
	p.g.AddEdge(cur, target)
	if depth == 0 || p.r.IntN(4) != 0 {
		next := p.g.AddNode()
		p.g.AddEdge(cur, next)
		return next
	}
	if p.left() > 0 && p.r.IntN(4) == 0 {
		p.g.AddEdge(p.g.AddNode(), target)
	}
	return -1
}

// stmt emits one statement after cur (which needs left() >= 1) and returns
// the node where control continues, or -1 if it does not fall through. At
// depth 0 it never returns -1.
func (p *progGen) stmt(cur, depth int) int {
	g, r := p.g, p.r
	k := r.IntN(100)
	if depth >= progMaxDepth || p.left() < 3 {
		k = 0
	}
	switch {
	case k < 40: // basic block
		b := g.AddNode()
		g.AddEdge(cur, b)
		return b
	case k < 62: // if-then(-else); the join stays reachable
		p.reserved++ // join
		t := g.AddNode()
		g.AddEdge(cur, t)
		ends := []int{p.seq(t, depth+1)}
		if p.left() > 0 && r.IntN(2) == 0 {
			e := g.AddNode()
			g.AddEdge(cur, e)
			ends = append(ends, p.seq(e, depth+1))
		} else {
			ends = append(ends, cur)
		}
		p.reserved--
		join := g.AddNode()
		for _, e := range ends {
			if e >= 0 {
				g.AddEdge(e, join)
			}
		}
		if len(g.Preds[join]) == 0 {
			g.AddEdge(cur, join)
		}
		return join
	case k < 75: // while: head, body, exit
		h, body, x := g.AddNode(), g.AddNode(), g.AddNode()
		g.AddEdge(cur, h)
		g.AddEdge(h, body)
		g.AddEdge(h, x)
		p.loops = append(p.loops, loopCtx{h, x})
		if end := p.seq(body, depth+1); end >= 0 {
			g.AddEdge(end, h)
		}
		p.loops = p.loops[:len(p.loops)-1]
		return x
	case k < 82: // do-while: body, exit
		body, x := g.AddNode(), g.AddNode()
		g.AddEdge(cur, body)
		p.loops = append(p.loops, loopCtx{body, x})
		end := p.seq(body, depth+1)
		p.loops = p.loops[:len(p.loops)-1]
		if end >= 0 {
			g.AddEdge(end, body)
			g.AddEdge(end, x)
		} else {
			g.AddEdge(body, x) // keep the exit reachable
		}
		return x
	case k < 88: // switch with fallthrough and a default edge to the join
		p.reserved++ // join
		cases := 2 + r.IntN(4)
		prevEnd := -1
		var ends []int
		for c := 0; c < cases && p.left() > 0; c++ {
			b := g.AddNode()
			g.AddEdge(cur, b)
			if prevEnd >= 0 && r.IntN(4) == 0 {
				g.AddEdge(prevEnd, b) // fallthrough
			} else if prevEnd >= 0 {
				ends = append(ends, prevEnd)
			}
			prevEnd = p.seq(b, depth+1)
		}
		if prevEnd >= 0 {
			ends = append(ends, prevEnd)
		}
		p.reserved--
		join := g.AddNode()
		g.AddEdge(cur, join)
		for _, e := range ends {
			g.AddEdge(e, join)
		}
		return join
	case k < 93: // break, possibly out of two loops
		if len(p.loops) == 0 {
			return p.jump(cur, p.exit, depth)
		}
		l := p.loops[len(p.loops)-1-r.IntN(min(len(p.loops), 2))]
		return p.jump(cur, l.exit, depth)
	case k < 97: // continue
		if len(p.loops) == 0 {
			return p.jump(cur, p.exit, depth)
		}
		return p.jump(cur, p.loops[len(p.loops)-1].head, depth)
	default: // return
		return p.jump(cur, p.exit, depth)
	}
}
