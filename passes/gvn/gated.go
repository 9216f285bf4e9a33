// This file is gated value numbering, on GSA form: a gamma is keyed by
// its gates, their atoms read as numbers, with its arguments' numbers,
// and without its block when it reads its gates and arguments only from
// before its join, so that gammas of different joins choosing alike
// between equal values get one number (validate/gvn_gated.go says why
// that holds). A gate's atoms are not operands, so the registers gates
// read are pinned: never removed, though their uses may be replaced.

package gvn

import (
	"strings"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
	"github.com/vssa-go/vssa/ir/pred"
)

// gated is what the numbering and the walk know of f's gates; nil for
// a function without gated instructions.
type gated struct {
	pinned []bool // register → a gate or a branch reads it
	// across is per register: a gamma that reads its gates and
	// arguments only from registers defined outside the blocks its
	// join dominates, whose key leaves its block out.
	across []bool
}

// newGated returns f's gates' facts, or nil if f has no gated
// instruction; ungated: no gamma is numbered across joins.
func newGated(f *ir.Func, dom *graph.DomTree, ungated bool) *gated {
	var g *gated
	for _, b := range f.Blocks {
		for _, list := range [2][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				if !in.Op.IsGated() {
					continue
				}
				if g == nil {
					g = &gated{pinned: make([]bool, f.NumRegs()), across: make([]bool, f.NumRegs())}
				}
				for _, p := range in.Gates() {
					for _, r := range p.Regs() {
						g.pinned[r] = true
					}
				}
			}
		}
	}
	if g == nil {
		return nil
	}
	// Branches keep their conditions: gates are the path predicates
	// over them, which gsa-destruct computes again from the branches.
	for _, b := range f.Blocks {
		if t := b.Terminator(); t != nil && t.Op == ir.OpIf {
			g.pinned[t.Args()[0]] = true
		}
	}
	if ungated {
		return g
	}
	def := make([]int32, f.NumRegs())
	for i := range def {
		def[i] = -1 // parameters, free variables, nowhere
	}
	for _, b := range f.Blocks {
		for _, list := range [2][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				for _, d := range in.Dsts() {
					def[d] = int32(b.Index)
				}
			}
		}
	}
	before := func(j int, r ir.Reg) bool {
		return r == ir.NoReg || def[r] < 0 || !dom.Dominates(j, int(def[r]))
	}
	for _, b := range f.Blocks {
		for _, phi := range b.Phis {
			if phi.Op != ir.OpGamma {
				continue
			}
			ok := true
			for _, a := range phi.Args() {
				ok = ok && before(b.Index, a)
			}
			for _, p := range phi.Gates() {
				for _, r := range p.Regs() {
					ok = ok && before(b.Index, ir.Reg(r))
				}
			}
			g.across[phi.Dst()] = ok
		}
	}
	return g
}

// isPinned reports whether a gate or (on GSA form) a branch reads d.
func (g *gated) isPinned(d ir.Reg) bool { return g != nil && g.pinned[d] }

// gatesID returns the id of a gamma's gates with atoms read as numbers
// (an atom not numbered yet as itself), or false if they are not
// pairwise exclusive so numbered: such a gamma numbers itself.
func (n *numbering) gatesID(phi *ir.Instr) (int32, bool) {
	gs := phi.Gates()
	num := make([]pred.Pred, len(gs))
	var sb strings.Builder
	for i, g := range gs {
		num[i] = pred.Rename(g, func(r int32) int32 {
			if v := n.num[r]; v != top {
				return int32(v)
			}
			return r
		})
		for j := 0; j < i; j++ {
			if !pred.Exclusive(num[j], num[i]) {
				return 0, false
			}
		}
		sb.WriteString(num[i].String())
		sb.WriteByte(';')
	}
	return n.strID(sb.String()), true
}

// keepsOperands reports whether in, on GSA form, reads its operands as
// they are: a branch, whose condition gates are over.
func (g *gated) keepsOperands(in *ir.Instr) bool { return g != nil && in.Op == ir.OpIf }
