// This file schedules the placed graph back into a function keeping the
// input's order: what did not move stays where it was in its block.

package gcm

import (
	"fmt"
	"slices"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/son"
)

// keepOrder returns f with every data node n of g (f's graph) in block
// place[n], where place[n] is f's block of n's instruction or one that
// dominates it or that it dominates (between schedule early and late).
// Unlike son's Schedule, which orders a block by its effect chain and
// emits data nodes just before their first reader, it keeps the input's
// order of the instructions that stay: the backend allocates registers
// in that order, and Schedule's order (all of a block's loads before the
// arithmetic on them, in CrossSum's loop) can raise register pressure
// enough to spill in a loop. A node hoisted into a block dominating its
// own goes at its end, before the terminator: nothing there reads it
// (its uses are all dominated by its own block) and its inputs and
// anchor are there before it. A node sunk into a block its own
// dominates goes before the first instruction there that reads it: its
// inputs and anchor are in blocks that strictly dominate it. Both in an
// order that puts inputs first.
func keepOrder(g *son.Graph, f *ir.Func, place []int, order []son.ID) (*ir.Func, error) {
	dom := f.CFG().Dom
	out := f.ShallowClone()
	moved := make(map[*ir.Instr]bool)
	var hoisted, sunk []son.ID
	for _, n := range order {
		nd := g.Node(n)
		switch to := place[n]; {
		case to == nd.Home:
		case dom.Dominates(to, nd.Home):
			hoisted = append(hoisted, n)
			moved[nd.Instr] = true
		case dom.Dominates(nd.Home, to):
			sunk = append(sunk, n)
			moved[nd.Instr] = true
		default:
			return nil, fmt.Errorf("gcm: %s placed in b%d, neither above nor below its block b%d", g.String(n), to, nd.Home)
		}
	}
	for _, ob := range out.Blocks {
		ob.Instrs = slices.DeleteFunc(slices.Clone(ob.Instrs), func(in *ir.Instr) bool { return moved[in] })
	}
	for _, n := range hoisted {
		ob := out.Blocks[place[n]]
		end := len(ob.Instrs) - 1 // the terminator
		ob.Instrs = slices.Insert(ob.Instrs, end, g.Node(n).Instr)
	}
	for i := len(sunk) - 1; i >= 0; i-- {
		in := g.Node(sunk[i]).Instr
		ob := out.Blocks[place[sunk[i]]]
		at := len(ob.Instrs) - 1
		for k, x := range ob.Instrs {
			if reads(x, in) {
				at = k
				break
			}
		}
		ob.Instrs = slices.Insert(ob.Instrs, at, in)
	}
	if err := ir.Check(out, ir.SSA); err != nil {
		return nil, fmt.Errorf("gcm: the schedule of %s is not well-formed SSA: %w", f.Name, err)
	}
	return out, nil
}

// reads reports whether x reads a register in defines.
func reads(x, in *ir.Instr) bool {
	for _, a := range x.Args() {
		if slices.Contains(in.Dsts(), a) {
			return true
		}
	}
	return false
}
