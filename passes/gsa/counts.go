// This file counts what gsa made of a function's phis, for the cost
// measurements (its tests, vssa bench -gsa).

package gsa

import "github.com/vssa-go/vssa/ir"

// Counts is the merge instructions of a GSA function: phis kept, γs,
// μs, and its ηs.
type Counts struct{ Phis, Gammas, Mus, Etas int }

// Count adds f's merge instructions and ηs to c.
func (c *Counts) Count(f *ir.Func) {
	for _, b := range f.Blocks {
		for _, in := range b.Phis {
			switch in.Op {
			case ir.OpPhi:
				c.Phis++
			case ir.OpGamma:
				c.Gammas++
			case ir.OpMu:
				c.Mus++
			}
		}
		for _, in := range b.Instrs {
			if in.Op == ir.OpEta {
				c.Etas++
			}
		}
	}
}
