// This file gives a counted loop its preemption polls without a
// countdown: a loop whose header only tests i < n (or i + 1 < n), i a
// header phi that each iteration raises by one (or a step that cannot
// wrap) and n computed before the loop,
// tests i < lim instead, lim being n or, when n is further away than
// pollInterval, i + pollInterval. Where i reaches lim before n, the
// loop polls and sets lim again. The iterations keep the one compare
// and jump they had; the countdown's decrement and branch, one more of
// each per iteration (fastjson's skipWSSlow, a search loop of five
// compares and jumps, ran at 0.76x gc with it), run only at each
// pollInterval-th iteration and at the exit.

package native

// stripMine rewrites the loop of header h (body) so, reporting whether
// it could: h holds only its branch, OpBranch i < n (64 bits, signed
// or not, into the loop on true), with i a phi of h whose argument on
// the latch's edge is i + 1, and n defined outside the loop; or h
// computes that i + 1 and branches on it (a range loop's header).
// lim computed before the loop from i's first value is at most n, so
// the first test is exact either way. A step of one: i < n ≤ the
// largest value, so i + 1 does not wrap; a larger step could wrap past
// the largest value while below n, and i < lim would then hold for
// about 2^64 / step iterations without a poll. A larger step is taken
// where h.StepFits says it cannot wrap (an unrolled fast loop: its
// bound n leaves room for the step, and lim ≤ n), or where n is i's
// first value plus a multiple of the step (apartByMultiple: murmur3's
// p < p1 = p + 4*nblocks): i meets n exactly, so while i < n, i + step
// ≤ n; or where n is the length of a string or slice argument
// (Func.ArgLens: hex.Decode's j += 2 while j < len(src)), far below the
// largest value.
func (l *lowerer) stripMine(h int, body []bool, latches []int, def []definition) bool {
	m := l.m
	hb := m.Blocks[h]
	if len(latches) != 1 || len(hb.Instrs) > 2 || len(hb.Succs) != 2 {
		return false
	}
	br := hb.Instrs[len(hb.Instrs)-1]
	if br.Op != OpBranch || br.Float || br.HasImm || br.MemFirst || br.Width != 8 || br.Cond != CondLt || len(br.Args) != 2 {
		return false
	}
	if !body[hb.Succs[0]] || body[hb.Succs[1]] {
		return false
	}
	c, n := br.Args[0], br.Args[1]
	if d := def[n]; d.block == nil || body[d.block.Index] {
		return false
	}
	// The index: a phi i of h whose latch argument is i + step, and c,
	// what the branch compares, i itself or (a range loop's header
	// raising its index before the test) that sum computed in h.
	li := indexOf(hb.Preds, latches[0])
	pi := -1
	for k, p := range hb.Phis {
		d := def[p.Args[li]].instr
		if p.Dst == c && len(hb.Instrs) == 1 || d != nil && d.Dst == c && len(hb.Instrs) == 2 && hb.Instrs[0] == d {
			pi = k
		}
	}
	if pi < 0 {
		return false
	}
	i := hb.Phis[pi].Dst
	step := def[hb.Phis[pi].Args[li]].instr
	if step == nil || step.Op != OpBin || step.Bin != BinAdd || step.Float || !step.HasImm || step.Imm < 1 || step.Width != 8 || step.Args[0] != i {
		return false
	}
	if step.Imm > 1 && !hb.StepFits && !(len(hb.Preds) == 2 && c == i && apartByMultiple(def, n, hb.Phis[pi].Args[1-li], step.Imm)) &&
		!(m.ArgLens[n] && step.Imm <= maxLenStep) {
		return false
	}
	pos := br.Pos
	// limit appends to code the instructions computing lim from x
	// and n: x + pollInterval if x < n and n - x > pollInterval (as
	// unsigned: the distance, exact when x < n), else n.
	limit := func(code []*Instr, x Value) ([]*Instr, Value) {
		dist := m.newValue(GP, false)
		far := m.newValue(GP, false)
		near := m.newValue(GP, false)
		lim := m.newValue(GP, false)
		return append(code,
			&Instr{Op: OpBin, Bin: BinSub, Dst: dist, Args: []Value{n, x}, Width: 8, Pos: pos},
			&Instr{Op: OpBin, Bin: BinAdd, Dst: far, Args: []Value{x}, HasImm: true, Imm: pollInterval, Width: 8, Pos: pos},
			&Instr{Op: OpSelect, Dst: near, Cond: CondGt, Args: []Value{dist, far, n}, HasImm: true, Imm: pollInterval, Width: 8, Pos: pos},
			&Instr{Op: OpSelect, Dst: lim, Cond: CondLt, Signed: br.Signed, Args: []Value{x, n, near, n}, Width: 8, Pos: pos},
		), lim
	}
	limPhi := Phi{Dst: m.newValue(GP, false), Args: make([]Value, len(hb.Preds))}
	for k, p := range hb.Preds {
		if body[p] {
			limPhi.Args[k] = limPhi.Dst // unchanged along the back edge
			continue
		}
		pb := m.Blocks[p]
		last := pb.Instrs[len(pb.Instrs)-1]
		code, lim := limit(append([]*Instr(nil), pb.Instrs[:len(pb.Instrs)-1]...), hb.Phis[pi].Args[k])
		pb.Instrs = append(code, last)
		limPhi.Args[k] = lim
	}
	// The header tests c < lim; on false, check tests c < n: the exit
	// on false, the poll on true, which sets lim again, above c, and
	// goes back to the header (which computes c again from i).
	exit := hb.Succs[1]
	check := &Block{Index: len(m.Blocks), Preds: []int{h}}
	m.Blocks = append(m.Blocks, check)
	poll := &Block{Index: len(m.Blocks), Preds: []int{check.Index}, Succs: []int{h}}
	m.Blocks = append(m.Blocks, poll)
	m.Polls++
	check.Succs = []int{poll.Index, exit}
	check.Instrs = []*Instr{{Op: OpBranch, Dst: NoValue, Cond: CondLt, Signed: br.Signed, Args: []Value{c, n}, Width: 8, Pos: pos}}
	eb := m.Blocks[exit]
	eb.Preds[indexOf(eb.Preds, h)] = check.Index
	hb.Succs[1] = check.Index
	br.Args = []Value{c, limPhi.Dst}
	code, lim := limit([]*Instr{{Op: OpPoll, Dst: NoValue, Pos: pos}}, c)
	// The poll's edge into the header brings each phi its own value;
	// i, where h computes c = i + step, as c - step, so that i is not
	// live past h and c can take its register (L1Norm's range loop
	// copied c back into i each iteration otherwise).
	back := i
	if c != i {
		back = m.newValue(GP, false)
		code = append(code, &Instr{Op: OpBin, Bin: BinAdd, Dst: back, Args: []Value{c}, HasImm: true, Imm: -step.Imm, Width: 8, Pos: pos})
	}
	poll.Instrs = append(code, &Instr{Op: OpJump, Dst: NoValue, Pos: pos})
	hb.Preds = append(hb.Preds, poll.Index)
	for k := range hb.Phis {
		arg := hb.Phis[k].Dst
		if k == pi {
			arg = back
		}
		hb.Phis[k].Args = append(hb.Phis[k].Args, arg)
	}
	limPhi.Args = append(limPhi.Args, lim)
	hb.Phis = append(hb.Phis, limPhi)
	return true
}

// maxLenStep is the largest step taken against a bound in
// Func.ArgLens: below 2^48, i < n leaves i + step far from wrapping.
const maxLenStep = 1 << 16

// apartByMultiple reports whether n is x plus a multiple of step:
// n = x + y or the address x + y + disp, y a constant, a product by a
// constant or a left shift by a constant whose value is one, and disp
// a multiple.
//
// step must be a power of two: the sums wrap modulo 2^64, which keeps
// n - x a multiple of such a step only.
func apartByMultiple(def []definition, n, x Value, step int64) bool {
	if step&(step-1) != 0 {
		return false
	}
	multiple := func(v Value) bool {
		d := def[v].instr
		switch {
		case d == nil:
			return false
		case d.Op == OpConst:
			return d.Imm%step == 0
		case d.Op == OpBin && d.Bin == BinMul && d.HasImm && !d.Float:
			return d.Imm%step == 0
		case d.Op == OpShift && d.Bin == BinShl && d.HasImm && d.Imm >= 0 && d.Imm < 63:
			return (int64(1)<<d.Imm)%step == 0
		}
		return false
	}
	d := def[n].instr
	switch {
	case d == nil:
		return false
	case d.Op == OpBin && d.Bin == BinAdd && !d.Float && d.Width == 8 && d.HasImm && len(d.Args) == 1:
		return d.Args[0] == x && d.Imm%step == 0
	case d.Op == OpBin && d.Bin == BinAdd && !d.Float && d.Width == 8 && !d.HasImm && len(d.Args) == 2:
		return d.Args[0] == x && multiple(d.Args[1]) || d.Args[1] == x && multiple(d.Args[0])
	case d.Op == OpLea:
		mem := d.Mem
		if mem.Base != x || mem.Sym != "" || mem.Local != 0 || mem.Disp%step != 0 {
			return false
		}
		return mem.Index == NoValue || mem.Scale%step == 0 || mem.Scale == 1 && multiple(mem.Index)
	}
	return false
}
