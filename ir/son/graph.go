// This file defines the Sea of Nodes graph: its node kinds, its nodes
// and the maps back to the function it views.

package son

import (
	"fmt"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
)

// ID names a node: an index into Graph.Nodes. None marks an absent
// input (an optional operand written "_", a region's missing control).
type ID int32

const None ID = -1

// Kind is what a node is (see the table in doc.go).
type Kind uint8

const (
	Region Kind = iota // a block: Preds are the control nodes entering it
	Param              // a parameter or free variable, defined at Start
	Phi                // Ctl is its region; Args one per region predecessor
	Data               // floating: Args only (Ctl an anchor for unchecked kinds)
	Effect             // pinned: Ctl the previous effect of its region, or the region
	Jump               // control: Ctl the last effect (or the region)
	If                 // control: Args[0] the condition; projected by two Proj
	Return             // control: ends the function
	Panic              // control: ends the function with a Go panic
	Proj               // IfT (Index 0) or IfF (Index 1) of Ctl, an If
)

var kindNames = [...]string{"region", "param", "phi", "data", "effect", "jump", "if", "return", "panic", "proj"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind%d", k)
}

// IsControl reports whether k ends a region.
func (k Kind) IsControl() bool { return k >= Jump && k <= Panic }

// Node is one node. Which fields are meaningful depends on Kind.
//
// Invariants (checked by Check):
//   - Args[i] is the node defining Instr.Args()[i] (None for "_"); a
//     node with several results (a call, a comma-ok lookup) is the
//     input of every operand that reads one of them.
//   - Block is the index of the node's region for regions, phis,
//     effects, controls and projections (the block it came from), and
//     -1 for data nodes and parameters, which float.
//   - Pos is the position in its region's effect chain: -1 for phis
//     (and for parameters in the entry), 0, 1, … for the effects in
//     order, the chain's length for the control node.
type Node struct {
	Kind  Kind
	Instr *ir.Instr // nil for regions, parameters and projections
	Reg   ir.Reg    // a parameter's register
	Block int
	Home  int // the block the instruction was in (-1 without one)
	Pos   int
	Ctl   ID   // see Kind; None if absent
	Args  []ID // data inputs
	Preds []ID // a region's entering controls (If: its Proj), in block Preds order
	Index int  // a projection's branch: 0 then, 1 else
}

// Graph is the Sea of Nodes form of one SSA function. It is a view: its
// nodes hold the function's instructions, and Schedule turns it back
// into a function.
type Graph struct {
	Func  *ir.Func
	Nodes []Node

	// Regions[b] and Controls[b] are the region of block b and its
	// control node; Chains[b] its effects in order.
	Regions  []ID
	Controls []ID
	Chains   [][]ID

	// Def[r] is the node defining register r.
	Def []ID

	// Dom is the dominator tree of the regions' CFG (Definition 3.3:
	// an edge r → r' when r's control, or one of its projections,
	// enters r'), over block indices, with the recover block a child
	// of the entry as in ir.
	Dom *graph.DomTree
}

// Node returns the node n.
func (g *Graph) Node(n ID) *Node { return &g.Nodes[n] }

// Floats reports whether n is a data node or a parameter, placed by
// no region.
func (g *Graph) Floats(n ID) bool {
	k := g.Nodes[n].Kind
	return k == Data || k == Param
}

// String names a node for messages: its kind and what it holds.
func (g *Graph) String(n ID) string {
	nd := &g.Nodes[n]
	switch nd.Kind {
	case Region:
		return fmt.Sprintf("n%d region b%d", n, nd.Block)
	case Param:
		return fmt.Sprintf("n%d param r%d", n, nd.Reg)
	case Proj:
		return fmt.Sprintf("n%d proj%d of n%d", n, nd.Index, nd.Ctl)
	}
	return fmt.Sprintf("n%d %s %s", n, nd.Kind, describe(nd.Instr))
}

// describe prints an instruction shortly: its kind and registers.
func describe(in *ir.Instr) string {
	s := in.Op.String()
	for i, d := range in.Dsts() {
		if i == 0 {
			s = fmt.Sprintf("r%d = %s", d, s)
		}
	}
	for i, a := range in.Args() {
		sep := ", "
		if i == 0 {
			sep = " "
		}
		if a == ir.NoReg {
			s += sep + "_"
		} else {
			s += fmt.Sprintf("%sr%d", sep, a)
		}
	}
	return s
}

// newBody returns a copy of the graph's function with its blocks' phi
// and instruction lists empty, for a schedule or the machine to fill.
func (g *Graph) newBody() *ir.Func {
	rebuilt := make([]bool, len(g.Func.Blocks))
	for i := range rebuilt {
		rebuilt[i] = true
	}
	return g.Func.ShallowCloneExcept(rebuilt)
}
