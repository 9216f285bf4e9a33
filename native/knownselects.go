// This file decides conditional moves whose condition a dominating
// branch already fixes. s[k:] moves the pointer by k only where the new
// length len(s)-k is not 0 (slices.go), a select; behind a test
// len(s) > c with c ≥ k the length is positive and the select is the
// offset itself, as gc's prove finds. utf8.ValidString tests
// len(s) > 4*ptrSize and then reads word(s[ptrSize:]),
// word(s[2*ptrSize:]) and word(s[3*ptrSize:]): each was a compare and a
// conditional move on the loop's path, where gc loads from s+8, s+16
// and s+24.

package native

import "math"

// span is the signed range [lo, hi] a value is known to lie in.
type span struct{ lo, hi int64 }

var anything = span{math.MinInt64, math.MaxInt64}

// decideSelects replaces each integer select whose condition holds, or
// fails, for every value in the range that the branches dominating it
// give its operand by the value it then chooses.
func decideSelects(m *Func) {
	def := definitions(m)
	dom := dominators(m)
	sub := map[Value]Value{}
	for _, b := range m.Blocks {
		if !dom.Reachable(b.Index) {
			continue
		}
		for _, in := range b.Instrs {
			if in.Op != OpSelect || in.Float || in.hasMem() || in.Width != 8 {
				continue
			}
			c, ok := in.Imm, in.HasImm
			if !ok && len(in.Args) == 4 {
				c, ok = constOf(def, in.Args[1])
			}
			if !ok {
				continue
			}
			r := knownSpan(m, def, dom.Idom, b.Index, in.Args[0])
			n := len(in.Args)
			switch {
			case always(in.Cond, in.Signed, r, c):
				sub[in.Dst] = in.Args[n-2]
			case always(negate(in.Cond), in.Signed, r, c):
				sub[in.Dst] = in.Args[n-1]
			}
		}
	}
	if len(sub) > 0 {
		substitute(m, sub)
	}
}

// constOf returns v's value when an OpConst of integers defines it.
func constOf(def []definition, v Value) (int64, bool) {
	if v == NoValue {
		return 0, false
	}
	if d := def[v].instr; d != nil && d.Op == OpConst && !d.Float {
		return d.Imm, true
	}
	return 0, false
}

// knownSpan returns the range of v at block b from the branches whose
// edges dominate b: from b up the dominator tree, a block whose only
// predecessor ends in a two-way branch is entered on that edge only.
// v itself, or v = x ± k of 64-bit integers (x then the value tested),
// is what they may bound.
func knownSpan(m *Func, def []definition, idom func(int) int, b int, v Value) span {
	x, k := v, int64(0)
	if d := def[v].instr; d != nil && d.Op == OpBin && d.Width == 8 && !d.Float && d.HasImm && len(d.Args) == 1 &&
		(d.Bin == BinAdd || d.Bin == BinSub) && d.Imm != math.MinInt64 {
		x, k = d.Args[0], d.Imm
		if d.Bin == BinSub {
			k = -k
		}
	}
	r := anything
	for blk := b; blk != 0; blk = idom(blk) {
		cur := m.Blocks[blk]
		if len(cur.Preds) != 1 {
			continue
		}
		p := m.Blocks[cur.Preds[0]]
		if len(p.Succs) != 2 || p.Succs[0] == p.Succs[1] || len(p.Instrs) == 0 {
			continue
		}
		br := p.Instrs[len(p.Instrs)-1]
		if br.Op != OpBranch {
			continue
		}
		taken := p.Succs[0] == blk
		for _, f := range [2]bool{false, true} {
			if e, ok := edgeSpan(def, br, x, taken, f); ok {
				r = span{max(r.lo, e.lo), min(r.hi, e.hi)}
			}
		}
	}
	if r.lo > r.hi {
		return r // an edge that never runs: anything holds there
	}
	// x + k without wrapping at either end, else nothing is known.
	lo, hi := r.lo+k, r.hi+k
	if k > 0 && (lo < r.lo || hi < r.hi) || k < 0 && (lo > r.lo || hi > r.hi) {
		return anything
	}
	return span{lo, hi}
}

// edgeSpan returns the range of x on br's edge that taken says (its
// condition true, or false), when br compares x (its first operand, or
// with swapped its second) with a constant, at 64 bits, signed or as an
// unsigned bound below a non-negative constant.
func edgeSpan(def []definition, br *Instr, x Value, taken, swapped bool) (span, bool) {
	if br.Float || br.hasMem() || br.Width != 8 || len(br.Args) == 0 {
		return span{}, false
	}
	var y Value
	var c int64
	cond := br.Cond
	switch {
	case br.HasImm && !swapped && len(br.Args) == 1:
		y, c = br.Args[0], br.Imm
	case !br.HasImm && len(br.Args) == 2:
		a, b := br.Args[0], br.Args[1]
		if swapped {
			a, b = b, a
			cond = mirror(cond)
		}
		k, ok := constOf(def, b)
		if !ok {
			return span{}, false
		}
		y, c = a, k
	default:
		return span{}, false
	}
	if y != x {
		return span{}, false
	}
	if !taken {
		cond = negate(cond)
	}
	if !br.Signed {
		// x <u c (≤u c) with c ≥ 0: 0 ≤ x < c (≤ c); nothing else
		// bounds an unsigned value as a signed one.
		switch {
		case cond == CondLt && c > 0:
			return span{0, c - 1}, true
		case cond == CondLe && c >= 0:
			return span{0, c}, true
		case cond == CondEq:
			return span{c, c}, true
		}
		return span{}, false
	}
	switch cond {
	case CondEq:
		return span{c, c}, true
	case CondLt:
		if c == math.MinInt64 {
			return span{1, 0}, true
		}
		return span{math.MinInt64, c - 1}, true
	case CondLe:
		return span{math.MinInt64, c}, true
	case CondGt:
		if c == math.MaxInt64 {
			return span{1, 0}, true
		}
		return span{c + 1, math.MaxInt64}, true
	case CondGe:
		return span{c, math.MaxInt64}, true
	}
	return span{}, false
}

// always reports whether x cond c holds for every x in r.
func always(cond Cond, signed bool, r span, c int64) bool {
	if r.lo > r.hi {
		return false // unreached: leave it alone
	}
	if !signed {
		if r.lo < 0 && r.hi >= 0 {
			return false // the range wraps as unsigned
		}
		// Both ends on one side of 0: unsigned order is signed order
		// there; compare as unsigned.
		lo, hi, uc := uint64(r.lo), uint64(r.hi), uint64(c)
		switch cond {
		case CondEq:
			return lo == hi && lo == uc
		case CondNe:
			return uc < lo || uc > hi
		case CondLt:
			return hi < uc
		case CondLe:
			return hi <= uc
		case CondGt:
			return lo > uc
		case CondGe:
			return lo >= uc
		}
		return false
	}
	switch cond {
	case CondEq:
		return r.lo == r.hi && r.lo == c
	case CondNe:
		return c < r.lo || c > r.hi
	case CondLt:
		return r.hi < c
	case CondLe:
		return r.hi <= c
	case CondGt:
		return r.lo > c
	case CondGe:
		return r.lo >= c
	}
	return false
}
