// This file lets the checker accept a function reading each instruction
// once. The stages of run read the instructions twice (the scan, then
// the discipline's rules about uses), and the second read cost about as
// much as the first on large functions, whose instructions are no longer
// in the cache by then. Here the edges and the dominator tree come
// first, and the scan checks each operand as it reads it: against the
// definition it has seen if there is one, else (a use read before its
// definition, as in a loop laid out before its header) once all are
// counted.
//
// The one read only accepts. At the first sign of a violation it stops
// and run starts over with its stages, which find and report every
// violation as they always have: both accept exactly the same functions
// (see checkOnce), and the errors are always the stages'.

package ir

// pendingUse is an operand whose rule the scan could not decide when it
// read it: the register had no definition yet, or (in RTL) its one
// definition so far did not dominate the use, which a second definition
// later would excuse.
type pendingUse struct {
	block, index int32 // where the use is (index: phis first)
	reg          Reg
}

// checkOnce checks f with one read of its instructions and reports
// whether f is well formed; if not, it leaves the checker as it found
// it, for the stages of run.
//
// It accepts exactly what the stages accept. Both run the same scan,
// and the same edge checks (here before the scan: first that every edge
// stays among the blocks, which the scan's block ends check there). What
// the discipline's stage checks of each operand, once every definition
// is counted, is checked here at the use, or at the end for a pending
// one:
//
//   - a use whose register has one definition so far, which dominates
//     it: should a second definition come later, SSA rejects that
//     (unique-def, found by the scan) and RTL asks nothing of a register
//     defined twice, so the use holds whatever follows;
//   - in RTL, a use whose register has two definitions so far holds, for
//     the same reason;
//   - any other use is pending, and holds if in the end its register has
//     one definition, which dominates it (or, in RTL, several).
//
// Every block is reachable here (else the edge checks fail), so the
// stage's other cases do not arise. The rules about phis (SSA) run
// after the scan, as the stage runs them.
func (c *checker) checkOnce() bool {
	if !c.edgesInRange() {
		return false
	}
	if !c.checkEdges() || len(c.errs) > 0 {
		c.restart()
		return false
	}
	c.scratch.pending = c.scratch.pending[:0]
	c.once = true
	c.scan()
	c.once = false
	ok := c.regsOK && len(c.errs)+len(c.instrErrs)+len(c.discErrs) == 0 && c.pendingHold()
	if ok && c.d != RTL {
		for _, b := range c.f.Blocks {
			c.ssaBlock(b)
		}
		ok = len(c.errs) == 0
	}
	if !ok {
		c.restart()
	}
	return ok
}

// edgesInRange reports whether every edge and the recover block stay
// among f's blocks, as checkEdges needs.
func (c *checker) edgesInRange() bool {
	n := len(c.f.Blocks)
	if r := c.f.Recover; r != -1 && (r <= 0 || r >= n) {
		return false
	}
	for _, b := range c.f.Blocks {
		for _, s := range b.Succs {
			if s < 0 || s >= n {
				return false
			}
		}
		for _, p := range b.Preds {
			if p < 0 || p >= n {
				return false
			}
		}
	}
	return true
}

// restart forgets the errors found, for the stages of run to start
// afresh (the scan starts its counts and fingerprint anew).
func (c *checker) restart() {
	c.errs, c.instrErrs, c.discErrs = nil, nil, nil
	c.sink = toErrs
}

// useNow decides the rule about operand a at index i of block b (phis
// first; not a phi's operand) if it can, or leaves it pending.
func (c *checker) useNow(b, i int, a Reg) {
	switch d := c.counts.Defs[a]; {
	case d == 1 && available(c.dom, c.scratch.sites[a], b, i):
	case d >= 2 && c.d == RTL:
	default:
		c.scratch.pending = append(c.scratch.pending, pendingUse{int32(b), int32(i), a})
	}
}

// pendingHold reports whether every pending use holds, now that every
// definition is counted.
func (c *checker) pendingHold() bool {
	for _, u := range c.scratch.pending {
		switch d := c.counts.Defs[u.reg]; {
		case d == 1 && available(c.dom, c.scratch.sites[u.reg], int(u.block), int(u.index)):
		case d >= 2 && c.d == RTL:
		default:
			return false
		}
	}
	return true
}
