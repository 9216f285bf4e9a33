// This file splits, at the entry of an innermost loop with registers to
// spare, the live ranges of the spilled values the loop reads. A value
// live across a call in an outer loop (snappy's encodeBlock calls
// emitLiteral between its searches for a match) is spilled, and was
// reloaded at each use, so the inner loop that searches read it from
// the stack every iteration although it has free registers. Here such a
// value gets a copy at the end of the block that enters the loop, and
// the loop's reads read the copy, which the allocation run again keeps
// in a register: one load on the way into the loop instead of one per
// iteration. Like splitAtCalls's, the copies are moves to the validator.

package native

import (
	"slices"
	"sort"

	"github.com/vssa-go/vssa/validate"
)

// splitAtLoops makes those copies after a first allocation (which says
// what is spilled and how many registers the loops use), and returns
// them (by copy, the value copied): the allocation must then run again.
func (a *allocator) splitAtLoops() map[Value]Value {
	f := a.f
	loops := naturalLoops(f)
	headers := make([]int, 0, len(loops))
	for h := range loops {
		headers = append(headers, h)
	}
	sort.Ints(headers)
	definedIn := make([]int, len(f.Values)) // value → its block
	for _, b := range f.Blocks {
		for _, p := range b.Phis {
			definedIn[p.Dst] = b.Index
		}
		for _, in := range b.Instrs {
			if in.Dst != NoValue {
				definedIn[in.Dst] = b.Index
			}
		}
	}
	split := map[Value]Value{}
	for _, h := range headers {
		body := loops[h]
		innermost := true
		for _, g := range headers {
			innermost = innermost && (g == h || !body[g])
		}
		pre := preheader(f, h, body)
		if !innermost || pre < 0 {
			continue
		}
		need, ok := a.loopPressure(body, GP)
		room := len(gpRegs) - need - 1 // one to spare for the colouring's constraints
		if !ok || room <= 0 {
			continue
		}
		// The spilled values the loop reads and does not define, most
		// read first; not pointers, which a poll in the loop would then
		// see twice (the copy is the value to the emitter).
		reads := map[Value]int{}
		count := func(v Value) {
			if a.spilled[v] && f.Values[v].Class == GP && !f.Values[v].Pointer && !body[definedIn[v]] {
				reads[v]++
			}
		}
		for bi, in := range body {
			if !in {
				continue
			}
			b := f.Blocks[bi]
			for _, p := range b.Phis {
				for k, arg := range p.Args {
					if body[b.Preds[k]] {
						count(arg)
					}
				}
			}
			for _, ins := range b.Instrs {
				for i, u := range ins.uses() {
					if !takesSlot(ins, i) {
						count(u)
					}
				}
			}
		}
		var cands []Value
		for v := range reads {
			cands = append(cands, v)
		}
		slices.SortFunc(cands, func(x, y Value) int {
			if reads[x] != reads[y] {
				return reads[y] - reads[x]
			}
			return int(x - y)
		})
		if len(cands) > room {
			cands = cands[:room]
		}
		pb := f.Blocks[pre]
		for _, v := range cands {
			c := f.newValue(GP, false)
			split[c] = v
			last := len(pb.Instrs) - 1
			cp := &Instr{Op: OpExt, Width: 8, Dst: c, Args: []Value{v}, Pos: pb.Instrs[last].Pos}
			pb.Instrs = append(pb.Instrs[:last:last], cp, pb.Instrs[last])
			renameInLoop(f, body, v, c)
		}
	}
	return split
}

// spillCost returns what the allocation's stack traffic costs: each
// read or write of a slot (moves, and the slots polls and returns read),
// counted 8× per loop level, as costs counts.
func (a *allocator) spillCost() int {
	mf := a.machFunc(true)
	cost := 0
	slot := func(l validate.Loc) int {
		if l >= firstSlot {
			return 1
		}
		return 0
	}
	for bi, b := range mf.Blocks {
		w := 1
		for i := 0; i < a.depth[bi] && i < 6; i++ {
			w *= 8
		}
		n := 0
		for _, in := range b.Instrs {
			if in.Ref < 0 {
				n += slot(in.Move.Src) + slot(in.Move.Dst)
			}
			for _, u := range in.Uses {
				n += slot(u.L)
			}
		}
		for _, ms := range b.EdgeMoves {
			for _, m := range ms {
				n += slot(m.Src) + slot(m.Dst)
			}
		}
		cost += w * n
	}
	return cost
}

// preheader returns the only block outside the loop that enters it at
// its header h, if it has no other successor and ends with a jump (code
// for the loop goes before it), or -1.
func preheader(f *Func, h int, body []bool) int {
	pre := -1
	for _, p := range f.Blocks[h].Preds {
		if body[p] {
			continue
		}
		if pre >= 0 && pre != p {
			return -1
		}
		pre = p
	}
	if pre < 0 {
		return -1
	}
	b := f.Blocks[pre]
	if len(b.Succs) != 1 || len(b.Instrs) == 0 || b.Instrs[len(b.Instrs)-1].Op != OpJump {
		return -1
	}
	return pre
}

// loopPressure returns the most registers of class c an instruction of
// the loop needs at once, as overPressure counts them (the values live
// before it or after it in registers, its spilled operands, its
// result, and those it clobbers besides the values live across it),
// and false if the loop calls (every value live across a call is
// spilled anyway).
func (a *allocator) loopPressure(body []bool, c Class) (int, bool) {
	most := 0
	for bi, in := range body {
		if !in {
			continue
		}
		b := a.f.Blocks[bi]
		for x, ins := range b.Instrs {
			if ins.Op == OpCall {
				return 0, false
			}
			before, after := a.before(b, x), a.after[bi][x]
			mine := func(v Value) bool { return a.f.Values[v].Class == c }
			inReg := regOperands(ins)
			nb, na, through := 0, 0, 0
			before.each(func(v Value) {
				if mine(v) && (!a.spilled[v] || inReg[v]) {
					nb++
				}
			})
			after.each(func(v Value) {
				if mine(v) && (!a.spilled[v] || v == ins.Dst) {
					na++
					if v != ins.Dst && before.has(v) && !a.spilled[v] {
						through++
					}
				}
			})
			if ins.Dst != NoValue && mine(ins.Dst) && !after.has(ins.Dst) {
				na++
			}
			for _, l := range clobbers(ins) {
				if regClass(l) == c {
					through++
				}
			}
			most = max(most, nb, na, through)
		}
	}
	return most, true
}

// renameInLoop makes the reads of v in the loop read c: its
// instructions', and its phis' arguments on the edges inside it.
func renameInLoop(f *Func, body []bool, v, c Value) {
	get := func(u Value) Value {
		if u == v {
			return c
		}
		return u
	}
	for bi, in := range body {
		if !in {
			continue
		}
		b := f.Blocks[bi]
		for _, ins := range b.Instrs {
			ins.mapOperands(get)
		}
		for _, p := range b.Phis {
			for k, arg := range p.Args {
				if arg == v && body[b.Preds[k]] {
					p.Args[k] = c
				}
			}
		}
	}
}
