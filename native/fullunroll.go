// This file unrolls loops that run a number of times known when the
// function is compiled (for shift := 32; shift > 0; shift >>= 1): the
// loop becomes that many copies of its body, each with its iteration's
// constants, which then fold into immediates.

package native

// maxFullUnroll is the most iterations a loop is fully unrolled for.
const maxFullUnroll = 16

// fullUnroll unrolls the two-block loops whose header only tests a phi
// against a constant, the phi starting at a constant and stepped in the
// body by a constant operation, for as many iterations as the test
// lets it run, if at most maxFullUnroll.
func fullUnroll(m *Func) {
	loops := naturalLoops(m)
	for _, h := range loopHeaders(loops) {
		unrollFully(m, m.Blocks[h], loops[h])
	}
}

func unrollFully(m *Func, h *Block, body []bool) {
	n := 0
	for _, in := range body {
		if in {
			n++
		}
	}
	if n != 2 || len(h.Preds) != 2 || len(h.Succs) != 2 || len(h.Instrs) != 1 {
		return
	}
	b := m.Blocks[h.Succs[0]]
	if !body[b.Index] || body[h.Succs[1]] || len(b.Preds) != 1 || len(b.Succs) != 1 || b.Succs[0] != h.Index {
		return
	}
	exit := m.Blocks[h.Succs[1]]
	jb := indexOf(h.Preds, b.Index)
	jp := 1 - jb
	p := m.Blocks[h.Preds[jp]]
	br := h.Instrs[0]
	if br.Op != OpBranch || !br.HasImm || br.Float || len(p.Succs) != 1 || len(exit.Preds) != 1 {
		return
	}
	def := definitions(m)
	// The phi tested: its start and step.
	var iv *Phi
	for i := range h.Phis {
		if h.Phis[i].Dst == br.Args[0] {
			iv = &h.Phis[i]
		}
	}
	if iv == nil {
		return
	}
	start := def[iv.Args[jp]].instr
	step := def[iv.Args[jb]].instr
	if start == nil || start.Op != OpConst || step == nil || def[step.Dst].block != b || len(step.Args) != 1 || step.Args[0] != iv.Dst || !step.HasImm || step.Width != 8 {
		return
	}
	next := func(v int64) (int64, bool) {
		switch {
		case step.Op == OpBin && step.Bin == BinAdd:
			return v + step.Imm, true
		case step.Op == OpBin && step.Bin == BinSub:
			return v - step.Imm, true
		case step.Op == OpShift && step.Bin == BinShr && !step.Signed && step.Imm < 64:
			return int64(uint64(v) >> step.Imm), true
		case step.Op == OpShift && step.Bin == BinShr && step.Signed && step.Imm < 64:
			return v >> step.Imm, true
		case step.Op == OpShift && step.Bin == BinShl && step.Imm < 64:
			return v << step.Imm, true
		}
		return 0, false
	}
	var values []int64
	for v := start.Imm; holds(br.Cond, br.Signed, v, br.Imm); {
		if len(values) == maxFullUnroll {
			return
		}
		values = append(values, v)
		w, ok := next(v)
		if !ok {
			return
		}
		v = w
	}

	// The copies, in a new block between p and the exit.
	u := &Block{Index: len(m.Blocks), Preds: []int{p.Index}, Succs: []int{exit.Index}}
	m.Blocks = append(m.Blocks, u)
	cur := map[Value]Value{}
	for _, ph := range h.Phis {
		cur[ph.Dst] = ph.Args[jp]
	}
	for _, v := range values {
		vmap := map[Value]Value{}
		for k, w := range cur {
			vmap[k] = w
		}
		c := &Instr{Op: OpConst, Dst: m.newValue(GP, false), Imm: v, Width: 8, Pos: br.Pos}
		u.Instrs = append(u.Instrs, c)
		vmap[iv.Dst] = c.Dst
		for _, in := range b.Instrs[:len(b.Instrs)-1] {
			u.Instrs = append(u.Instrs, cloneInstr(m, in, vmap))
		}
		for _, ph := range h.Phis {
			w := ph.Args[jb]
			if x, ok := vmap[w]; ok {
				w = x
			}
			cur[ph.Dst] = w
		}
	}
	u.Instrs = append(u.Instrs, &Instr{Op: OpJump, Dst: NoValue, Pos: br.Pos})
	p.Succs[0] = u.Index
	exit.Preds[0] = u.Index
	// After the loop, the phis are their last values.
	substitute(m, cur)
	for _, blk := range []*Block{h, b} {
		blk.Instrs, blk.Phis, blk.Preds, blk.Succs = nil, nil, nil, nil
	}
}

// holds evaluates the comparison v cond imm.
func holds(c Cond, signed bool, v, imm int64) bool {
	var lt, eq bool
	if signed {
		lt = v < imm
	} else {
		lt = uint64(v) < uint64(imm)
	}
	eq = v == imm
	switch c {
	case CondEq:
		return eq
	case CondNe:
		return !eq
	case CondLt:
		return lt
	case CondLe:
		return lt || eq
	case CondGt:
		return !lt && !eq
	}
	return !lt
}

// cloneInstr returns a copy of in with its operands mapped through
// vmap and a new value for its result, which it adds to vmap.
func cloneInstr(m *Func, in *Instr, vmap map[Value]Value) *Instr {
	get := func(v Value) Value {
		if w, ok := vmap[v]; ok {
			return w
		}
		return v
	}
	c := *in
	c.Args = append([]Value(nil), in.Args...)
	c.mapOperands(get)
	if in.Dst != NoValue {
		c.Dst = m.newValue(m.Values[in.Dst].Class, m.Values[in.Dst].Pointer)
		vmap[in.Dst] = c.Dst
	}
	return &c
}

// constantCounts gives a shift whose count is a constant its immediate
// form.
func constantCounts(m *Func) {
	def := definitions(m)
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if in.Op != OpShift || in.HasImm {
				continue
			}
			if c := def[in.Args[1]].instr; c != nil && c.Op == OpConst && c.Imm >= 0 {
				in.Imm, in.HasImm, in.Args = c.Imm, true, in.Args[:1]
			}
		}
	}
}
