// This file removes what is left dead and builds the result.

package gvn

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// resolve is the register a use of x reads in the result.
func (w *walk) resolve(x ir.Reg) ir.Reg {
	if x != ir.NoReg && w.replace[x] != ir.NoReg {
		return w.replace[x]
	}
	return x
}

// removeDead removes the phis and the instructions without effects
// whose results the result no longer reads, and then what only they
// read.
func (w *walk) removeDead() {
	f := w.f
	uses := sized(&w.n.s.uses, f.NumRegs())
	for b, blk := range f.Blocks {
		for i, phi := range blk.Phis {
			if !w.phiRemoved(b, i) {
				for _, a := range phi.Args() {
					uses[w.resolve(a)]++
				}
			}
		}
		for k, in := range blk.Instrs {
			if !w.removed[w.mem.offset[b]+k] && !w.folded[w.mem.offset[b]+k] {
				for _, a := range in.Args() {
					if a != ir.NoReg {
						uses[w.resolve(a)]++
					}
				}
			}
		}
	}
	// dead reports whether the kept definition at (b, k) may go.
	work := w.n.s.work[:0]
	defer func() { w.n.s.work = work[:0] }()
	dead := func(b int, k int32) bool {
		blk := f.Blocks[b]
		if k < 0 {
			return !w.phiRemoved(b, int(-k-1)) && uses[blk.Phis[-k-1].Dst()] == 0
		}
		in := blk.Instrs[k]
		if w.removed[w.mem.offset[b]+int(k)] || len(in.Dsts()) == 0 || !f.CannotPanic(in) {
			return false
		}
		for _, d := range in.Dsts() {
			if uses[d] > 0 {
				return false
			}
		}
		return true
	}
	for b, blk := range f.Blocks {
		for i := range blk.Phis {
			if dead(b, int32(-i-1)) {
				work = append(work, place{int32(b), int32(-i - 1)})
			}
		}
		for k := range blk.Instrs {
			if dead(b, int32(k)) {
				work = append(work, place{int32(b), int32(k)})
			}
		}
	}
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		b := int(p.block)
		if !dead(b, p.index) {
			continue
		}
		var in *ir.Instr
		if p.index < 0 {
			i := int(-p.index - 1)
			in = f.Blocks[b].Phis[i]
			if w.phiGone[b] == nil {
				w.phiGone[b] = make([]bool, len(f.Blocks[b].Phis))
			}
			w.phiGone[b][i] = true
			w.nRemoved++
		} else {
			in = f.Blocks[b].Instrs[p.index]
			w.removed[w.mem.offset[b]+int(p.index)] = true
			w.nRemoved++
			if w.folded[w.mem.offset[b]+int(p.index)] {
				continue // a const reads nothing
			}
		}
		for _, a := range in.Args() {
			if a == ir.NoReg {
				continue
			}
			a = w.resolve(a)
			if uses[a]--; uses[a] == 0 {
				if d := w.defAt[a]; d.block >= 0 {
					if d.index < 0 {
						work = append(work, place{d.block, int32(-phiIndex(f.Blocks[d.block], a) - 1)})
					} else {
						work = append(work, d)
					}
				}
			}
		}
	}
}

func (w *walk) phiRemoved(b, i int) bool { return w.phiGone[b] != nil && w.phiGone[b][i] }

func phiIndex(b *ir.Block, d ir.Reg) int {
	for i, phi := range b.Phis {
		if phi.Dst() == d {
			return i
		}
	}
	return -1
}

// result builds the function: f's blocks without what is removed, the
// operands read through the replacements, folded instructions as
// consts. Unchanged instructions are shared with f; the lists are the
// copy's own, filtered in place. It also lists the removals, for the
// hints.
func (w *walk) result() (*ir.Func, []validate.Removal) {
	f := w.f
	g := f.ShallowClone()
	rs := make([]validate.Removal, 0, w.nRemoved)
	for b, blk := range g.Blocks {
		if w.phiGone[b] != nil || w.renames(blk.Phis) {
			phis := blk.Phis[:0]
			for i, phi := range blk.Phis {
				if w.phiRemoved(b, i) {
					rs = append(rs, validate.Removal{Block: b, Phi: true, Index: i, CoverBlock: -1})
				} else {
					phis = append(phis, w.renamed(phi))
				}
			}
			blk.Phis = phis
		}
		instrs := blk.Instrs[:0]
		for k, in := range blk.Instrs {
			pos := w.mem.offset[b] + k
			switch {
			case w.removed[pos]:
				r := validate.Removal{Block: b, Index: k, CoverBlock: -1}
				if c := w.cover[pos]; c.block >= 0 {
					r.CoverBlock, r.CoverIndex = int(c.block), int(c.index)
				}
				rs = append(rs, r)
			case w.folded[pos]:
				c := ir.NewInstr(ir.OpConst, in.Pos, in.Dsts(), nil)
				c.SetConst(w.n.consts[w.n.num[in.Dst()]])
				instrs = append(instrs, c)
			default:
				instrs = append(instrs, w.renamed(in))
			}
		}
		blk.Instrs = instrs
	}
	return g, rs
}

// renames reports whether an instruction of the list reads a replaced
// register.
func (w *walk) renames(list []*ir.Instr) bool {
	for _, in := range list {
		for _, a := range in.Args() {
			if w.resolve(a) != a {
				return true
			}
		}
	}
	return false
}

// renamed is in reading through the replacements: in itself if it
// reads no replaced register, else a copy.
func (w *walk) renamed(in *ir.Instr) *ir.Instr {
	for i, a := range in.Args() {
		if w.resolve(a) != a {
			c := in.Clone()
			args := c.Args()
			for j := i; j < len(args); j++ {
				args[j] = w.resolve(args[j])
			}
			return c
		}
	}
	return in
}
