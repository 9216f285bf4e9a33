// This file combines hand-written byte loads into one load, as gc
// does: uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 |
// uint32(b[3])<<24 is one MOVL, the same bytes in the other order one
// MOVL and a BSWAPL, and likewise at 16 and 64 bits. The shapes are
// gc's: an OR tree of N zero-extended byte loads, each shifted by 8
// times its place, of N consecutive bytes (N = 2, 4 or 8), making an
// N-byte integer, zero-extended to the OR's type (sign-extended when N
// is the width of a signed type).
//
// The combined load takes the place of the tree's root, after every
// byte load and every bounds check among them: the checks still run,
// in their order, before any byte is read, and nothing between the
// first byte load and the root may write memory or panic otherwise (a
// nil check of the base comes before the first byte, as lowered).

package native

import "sort"

// byteTerm is a byte load of an OR tree, shifted left by shift bits.
type byteTerm struct {
	ld    *Instr
	shift int64
	// index and disp: the load's index register with a constant added
	// to it folded into the displacement (b[j+1] as (B)(j*1)+1).
	index Value
	disp  int64
}

// combineLoads applies the combination to every block of m.
func combineLoads(m *Func) {
	uses := readCounts(m)
	// An index's x+k may be defined in an earlier block (combineChecks
	// computes it for the run's first check before the fast side);
	// the form is SSA, so x is defined wherever x+k is.
	defs := definitions(m)
	for _, b := range m.Blocks {
		pos := map[Value]int{}
		for i, in := range b.Instrs {
			if in.Dst != NoValue {
				pos[in.Dst] = i
			}
		}
		def := func(v Value) *Instr {
			if i, ok := pos[v]; ok {
				return b.Instrs[i]
			}
			return nil
		}
		dead := map[*Instr]bool{}
		var inserted []struct {
			at int
			in *Instr
		}
		// From the last instruction back: a tree's root before its
		// subtrees, which would otherwise combine first, in part.
		for r := len(b.Instrs) - 1; r >= 0; r-- {
			root := b.Instrs[r]
			if dead[root] || !orOf(root) {
				continue
			}
			w := root.Width
			if w < 2 {
				continue
			}
			var terms []byteTerm
			var interior []*Instr
			// flatten adds the terms under v, read once, to terms.
			var flatten func(v Value, shift int64) bool
			flatten = func(v Value, shift int64) bool {
				in := def(v)
				if in == nil || uses[v] != 1 || dead[in] || len(terms) > w {
					return false
				}
				switch {
				case orOf(in) && in.Width == w && in.Signed == root.Signed:
					interior = append(interior, in)
					return flatten(in.Args[0], shift) && flatten(in.Args[1], shift)
				case in.Op == OpShift && in.Bin == BinShl && in.HasImm && in.Width == w && in.Signed == root.Signed && shift == 0 && in.Imm%8 == 0 && in.Imm < int64(8*w):
					interior = append(interior, in)
					return flatten(in.Args[0], in.Imm)
				case in.Op == OpExt && !in.Signed && in.Width >= w:
					interior = append(interior, in)
					return flatten(in.Args[0], shift)
				case in.Op == OpLoad && in.Width == 1 && !in.Signed && !in.Float && in.Mem.Scale <= 1:
					t := byteTerm{ld: in, shift: shift, index: in.Mem.Index, disp: in.Mem.Disp}
					if t.index != NoValue {
						if x, k := checkBase(defs, t.index); x != NoValue {
							t.index, t.disp = x, t.disp+k
						}
					}
					terms = append(terms, t)
					return true
				}
				return false
			}
			if !flatten(root.Args[0], 0) || !flatten(root.Args[1], 0) {
				continue
			}
			// n bytes make an n-byte integer, zero-extended to the
			// root's width.
			n := len(terms)
			if n != 2 && n != 4 && n != 8 {
				continue
			}
			sort.Slice(terms, func(i, j int) bool { return terms[i].shift < terms[j].shift })
			little, big := true, true
			first := terms[0]
			for k, t := range terms {
				m0, mk := first.ld.Mem, t.ld.Mem
				if t.shift != int64(8*k) || mk.Base != m0.Base || t.index != first.index || mk.Sym != m0.Sym || mk.Local != m0.Local {
					little, big = false, false
					break
				}
				little = little && t.disp == first.disp+int64(k)
				big = big && t.disp == first.disp-int64(k)
			}
			// A signed result of all its width's bytes is the load's
			// sign-extended (a byte-swapped one would need extending
			// after the swap); of fewer, it is not negative.
			signed := root.Signed && n == w
			if !little && !big || signed && !little {
				continue
			}
			low := first // the term at the lowest address
			if big {
				low = terms[n-1]
			}
			// Between the first byte load and the root, nothing may
			// write memory, nor panic but the bytes' own checks (a
			// bounds or nil check: the loads' index and pointer
			// computations are quiet).
			from := r
			for _, t := range terms {
				from = min(from, pos[t.ld.Dst])
			}
			between := true
			for _, in := range b.Instrs[from:r] {
				if !quiet(in) && in.Op != OpBounds && in.Op != OpNil {
					between = false
				}
			}
			if !between {
				continue
			}
			mem := low.ld.Mem
			mem.Index, mem.Disp = low.index, low.disp
			ld := &Instr{Op: OpLoad, Width: n, Signed: signed, Mem: mem, Args: mem.args(), Pos: root.Pos}
			if little {
				ld.Dst = root.Dst
				b.Instrs[r] = ld
			} else {
				ld.Dst = m.newValue(GP, false)
				inserted = append(inserted, struct {
					at int
					in *Instr
				}{r, ld})
				b.Instrs[r] = &Instr{Op: OpIntrinsic, Intr: IntrBswap, Dst: root.Dst, Width: n, Args: []Value{ld.Dst}, Pos: root.Pos}
			}
			for _, in := range interior {
				dead[in] = true
			}
			for _, t := range terms {
				dead[t.ld] = true
			}
		}
		if len(dead) == 0 {
			continue
		}
		sort.Slice(inserted, func(i, j int) bool { return inserted[i].at < inserted[j].at })
		var kept []*Instr
		k := 0
		for i, in := range b.Instrs {
			for k < len(inserted) && inserted[k].at == i {
				kept = append(kept, inserted[k].in)
				k++
			}
			if !dead[in] {
				kept = append(kept, in)
			}
		}
		b.Instrs = kept
	}
}

// orOf reports whether in is an OR of two integer registers.
func orOf(in *Instr) bool {
	return in.Op == OpBin && in.Bin == BinOr && !in.HasImm && !in.MemY && !in.Float && len(in.Args) == 2
}
