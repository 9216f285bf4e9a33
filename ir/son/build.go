// This file builds the Sea of Nodes form of an SSA function.

package son

import (
	"fmt"
	"go/constant"
	"go/types"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
)

// Build returns the Sea of Nodes form of f, which must be well-formed
// SSA (ir.Check(f, ir.SSA)). Blocks become regions, terminators
// control nodes, the instructions that float (Floats) data nodes and
// the others effects, chained in their block's order.
func Build(f *ir.Func) (*Graph, error) {
	if err := ir.Check(f, ir.SSA); err != nil {
		return nil, fmt.Errorf("son: %s is not well-formed SSA: %w", f.Name, err)
	}
	n := len(f.Blocks)
	g := &Graph{
		Func:     f,
		Def:      make([]ID, f.NumRegs()),
		Regions:  make([]ID, n),
		Controls: make([]ID, n),
		Chains:   make([][]ID, n),
	}
	for r := range g.Def {
		g.Def[r] = None
	}
	add := func(nd Node) ID {
		g.Nodes = append(g.Nodes, nd)
		id := ID(len(g.Nodes) - 1)
		if nd.Instr == nil {
			g.Nodes[id].Home = -1
		}
		if nd.Instr != nil {
			for _, d := range nd.Instr.Dsts() {
				g.Def[d] = id
			}
		}
		return id
	}
	for _, b := range f.Blocks {
		g.Regions[b.Index] = add(Node{Kind: Region, Block: b.Index, Pos: -1, Ctl: None})
	}
	for _, list := range [][]ir.Reg{f.Params, f.FreeVars} {
		for _, r := range list {
			g.Def[r] = add(Node{Kind: Param, Reg: r, Block: -1, Pos: -1, Ctl: None})
		}
	}
	defs := defsOf(f)
	var unchecked []ID
	for _, b := range f.Blocks {
		region := g.Regions[b.Index]
		for _, phi := range b.Phis {
			add(Node{Kind: Phi, Instr: phi, Block: b.Index, Home: b.Index, Pos: -1, Ctl: region})
		}
		prev := region
		for _, in := range b.Instrs {
			switch {
			case in.Op.IsTerminator():
				c := add(Node{Kind: controlKind[in.Op], Instr: in, Block: b.Index, Home: b.Index, Pos: len(g.Chains[b.Index]), Ctl: prev})
				g.Controls[b.Index] = c
				if in.Op == ir.OpIf {
					add(Node{Kind: Proj, Block: b.Index, Pos: -1, Ctl: c, Index: 0})
					add(Node{Kind: Proj, Block: b.Index, Pos: -1, Ctl: c, Index: 1})
				}
			case Floats(f, in):
				anchor := None
				if in.Op.Has(ir.Unchecked) && !noPrecondition(f, defs, in) {
					anchor = prev
				}
				d := add(Node{Kind: Data, Instr: in, Block: -1, Home: b.Index, Pos: -1, Ctl: anchor})
				if anchor != None {
					unchecked = append(unchecked, d)
				}
			default:
				e := add(Node{Kind: Effect, Instr: in, Block: b.Index, Home: b.Index, Pos: len(g.Chains[b.Index]), Ctl: prev})
				g.Chains[b.Index] = append(g.Chains[b.Index], e)
				prev = e
			}
		}
	}
	for i := range g.Nodes {
		nd := &g.Nodes[i]
		if nd.Instr == nil {
			continue
		}
		nd.Args = make([]ID, len(nd.Instr.Args()))
		for k, a := range nd.Instr.Args() {
			nd.Args[k] = None
			if a != ir.NoReg {
				nd.Args[k] = g.Def[a]
			}
		}
	}
	// A region's predecessors, in its block's order: the jump of a
	// predecessor, or the projection of its if for that edge.
	for _, b := range f.Blocks {
		g.Nodes[g.Regions[b.Index]].Preds = make([]ID, len(b.Preds))
	}
	for _, b := range f.Blocks {
		c := g.Controls[b.Index]
		for i, s := range b.Succs {
			k := b.PredIndex(i, f.Blocks[s])
			from := c
			if g.Nodes[c].Kind == If {
				from = c + 1 + ID(i) // the projections follow their if
			}
			g.Nodes[g.Regions[s]].Preds[k] = from
		}
	}
	g.Dom = graph.Dominators(g.cfg(), 0)
	g.guardAnchors(defs, unchecked)
	return g, nil
}

var controlKind = map[ir.Op]Kind{ir.OpJump: Jump, ir.OpIf: If, ir.OpReturn: Return, ir.OpPanic: Panic}

// cfg is the CFG of the graph (Definition 3.3) over block indices, read
// from the regions' predecessors, with an edge from the entry to the
// recover block (entered after a recovered panic anywhere).
func (g *Graph) cfg() *graph.Graph {
	cg := graph.New(len(g.Regions))
	for b, r := range g.Regions {
		for _, p := range g.Nodes[r].Preds {
			if p != None {
				cg.AddEdge(g.Nodes[p].Block, b)
			}
		}
	}
	if rb := g.Func.Recover; rb > 0 {
		cg.AddEdge(0, rb)
	}
	return cg
}

// noPrecondition reports whether in, an unchecked instruction of f,
// has its precondition hold whatever its operands' values, and so
// needs no check before it and no anchor (defs gives the instructions
// of f by the register they define). Its precondition is the
// interpreter's: a shift's count is not negative, which holds for an
// unsigned count (math/big's divisors computes m>>1 in a loop's
// header) or a signed one its definition makes non-negative
// (nonNegative: a constant ≥ 0, rsa's len(b)*8 - bits); an integer division's divisor is not zero, which holds for a
// constant one other than 0 (x/10 in a loop), and a floating-point
// division has none (x/0 is an infinity or NaN).
func noPrecondition(f *ir.Func, defs map[ir.Reg]*ir.Instr, in *ir.Instr) bool {
	count := func() (constant.Value, bool) {
		c := defs[in.Args()[1]]
		if c == nil || c.Op != ir.OpConst {
			return nil, false
		}
		cv := f.ConstValue(c)
		if cv == nil {
			return nil, false
		}
		v := constant.ToInt(cv)
		return v, v.Kind() == constant.Int
	}
	switch in.Op {
	case ir.OpShl, ir.OpShr:
		if hasInfo(f.TypeOf(in.Args()[1]), types.IsUnsigned) {
			return true
		}
		return nonNegative(f, defs, in.Args()[1])
	case ir.OpDiv, ir.OpRem:
		if !hasInfo(f.TypeOf(in.Args()[1]), types.IsInteger) {
			return true
		}
		v, ok := count()
		return ok && constant.Sign(v) != 0
	}
	return false
}

func hasInfo(t types.Type, info types.BasicInfo) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&info != 0
}

// defsOf returns f's instructions (not its phis) by the registers
// they define.
func defsOf(f *ir.Func) map[ir.Reg]*ir.Instr {
	defs := make(map[ir.Reg]*ir.Instr)
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, d := range in.Dsts() {
				defs[d] = in
			}
		}
	}
	return defs
}

// Floats reports whether in, an instruction of f, becomes a data node:
// its results are a function of its operands alone (ir.ValuePure or
// ir.ValueConst, so neither memory nor a fresh allocation) and it
// cannot panic. Such a node may be evaluated anywhere its inputs are
// defined; one whose kind is unchecked (a division, an address, an
// index) only after its anchor, the effect before it in its block,
// since the check that guards it came before.
func Floats(f *ir.Func, in *ir.Instr) bool {
	if in.Op == ir.OpPhi || in.Op.IsTerminator() {
		return false
	}
	switch f.ValueKind(in) {
	case ir.ValuePure, ir.ValueConst:
		return f.CannotPanic(in)
	}
	return false
}
