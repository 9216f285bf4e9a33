// This file puts an SSE2 loop in front of a loop that counts the
// elements equal to a value:
//
//	for _, x := range s {
//		if x == c {
//			n++
//		}
//	}
//
// (if-converted to n += x == c by then). The vector loop compares 16
// bytes of elements with c at a time (PCMPEQB, PMOVMSKB, as a search
// loop's, searchloops.go) and adds the number of lanes that match to n
// (POPCNT, or its fallback where the CPU has none); the original loop,
// split and unrolled after this (loops.go), counts the elements left,
// fewer than a vector, with its checks. The elements the vector loop
// counts are those the original loop's iterations would have compared
// and counted, and it does nothing else: its iterations add one or
// zero to n at n's width, and adding their sum at once wraps the same.
// It reads no element the original loop would not (below the bound and
// the length it checks).

package native

import "math/bits"

// countLoop is a loop countLoops applies to: header h (the index phi
// and the count phi), one body block b (load of element x, compare with
// c, add to n), preheader p.
type countLoop struct {
	h, b, p   *Block
	jp        int
	iv, n     int    // h's phis: the index, the count
	ahead     bool   // h steps the index phi, x = iv + 1, and tests x
	start     int64  // x's first value
	check     *Instr // b's bounds check of x, or nil
	load, cmp *Instr
	add       *Instr
}

// countLoops vectorises every count loop it recognises.
func countLoops(m *Func) {
	loops := naturalLoops(m)
	for _, h := range loopHeaders(loops) {
		if cl := findCountLoop(m, m.Blocks[h], loops[h]); cl != nil {
			vectorizeCount(m, cl)
		}
	}
}

// findCountLoop recognises a count loop: two blocks, the header's two
// phis the index x (from a constant ≥ 0, by one, x < n tested in the
// header, stepped there or in the body) and the count; the body loads
// element x (1, 2 or 4 bytes, an integer) of a base fixed in the loop,
// perhaps after a bounds check of x against a length fixed in the
// loop, compares it with c (fixed) for equality at its width, and adds
// the comparison's 0 or 1 to the count, which nothing else in the loop
// reads.
func findCountLoop(m *Func, h *Block, inBody []bool) *countLoop {
	if len(h.Phis) != 2 || len(h.Preds) != 2 || len(h.Instrs) > 2 || len(h.Succs) != 2 {
		return nil
	}
	b := m.Blocks[h.Succs[0]]
	if !inBody[b.Index] || inBody[h.Succs[1]] || len(b.Preds) != 1 || len(b.Phis) != 0 || len(b.Succs) != 1 || b.Succs[0] != h.Index {
		return nil
	}
	jb := indexOf(h.Preds, b.Index)
	if jb < 0 {
		return nil
	}
	def := definitions(m)
	fixed := func(v Value) bool { d := def[v]; return d.block == nil || !inBody[d.block.Index] }
	isStep := func(in *Instr, from Value) bool {
		return in.Op == OpBin && in.Bin == BinAdd && in.HasImm && in.Imm == 1 && in.Width == 8 && in.Args[0] == from
	}
	cl := &countLoop{h: h, b: b, jp: 1 - jb, ahead: len(h.Instrs) == 2}
	hbr := h.Instrs[len(h.Instrs)-1]
	if hbr.Op != OpBranch || hbr.Cond != CondLt || !hbr.Signed || hbr.Float || hbr.Width != 8 || !hbr.HasImm && !fixed(hbr.Args[1]) {
		return nil
	}
	x := hbr.Args[0]
	code := b.Instrs[:len(b.Instrs)-1]
	if b.Instrs[len(b.Instrs)-1].Op != OpJump {
		return nil
	}
	// The index phi and its step.
	cl.iv = -1
	for i, ph := range h.Phis {
		switch {
		case cl.ahead && isStep(h.Instrs[0], ph.Dst) && h.Instrs[0].Dst == x && ph.Args[jb] == x:
		case !cl.ahead && ph.Dst == x && len(code) > 0 && isStep(code[len(code)-1], x) && ph.Args[jb] == code[len(code)-1].Dst:
		default:
			continue
		}
		cl.iv = i
	}
	if cl.iv < 0 {
		return nil
	}
	if !cl.ahead {
		code = code[:len(code)-1]
	}
	cl.n = 1 - cl.iv
	if len(code) == 4 && code[0].Op == OpBounds && code[0].Args[0] == x && fixed(code[0].Args[1]) {
		cl.check, code = code[0], code[1:]
	}
	if len(code) != 3 {
		return nil
	}
	ld, cmp, add := code[0], code[1], code[2]
	n := h.Phis[cl.n]
	switch {
	case ld.Op != OpLoad || ld.Float || ld.Width > 4 || ld.MemFirst || ld.MemY:
		return nil
	case ld.Mem.Base == NoValue || !fixed(ld.Mem.Base) || ld.Mem.Index != x || ld.Mem.Scale != int64(ld.Width):
		return nil
	case cmp.Op != OpCmp || cmp.Cond != CondEq || cmp.Float || cmp.MemFirst || cmp.MemY || cmp.Width != ld.Width || cmp.Args[0] != ld.Dst:
		return nil
	case !cmp.HasImm && (len(cmp.Args) != 2 || !fixed(cmp.Args[1])):
		return nil
	case add.Op != OpBin || add.Bin != BinAdd || add.HasImm || add.Float || add.MemY || len(add.Args) != 2 || n.Args[jb] != add.Dst:
		return nil
	case !(add.Args[0] == n.Dst && add.Args[1] == cmp.Dst || add.Args[1] == n.Dst && add.Args[0] == cmp.Dst):
		return nil
	case m.Values[n.Dst].Class != GP || m.Values[n.Dst].Pointer:
		return nil
	}
	start := def[h.Phis[cl.iv].Args[cl.jp]].instr
	if start == nil || start.Op != OpConst || start.Float {
		return nil
	}
	cl.start = start.Imm
	if cl.ahead {
		cl.start++
	}
	if cl.start < 0 {
		return nil
	}
	cl.p = m.Blocks[h.Preds[cl.jp]]
	if len(cl.p.Succs) != 1 || cl.p.Instrs[len(cl.p.Instrs)-1].Op != OpJump {
		return nil
	}
	cl.load, cl.cmp, cl.add = ld, cmp, add
	return cl
}

// vectorizeCount puts the vector loop between cl's preheader and its
// header.
func vectorizeCount(m *Func, cl *countLoop) {
	h := cl.h
	pos := cl.cmp.Pos
	w := int64(cl.load.Width)
	lanes := 16 / w
	var bounds []Value
	if cl.check != nil {
		bounds = []Value{cl.check.Args[1]}
	}
	lims, vc, x0s := vectorPrelude(m, cl.p, h.Instrs[len(h.Instrs)-1], []searchIndex{{hdr: true, bounds: bounds, start: cl.start, first: NoValue}}, cl.cmp, pos, w)
	lim, x0 := lims[0], x0s[0]
	newBlock, instr := blockBuilder(m, pos)
	vh, vb, vr := newBlock(), newBlock(), newBlock()
	// While xv < lim, xv + lanes ≤ the bound: the step does not wrap,
	// and the loop polls strip-mined, without a countdown (stripmine.go).
	vh.StepFits = true
	xv, nv := m.newValue(GP, false), m.newValue(GP, false)
	vh.Preds, vh.Succs = []int{cl.p.Index, vb.Index}, []int{vb.Index, vr.Index}
	vh.Phis = []Phi{{Dst: xv, Args: []Value{x0, NoValue}}, {Dst: nv, Args: []Value{h.Phis[cl.n].Args[cl.jp], NoValue}}}
	instr(vh, GP, &Instr{Op: OpBranch, Dst: NoValue, Cond: CondLt, Signed: true, Width: 8, Args: []Value{xv, lim}})
	// vb: n += the lanes equal to c (PMOVMSKB's bits, w a lane).
	mem := cl.load.Mem
	mem.Index = xv
	v := instr(vb, FP, &Instr{Op: OpVLoad, Mem: mem, Width: int(w), Vec: 16, Args: mem.args()})
	mask := instr(vb, GP, &Instr{Op: OpVMatch, Width: int(w), Vec: 16, Args: []Value{v, vc}})
	k := instr(vb, GP, &Instr{Op: OpIntrinsic, Intr: IntrPopcnt, Width: 8, Args: []Value{mask}})
	m.UsesPOPCNT = true // the generated Go file then says whether the CPU has it
	if w > 1 {
		k = instr(vb, GP, &Instr{Op: OpShift, Bin: BinShr, Width: 8, HasImm: true, Imm: int64(bits.TrailingZeros64(uint64(w))), Args: []Value{k}})
	}
	sum := instr(vb, GP, &Instr{Op: OpBin, Bin: BinAdd, Width: cl.add.Width, Signed: cl.add.Signed, Args: []Value{nv, k}})
	next := instr(vb, GP, &Instr{Op: OpBin, Bin: BinAdd, Width: 8, Signed: true, HasImm: true, Imm: lanes, Args: []Value{xv}})
	instr(vb, GP, &Instr{Op: OpJump, Dst: NoValue})
	vb.Preds, vb.Succs = []int{vh.Index}, []int{vh.Index}
	vh.Phis[0].Args[1], vh.Phis[1].Args[1] = next, sum
	// vr: the original loop goes on from there.
	xr := xv
	if cl.ahead {
		// The header's phi is one less than the x it tests.
		xr = instr(vr, GP, &Instr{Op: OpBin, Bin: BinAdd, Width: 8, Signed: true, HasImm: true, Imm: -1, Args: []Value{xv}})
	}
	instr(vr, GP, &Instr{Op: OpJump, Dst: NoValue})
	vr.Preds, vr.Succs = []int{vh.Index}, []int{h.Index}
	cl.p.Succs = []int{vh.Index}
	h.Preds[cl.jp] = vr.Index
	h.Phis[cl.iv].Args[cl.jp] = xr
	h.Phis[cl.n].Args[cl.jp] = nv
}
