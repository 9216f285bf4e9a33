// This file is the redundant zero-check detection of §4.3 (Figure 6):
// one depth-first walk of the dominator tree of the regions.

package son

import "github.com/vssa-go/vssa/ir"

// Covered is a redundant zero check (Definition 4.1): the divcheck
// Check, and By, a divcheck of the same register that strictly
// dominates it (an earlier effect of its region, or one of a region
// strictly dominating its region).
type Covered struct{ Check, By ID }

// RedundantZeroChecks returns the divchecks of g covered by another,
// in the order the walk meets them: Figure 6's Analyse, where the
// paper's ZeroCheck(r, x), a control node ending region r, is a
// divcheck effect of vssa's chain. An effect at position i of a chain
// runs before the effects after it in the same step, so position i
// dominates position j > i of its region as a region dominates those
// below it, and the walk visits a chain in its order.
//
// Two differences from the paper's figure, both about what "the same
// x" and "dominates" mean in vssa's graph:
//
//   - the divisor is a register, not a node: a node with several
//     results (a call, a comma-ok lookup) is the input of each, and
//     its results need not be equal; and a copy is its operand (Click's
//     graph has no copies, and mem2reg leaves one per use of a
//     variable): a copy's result equals its operand wherever the copy
//     is defined, and the operand is not redefined between the two
//     checks, since its definition dominates the first (CopyRoot);
//   - the recover block is a child of the entry in Dom, but it is
//     entered after a recovered panic anywhere, also before the
//     entry's checks ran: its subtree starts with nothing known
//     (Corollary 4.2 needs every path to the check through the
//     dominating one, which that edge does not give).
//
// The walk saves the register's flag before a check sets it and
// restores it after the region's subtree (lines 7, 9 and 12), so a
// check covers exactly the checks its region dominates: Lemmas 4.5
// and 4.6.
func RedundantZeroChecks(g *Graph) []Covered {
	var out []Covered
	nonZero := map[ir.Reg]ID{} // the check that set the flag, by divisor
	var walk func(b int)
	walk = func(b int) {
		var set []ir.Reg // the flags this region's checks set
		for _, e := range g.Chains[b] {
			in := g.Nodes[e].Instr
			if in.Op != ir.OpDivCheck {
				continue
			}
			x := CopyRoot(g, in.Args()[0])
			by, had := nonZero[x]
			if had {
				out = append(out, Covered{Check: e, By: by})
				continue // the flag is set already, by a dominating check
			}
			set = append(set, x)
			nonZero[x] = e
		}
		for _, c := range g.Dom.Children(b) {
			if c == g.Func.Recover && b == g.Dom.Entry() {
				outer := nonZero
				nonZero = map[ir.Reg]ID{}
				walk(c)
				nonZero = outer
				continue
			}
			walk(c)
		}
		// Line 12: a flag set here was clear before (a set one covers
		// the check instead), so restoring is clearing.
		for _, x := range set {
			delete(nonZero, x)
		}
	}
	walk(g.Dom.Entry())
	return out
}

// CopyRoot returns the register x copies, through chains of copies, or
// x if it is not a copy's result. (In SSA the chain ends; the bound is
// for a cycle of copies in unreachable code.)
func CopyRoot(g *Graph, x ir.Reg) ir.Reg {
	for range len(g.Nodes) {
		d := g.Def[x]
		if d == None || g.Nodes[d].Instr == nil || g.Nodes[d].Instr.Op != ir.OpCopy {
			break
		}
		x = g.Nodes[d].Instr.Args()[0]
	}
	return x
}
