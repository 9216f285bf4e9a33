// This file turns a graph back into a CFG function: a schedule puts
// each data node in a block, and the order inside a block follows from
// the effect chains and the data inputs.

package son

import (
	"fmt"

	"github.com/vssa-go/vssa/ir"
)

// Original returns the placement of the function the graph was built
// from: every data node in the block its instruction was in.
func (g *Graph) Original() []int {
	place := make([]int, len(g.Nodes))
	for i, nd := range g.Nodes {
		place[i] = nd.Home
	}
	return place
}

// Early returns the placement of Click's schedule early: every data
// node in the block from which its inputs (and its anchor) are all
// defined, the highest the dominator tree allows.
func (g *Graph) Early() ([]int, error) {
	c := &checker{g: g}
	c.structure()
	if len(c.errs) > 0 {
		return nil, c.errs[0]
	}
	early := c.earlyPoints()
	if len(c.errs) > 0 {
		return nil, c.errs[0]
	}
	place := make([]int, len(g.Nodes))
	for i, nd := range g.Nodes {
		place[i] = nd.Home
		if nd.Kind == Data {
			place[i] = early[i].Block
		}
	}
	return place, nil
}

// Schedule returns the function the graph is with every data node n in
// block place[n] (other entries are ignored). Blocks keep their phis;
// a block's instructions are its effects in chain order and its
// control last, each preceded by the data nodes of the block it reads
// that are not yet there (their own inputs first), and the block's
// other data nodes just before the control. The function shares the
// graph's instructions. The result is checked as SSA: a placement whose
// blocks do not dominate the uses, or a data node placed before its
// anchor, is an error.
func (g *Graph) Schedule(place []int) (*ir.Func, error) {
	f := g.Func
	for i, nd := range g.Nodes {
		if nd.Kind == Data && (place[i] < 0 || place[i] >= len(f.Blocks)) {
			return nil, fmt.Errorf("son: %s placed in b%d, want a block", g.String(ID(i)), place[i])
		}
		if nd.Kind == Data && nd.Ctl != None && !g.Dom.Dominates(g.Node(nd.Ctl).Block, place[i]) {
			return nil, fmt.Errorf("son: %s placed in b%d, out of the blocks its anchor %s dominates", g.String(ID(i)), place[i], g.String(nd.Ctl))
		}
	}
	out := g.newBody()
	emitted := make([]bool, len(g.Nodes))
	for b, ob := range out.Blocks {
		ob.Phis = append(ob.Phis[:0], f.Blocks[b].Phis...)
		instrs := ob.Instrs[:0]
		pos := -1 // the position in the chain reached
		var err error
		var emit func(n ID)
		emit = func(n ID) {
			if n == None || g.Node(n).Kind != Data || emitted[n] || place[n] != b {
				return
			}
			nd := g.Node(n)
			emitted[n] = true
			for _, a := range nd.Args {
				emit(a)
			}
			if a := nd.Ctl; a != None && g.Node(a).Kind == Effect && g.Node(a).Block == b && g.Node(a).Pos > pos && err == nil {
				err = fmt.Errorf("son: %s placed in b%d before its anchor %s", g.String(n), b, g.String(a))
			}
			instrs = append(instrs, nd.Instr)
		}
		for _, e := range g.Chains[b] {
			for _, a := range g.Node(e).Args {
				emit(a)
			}
			instrs = append(instrs, g.Node(e).Instr)
			pos = g.Node(e).Pos
		}
		ctl := g.Controls[b]
		for _, a := range g.Node(ctl).Args {
			emit(a)
		}
		for i := range g.Nodes {
			emit(ID(i))
		}
		if err != nil {
			return nil, err
		}
		ob.Instrs = append(instrs, g.Node(ctl).Instr)
	}
	if err := ir.Check(out, ir.SSA); err != nil {
		return nil, fmt.Errorf("son: the schedule of %s is not well-formed SSA: %w", f.Name, err)
	}
	return out, nil
}
