// This file is the gated rule of the GVN check (on GSA form): gammas of
// different joins with the same gates over congruent conditions and
// congruent arguments are congruent.
//
// Why it holds. Let g1 at join J1 and g2 at join J2 have gates that,
// with each atom renamed to its class's number, are the same list and
// pairwise exclusive, and arguments of equal numbers. A use that reads
// one for the other is dominated by both joins (the replacement rule),
// so one dominates the other, say J1 dominates J2, and from the last
// time J1 ran to the time J2 runs no block runs that J1 does not
// dominate (else a path from the entry to J2 avoids J1). So a register
// defined outside the blocks J1 dominates, as g1's atoms and arguments
// must be (gatedLater), holds at J2 what it held at J1. Gates are
// monotone in their atoms (an undefined atom becoming defined never
// turns 1 into 0 or ½), and registers of one class defined at both
// times hold one value, so the state that defines each number's atom
// where either join's state does makes g1's chosen gate k and g2's
// chosen gate j both 1; exclusive, k = j, and g1's argument k (as at
// J1) and g2's (numbered alike) hold one value.

package validate

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/pred"
)

// numbered is gate p with every atom renamed to its class's number.
func (c *gvnCheck) numbered(p pred.Pred) pred.Pred {
	return pred.Rename(p, func(r int32) int32 {
		if r >= 0 && int(r) < len(c.num) {
			return int32(c.num[r])
		}
		return r
	})
}

// sameGates reports whether two gammas have the same gates, their atoms
// read as numbers, pairwise exclusive as numbered.
func (c *gvnCheck) sameGates(a, b *ir.Instr) bool {
	ga, gb := a.Gates(), b.Gates()
	if len(ga) != len(gb) {
		return false
	}
	na := make([]pred.Pred, len(ga))
	for i := range ga {
		na[i] = c.numbered(ga[i])
		if !na[i].Equal(c.numbered(gb[i])) {
			return false
		}
	}
	for i := range na {
		for j := i + 1; j < len(na); j++ {
			if !pred.Exclusive(na[i], na[j]) {
				return false
			}
		}
	}
	return true
}

// gatedLater checks each pair of gammas of different joins found
// congruent: each reads its gates' atoms and its arguments only from
// registers defined outside the blocks its join dominates.
func (c *gvnCheck) gatedLater() error {
	for _, pair := range c.across {
		for _, g := range pair {
			at := c.def[g]
			j := int(at.block)
			b := c.f.Blocks[j]
			in := b.Phis[phiAt(b, g)] // a gamma is among the phis
			regs := append([]ir.Reg(nil), in.Args()...)
			for _, p := range in.Gates() {
				for _, r := range p.Regs() {
					regs = append(regs, ir.Reg(r))
				}
			}
			for _, r := range regs {
				if r < 0 || int(r) >= len(c.def) {
					continue
				}
				if db := int(c.def[r].block); db >= 0 && c.dom.Dominates(j, db) {
					return c.r.at(b, in, RuleNumbering, "gamma %s is numbered with a gamma of another join, but reads %s, defined where its join dominates, want gates and arguments from before the join", g, r)
				}
			}
		}
	}
	return nil
}

// phiAt is the index of the phi (gamma, mu) of b defining d.
func phiAt(b *ir.Block, d ir.Reg) int {
	for i, phi := range b.Phis {
		if phi.Dst() == d {
			return i
		}
	}
	return -1
}

// keptAtoms checks that the atoms of the result's gates are defined
// where the input defines them: a gate reads its atoms, though they are
// not operands, so their definitions must stay.
func (c *gvnCheck) keptAtoms(after *ir.Func) error {
	for _, b := range after.Blocks {
		for _, list := range [2][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				for _, p := range in.Gates() {
					for _, r := range p.Regs() {
						if r >= 0 && int(r) < len(c.def) && c.def[r].block >= 0 && !c.kept[r] {
							return c.r.at(b, in, RuleReplace, "gate reads r%d, whose definition is removed, want it kept", r)
						}
					}
				}
			}
		}
	}
	return nil
}
