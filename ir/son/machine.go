// This file runs a graph by the semantics of §2, on the reference
// interpreter's machine.

package son

import (
	"fmt"
	"slices"

	"github.com/vssa-go/vssa/ir"
)

// Machine returns, unless it is unsupported (see the recover block
// below), the function that carries out the graph's semantics
// (§2.2), for the reference interpreter (interp) to run: its values,
// operations, memory and run-time errors are interp's, and only the
// order of evaluation is the graph's. The function is made of
// instructions the graph already has, so it is not a new IR but the
// rules written as code:
//
//   - A state Exec(r, ρ) is the interpreter in block r; ρ is the
//     register file, which holds the parameters (START), the phis and
//     the results of the effects that have run.
//   - A step of region r runs r's effects in chain order and then its
//     control node. Each data node an effect or the control reads is
//     evaluated on demand, just before, from its inputs (⟦x⟧ρ): data
//     nodes float, so nothing else says where. Within one step ρ only
//     grows, so a data node is evaluated once per step (the sharing of
//     the paper's expression dags), and again in every later step
//     that needs it: its value is never carried from a step to the
//     next, the register being only where the evaluation puts it.
//   - JMP, IFT and IFF enter the next region through the PHIS rule:
//     the k-th arguments of the target's phis are evaluated in the
//     current ρ and assigned all at once, as the interpreter does for
//     phis. Only a jump enters a region with phis: Build takes SSA
//     form, whose CFG is normalised.
//   - RET is a return; a panic control node, or an effect that panics
//     (a check, a call), ends the step as the interpreter does.
//
// The recover block is the one place the rules above do not cover: a
// recovered panic enters it from the middle of the entry, where the
// entry's later registers read as zero (ir.Func.RecoverReach), and the
// graph does not say where in the entry a data node was. So a graph
// whose recover side reads a data node that the entry defines after an
// instruction that may panic has no machine: it is refused as
// unsupported rather than run by a rule that may differ from the IR's
// (go/ssa's recover blocks read only named results, through memory).
//
// Constants, globals and functions, whose denotation does not depend on
// ρ, are evaluated once in the entry. The result is neither RTL nor SSA
// (a data node's register is written by every step that evaluates it,
// and blocks keep their phis): it is for interp only.
func (g *Graph) Machine() (*ir.Func, error) { return g.machine(false) }

// CheckingMachine is Machine with Theorem 3.7 checked as it runs (see
// valuecheck.go): a data node's value, in a step of a region its
// dependencies strictly dominate, is the one it had at the end of the
// last step of the region of its latest dependency; else the function
// panics with a message saying "Theorem 3.7". It is an error for a
// graph that does not pass Check.
func (g *Graph) CheckingMachine() (*ir.Func, error) { return g.machine(true) }

func (g *Graph) machine(check bool) (*ir.Func, error) {
	f := g.Func
	out := g.newBody()
	var v *valueCheck
	if check {
		var err error
		if v, err = g.newValueCheck(out); err != nil {
			return nil, fmt.Errorf("internal error: %v", err)
		}
	}
	once := make([]bool, len(g.Nodes)) // constants, evaluated on entry
	done := make([]bool, len(g.Nodes)) // evaluated in this step
	lateInEntry := g.entryAfterPanics()
	recoverSide := f.RecoverReach()
	var unsupported error
	var instrs []*ir.Instr
	var demand func(n ID)
	b := 0 // the block being built
	demand = func(n ID) {
		if n == None || g.Nodes[n].Kind != Data || done[n] || once[n] {
			return
		}
		if recoverSide[b] && lateInEntry[n] && unsupported == nil {
			unsupported = fmt.Errorf("unsupported: %s: the recover side (b%d) reads r%d, which the entry defines after an instruction that may panic: the graph does not say whether it ran", f.Name, b, g.Nodes[n].Instr.Dst())
		}
		done[n] = true
		for _, a := range g.Nodes[n].Args {
			demand(a)
		}
		instrs = append(instrs, g.Nodes[n].Instr.Clone())
	}
	var entry []*ir.Instr
	for i, nd := range g.Nodes {
		if nd.Kind == Data && len(nd.Args) == 0 && nd.Ctl == None {
			once[i] = true
			entry = append(entry, nd.Instr)
		}
	}
	for b = range f.Blocks {
		ob := out.Blocks[b]
		ob.Phis = append(ob.Phis[:0], f.Blocks[b].Phis...)
		clear(done)
		instrs = nil
		if b == 0 {
			instrs = append(instrs, entry...)
		}
		for _, e := range g.Chains[b] {
			for _, a := range g.Nodes[e].Args {
				demand(a)
			}
			instrs = append(instrs, g.Nodes[e].Instr)
		}
		ctl := &g.Nodes[g.Controls[b]]
		for _, a := range ctl.Args {
			demand(a)
		}
		if ctl.Kind == Jump {
			// An if enters no join (the SSA form is normalised), so
			// only a jump's target may have phis.
			g.demandPhiArgs(f.Blocks[b], demand)
		}
		if v == nil {
			ob.Instrs = append(instrs, ctl.Instr)
			continue
		}
		needed := slices.Clone(done)
		for _, n := range v.snapshots[b] {
			demand(n)
			instrs = append(instrs, ir.NewInstr(ir.OpCopy, ctl.Instr.Pos, []ir.Reg{v.shadow[n]}, []ir.Reg{g.Nodes[n].Instr.Dst()}))
		}
		ob.Instrs = append(instrs, ctl.Instr)
		v.prelude(b, needed)
	}
	if unsupported != nil {
		return nil, unsupported
	}
	return out, nil
}

// entryAfterPanics reports, per node, whether it is a data node that
// the input's entry block defines after an instruction that may panic.
func (g *Graph) entryAfterPanics() []bool {
	late := make([]bool, len(g.Nodes))
	if len(g.Func.Blocks) == 0 {
		return late
	}
	mayHavePanicked := false
	for _, in := range g.Func.Blocks[0].Instrs {
		if mayHavePanicked {
			for _, r := range in.Dsts() {
				if n := g.Def[r]; n != None && g.Nodes[n].Kind == Data {
					late[n] = true
				}
			}
		}
		if in.Op.Has(ir.MayPanic) {
			mayHavePanicked = true
		}
	}
	return late
}

// demandPhiArgs demands the arguments that the phis of the successor
// of b, which ends with a jump, take on that edge.
func (g *Graph) demandPhiArgs(b *ir.Block, demand func(ID)) {
	s := g.Func.Blocks[b.Succs[0]]
	k := b.PredIndex(0, s)
	for _, phi := range s.Phis {
		if a := phi.Args()[k]; a != ir.NoReg {
			demand(g.Def[a])
		}
	}
}
