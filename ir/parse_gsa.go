// This file parses the gated operands of gamma and eta: "[gate] r, …",
// a gate being "true", "false" or cubes joined by "|", each literals
// ("r3", "!r3") joined by "&".

package ir

import "github.com/vssa-go/vssa/ir/pred"

// gatedOperands reads "[g0] x0, [g1] x1, …" up to the end of line and
// sets in's gates.
func (p *parser) gatedOperands(in *Instr) []Reg {
	var args []Reg
	var gates []pred.Pred
	for p.tok.kind != tNewline && p.tok.kind != tEOF {
		if len(args) > 0 {
			p.expectPunct(",")
		}
		p.expectPunct("[")
		gates = append(gates, p.gate())
		p.expectPunct("]")
		args = append(args, p.useReg())
	}
	in.SetGates(gates)
	return args
}

// gate reads one predicate.
func (p *parser) gate() pred.Pred {
	if p.isWord("false") {
		p.next()
		return nil
	}
	var g pred.Pred
	for {
		var c pred.Cube
		if p.isWord("true") {
			p.next()
		} else {
			for {
				neg := p.isPunct("!")
				if neg {
					p.next()
				}
				c = append(c, pred.Lit{Reg: int32(p.useReg()), Neg: neg})
				if !p.isPunct("&") {
					break
				}
				p.next()
			}
		}
		g = append(g, c)
		if !p.isPunct("|") {
			return g
		}
		p.next()
	}
}
