// This file puts an SSE2 loop in front of a search loop, one that
// returns (or leaves) at the first element equal to a value:
//
//	for i := 0; i < n; i++ {
//		if s[i] == c {
//			return i
//		}
//	}
//
// The vector loop compares 16 bytes of elements with c at a time
// (PCMPEQB, PMOVMSKB) and stops at the first vector that has a match,
// or when fewer than a vector's elements are left below the bound; the
// original loop then goes on from the first matching element (or from
// where the vector loop stopped), and that loop tests the element,
// leaves, checks bounds and panics as before. The elements the vector
// loop skips are those the original loop would have compared with c
// and stepped past: their iterations do nothing else. It reads no
// element the original loop would not reach by index (below the bound
// and, where the loop checks it, the length), so no load can fault that
// the original's could not.
//
// A compare loop (compareloops.go), which steps through two arrays
// until their elements differ, gets the same vector loop, comparing the
// two arrays' vectors lane by lane instead of one with c.

package native

import (
	"go/token"
	"math/bits"
)

// searchLoop is a loop searchLoops applies to: header h (phi x, x < n;
// or phi iv, x = iv + 1, x < n), body b (the load of element x and the
// branch on it equal to c), latch l (x + 1; b itself when the header
// steps), preheader p.
type searchLoop struct {
	h, b, l, p *Block
	jp         int    // p's index in h's preds
	load, br   *Instr // b's load and branch
	check      *Instr // b's bounds check of x, or nil
	// A compare loop's (compareloops.go): other is the load of the
	// second array (load is the first), br is nil, and bounds are the
	// values fixed in the loop that x stays below in the vector loop,
	// besides the header's bound.
	other  *Instr
	bounds []Value
	// idx, if not nil, are a compare loop's indexes (two, stepped
	// together, as extendMatch's i and j).
	idx   []searchIndex
	ahead bool  // the header steps its phi and tests x = phi + 1 (h's first instruction)
	start int64 // x's first value
	// set: the bytes at which a loop whose byte goes through tests
	// against constants leaves (bytesets.go); nil for one test of
	// equality.
	set *byteSet
}

// searchLoops vectorises every search loop it recognises.
func searchLoops(m *Func) {
	loops := naturalLoops(m)
	for _, h := range loopHeaders(loops) {
		sl := findSearchLoop(m, m.Blocks[h], loops[h])
		if sl == nil {
			sl = findCompareLoop(m, m.Blocks[h], loops[h])
		}
		if sl != nil {
			vectorizeSearch(m, sl)
			// The vector loop's blocks are new: the bodies found
			// before them do not cover them, and a loop around this
			// one now holds them.
			loops = naturalLoops(m)
		}
	}
}

// findSearchLoop recognises a search loop: the header's one phi is the
// index x, from a constant ≥ 0, and the header only tests x < n (or
// steps its phi to x and tests that, as a range loop does); the
// body loads element x (1, 2 or 4 bytes, an integer) of a base fixed in
// the loop, perhaps after a bounds check of x against a length fixed in
// the loop, and branches out of the loop when it equals c (fixed in the
// loop, compared at the element's width); the latch steps x by one.
func findSearchLoop(m *Func, h *Block, inBody []bool) *searchLoop {
	x, ahead, def, fixed := searchHeader(m, h, inBody)
	if x == NoValue {
		return nil
	}
	b := m.Blocks[h.Succs[0]]
	if len(b.Preds) != 1 || len(b.Phis) != 0 || len(b.Succs) != 2 {
		return nil
	}
	sl := &searchLoop{h: h, b: b, ahead: ahead}
	code := b.Instrs
	if len(code) == 3 && code[0].Op == OpBounds && code[0].Args[0] == x && fixed(code[0].Args[1]) {
		sl.check, code = code[0], code[1:]
	}
	if len(code) != 2 {
		return nil
	}
	ld, br := code[0], code[1]
	if br.Op == OpBranch && !br.HasImm && len(br.Args) == 2 && br.Args[1] == ld.Dst && br.Args[0] != ld.Dst && (br.Cond == CondEq || br.Cond == CondNe) {
		// c == s[i], as slices.Index writes it: equality is symmetric.
		nb := *br
		nb.Args = []Value{br.Args[1], br.Args[0]}
		br = &nb
	}
	switch {
	case ld.Op != OpLoad || ld.Float || ld.Width > 4 || ld.MemFirst || ld.MemY:
		return nil
	case ld.Mem.Base == NoValue || !fixed(ld.Mem.Base) || ld.Mem.Index != x || ld.Mem.Scale != int64(ld.Width):
		return nil
	case br.Op != OpBranch || br.Float || br.MemFirst || br.MemY || br.Width != ld.Width || br.Args[0] != ld.Dst:
		return nil
	case !br.HasImm && (len(br.Args) != 2 || !fixed(br.Args[1])):
		return nil
	}
	// The branch leaves the loop when the element equals c and goes on
	// to the latch when not; a byte compared with constants may go
	// through a tree of such tests (bytesets.go).
	cont := -1 // the block the loop goes on to when the element does not leave
	tree := map[int]bool{b.Index: true}
	if ld.Width == 1 && br.HasImm {
		set, c, t, ok := byteTests(m, h, b, ld, inBody)
		if !ok {
			return nil
		}
		sl.set, cont, tree = &set, c, t
	} else {
		out, on := 0, 1
		switch br.Cond {
		case CondEq:
		case CondNe:
			out, on = 1, 0
		default:
			return nil
		}
		if inBody[b.Succs[out]] {
			return nil
		}
		cont = b.Succs[on]
	}
	onlyFromTests := func(l *Block) bool {
		for _, pr := range l.Preds {
			if !tree[pr] {
				return false
			}
		}
		return true
	}
	// The latch steps x, or, where the header does, only jumps back
	// (or a test is the latch).
	var l *Block
	next := x
	if !ahead {
		l = m.Blocks[cont]
		if !inBody[l.Index] || !onlyFromTests(l) || len(l.Phis) != 0 || len(l.Instrs) != 2 || len(l.Succs) != 1 || l.Succs[0] != h.Index {
			return nil
		}
		if !isIndexStep(l.Instrs[0], x) || l.Instrs[1].Op != OpJump {
			return nil
		}
		next = l.Instrs[0].Dst
	} else if cont == h.Index {
		for _, pr := range h.Preds {
			if inBody[pr] {
				l = m.Blocks[pr]
			}
		}
	} else {
		// Or through an empty latch.
		l = m.Blocks[cont]
		if !inBody[l.Index] || !onlyFromTests(l) || len(l.Phis) != 0 || len(l.Instrs) != 1 || l.Instrs[0].Op != OpJump || len(l.Succs) != 1 || l.Succs[0] != h.Index {
			return nil
		}
	}
	jb := indexOf(h.Preds, l.Index)
	if jb < 0 || h.Phis[0].Args[jb] != next || !searchStart(m, sl, def, 1-jb) {
		return nil
	}
	sl.l, sl.load, sl.br = l, ld, br
	return sl
}

// searchHeader recognises the header of a search or compare loop: its
// one phi is the index, and it only tests x < n, n fixed in the loop (or
// steps its phi to x and tests that, as a range loop does). It returns
// x (NoValue if h is not such a header), whether the header steps, the
// definitions of m's values and whether a value is fixed in the loop.
func searchHeader(m *Func, h *Block, inBody []bool) (x Value, ahead bool, def []definition, fixed func(Value) bool) {
	if len(h.Phis) != 1 || len(h.Preds) != 2 || len(h.Instrs) > 2 || len(h.Succs) != 2 {
		return NoValue, false, nil, nil
	}
	def = definitions(m)
	fixed = func(v Value) bool { d := def[v]; return d.block == nil || !inBody[d.block.Index] }
	x = h.Phis[0].Dst
	ahead = len(h.Instrs) == 2
	if ahead {
		// A range loop's: the header steps the phi, x = iv + 1, and
		// tests that.
		if !isIndexStep(h.Instrs[0], x) {
			return NoValue, false, nil, nil
		}
		x = h.Instrs[0].Dst
	}
	hbr := h.Instrs[len(h.Instrs)-1]
	if hbr.Op != OpBranch || hbr.Cond != CondLt || !hbr.Signed || hbr.Float || hbr.Width != 8 || hbr.Args[0] != x || !hbr.HasImm && !fixed(hbr.Args[1]) {
		return NoValue, false, nil, nil
	}
	if !inBody[h.Succs[0]] || inBody[h.Succs[1]] {
		return NoValue, false, nil, nil
	}
	return x, ahead, def, fixed
}

// isIndexStep reports whether in is from + 1.
func isIndexStep(in *Instr, from Value) bool {
	return in.Op == OpBin && in.Bin == BinAdd && in.HasImm && in.Imm == 1 && in.Width == 8 && in.Args[0] == from
}

// searchStart sets sl's preheader (h's pred jp) and the index's first
// value, reporting whether that is a constant ≥ 0 (the vector loop's
// addresses are then those of elements the original loop reaches) and
// the preheader only jumps to the header.
func searchStart(m *Func, sl *searchLoop, def []definition, jp int) bool {
	h := sl.h
	sl.jp = jp
	sl.p = m.Blocks[h.Preds[jp]]
	start := def[h.Phis[0].Args[jp]].instr
	if start == nil || start.Op != OpConst || start.Float {
		return false
	}
	sl.start = start.Imm
	if sl.ahead {
		sl.start++
	}
	if sl.start < 0 {
		return false
	}
	pj := sl.p.Instrs[len(sl.p.Instrs)-1]
	return len(sl.p.Succs) == 1 && pj.Op == OpJump
}

// searchIndex is an index of a search or compare loop's vector loop:
// h's phi phi steps it, loads index by x (the phi, or phi + 1 where the
// header steps), and the vector loop keeps x below bounds (and the
// header's bound if hdr). Its first value is the constant start, or
// first, not known to be ≥ 0, if that is not NoValue.
type searchIndex struct {
	phi    int
	x      Value
	hdr    bool
	bounds []Value
	start  int64
	first  Value
}

// indexes returns sl's indexes: a compare loop's, or the one index of
// a loop with one phi.
func (sl *searchLoop) indexes() []searchIndex {
	if sl.idx != nil {
		return sl.idx
	}
	bounds := sl.bounds
	if sl.check != nil {
		bounds = []Value{sl.check.Args[1]}
	}
	return []searchIndex{{x: sl.load.Mem.Index, hdr: true, bounds: bounds, start: sl.start, first: NoValue}}
}

// vectorizeSearch puts the vector loop between sl's preheader and its
// header.
func vectorizeSearch(m *Func, sl *searchLoop) {
	h := sl.h
	pos := sl.load.Pos
	w := int64(sl.load.Width)
	lanes := 16 / w
	idx := sl.indexes()
	cmp := sl.br
	if sl.set != nil {
		c := *sl.br
		c.Imm = sl.set.consts[0]
		cmp = &c
	}
	lims, vc, x0s := vectorPrelude(m, sl.p, h.Instrs[len(h.Instrs)-1], idx, cmp, pos, w)
	newBlock, instr := blockBuilder(m, pos)
	// vh[k]: while xv[k] < lims[k], each index in turn; then vb.
	vh := make([]*Block, len(idx))
	for k := range vh {
		vh[k] = newBlock()
	}
	vb, vl, vf, vr := newBlock(), newBlock(), newBlock(), newBlock()
	// ve[k]: vh[k]'s edge out, a block of its own: vr is a join whose
	// phis need moves on its incoming edges, which only a block that
	// jumps can hold.
	ve := make([]*Block, len(idx))
	for k := range ve {
		ve[k] = newBlock()
		ve[k].Preds, ve[k].Succs = []int{vh[k].Index}, []int{vr.Index}
		instr(ve[k], GP, &Instr{Op: OpJump, Dst: NoValue})
	}
	// While xv < lim, xv + lanes ≤ the bound: the step does not wrap,
	// and the loop polls strip-mined, without a countdown (stripmine.go).
	vh[0].StepFits = true
	xv := make([]Value, len(idx))
	for k, ix := range idx {
		xv[k] = m.newValue(GP, false)
		vh[0].Phis = append(vh[0].Phis, Phi{Dst: xv[k], Args: []Value{x0s[k], NoValue}})
		// An index whose first value may be negative is tested
		// unsigned against a limit ≥ 0: 0 ≤ xv < lim.
		instr(vh[k], GP, &Instr{Op: OpBranch, Dst: NoValue, Cond: CondLt, Signed: ix.first == NoValue, Width: 8, Args: []Value{xv[k], lims[k]}})
		in := vb
		if k+1 < len(idx) {
			in = vh[k+1]
			in.Preds = []int{vh[k].Index}
		}
		vh[k].Succs = []int{in.Index, ve[k].Index}
	}
	vh[0].Preds = []int{sl.p.Index, vl.Index}
	// vb: the mask of the lanes equal to c (of a compare loop's lanes
	// that differ); out at the first that has one.
	load := func(ld *Instr) Value {
		mem := ld.Mem
		for k, ix := range idx {
			if ix.x == ld.Mem.Index {
				mem.Index = xv[k]
			}
		}
		return instr(vb, FP, &Instr{Op: OpVLoad, Mem: mem, Width: int(w), Vec: 16, Args: mem.args()})
	}
	v := load(sl.load)
	var mask Value
	if sl.set != nil {
		mask = sl.set.mask(m, sl.p, vb, instr, v, vc)
	} else if sl.other == nil {
		mask = instr(vb, GP, &Instr{Op: OpVMatch, Width: int(w), Vec: 16, Args: []Value{v, vc}})
	} else {
		eq := instr(vb, GP, &Instr{Op: OpVMatch, Width: int(w), Float: sl.load.Float, Vec: 16, Args: []Value{v, load(sl.other)}})
		mask = instr(vb, GP, &Instr{Op: OpBin, Bin: BinXor, Width: 8, HasImm: true, Imm: 0xffff, Args: []Value{eq}})
	}
	instr(vb, GP, &Instr{Op: OpBranch, Dst: NoValue, Cond: CondNe, Width: 8, HasImm: true, Args: []Value{mask}})
	vb.Preds, vb.Succs = []int{vh[len(vh)-1].Index}, []int{vf.Index, vl.Index}
	// vl: the next vector.
	for k := range idx {
		next := instr(vl, GP, &Instr{Op: OpBin, Bin: BinAdd, Width: 8, Signed: true, HasImm: true, Imm: lanes, Args: []Value{xv[k]}})
		vh[0].Phis[k].Args[1] = next
	}
	instr(vl, GP, &Instr{Op: OpJump, Dst: NoValue})
	vl.Preds, vl.Succs = []int{vb.Index}, []int{vh[0].Index}
	// vf: the first matching element, at the mask's lowest set bit
	// (PMOVMSKB gives a bit a byte, w a lane).
	at := instr(vf, GP, &Instr{Op: OpIntrinsic, Intr: IntrCtz, Width: 8, Args: []Value{mask}})
	if w > 1 {
		at = instr(vf, GP, &Instr{Op: OpShift, Bin: BinShr, Width: 8, HasImm: true, Imm: int64(bits.TrailingZeros64(uint64(w))), Args: []Value{at}})
	}
	found := make([]Value, len(idx))
	for k := range idx {
		found[k] = instr(vf, GP, &Instr{Op: OpBin, Bin: BinAdd, Width: 8, Signed: true, Args: []Value{xv[k], at}})
	}
	instr(vf, GP, &Instr{Op: OpJump, Dst: NoValue})
	vf.Preds, vf.Succs = []int{vb.Index}, []int{vr.Index}
	// vr: the original loop goes on from there.
	for _, b := range ve {
		vr.Preds = append(vr.Preds, b.Index)
	}
	vr.Preds = append(vr.Preds, vf.Index)
	for k, ix := range idx {
		xr := m.newValue(GP, false)
		args := make([]Value, 0, len(vr.Preds))
		for range vh {
			args = append(args, xv[k])
		}
		vr.Phis = append(vr.Phis, Phi{Dst: xr, Args: append(args, found[k])})
		if sl.ahead {
			// The header's phi is one less than the x it tests.
			xr = instr(vr, GP, &Instr{Op: OpBin, Bin: BinAdd, Width: 8, Signed: true, HasImm: true, Imm: -1, Args: []Value{xr}})
		}
		h.Phis[ix.phi].Args[sl.jp] = xr
	}
	instr(vr, GP, &Instr{Op: OpJump, Dst: NoValue})
	vr.Succs = []int{h.Index}
	sl.p.Succs = []int{vh[0].Index}
	h.Preds[sl.jp] = vr.Index
}

// vectorPrelude adds to the end of p, a loop's preheader, what a vector
// loop in front of the loop needs: for each index, lims, below which a
// vector of element x (width w) lies below its bounds (the loop's, hbr's,
// where it tests that index; a length check's; those a compare loop's
// iterations test), lim = min(n, bounds...) - lanes + 1, or that bound
// if the subtraction wraps, and at least 0 where the first value may be
// negative; vc, the value cmp compares the element with in every lane
// (NoValue without cmp); x0s, the indexes' first values.
func vectorPrelude(m *Func, p *Block, hbr *Instr, idx []searchIndex, cmp *Instr, pos token.Pos, w int64) (lims []Value, vc Value, x0s []Value) {
	var pre []*Instr
	def := func(c Class, in *Instr) Value {
		in.Dst, in.Pos = m.newValue(c, false), pos
		pre = append(pre, in)
		return in.Dst
	}
	min := func(a, b Value) Value {
		return def(GP, &Instr{Op: OpSelect, Cond: CondLt, Signed: true, Width: 8, Args: []Value{a, b, a, b}})
	}
	for _, ix := range idx {
		bound := NoValue
		if ix.hdr && hbr.HasImm {
			bound = def(GP, &Instr{Op: OpConst, Imm: hbr.Imm, Width: 8})
		} else if ix.hdr {
			bound = hbr.Args[1]
		}
		for _, b := range ix.bounds {
			if bound == NoValue {
				bound = b
			} else if b != bound {
				bound = min(b, bound)
			}
		}
		lim := min(def(GP, &Instr{Op: OpBin, Bin: BinSub, Width: 8, Signed: true, HasImm: true, Imm: 16/w - 1, Args: []Value{bound}}), bound)
		x0 := ix.first
		if x0 == NoValue {
			x0 = def(GP, &Instr{Op: OpConst, Imm: ix.start, Width: 8})
		} else {
			zero := def(GP, &Instr{Op: OpConst, Imm: 0, Width: 8})
			lim = def(GP, &Instr{Op: OpSelect, Cond: CondLt, Signed: true, Width: 8, Args: []Value{lim, zero, zero, lim}})
		}
		lims, x0s = append(lims, lim), append(x0s, x0)
	}
	vc = NoValue
	if cmp != nil {
		c := NoValue
		if cmp.HasImm {
			c = def(GP, &Instr{Op: OpConst, Imm: cmp.Imm, Width: 8})
		} else {
			c = cmp.Args[1]
		}
		vc = def(FP, &Instr{Op: OpVBroadcast, Width: int(w), Vec: 16, Args: []Value{c}})
	}
	jump := p.Instrs[len(p.Instrs)-1]
	p.Instrs = append(append(p.Instrs[:len(p.Instrs)-1], pre...), jump)
	return lims, vc, x0s
}

// blockBuilder returns functions that add a block to m and an
// instruction at pos to a block, with a new value of class c as its
// result unless it has none (Dst NoValue).
func blockBuilder(m *Func, pos token.Pos) (newBlock func() *Block, instr func(blk *Block, c Class, in *Instr) Value) {
	newBlock = func() *Block {
		blk := &Block{Index: len(m.Blocks)}
		m.Blocks = append(m.Blocks, blk)
		return blk
	}
	instr = func(blk *Block, c Class, in *Instr) Value {
		in.Pos = pos
		if in.Dst != NoValue {
			in.Dst = m.newValue(c, false)
		}
		blk.Instrs = append(blk.Instrs, in)
		return in.Dst
	}
	return newBlock, instr
}
