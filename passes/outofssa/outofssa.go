// This file implements the out-of-SSA pass and the sequentialisation of
// parallel moves.

package outofssa

import (
	"fmt"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Run replaces f's phis by copies on the incoming edges.
func Run(f *ir.Func) (*ir.Func, *validate.OutOfSSAHints, error) {
	g := f.ShallowClone() // only instruction lists change
	hints := &validate.OutOfSSAHints{}
	for _, b := range g.Blocks {
		if len(b.Phis) == 0 {
			continue
		}
		for k, p := range b.Preds {
			pred := g.Blocks[p]
			term := pred.Terminator()
			if term == nil || term.Op != ir.OpJump {
				return nil, nil, fmt.Errorf("outofssa: %s: edge b%d→b%d does not leave a jump (CFG not normalised)", f.Name, p, b.Index)
			}
			var moves []move
			for _, phi := range b.Phis {
				if phi.Args()[k] != phi.Dsts()[0] {
					moves = append(moves, move{dst: phi.Dsts()[0], src: phi.Args()[k]})
				}
			}
			seq := sequentialize(moves, func(like ir.Reg) ir.Reg {
				t := g.NewReg(g.TypeOf(like))
				hints.Temps = append(hints.Temps, t)
				return t
			})
			copies := make([]*ir.Instr, len(seq))
			for i, m := range seq {
				copies[i] = ir.NewInstr(ir.OpCopy, term.Pos, []ir.Reg{m.dst}, []ir.Reg{m.src})
			}
			n := len(pred.Instrs)
			pred.Instrs = append(append(pred.Instrs[:n-1:n-1], copies...), term)
		}
		b.Phis = nil
	}
	return g, hints, nil
}

type move struct{ dst, src ir.Reg }

// sequentialize orders a parallel assignment (distinct destinations) as
// sequential copies: a move whose destination no pending move reads can
// go now; when only cycles remain, one temporary breaks each cycle.
func sequentialize(moves []move, newTemp func(like ir.Reg) ir.Reg) []move {
	var out []move
	pending := append([]move(nil), moves...)
	for len(pending) > 0 {
		progress := false
		for i := 0; i < len(pending); i++ {
			m := pending[i]
			blocked := false
			for j, o := range pending {
				if j != i && o.src == m.dst {
					blocked = true
					break
				}
			}
			if blocked {
				continue
			}
			out = append(out, m)
			pending = append(pending[:i], pending[i+1:]...)
			i--
			progress = true
		}
		if progress {
			continue
		}
		// Every pending move is on a cycle: save one source in a
		// temporary and read it from there.
		m := pending[0]
		t := newTemp(m.src)
		out = append(out, move{dst: t, src: m.src})
		for i := range pending {
			if pending[i].src == m.src {
				pending[i].src = t
			}
		}
	}
	return out
}
