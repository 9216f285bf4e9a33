// This file is the pass: find headers by dominance, merge their back
// edges and their entry edges.

package loopnorm

import (
	"slices"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Run gives each loop header of the normalised RTL function f at most
// one back edge and one entry edge.
func Run(f *ir.Func) (*ir.Func, *validate.NormalizeHints, error) {
	dom := f.CFG().Dom
	var headers []int
	for _, b := range f.Blocks {
		latches, entries := 0, 0
		for _, p := range b.Preds {
			if dom.Dominates(b.Index, p) {
				latches++
			} else {
				entries++
			}
		}
		if latches > 0 && (latches > 1 || entries > 1) {
			headers = append(headers, b.Index)
		}
	}
	if len(headers) == 0 {
		return f, &validate.NormalizeHints{}, nil
	}
	g := f.Clone()
	h := &validate.NormalizeHints{}
	for i := range g.Blocks {
		h.Old = append(h.Old, i)
	}
	for _, hd := range headers {
		var latches, entries []int
		for _, p := range g.Blocks[hd].Preds {
			if dom.Dominates(hd, p) {
				latches = append(latches, p)
			} else {
				entries = append(entries, p)
			}
		}
		for _, group := range [][]int{entries, latches} {
			if len(group) > 1 {
				merge(g, hd, group)
				h.Old = append(h.Old, -1)
			}
		}
	}
	return g, h, nil
}

// merge redirects the edges from blocks ps (jumps) into hd to a new block
// that jumps to hd.
func merge(g *ir.Func, hd int, ps []int) {
	nb := g.NewBlock()
	pos := g.Blocks[hd].Instrs[0].Pos
	nb.Instrs = []*ir.Instr{ir.NewInstr(ir.OpJump, pos, nil, nil)}
	for _, p := range ps {
		b := g.Blocks[p]
		for s := range b.Succs {
			if b.Succs[s] == hd {
				b.Succs[s] = nb.Index
			}
		}
	}
	nb.Preds = slices.Clone(ps)
	h := g.Blocks[hd]
	h.Preds = slices.DeleteFunc(h.Preds, func(p int) bool { return slices.Contains(ps, p) })
	h.Preds = append(h.Preds, nb.Index)
	nb.Succs = []int{hd}
}
