// This file finds the loops that need no preemption countdown of their
// own: those whose index runs up from a constant to a constant bound,
// so that each entry runs a few iterations at most (sha256's 64 rounds,
// an 8×8 block's rows). An enclosing loop polls; without one, the
// function runs the iterations once. The countdown they no longer carry
// was a register, or a slot stored and reloaded every iteration, and a
// branch.

package native

// boundedLoop reports whether every entry into the loop of header h
// (body) runs at most pollInterval iterations: a block of the loop that
// every iteration passes (it dominates the latches) leaves the loop
// unless x' < C (or x' ≤ C), C at most a constant (upperBound) and x'
// the header phi x or x plus a constant k0 ≥ 0, where x starts at
// values c0 ≥ 0 (nonNegative: constants, or the index of a loop before,
// as splitLoops' fast copy hands its index to the loop after it) and
// each back edge brings x plus a constant step ≥ 1, with C - c0 at most
// pollInterval steps. Small constants and 32- or 64-bit arithmetic: x
// meets the bound before it could wrap.
func boundedLoop(m *Func, h int, body []bool, def []definition, dominates func(a, b int) bool) bool {
	hb := m.Blocks[h]
	var latches []int
	for _, p := range hb.Preds {
		if body[p] {
			latches = append(latches, p)
		}
	}
	const limit = 1 << 30
	constant := func(v Value) (int64, bool) {
		d := def[v].instr
		if d == nil || d.Op != OpConst || m.Values[v].Class != GP {
			return 0, false
		}
		return d.Imm, true
	}
	// addOf returns y's constant addend when y = x + k (k ≥ 0) at 32 or
	// 64 bits, x given.
	addOf := func(y, x Value) (int64, bool) {
		d := def[y].instr
		if d == nil || d.Op != OpBin || d.Bin != BinAdd || d.Width < 4 || len(d.Args) == 0 || d.Args[0] != x {
			return 0, false
		}
		k, ok := d.Imm, d.HasImm
		if !ok && len(d.Args) == 2 {
			k, ok = constant(d.Args[1])
		}
		return k, ok && k >= 0 && k < limit
	}
	// induction returns the start and the step of header phi x.
	induction := func(x Value) (start, step int64, ok bool) {
		for _, p := range hb.Phis {
			if p.Dst != x {
				continue
			}
			start, step = limit, limit
			for j, a := range p.Args {
				if body[hb.Preds[j]] {
					k, ok := addOf(a, x)
					if !ok || k < 1 {
						return 0, 0, false
					}
					step = min(step, k)
				} else {
					c, ok := constant(a)
					if !ok {
						c, ok = 0, nonNegative(m, def, a, map[Value]bool{x: true}, 12)
					}
					if !ok || c < 0 || c >= limit {
						return 0, 0, false
					}
					start = min(start, c)
				}
			}
			return start, step, start < limit && step < limit
		}
		return 0, 0, false
	}
	for t, in := range body {
		if !in || !dominatesAll(t, latches, dominates) {
			continue
		}
		tb := m.Blocks[t]
		br := tb.Instrs[len(tb.Instrs)-1]
		if br.Op != OpBranch || br.Float || br.MemFirst || br.Test || br.Width != 0 && br.Width < 4 || len(br.Args) == 0 {
			continue
		}
		cond := br.Cond
		switch {
		case body[tb.Succs[0]] && !body[tb.Succs[1]]:
		case !body[tb.Succs[0]] && body[tb.Succs[1]]:
			cond = map[Cond]Cond{CondGe: CondLt, CondGt: CondLe, CondLt: CondGe, CondLe: CondGt}[cond]
		default:
			continue
		}
		bound, ok := br.Imm, br.HasImm
		if !ok && len(br.Args) == 2 {
			bound, ok = upperBound(m, def, br.Args[1], 4)
		}
		if !ok || bound < 0 || bound >= limit || cond != CondLt && cond != CondLe {
			continue
		}
		if cond == CondLe {
			bound++
		}
		x, k0 := br.Args[0], int64(0)
		if d := def[x]; d.instr != nil {
			// x' = x + k0: x is its first operand.
			if len(d.instr.Args) == 0 {
				continue
			}
			if k0, ok = addOf(x, d.instr.Args[0]); !ok {
				continue
			}
			x = d.instr.Args[0]
		}
		if def[x].block != hb || def[x].instr != nil {
			continue
		}
		start, step, ok := induction(x)
		if ok && bound-start-k0 <= pollInterval*step {
			return true
		}
	}
	return false
}

func dominatesAll(a int, bs []int, dominates func(a, b int) bool) bool {
	for _, b := range bs {
		if !dominates(a, b) {
			return false
		}
	}
	return true
}

// upperBound returns a constant v is at most (signed), looking through
// selections (a min is at most either operand, anything else at most
// the larger; x ≥ 0 ? a : x at most a or -1) and additions of constants,
// depth deep.
func upperBound(m *Func, def []definition, v Value, depth int) (int64, bool) {
	d := def[v].instr
	if d == nil || depth < 0 || m.Values[v].Class != GP {
		return 0, false
	}
	switch {
	case d.Op == OpConst:
		return d.Imm, true
	case d.Op == OpSelect && d.HasImm && d.Imm == 0 && len(d.Args) == 3 &&
		(d.Cond == CondGe && d.Args[2] == d.Args[0] || d.Cond == CondLt && d.Args[1] == d.Args[0]):
		// x ≥ 0 ? a : x, or x < 0 ? x : a: a, or a negative x
		// (splitLoops' bound for a fast copy that starts at x).
		a := d.Args[1]
		if d.Cond == CondLt {
			a = d.Args[2]
		}
		u, ok := upperBound(m, def, a, depth-1)
		return max(u, -1), ok
	case d.Op == OpSelect && len(d.Args) == 4:
		a, b := d.Args[2], d.Args[3]
		x, okx := upperBound(m, def, a, depth-1)
		y, oky := upperBound(m, def, b, depth-1)
		isMin := (d.Cond == CondLt || d.Cond == CondLe) && d.Args[0] == a && d.Args[1] == b ||
			(d.Cond == CondGt || d.Cond == CondGe) && d.Args[0] == b && d.Args[1] == a
		switch {
		case okx && oky:
			if isMin {
				return min(x, y), true
			}
			return max(x, y), true
		case isMin && okx:
			return x, true // min(a, b) ≤ a
		case isMin && oky:
			return y, true
		}
		return 0, false
	case d.Op == OpBin && d.HasImm && d.Width == 8 && len(d.Args) == 1 && d.Imm >= 0 && d.Imm < 1<<30 && (d.Bin == BinSub || d.Bin == BinAdd):
		u, ok := upperBound(m, def, d.Args[0], depth-1)
		if !ok || u < -(1<<30) || u > 1<<30 {
			return 0, false
		}
		if d.Bin == BinSub {
			return u - d.Imm, true
		}
		return u + d.Imm, true
	}
	return 0, false
}

// nonNegative reports whether v ≥ 0: a constant, a sum of one and a
// constant ≥ 0, or a phi all of whose arguments are, assuming so of the
// phis in assumed (an index that starts ≥ 0 and only grows), depth deep.
func nonNegative(m *Func, def []definition, v Value, assumed map[Value]bool, depth int) bool {
	if assumed[v] {
		return true
	}
	if depth < 0 || m.Values[v].Class != GP {
		return false
	}
	d := def[v]
	switch {
	case d.block == nil:
		return false
	case d.instr == nil:
		for _, p := range d.block.Phis {
			if p.Dst != v {
				continue
			}
			assumed[v] = true
			defer delete(assumed, v)
			for _, a := range p.Args {
				if !nonNegative(m, def, a, assumed, depth-1) {
					return false
				}
			}
			return true
		}
		return false
	case d.instr.Op == OpConst:
		return d.instr.Imm >= 0
	case d.instr.Op == OpBin && d.instr.Bin == BinAdd && d.instr.HasImm && d.instr.Imm >= 0 && d.instr.Width == 8 && len(d.instr.Args) == 1:
		return nonNegative(m, def, d.instr.Args[0], assumed, depth-1)
	}
	return false
}
