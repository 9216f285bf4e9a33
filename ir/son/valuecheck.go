// This file adds to the machine the check of Theorem 3.7: the value of
// a data node x is the same in every region its dependencies strictly
// dominate, from the end of the step of the region of its latest
// dependency (where the machine keeps a copy, its shadow) on.

package son

import (
	"fmt"
	"go/constant"
	gotoken "go/token"
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// valueCheck holds what the checking machine adds: a shadow register
// for each data node it checks, and for each block the data nodes whose
// shadows its steps set.
type valueCheck struct {
	g         *Graph
	out       *ir.Func
	early     []Point
	shadow    []ir.Reg
	snapshots [][]ID
}

// newValueCheck prepares the check of every data node with inputs and
// one result of a type eq compares exactly (not floats, whose NaN is
// not equal to itself, nor interfaces, which may panic). A function
// with a recover block is not checked: a recovered panic enters it from
// the middle of a step, before the step's shadows are set.
func (g *Graph) newValueCheck(out *ir.Func) (*valueCheck, error) {
	c := &checker{g: g}
	c.structure()
	if len(c.errs) == 0 {
		c.early = c.earlyPoints()
	}
	if len(c.errs) > 0 {
		return nil, fmt.Errorf("son: %s: %w", g.Func.Name, c.errs[0])
	}
	v := &valueCheck{g: g, out: out, early: c.early, shadow: make([]ir.Reg, len(g.Nodes)), snapshots: make([][]ID, len(g.Func.Blocks))}
	for i, nd := range g.Nodes {
		v.shadow[i] = ir.NoReg
		if nd.Kind != Data || (len(nd.Args) == 0 && nd.Ctl == None) || len(nd.Instr.Dsts()) != 1 || g.Func.Recover >= 0 {
			continue
		}
		t := g.Func.TypeOf(nd.Instr.Dst())
		if !exactlyComparable(t) {
			continue
		}
		v.shadow[i] = out.NewReg(t)
		b := v.early[i].Block
		v.snapshots[b] = append(v.snapshots[b], ID(i))
	}
	return v, nil
}

// exactlyComparable reports whether == on values of type t is their
// identity and cannot panic.
func exactlyComparable(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsInteger|types.IsBoolean|types.IsString) != 0 || u.Kind() == types.UnsafePointer
	case *types.Pointer, *types.Chan:
		return true
	}
	return false
}

// prelude puts before the step of block b the comparison of each data
// node the step needed (needed) and that b is strictly dominated by
// the block of its latest dependency, with its shadow: block b
// evaluates them and compares, one block per comparison, and the step
// goes on in a new block that takes b's instructions and successors.
// Evaluating such a node at the start of the step is evaluating it
// where the step does: its dependencies are all in regions above b.
func (v *valueCheck) prelude(b int, needed []bool) {
	g, out := v.g, v.out
	var xs []ID
	for i, sh := range v.shadow {
		if sh != ir.NoReg && needed[i] && g.Dom.StrictlyDominates(v.early[i].Block, b) {
			xs = append(xs, ID(i))
		}
	}
	if len(xs) == 0 {
		return
	}
	ob := out.Blocks[b]
	pos := ob.Instrs[len(ob.Instrs)-1].Pos
	body := out.NewBlock()
	body.Instrs, body.Succs = ob.Instrs, ob.Succs
	for _, s := range body.Succs {
		sb := out.Blocks[s]
		sb.Preds = append([]int(nil), sb.Preds...)
		for k, p := range sb.Preds {
			if p == b {
				sb.Preds[k] = body.Index
			}
		}
	}
	ob.Succs = nil
	var instrs []*ir.Instr
	done := make(map[ID]bool)
	var eval func(n ID)
	eval = func(n ID) {
		if n == None || g.Nodes[n].Kind != Data || done[n] {
			return
		}
		done[n] = true
		for _, a := range g.Nodes[n].Args {
			eval(a)
		}
		instrs = append(instrs, g.Nodes[n].Instr.Clone())
	}
	for _, x := range xs {
		eval(x)
	}
	cur := ob
	boolT := types.Typ[types.Bool]
	for i, x := range xs {
		c := out.NewReg(boolT)
		instrs = append(instrs, ir.NewInstr(ir.OpEq, pos, []ir.Reg{c}, []ir.Reg{g.Nodes[x].Instr.Dst(), v.shadow[x]}), ir.NewInstr(ir.OpIf, pos, nil, []ir.Reg{c}))
		cur.Instrs = instrs
		instrs = nil
		next := body
		if i < len(xs)-1 {
			next = out.NewBlock()
		}
		fail := v.failBlock(fmt.Sprintf("son: Theorem 3.7: %s has changed in b%d since the end of b%d", g.String(x), b, v.early[x].Block), pos)
		out.AddEdge(cur.Index, next.Index)
		out.AddEdge(cur.Index, fail.Index)
		cur = next
	}
}

// failBlock returns a new block that panics with msg.
func (v *valueCheck) failBlock(msg string, pos gotoken.Pos) *ir.Block {
	out := v.out
	fb := out.NewBlock()
	s := out.NewReg(types.Typ[types.String])
	e := out.NewReg(types.NewInterfaceType(nil, nil))
	k := ir.NewInstr(ir.OpConst, pos, []ir.Reg{s}, nil)
	k.SetConst(constant.MakeString(msg))
	fb.Instrs = []*ir.Instr{
		k,
		ir.NewInstr(ir.OpMakeInterface, pos, []ir.Reg{e}, []ir.Reg{s}),
		ir.NewInstr(ir.OpPanic, pos, nil, []ir.Reg{e}),
	}
	return fb
}
