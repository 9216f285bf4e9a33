// This file runs the Gated SSA instructions (ir/gsa.go, CompCertGSA
// §4.2): γs chosen by their gates on the edge into their block, and ηs,
// which stop with undefined behaviour when their gate is not 1.
//
// A gate's atom is ½ (undefined) until its register has been written in
// the current activation. The interpreter knows that from blocks: a
// register is written once the block defining it has been left (an
// activation that leaves a block mid-way leaves the function), or,
// within that block, once its instruction is behind. Parameters and
// free variables are written on entry. Only functions with gated
// instructions pay for this.

package interp

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/pred"
)

// gsaInfo is where each register is defined.
type gsaInfo struct {
	nblocks  int
	defBlock []int32 // -1: a parameter or free variable (or never written)
	defIndex []int32 // index in the block, phis first
}

// gatedEdge is what an edge of a function with gated instructions does
// besides its phi moves: mark its source left, and choose its γs.
type gatedEdge struct {
	from   int32
	gammas []gammaMove
}

type gammaMove struct {
	dst   int32
	args  []int32
	gates []pred.Pred
	src   *ir.Instr
}

func gsaInfoOf(f *ir.Func) *gsaInfo {
	gated := false
	for _, b := range f.Blocks {
		for _, list := range [2][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				gated = gated || in.Op.IsGated()
			}
		}
	}
	if !gated {
		return nil
	}
	g := &gsaInfo{nblocks: len(f.Blocks), defBlock: make([]int32, f.NumRegs()), defIndex: make([]int32, f.NumRegs())}
	for i := range g.defBlock {
		g.defBlock[i] = -1
	}
	for _, b := range f.Blocks {
		for i, in := range append(append([]*ir.Instr{}, b.Phis...), b.Instrs...) {
			for _, d := range in.Dsts() {
				g.defBlock[d], g.defIndex[d] = int32(b.Index), int32(i)
			}
		}
	}
	return g
}

// gatedEdges adds to the edges of b (compiled by edgesOf) the γs of
// their targets.
func gatedEdges(f *ir.Func, b *ir.Block, edges []edge) {
	for i, s := range b.Succs {
		succ := f.Blocks[s]
		k := b.PredIndex(i, succ)
		ge := &gatedEdge{from: int32(b.Index)}
		for _, phi := range succ.Phis {
			if phi.Op != ir.OpGamma || k < 0 {
				continue
			}
			m := gammaMove{dst: int32(phi.Dsts()[0]), gates: phi.Gates(), src: phi}
			for _, a := range phi.Args() {
				m.args = append(m.args, int32(a))
			}
			ge.gammas = append(ge.gammas, m)
		}
		edges[i].gated = ge
	}
}

// etaPlace encodes where an η is (its block and index, phis first) in
// inst.field.
func etaPlace(b *ir.Block, in *ir.Instr) int {
	for i, x := range b.Instrs {
		if x == in {
			return b.Index<<32 | (len(b.Phis) + i)
		}
	}
	return -1
}

// atoms returns the atom valuation of fr at index at of block b.
func (it *Interp) atoms(fr *frame, b, at int32) func(r int32) pred.Value {
	g := fr.fn.gsa
	return func(r int32) pred.Value {
		db := g.defBlock[r]
		written := db < 0 || (db == b && g.defIndex[r] < at) || (len(fr.left) > 0 && fr.left[db])
		switch {
		case !written:
			return pred.Undef
		case fr.regs[r].n != 0:
			return pred.True
		}
		return pred.False
	}
}

// takeGatedEdge takes an edge of a function with gated instructions:
// the γs of the target read their gates and arguments in the state
// before the edge, as the phis do, and all write at once.
func (it *Interp) takeGatedEdge(fr *frame, in *inst, e *edge) int32 {
	g := fr.fn.gsa
	if len(fr.left) != g.nblocks {
		fr.left = make([]bool, g.nblocks)
	}
	ge := e.gated
	fr.left[ge.from] = true
	if len(ge.gammas) == 0 {
		return takeEdge(fr.regs, e)
	}
	atom := it.atoms(fr, -1, 0)
	vals := make([]Value, len(ge.gammas))
	for i, m := range ge.gammas {
		k := -1
		for j, gate := range m.gates {
			if gate.Eval(atom) == pred.True {
				k = j
				break
			}
		}
		if k < 0 {
			panic(it.ub(in, "no gate of %s is 1", ir.FormatInstr(fr.fn.ir, nil, m.src)))
		}
		vals[i] = fr.regs[m.args[k]]
	}
	pc := takeEdge(fr.regs, e)
	for i, m := range ge.gammas {
		fr.regs[m.dst] = vals[i]
	}
	return pc
}

// eta runs an η: its argument, if its gate is 1.
func (it *Interp) eta(fr *frame, in *inst) Value {
	gate := in.src.Gates()[0]
	if gate.Eval(it.atoms(fr, int32(in.field>>32), int32(in.field&(1<<32-1)))) != pred.True {
		panic(it.ub(in, "the gate [%s] of eta is not 1", gate))
	}
	return fr.regs[in.a]
}
