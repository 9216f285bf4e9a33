// This file gives a loop that counts down its preemption polls without
// a countdown, as stripmine.go does for loops that count up: a loop
// whose header only tests i > c (signed, c a constant), i a header phi
// that each iteration lowers by a constant step (math/big's lshVU_g,
// for i := len(z) - 1; i > 0; i--; utf8.ValidString's ASCII loop,
// for len(s) > 32 ... s = s[32:]), tests i > lim instead, lim being c
// or, when c is further away than pollInterval, i - pollInterval.
// Where i reaches lim before c, the loop polls and sets lim again. The
// countdown's decrement and branch, one more of each per iteration,
// left lshVU_g's 13 instructions a word at 1.24x gc where 11 would do,
// and ValidString's 32 bytes a round behind gc's (llvm-mca, znver3:
// 2.2 cycles against gc's 2.05; 1.9 without the countdown).

package native

import "math"

// stripMineDown rewrites the loop of header h (body) so, reporting
// whether it could: h holds only its branch, OpBranch i > c (64 bits,
// signed, c an immediate, into the loop on true), with i a phi of h
// whose argument on the latch's edge is i - k, k a constant in [1,
// maxLenStep]. c is at least math.MinInt64/2, so that while i > c,
// i - k does not wrap and i - pollInterval neither: the loop leaves
// when i ≤ lim, lim ≥ c, and the exact test i > c runs then.
func (l *lowerer) stripMineDown(h int, body []bool, latches []int, def []definition) bool {
	m := l.m
	hb := m.Blocks[h]
	if len(latches) != 1 || len(hb.Instrs) != 1 || len(hb.Succs) != 2 {
		return false
	}
	br := hb.Instrs[0]
	if br.Op != OpBranch || br.Float || !br.HasImm || br.MemFirst || br.Width != 8 || br.Cond != CondGt || !br.Signed || len(br.Args) != 1 {
		return false
	}
	if !body[hb.Succs[0]] || body[hb.Succs[1]] || br.Imm < math.MinInt64/2 {
		return false
	}
	i, c := br.Args[0], br.Imm
	li := indexOf(hb.Preds, latches[0])
	pi := -1
	for k, p := range hb.Phis {
		if p.Dst == i {
			pi = k
		}
	}
	if pi < 0 {
		return false
	}
	d := def[hb.Phis[pi].Args[li]].instr
	if d == nil || d.Op != OpBin || d.Float || !d.HasImm || d.Width != 8 || len(d.Args) != 1 || d.Args[0] != i {
		return false
	}
	var k int64
	switch d.Bin {
	case BinAdd:
		k = -d.Imm
	case BinSub:
		k = d.Imm
	}
	if k < 1 || k > maxLenStep {
		return false
	}
	pos := br.Pos
	// limit appends to code the instructions computing lim from x: x -
	// pollInterval if x > c and x - c > pollInterval (as unsigned: the
	// distance, exact when x > c), else c.
	limit := func(code []*Instr, x Value) ([]*Instr, Value) {
		cv := m.newValue(GP, false)
		dist := m.newValue(GP, false)
		far := m.newValue(GP, false)
		near := m.newValue(GP, false)
		lim := m.newValue(GP, false)
		return append(code,
			&Instr{Op: OpConst, Dst: cv, Imm: c, Width: 8, Pos: pos},
			&Instr{Op: OpBin, Bin: BinSub, Dst: dist, Args: []Value{x, cv}, Width: 8, Pos: pos},
			&Instr{Op: OpBin, Bin: BinAdd, Dst: far, Args: []Value{x}, HasImm: true, Imm: -pollInterval, Width: 8, Pos: pos},
			&Instr{Op: OpSelect, Dst: near, Cond: CondGt, Args: []Value{dist, far, cv}, HasImm: true, Imm: pollInterval, Width: 8, Pos: pos},
			&Instr{Op: OpSelect, Dst: lim, Cond: CondGt, Signed: true, Args: []Value{x, cv, near, cv}, Width: 8, Pos: pos},
		), lim
	}
	limPhi := Phi{Dst: m.newValue(GP, false), Args: make([]Value, len(hb.Preds))}
	for j, p := range hb.Preds {
		if body[p] {
			limPhi.Args[j] = limPhi.Dst // unchanged along the back edge
			continue
		}
		pb := m.Blocks[p]
		last := pb.Instrs[len(pb.Instrs)-1]
		code, lim := limit(append([]*Instr(nil), pb.Instrs[:len(pb.Instrs)-1]...), hb.Phis[pi].Args[j])
		pb.Instrs = append(code, last)
		limPhi.Args[j] = lim
	}
	// The header tests i > lim; on false, check tests i > c: the exit
	// on false, the poll on true, which sets lim again, below i, and
	// goes back to the header.
	exit := hb.Succs[1]
	check := &Block{Index: len(m.Blocks), Preds: []int{h}}
	m.Blocks = append(m.Blocks, check)
	poll := &Block{Index: len(m.Blocks), Preds: []int{check.Index}, Succs: []int{h}}
	m.Blocks = append(m.Blocks, poll)
	m.Polls++
	check.Succs = []int{poll.Index, exit}
	check.Instrs = []*Instr{{Op: OpBranch, Dst: NoValue, Cond: CondGt, Signed: true, Args: []Value{i}, HasImm: true, Imm: c, Width: 8, Pos: pos}}
	eb := m.Blocks[exit]
	eb.Preds[indexOf(eb.Preds, h)] = check.Index
	hb.Succs[1] = check.Index
	br.Args, br.HasImm, br.Imm = []Value{i, limPhi.Dst}, false, 0
	code, lim := limit([]*Instr{{Op: OpPoll, Dst: NoValue, Pos: pos}}, i)
	poll.Instrs = append(code, &Instr{Op: OpJump, Dst: NoValue, Pos: pos})
	hb.Preds = append(hb.Preds, poll.Index)
	for j := range hb.Phis {
		hb.Phis[j].Args = append(hb.Phis[j].Args, hb.Phis[j].Dst)
	}
	limPhi.Args = append(limPhi.Args, lim)
	hb.Phis = append(hb.Phis, limPhi)
	return true
}
