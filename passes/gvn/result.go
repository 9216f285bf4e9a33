// This file removes what is left dead and builds the result.

package gvn

import (
	"slices"

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
// read. The walk counted the uses by kept instructions and listed the
// candidates among them; the phis' are counted here, once every
// replacement is known.
func (w *walk) removeDead() {
	f := w.f
	uses := w.uses
	for b, blk := range f.Blocks {
		for i, phi := range blk.Phis {
			if w.phiRemoved(b, i) {
				continue
			}
			renames := false
			for _, a := range phi.Args() {
				if r := w.resolve(a); r != a {
					renames = true
					uses[r]++
				} else {
					uses[a]++
				}
			}
			if renames {
				w.dirty[b] = true
				w.nNew++
				w.nNewRegs += len(phi.Regs())
			}
			w.candidates = append(w.candidates, candidate{place{int32(b), int32(-i - 1)}, phi.Dst()})
		}
	}
	if g := w.n.gated; g != nil {
		for r, p := range g.pinned {
			if p {
				uses[r]++ // a gate reads it
			}
		}
	}
	work := w.n.s.work[:0]
	defer func() { w.n.s.work, w.n.s.candidates = work[:0], w.candidates[:0] }()
	// dead reports whether the kept definition at (b, k) may go.
	dead := func(b int, k int32) bool {
		blk := f.Blocks[b]
		if k < 0 {
			return !w.phiRemoved(b, int(-k-1)) && uses[blk.Phis[-k-1].Dst()] == 0
		}
		in := blk.Instrs[k]
		if w.fate[w.mem.offset[b]+int(k)] == removed || len(in.Dsts()) == 0 || !f.CannotPanic(in) {
			return false
		}
		for _, d := range in.Dsts() {
			if uses[d] > 0 {
				return false
			}
		}
		return true
	}
	for _, c := range w.candidates {
		if c.d == ir.NoReg && dead(int(c.at.block), c.at.index) || c.d != ir.NoReg && uses[c.d] == 0 {
			work = append(work, c.at)
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
			w.removePhi(b, i)
		} else {
			in = f.Blocks[b].Instrs[p.index]
			pos := w.mem.offset[b] + int(p.index)
			wasFolded := w.fate[pos] == folded
			w.fate[pos] = removed
			w.nRemoved++
			w.dirty[b] = true
			if wasFolded {
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

func (w *walk) phiRemoved(b, i int) bool { return w.phiGone[w.phiOff[b]+i] }

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
// consts; f itself if nothing changed. Unchanged instructions are
// shared with f; the lists are the copy's own, those of the blocks that
// change filled from f's here. It also lists the removals, for the
// hints.
func (w *walk) result() (*ir.Func, []validate.Removal) {
	f := w.f
	if !slices.Contains(w.dirty, true) {
		return f, nil
	}
	g := f.ShallowCloneExcept(w.dirty)
	rs := make([]validate.Removal, 0, w.nRemoved)
	var a ir.Arena
	a.Reserve(w.nNew, w.nNewRegs)
	for b, blk := range g.Blocks {
		if !w.dirty[b] {
			continue
		}
		src := f.Blocks[b]
		phis := blk.Phis
		for i, phi := range src.Phis {
			if w.phiRemoved(b, i) {
				rs = append(rs, validate.Removal{Block: int32(b), Phi: true, Index: int32(i), CoverBlock: -1})
			} else {
				phis = append(phis, w.renamed(&a, phi))
			}
		}
		blk.Phis = phis
		instrs := blk.Instrs
		for k, in := range src.Instrs {
			pos := w.mem.offset[b] + k
			switch w.fate[pos] {
			case removed:
				r := validate.Removal{Block: int32(b), Index: int32(k), CoverBlock: -1}
				if c := w.cover[pos]; c.block >= 0 {
					r.CoverBlock, r.CoverIndex = c.block, c.index
				}
				rs = append(rs, r)
			case folded:
				c := a.Make(ir.OpConst, in.Pos)
				a.SetRegs(c, in.Dsts(), nil)
				c.Aux = a.NewAux(ir.Aux{Const: w.n.constant(w.n.num[in.Dst()])})
				instrs = append(instrs, c)
			case renamed:
				instrs = append(instrs, w.renamed(&a, in))
			default:
				instrs = append(instrs, in)
			}
		}
		blk.Instrs = instrs
	}
	return g, rs
}

// renamed is in reading through the replacements: in itself if it
// reads no replaced register, else a copy made in arena.
func (w *walk) renamed(arena *ir.Arena, in *ir.Instr) *ir.Instr {
	for i, a := range in.Args() {
		if w.resolve(a) != a {
			c := arena.New(in)
			args := c.Args()
			for j := i; j < len(args); j++ {
				args[j] = w.resolve(args[j])
			}
			return c
		}
	}
	return in
}
