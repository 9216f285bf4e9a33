// This file checks a graph: its structure (§2.1's well-formedness) and
// the dominance property of §3 that makes every data node evaluable,
// with one value, wherever it is used.
//
// Properties checked, each reported as "entity, problem, want":
//   - every region has one control node, ending the chain of its
//     effects (each effect's Ctl is the one before, the first's the
//     region), and the control's Ctl is the chain's last;
//   - determinism: each jump and each projection enters exactly one
//     region; an if has its two projections; the entry has no
//     predecessors;
//   - a phi has its region as Ctl and one argument per predecessor;
//   - data inputs are data nodes, parameters, phis or effects with a
//     result, and the data nodes' inputs are acyclic;
//   - strictness (Definition 3.5, with effects counted as phis are:
//     their results enter ρ when they run): every input x of an effect
//     or control node in region r dominates r, and the ϕ and effect
//     dependencies of x in r itself come before the use; argument k of
//     a phi is dominated so at the end of the region of predecessor k.
//     This is the premise of Lemma 3.6 (x is defined where it is
//     used) and of Theorem 3.7 (its value there is the one it had on
//     entering its last dependency's region).

package son

import (
	"errors"
	"fmt"
)

// Point is a place in a graph's regions: in block Block before the
// effect at Pos (-1: on entry, after the phis; the chain's length: at
// the control node; more: on the way out).
type Point struct{ Block, Pos int }

// Check reports every violation of the properties above.
func Check(g *Graph) error {
	c := &checker{g: g}
	c.structure()
	if len(c.errs) == 0 {
		c.early = c.earlyPoints()
		c.strictness()
	}
	return errors.Join(c.errs...)
}

type checker struct {
	g     *Graph
	errs  []error
	early []Point
}

func (c *checker) errf(format string, args ...any) {
	c.errs = append(c.errs, fmt.Errorf(format, args...))
}

func (c *checker) structure() {
	g := c.g
	enters := make([]int, len(g.Nodes))
	for b, r := range g.Regions {
		rn := g.Node(r)
		if rn.Kind != Region || rn.Block != b {
			c.errf("b%d: %s is its region, want a region of b%d", b, g.String(r), b)
			continue
		}
		if b == 0 && len(rn.Preds) > 0 {
			c.errf("%s: entry has %d predecessors, want 0", g.String(r), len(rn.Preds))
		}
		for _, p := range rn.Preds {
			if p == None || (g.Node(p).Kind != Jump && g.Node(p).Kind != Proj) {
				c.errf("%s: predecessor is not a jump or projection", g.String(r))
				continue
			}
			enters[p]++
		}
		prev := r
		for i, e := range g.Chains[b] {
			en := g.Node(e)
			if en.Kind != Effect || en.Ctl != prev || en.Block != b || en.Pos != i {
				c.errf("%s: effect %d of b%d, want Ctl n%d, block b%d, pos %d", g.String(e), i, b, prev, b, i)
			}
			prev = e
		}
		ctl := g.Controls[b]
		if ctl == None || !g.Node(ctl).Kind.IsControl() || g.Node(ctl).Ctl != prev || g.Node(ctl).Block != b {
			c.errf("b%d: control n%d, want a control node after n%d", b, ctl, prev)
		}
	}
	for i := range g.Nodes {
		n := ID(i)
		nd := g.Node(n)
		switch nd.Kind {
		case Jump, Proj:
			if enters[n] != 1 {
				c.errf("%s: enters %d regions, want 1", g.String(n), enters[n])
			}
		case If:
			if int(n)+2 >= len(g.Nodes) || g.Node(n+1).Kind != Proj || g.Node(n+1).Ctl != n || g.Node(n+2).Kind != Proj || g.Node(n+2).Ctl != n {
				c.errf("%s: want its two projections after it", g.String(n))
			}
		case Phi:
			if nd.Ctl == None || g.Node(nd.Ctl).Kind != Region || len(nd.Args) != len(g.Node(nd.Ctl).Preds) {
				c.errf("%s: want a region with one predecessor per argument as Ctl", g.String(n))
			}
		case Data:
			if nd.Ctl != None && g.Node(nd.Ctl).Kind != Region && g.Node(nd.Ctl).Kind != Effect {
				c.errf("%s: anchor %s, want a region or an effect", g.String(n), g.String(nd.Ctl))
			}
		}
		for _, a := range nd.Args {
			if a == None {
				continue
			}
			switch g.Node(a).Kind {
			case Data, Param, Phi, Effect:
			default:
				c.errf("%s: input %s is not a value", g.String(n), g.String(a))
			}
		}
	}
}

// earlyPoints returns, for every node that is a value, the point from
// which it is defined: for a data node the latest of its inputs' and
// its anchor's (all on one dominator chain, else an error), which is
// where Click's schedule early puts it.
func (c *checker) earlyPoints() []Point {
	g := c.g
	early := make([]Point, len(g.Nodes))
	const (
		unseen = iota
		onStack
		done
	)
	state := make([]uint8, len(g.Nodes))
	var visit func(n ID) Point
	visit = func(n ID) Point {
		nd := g.Node(n)
		switch nd.Kind {
		case Param:
			return Point{0, -1}
		case Phi, Region:
			return Point{nd.Block, -1}
		case Effect:
			return Point{nd.Block, nd.Pos}
		case Data:
		default:
			return Point{0, -1} // not a value: reported by structure
		}
		switch state[n] {
		case done:
			return early[n]
		case onStack:
			c.errf("%s: data inputs form a cycle", g.String(n))
			return Point{0, -1}
		}
		state[n] = onStack
		p := Point{0, -1}
		deps := nd.Args
		if nd.Ctl != None {
			deps = append(deps[:len(deps):len(deps)], nd.Ctl)
		}
		for _, a := range deps {
			if a == None {
				continue
			}
			q := visit(a)
			switch {
			case c.before(q, p):
			case c.before(p, q):
				p = q
			default:
				c.errf("%s: inputs defined in b%d and b%d, neither dominating the other", g.String(n), p.Block, q.Block)
			}
		}
		early[n], state[n] = p, done
		return p
	}
	for i := range g.Nodes {
		if g.Nodes[i].Kind == Data {
			visit(ID(i))
		}
	}
	return early
}

// before reports whether point p is at or before q on every path to q:
// p's block dominates q's, and in one block p's position is not later.
func (c *checker) before(p, q Point) bool {
	if p.Block == q.Block {
		return p.Pos <= q.Pos
	}
	return c.g.Dom.StrictlyDominates(p.Block, q.Block)
}

// defined returns the point from which x, an input, has its value.
func (c *checker) defined(x ID) Point {
	nd := c.g.Node(x)
	switch nd.Kind {
	case Data:
		return c.early[x]
	case Effect:
		return Point{nd.Block, nd.Pos}
	case Phi:
		return Point{nd.Block, -1}
	}
	return Point{0, -1}
}

func (c *checker) strictness() {
	g := c.g
	for i := range g.Nodes {
		n := ID(i)
		nd := g.Node(n)
		switch nd.Kind {
		case Effect, Jump, If, Return, Panic:
			use := Point{nd.Block, nd.Pos}
			for k, a := range nd.Args {
				if a != None && !c.strictlyBefore(c.defined(a), use) {
					c.errf("%s: arg %d (%s) does not dominate its use", g.String(n), k, g.String(a))
				}
			}
		case Phi:
			preds := g.Node(nd.Ctl).Preds
			for k, a := range nd.Args {
				b := g.Node(preds[k]).Block
				use := Point{b, len(g.Chains[b]) + 1}
				if a != None && !c.strictlyBefore(c.defined(a), use) {
					c.errf("%s: arg %d (%s) does not dominate the end of b%d", g.String(n), k, g.String(a), b)
				}
			}
		}
	}
}

// strictlyBefore is before, but a value defined at a position is not
// yet there for a use at the same one (an effect's results come after
// it), except on entry, where phis and parameters are.
func (c *checker) strictlyBefore(def, use Point) bool {
	if def.Block == use.Block && def.Pos >= 0 {
		return def.Pos < use.Pos
	}
	return c.before(def, use)
}
