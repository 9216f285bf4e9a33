// This file walks the dominator tree: the first register of a class met
// on the way down from the entry is its leader in the subtree below;
// the others are replaced by it.

package gvn

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
)

// place is an instruction's block and index in its Instrs.
type place struct{ block, index int32 }

// checkKey is what a check is a function of.
type checkKey struct {
	attrs uint32             // kind and flags (plain memory, no padding: one block to hash)
	args  [maxKeyArgs]ir.Reg // numbers
}

// savedCheck is a check table entry a block overwrote, restored when
// the walk leaves the block's subtree (ok: there was one).
type savedCheck struct {
	k  checkKey
	p  place
	ok bool
}

type walk struct {
	f    *ir.Func
	n    *numbering
	dom  *graph.DomTree
	mem  *memory
	recv []bool // blocks reachable from the recover block; nil without one

	// fused: the walk numbers each block (and computes its memory
	// versions) when it reaches it, visiting children in reverse
	// postorder (kids). In a function without a retreating edge that
	// numbers every operand before its uses, phis' included: a
	// predecessor P of a block B is dominated by B's immediate
	// dominator D, so it is D or lies below the child of D that
	// dominates it, which precedes P, and so B, in reverse postorder.
	fused bool
	kids  [][]int // fused: block → its children in reverse postorder

	defAt []place // register → its instruction's place (phis: index -1; parameters: block -1)

	leader  []ir.Reg // number → the leader on the current path, or NoReg
	checks  map[checkKey]place
	replace []ir.Reg // register → its replacement, or NoReg
	fate    []fate   // place → what becomes of the instruction (Instrs); phis in phiGone
	phiOff  []int    // block → the index of its first phi in phiGone
	phiGone []bool
	cover   []place // place → the cover of a removed instruction that may panic, or block -1
	dirty   []bool  // block → the result's block differs from the input's

	// Dead code removal (result.go): the uses of each register in what
	// the result keeps, and the kept definitions that go if they have
	// none, both gathered as the walk decides each instruction's fate.
	uses       []int32
	candidates []candidate

	nRemoved int // instructions and phis removed
	// The instructions the result makes (renamed or folded) and their
	// registers, or more: its arena's size.
	nNew, nNewRegs int
}

// fate is what becomes of an instruction of the input in the result.
type fate uint8

const (
	kept    fate = iota // as it is
	renamed             // with operands replaced by their leaders
	folded              // rewritten to its class's constant
	removed
)

// candidate is a kept definition without effects (phis: index
// -1-i), which goes if nothing reads its result d (NoReg: one of its
// several results).
type candidate struct {
	at place
	d  ir.Reg
}

func newWalk(f *ir.Func, n *numbering, cfg *ir.CFGInfo, fused bool) *walk {
	nr := f.NumRegs()
	s := n.s
	phiOff := sized(&s.phiOff, len(f.Blocks)+1)
	for i, b := range f.Blocks {
		phiOff[i+1] = phiOff[i] + len(b.Phis)
	}
	var recv []bool
	if f.Recover > 0 {
		recv = f.RecoverReach()
	}
	w := &s.walk
	*w = walk{f: f, n: n, dom: cfg.Dom, mem: n.mem, fused: fused,
		defAt:  filled(&s.defAt, nr, place{-1, 0}),
		leader: filled(&s.leader, nr, ir.NoReg), replace: filled(&s.replace, nr, ir.NoReg),
		checks: s.checks, cover: filled(&s.cover, len(n.mem.ver), place{-1, 0}),
		fate: sized(&s.fate, len(n.mem.ver)), dirty: sized(&s.dirty, len(f.Blocks)),
		uses: sized(&s.uses, nr), candidates: s.candidates[:0],
		phiOff: phiOff, phiGone: sized(&s.phiGone, phiOff[len(f.Blocks)]), recv: recv}
	if fused {
		w.kids = sized(&s.kids, len(f.Blocks))
		flat := sized(&s.kidsFlat, len(f.Blocks))[:0]
		for b := range f.Blocks {
			start := len(flat)
			for _, c := range w.dom.Children(b) {
				// Insertion sort: most blocks have one or two children.
				flat = append(flat, c)
				for i := len(flat) - 1; i > start && n.mem.rpoAt[flat[i]] < n.mem.rpoAt[flat[i-1]]; i-- {
					flat[i], flat[i-1] = flat[i-1], flat[i]
				}
			}
			w.kids[b] = flat[start:len(flat):len(flat)]
		}
	}
	return w
}

// children returns the blocks b immediately dominates, in the order
// the walk visits them.
func (w *walk) children(b int) []int {
	if w.fused {
		return w.kids[b]
	}
	return w.dom.Children(b)
}

// usable reports whether a leader or cover defined in block db may
// serve a use in block ub: the recover block may run after a panic in
// the middle of the entry block, so the entry block's do not serve the
// blocks it reaches.
func (w *walk) usable(db int32, ub int) bool {
	return db != 0 || w.recv == nil || !w.recv[ub]
}

// mark is where the saved leaders and checks of a block's subtree start.
type mark struct{ saved, savedChk int }

// walk visits the dominator tree in preorder, scoping leaders and
// checks to the subtree of the block that set them.
func (w *walk) walk() {
	s := w.n.s
	saved := s.saved[:0] // pairs (number, old leader)
	savedChk := s.savedChk[:0]
	stack, next, marks := append(s.stack[:0], 0), append(s.next[:0], 0), append(s.marks[:0], mark{0, 0})
	defer func() {
		s.saved, s.savedChk, s.stack, s.next, s.marks = saved, savedChk, stack, next, marks
	}()
	for _, vs := range [2][]ir.Reg{w.f.Params, w.f.FreeVars} {
		for _, v := range vs {
			w.leader[w.n.num[v]] = v
		}
	}
	w.visit(0, &saved, &savedChk)
	for len(stack) > 0 {
		top := len(stack) - 1
		b := stack[top]
		children := w.children(b)
		if next[top] < len(children) {
			c := children[next[top]]
			next[top]++
			marks = append(marks, mark{len(saved), len(savedChk)})
			stack = append(stack, c)
			next = append(next, 0)
			w.visit(c, &saved, &savedChk)
			continue
		}
		m := marks[len(marks)-1]
		for i := len(saved) - 2; i >= m.saved; i -= 2 {
			w.leader[saved[i]] = saved[i+1]
		}
		saved = saved[:m.saved]
		for i := len(savedChk) - 1; i >= m.savedChk; i-- {
			s := savedChk[i]
			if s.ok {
				w.checks[s.k] = s.p
			} else {
				delete(w.checks, s.k)
			}
		}
		savedChk = savedChk[:m.savedChk]
		marks = marks[:len(marks)-1]
		stack, next = stack[:top], next[:top]
	}
}

// visit replaces or leads with the values of block b, and decides the
// fate of each of its instructions.
func (w *walk) visit(b int, saved *[]ir.Reg, savedChk *[]savedCheck) {
	f := w.f
	blk := f.Blocks[b]
	if w.fused {
		w.mem.enter(blk)
		w.n.numberBlock(blk)
	}
	for _, phi := range blk.Phis {
		w.defAt[phi.Dst()] = place{int32(b), -1}
	}
	for i, phi := range blk.Phis {
		d := phi.Dst()
		if l := w.leaderOf(d, b); l != ir.NoReg {
			w.replace[d] = l
			if !w.n.gated.isPinned(d) {
				w.removePhi(b, i)
			}
			continue
		}
		w.lead(d, saved)
	}
	for k, in := range blk.Instrs {
		// Leaders are defined above in: their places are known.
		for _, d := range in.Dsts() {
			w.defAt[d] = place{int32(b), int32(k)}
		}
		pos := w.mem.offset[b] + k
		ft := w.decide(b, k, in, saved, savedChk)
		w.fate[pos] = ft
		switch ft {
		case removed:
			w.nRemoved++
			w.dirty[b] = true
		case folded:
			w.dirty[b] = true
			w.nNew++
			w.nNewRegs++
			w.candidates = append(w.candidates, candidate{place{int32(b), int32(k)}, in.Dst()})
		default:
			w.keep(b, k, pos, in)
		}
	}
}

// lead makes d the leader of its number on the current path.
func (w *walk) lead(d ir.Reg, saved *[]ir.Reg) {
	num := w.n.num[d]
	*saved = append(*saved, num, w.leader[num])
	w.leader[num] = d
}

// leaderOf returns d's leader on the path, if it may serve every use of
// d, which is in block b or below: the uses may be in blocks the
// recover block reaches, where an entry block's register may be
// undefined (the recover block can run after a panic in the middle of
// the entry block), so in a function with a recover block none of
// those leads.
func (w *walk) leaderOf(d ir.Reg, b int) ir.Reg {
	l := w.leader[w.n.num[d]]
	if l == ir.NoReg || !w.usable(w.defAt[l].block, b) || w.f.Recover > 0 && w.defAt[l].block == 0 {
		return ir.NoReg
	}
	return l
}

// leadOrReplace replaces each of dsts, results of an instruction of
// block b, by its leader, or makes it the leader.
func (w *walk) leadOrReplace(dsts []ir.Reg, b int, saved *[]ir.Reg) {
	for _, d := range dsts {
		if ld := w.leaderOf(d, b); ld != ir.NoReg {
			w.replace[d] = ld
		} else {
			w.lead(d, saved)
		}
	}
}

// removePhi removes phi i of block b.
func (w *walk) removePhi(b, i int) {
	w.phiGone[w.phiOff[b]+i] = true
	w.nRemoved++
	w.dirty[b] = true
}

// decide replaces or leads with the results of in, instruction k of
// block b, and returns its fate (kept, folded or removed; keep tells
// kept from renamed).
func (w *walk) decide(b, k int, in *ir.Instr, saved *[]ir.Reg, savedChk *[]savedCheck) fate {
	f := w.f
	at := place{int32(b), int32(k)}
	pos := w.mem.offset[b] + k
	if in.Op.Has(ir.IsCheck) {
		ck, ok := w.checkKey(in)
		if !ok {
			return kept
		}
		c, found := w.checks[ck]
		if found && w.usable(c.block, b) {
			w.cover[pos] = c
			return removed
		}
		*savedChk = append(*savedChk, savedCheck{ck, c, found})
		w.checks[ck] = at
		return kept
	}
	dsts := in.Dsts()
	if len(dsts) == 0 {
		return kept
	}
	l := w.leaderOf(dsts[0], b)
	if l == ir.NoReg {
		w.leadOrReplace(dsts, b, saved)
		if len(dsts) == 1 && in.Op != ir.OpConst && w.n.constant(w.n.num[dsts[0]]) != nil && f.CannotPanic(in) {
			return folded
		}
		return kept
	}
	// The leader's instruction may cover in (same key), which then goes
	// with all its results.
	lp := w.defAt[l]
	if lp.index >= 0 && lp.block >= 0 && !w.anyPinned(dsts) {
		li := f.Blocks[lp.block].Instrs[lp.index]
		if li.Op == in.Op && len(li.Dsts()) == len(dsts) && li.Dsts()[0] == l && sameNumbers(w.n.num, li.Dsts(), dsts) {
			for j, d := range dsts {
				w.replace[d] = li.Dsts()[j]
			}
			if !f.CannotPanic(in) {
				w.cover[pos] = lp
			}
			return removed
		}
	}
	w.leadOrReplace(dsts, b, saved)
	if len(dsts) == 1 && f.CannotPanic(in) && !w.n.gated.isPinned(dsts[0]) {
		return removed
	}
	return kept
}

// anyPinned reports whether a gate reads one of dsts.
func (w *walk) anyPinned(dsts []ir.Reg) bool {
	for _, d := range dsts {
		if w.n.gated.isPinned(d) {
			return true
		}
	}
	return false
}

// keep counts the uses of in, instruction k of block b at place pos,
// which the result keeps, notes whether it reads a replaced register,
// and makes it a candidate for dead code removal if it has results and
// no effects. Its operands are defined above it, so their replacements
// are final.
func (w *walk) keep(b, k, pos int, in *ir.Instr) {
	for _, a := range in.Args() {
		if a == ir.NoReg {
			continue
		}
		if r := w.replace[a]; r != ir.NoReg && !w.n.gated.keepsOperands(in) {
			a = r
			w.fate[pos] = renamed
		}
		w.uses[a]++
	}
	if w.fate[pos] == renamed {
		w.dirty[b] = true
		w.nNew++
		w.nNewRegs += len(in.Regs())
	}
	dsts := in.Dsts()
	if len(dsts) == 0 || !w.f.CannotPanic(in) {
		return
	}
	d := ir.NoReg
	if len(dsts) == 1 {
		d = dsts[0]
	}
	w.candidates = append(w.candidates, candidate{place{int32(b), int32(k)}, d})
}

// sameNumbers reports whether two lists of registers have equal numbers.
func sameNumbers(num []ir.Reg, a, b []ir.Reg) bool {
	for i := range a {
		if num[a[i]] != num[b[i]] {
			return false
		}
	}
	return true
}

// checkKey is the key of check in, or false if it has too many operands.
func (w *walk) checkKey(in *ir.Instr) (checkKey, bool) {
	args := in.Args()
	if len(args) > maxKeyArgs {
		return checkKey{}, false
	}
	k := checkKey{attrs: uint32(in.Op) | uint32(in.Flags)<<8}
	for i := range k.args {
		k.args[i] = ir.NoReg
	}
	for i, a := range args {
		if a != ir.NoReg {
			k.args[i] = w.n.num[a]
		}
	}
	return k, true
}
