// This file says which facts an instruction establishes where it runs:
// a check that passed, an unchecked operation's precondition, and the
// facts of its result (sums that cannot overflow, masks, quotients,
// lengths of sub-slices, conversions that keep the value, …).

package validate

import (
	"go/types"
	"math"
	"slices"

	"github.com/vssa-go/vssa/ir"
)

// Gens returns avail with the facts running in establishes, in a block
// used at use: a check that passed, an unchecked operation's
// precondition, and facts about its result.
func (c *FactRules) Gens(in *ir.Instr, avail []Fact, use int) []Fact {
	f := c.f
	args := in.Args()
	switch in.Op {
	case ir.OpNilCheck, ir.OpLoad, ir.OpStore, ir.OpFieldAddr:
		return append(avail, c.alongNil(FactNonNil, args[0], use)...)
	case ir.OpIndexAddr:
		if _, ptr := f.TypeOf(args[0]).Underlying().(*types.Pointer); ptr {
			return append(avail, c.alongNil(FactNonNil, args[0], use)...)
		}
	case ir.OpCall:
		// A call through a nil func or interface panics (a deferred one
		// only later: defer is not here).
		if x := callee(f, in); x != ir.NoReg {
			avail = append(avail, c.alongNil(FactNonNil, x, use)...)
		}
		// The callee returned: its contract's parameters were not nil.
		if con := c.Contract(in); con != nil {
			for _, k := range con.NonNilParams {
				if args := in.CallArgs(); k < len(args) && FactNonNil.AppliesTo(f.TypeOf(args[k])) {
					avail = append(avail, c.alongNil(FactNonNil, args[k], use)...)
				}
			}
		}
		avail = c.callBounds(in, avail, use)
	case ir.OpDivCheck:
		return append(avail, c.nonZero(args[0])...)
	case ir.OpBoundsCheck:
		check := CheckFacts(f, in)
		return c.unwrapped(append(avail, check...), check, args[0], use)
	case ir.OpSliceCheck:
		// As for a bounds check: a high bound or max x + k that passed
		// (0 ≤ it) did not wrap around, so it is x + k (the length
		// of src[s:s+3] is 3: lenOf).
		check := CheckFacts(f, in)
		avail = append(avail, check...)
		for _, b := range args[1:3] {
			if b != ir.NoReg {
				avail = c.unwrapped(avail, check, b, use)
			}
		}
		return avail
	case ir.OpShiftCheck, ir.OpLenCheck:
		return append(avail, CheckFacts(f, in)...)
	}
	if len(in.Dsts()) != 1 || !isInteger(f.TypeOf(in.Dst())) {
		return avail
	}
	r, t := in.Dst(), f.TypeOf(in.Dst())
	switch in.Op {
	case ir.OpDiv, ir.OpRem:
		avail = append(avail, c.nonZero(args[1])...)
		nonNegative := c.Implied(le(ir.NoReg, args[0], 0), avail, use)
		k, ok := c.Constant(args[1], use)
		if !ok || k <= 0 {
			// x % y for 1 ≤ y: r < y (r has x's sign and |r| < y), 0 ≤ r if 0 ≤ x.
			if in.Op == ir.OpRem && c.Implied(le(ir.NoReg, args[1], -1), avail, use) {
				avail = append(avail, le(r, args[1], -1))
				if nonNegative {
					avail = append(avail, le(ir.NoReg, r, 0))
				}
			}
			break
		}
		switch {
		case in.Op == ir.OpRem: // |r| < k, r ≥ 0 if x is
			avail = append(avail, le(r, ir.NoReg, k-1), le(ir.NoReg, r, k-1))
			if nonNegative {
				avail = append(avail, le(ir.NoReg, r, 0))
			}
		case nonNegative: // 0 ≤ x/k ≤ x, and x/k ≤ m/k for x ≤ m
			avail = append(avail, le(ir.NoReg, r, 0), le(r, args[0], 0))
			if m, ok := c.upperIn(args[0], avail, use); ok {
				avail = append(avail, le(r, ir.NoReg, m/k))
			}
		}
	case ir.OpShr:
		// 0 ≤ x >> k ≤ x for x ≥ 0, and x >> k ≤ m >> k for x ≤ m, m
		// a fact's bound or the maximum of x's type of at most 32 bits
		// (a uint8 >> 4 ≤ 15, which indexes a [16]T: utf8's
		// acceptRanges[x>>4]; a wider type's bounds no index).
		if k, ok := c.Constant(args[1], use); ok && k >= 0 && c.Implied(le(ir.NoReg, args[0], 0), avail, use) {
			avail = append(avail, le(ir.NoReg, r, 0), le(r, args[0], 0))
			m, ok := c.upperIn(args[0], avail, use)
			if hi, typed := c.upper(args[0]); typed && hi <= math.MaxUint32 && (!ok || hi < m) {
				m, ok = hi, true
			}
			if ok {
				avail = append(avail, le(r, ir.NoReg, m>>min(k, 63)))
			} else if k >= 1 && isUnsigned(f.TypeOf(args[0])) && c.intBits(f.TypeOf(args[0])) == 64 {
				// A 64-bit unsigned x >> k ≤ (2^64 - 1) >> k, which an
				// int64 holds for k ≥ 1: a 64-bit hash's top bits.
				avail = append(avail, le(r, ir.NoReg, int64(uint64(math.MaxUint64)>>uint64(k))))
			}
			if k == 1 {
				avail = c.midpoint(avail, r, args[0], use)
			}
		}
	case ir.OpMul:
		// x * k for 0 ≤ x ≤ m and k ≥ 0, k * m in t: 0 ≤ r ≤ k * m.
		x, k, ok := args[0], int64(0), false
		if k, ok = c.Constant(args[1], use); !ok {
			x = args[1]
			k, ok = c.Constant(args[0], use)
		}
		if !ok || k < 0 || !c.Implied(le(ir.NoReg, x, 0), avail, use) {
			break
		}
		m, ok := c.upperIn(x, avail, use)
		if _, hi := c.typeBounds(t); ok && m >= 0 && (k == 0 || m <= hi/k) {
			avail = append(avail, le(ir.NoReg, r, 0), le(r, ir.NoReg, k*m))
		}
	case ir.OpCap:
		// Every bound below len s bounds cap s too (len s ≤ cap s).
		for _, a := range avail {
			if a.Kind == FactLE && a.If.Kind == 0 && a.Y >= 0 && c.lenCap(a.Y, r, use) {
				avail = append(avail, le(a.Reg, r, a.C))
			}
		}
		if mk := c.definition(args[0], use); mk != nil && mk.Op == ir.OpMakeSlice && mk.Args()[1] != ir.NoReg {
			avail = c.equal(avail, r, mk.Args()[1], 0) // cap of makeslice n, m is m
		}
		avail = c.capOf(avail, r, args[0], use)
	case ir.OpLen:
		avail = c.lenOf(avail, r, args[0], use)
	case ir.OpCall:
		// min and max of integers are at most (least) each operand.
		if in.CallMode == ir.CallBuiltin && (in.Sym() == "min" || in.Sym() == "max") {
			nonNegative := true
			for _, a := range args {
				if in.Sym() == "min" {
					avail = append(avail, le(r, a, 0))
					nonNegative = nonNegative && c.Implied(le(ir.NoReg, a, 0), avail, use)
				} else {
					avail = append(avail, le(a, r, 0))
				}
			}
			if in.Sym() == "min" && nonNegative { // the least of values ≥ 0
				avail = append(avail, le(ir.NoReg, r, 0))
			}
		}
	case ir.OpAdd, ir.OpSub:
		x, k, ok := c.offset(in, use)
		if !ok {
			if in.Op == ir.OpSub {
				avail = c.difference(avail, r, args[0], args[1], use)
			}
			break
		}
		// r = x + k unless it overflows: x ≤ max - k (k > 0) or
		// x ≥ min - k (k < 0).
		lo, hi := c.typeBounds(t)
		if k == 0 || k > 0 && c.Implied(le(x, ir.NoReg, hi-k), avail, use) || k < 0 && c.Implied(le(ir.NoReg, x, k-lo), avail, use) {
			avail = c.equal(avail, r, x, k)
		}
		avail = c.refolded(avail, r, x, k, use)
	case ir.OpAnd, ir.OpAndNot:
		// The bits of x & y are among those of each operand's, those of
		// x &^ y among x's: 0 ≤ r ≤ an operand that is not negative.
		operands := args
		if in.Op == ir.OpAndNot {
			operands = args[:1]
		}
		for _, a := range operands {
			if c.Implied(le(ir.NoReg, a, 0), avail, use) {
				avail = append(avail, le(r, a, 0), le(ir.NoReg, r, 0))
			}
		}
	case ir.OpConvert:
		if x := args[0]; isInteger(f.TypeOf(x)) && c.preserved(x, t, avail, use) {
			avail = c.equal(avail, r, x, 0)
		}
	}
	return avail
}

// offset reads in, an add or sub of a constant, as x + k (false for
// other instructions, and for a k whose opposite is no int64).
func (c *FactRules) offset(in *ir.Instr, use int) (x ir.Reg, k int64, ok bool) {
	if in.Op != ir.OpAdd && in.Op != ir.OpSub {
		return ir.NoReg, 0, false
	}
	args := in.Args()
	x = args[0]
	if k, ok = c.Constant(args[1], use); !ok && in.Op == ir.OpAdd {
		x = args[1]
		k, ok = c.Constant(args[0], use)
	}
	if !ok || k == math.MinInt64 {
		return ir.NoReg, 0, false
	}
	if in.Op == ir.OpSub {
		k = -k
	}
	return x, k, true
}

// refolded returns avail with r = y + j, for r = x + k and x itself
// y + i of a constant i (j = i + k), where y + j does not overflow:
// sums wrap around modulo 2^w, so r is y + j modulo 2^w whatever x
// did, and exactly y for j = 0. gc folds (s+2)-2 to s too (s2's
// decoder: s += 2; … src[s-2]).
func (c *FactRules) refolded(avail []Fact, r, x ir.Reg, k int64, use int) []Fact {
	def := c.definition(x, use)
	if def == nil {
		return avail
	}
	y, i, ok := c.offset(def, use)
	if !ok || !types.Identical(c.f.TypeOf(y), c.f.TypeOf(r)) {
		return avail
	}
	j, ok := addInt(i, k)
	if !ok {
		return avail
	}
	lo, hi := c.typeBounds(c.f.TypeOf(r))
	if j == 0 || j > 0 && c.Implied(le(y, ir.NoReg, hi-j), avail, use) || j < 0 && c.Implied(le(ir.NoReg, y, j-lo), avail, use) {
		avail = c.equal(avail, r, y, j)
	}
	return avail
}

// unwrapped returns avail with r = x + k, for an r defined as x plus a
// constant k, and the facts of check about r, about x, when avail shows
// that the sum did not wrap around: a wrapped x + k lies within |k| of
// the far end of r's type (r ≤ min + k - 1 for k > 0, r ≥ max + k + 1
// for k < 0). So a bounds check that passed on x - 1 (0 ≤ r < len ≤
// max) shows x ≤ len, the fact of Go's hint _ = s[n-1]. (Only the
// check's facts: carrying every fact about r over, as equal does, made
// the facts grow with each check in blocks of many.)
func (c *FactRules) unwrapped(avail, check []Fact, r ir.Reg, use int) []Fact {
	def := c.definition(r, use)
	if def == nil || !isInteger(c.f.TypeOf(r)) {
		return avail
	}
	x, k, ok := c.offset(def, use)
	if !ok || k == 0 {
		return avail
	}
	lo, hi := c.typeBounds(c.f.TypeOf(r))
	if k > 0 && !c.Implied(le(ir.NoReg, r, -(lo+k)), avail, use) || k < 0 && !c.Implied(le(r, ir.NoReg, hi+k), avail, use) {
		return avail
	}
	avail = append(avail, le(r, x, k), le(x, r, -k))
	for _, a := range check {
		switch {
		case a.Reg == r: // r - y ≤ a: x - y ≤ a - k
			if b, ok := subInt(a.C, k); ok {
				avail = append(avail, le(x, a.Y, b))
			}
		case a.Y == r: // y - r ≤ a: y - x ≤ a + k
			if b, ok := addInt(a.C, k); ok {
				avail = append(avail, le(a.Reg, x, b))
			}
		}
	}
	return avail
}

// equal returns avail with the facts of r = x + k: r - x ≤ k, x - r ≤
// -k, and each fact about x, about r instead (so that a fact about a
// length or a counter reaches its conversions, offsets and sub-slices
// without a chain of implications).
func (c *FactRules) equal(avail []Fact, r, x ir.Reg, k int64) []Fact {
	if k == math.MinInt64 {
		return avail
	}
	n := len(avail)
	avail = append(avail, le(r, x, k), le(x, r, -k))
	for _, a := range avail[:n] {
		if a.Kind != FactLE || a.If.Kind != 0 { // a guarded fact holds only under its guard
			continue
		}
		switch {
		case a.Reg == x && a.Y != r: // x - y ≤ a: r - y ≤ a + k
			if b, ok := addInt(a.C, k); ok {
				avail = append(avail, le(r, a.Y, b))
			}
		case a.Y == x && a.Reg != r: // y - x ≤ a: y - r ≤ a - k
			if b, ok := subInt(a.C, k); ok {
				avail = append(avail, le(a.Reg, r, b))
			}
		}
	}
	return avail
}

// difference returns avail with the facts of r = x - y that
// does not overflow: 0 ≤ y gives r ≤ x, y ≤ x gives 0 ≤ r.
func (c *FactRules) difference(avail []Fact, r, x, y ir.Reg, use int) []Fact {
	yNonNegative := c.Implied(le(ir.NoReg, y, 0), avail, use)
	yBelow := c.Implied(le(y, x, 0), avail, use)
	exact := yBelow                 // unsigned: no wrap-around when y ≤ x
	if !isUnsigned(c.f.TypeOf(r)) { // signed: none when both are not negative
		exact = yNonNegative && c.Implied(le(ir.NoReg, x, 0), avail, use)
	}
	if !exact {
		return avail
	}
	if yNonNegative {
		avail = append(avail, le(r, x, 0))
	}
	if yBelow {
		avail = append(avail, le(ir.NoReg, r, 0))
	}
	return avail
}

// lenOf returns avail with the facts of r = len s: of a makeslice, its
// length operand; of a sub-slice x[k:h] of a constant k, h - k; of a
// sub-slice x[l:h], at most h. When the sub-slice has no h, h is the
// length of x: of an array pointer, its type's; of a slice or string,
// each register that is len x and is in a fact.
func (c *FactRules) lenOf(avail []Fact, r, s ir.Reg, use int) []Fact {
	def := c.definition(s, use)
	if def == nil {
		return avail
	}
	args := def.Args()
	switch def.Op {
	case ir.OpMakeSlice:
		if args[0] != ir.NoReg {
			avail = c.equal(avail, r, args[0], 0)
		}
		return avail
	case ir.OpSlice:
	default:
		return avail
	}
	x, lo, hi := args[0], args[1], args[2]
	k, constLo := int64(0), lo == ir.NoReg
	if !constLo {
		k, constLo = c.Constant(lo, use)
	}
	var his []ir.Reg // registers that are the slice's upper bound
	if n := arrayLen(c.f.TypeOf(x)); hi == ir.NoReg && n >= 0 {
		if constLo { // (*[n]T)[k:]: n - k
			avail = append(avail, le(r, ir.NoReg, n-k), le(ir.NoReg, r, k-n))
		}
	} else if hi != ir.NoReg {
		his = append(his, hi)
	} else {
		his = c.termsOf(avail, ir.OpLen, x, use)
	}
	for _, h := range his {
		if constLo {
			avail = c.equal(avail, r, h, -k)
		} else { // the slice ran: 0 ≤ lo
			avail = append(avail, le(r, h, 0))
			avail = c.span(avail, r, lo, h, use)
		}
	}
	return avail
}

// span returns avail with r = k, for r = top - lo (the length or
// capacity of x[lo:top], top its high bound or max) where top is
// defined as lo + k and avail shows top - lo = k (the sum did not wrap:
// unwrapped): the length of src[s:s+3] is 3 whatever s is.
func (c *FactRules) span(avail []Fact, r, lo, top ir.Reg, use int) []Fact {
	def := c.definition(top, use)
	if def == nil {
		return avail
	}
	x, k, ok := c.offset(def, use)
	if !ok || x != lo || k < 0 || !c.Implied(le(top, lo, k), avail, use) || !c.Implied(le(lo, top, -k), avail, use) {
		return avail
	}
	return append(avail, le(r, ir.NoReg, k), le(ir.NoReg, r, -k))
}

// capOf returns avail with the facts of r = cap s for a sub-slice s =
// x[l:h:m] (the spec: m - l; without m, cap x - l, and of an array
// pointer x, its length - l): for a constant l = k, r = m - k (or each
// register that is cap x and is in a fact, minus k); for another l, r
// ≤ m (or ≤ cap x: the slice ran, so 0 ≤ l).
func (c *FactRules) capOf(avail []Fact, r, s ir.Reg, use int) []Fact {
	def := c.definition(s, use)
	if def == nil || def.Op != ir.OpSlice {
		return avail
	}
	args := def.Args()
	x, lo, max := args[0], args[1], args[3]
	k, constLo := int64(0), lo == ir.NoReg
	if !constLo {
		k, constLo = c.Constant(lo, use)
	}
	var tops []ir.Reg // registers that are the slice's capacity plus l
	switch n := arrayLen(c.f.TypeOf(x)); {
	case max != ir.NoReg:
		tops = []ir.Reg{max}
	case n >= 0:
		if constLo { // (*[n]T)[k:h]: n - k
			if b, ok := subInt(n, k); ok {
				avail = append(avail, le(r, ir.NoReg, b), le(ir.NoReg, r, -b))
			}
		}
	default:
		if _, ok := c.f.TypeOf(x).Underlying().(*types.Slice); ok {
			tops = c.termsOf(avail, ir.OpCap, x, use)
		}
	}
	for _, top := range tops {
		if constLo {
			avail = c.equal(avail, r, top, -k)
		} else {
			avail = append(avail, le(r, top, 0))
			avail = c.span(avail, r, lo, top, use)
		}
	}
	return avail
}

// termsOf returns the registers of avail's facts that are op x (len x
// or cap x) defined where use can rely on them.
func (c *FactRules) termsOf(avail []Fact, op ir.Op, x ir.Reg, use int) []ir.Reg {
	var out []ir.Reg
	for _, a := range avail {
		for _, term := range [2]ir.Reg{a.Reg, a.Y} {
			if a.Kind == FactLE && a.If.Kind == 0 && term != ir.NoReg && !slices.Contains(out, term) {
				if in := c.definition(term, use); in != nil && in.Op == op && in.Args()[0] == x {
					out = append(out, term)
				}
			}
		}
	}
	return out
}

// upperIn is the least bound m of x - 0 ≤ m among avail's facts.
func (c *FactRules) upperIn(x ir.Reg, avail []Fact, use int) (m int64, ok bool) {
	for _, a := range avail {
		if a.Kind != FactLE || a.If.Kind != 0 || a.Reg != x {
			continue
		}
		if b, fine := c.normal(a, use); fine && b.x == x && b.y == ir.NoReg && (!ok || b.c < m) {
			m, ok = b.c, true
		}
	}
	return m, ok
}

// nonZero is what x ≠ 0 gives: that, and 1 ≤ x for an x never
// negative (by its type, or a len or cap).
func (c *FactRules) nonZero(x ir.Reg) []Fact {
	fs := []Fact{{Kind: FactNonZero, Reg: x}}
	if lo, ok := c.lower(x); ok && lo == 0 {
		fs = append(fs, le(ir.NoReg, x, -1))
	}
	return fs
}

// preserved reports whether converting the integer x to the integer
// type t keeps its value: x lies in t's range, by its own type or by
// the facts (a len converted to uint, a uint below 1<<31 to int32).
func (c *FactRules) preserved(x ir.Reg, t types.Type, avail []Fact, use int) bool {
	if c.fits(c.f.TypeOf(x), t) {
		return true
	}
	lo, hi, ok := c.typeRange(t)
	low := lo == math.MinInt64 || c.Implied(le(ir.NoReg, x, -lo), avail, use) // every integer is at least MinInt64
	high := !ok || c.Implied(le(x, ir.NoReg, hi), avail, use)                 // every integer is at most MaxUint64
	return low && high
}

// midpoint returns avail with the facts of r = x >> 1 for x a sum
// a + b of a signed type converted to the unsigned type of its width,
// a and b not negative (Go's int(uint(i+j) >> 1), the midpoint of
// sort.Search and slices.BinarySearch). x is a + b exactly, whatever
// the signed sum did: a + b ≤ 2·max < 2^w, and the conversion gives
// the sum's value modulo 2^w. So r = ⌊(a + b) / 2⌋ is at most the
// signed type's maximum, and for a < b, a ≤ r < b (a + b ≤ 2b - 1).
func (c *FactRules) midpoint(avail []Fact, r, x ir.Reg, use int) []Fact {
	conv := c.definition(x, use)
	if conv == nil || conv.Op != ir.OpConvert || !isUnsigned(c.f.TypeOf(x)) {
		return avail
	}
	s := conv.Args()[0]
	sum := c.definition(s, use)
	ts := c.f.TypeOf(s)
	if sum == nil || sum.Op != ir.OpAdd || !isInteger(ts) || isUnsigned(ts) || c.intBits(ts) != c.intBits(c.f.TypeOf(x)) {
		return avail
	}
	a, b := sum.Args()[0], sum.Args()[1]
	if !c.Implied(le(ir.NoReg, a, 0), avail, use) || !c.Implied(le(ir.NoReg, b, 0), avail, use) {
		return avail
	}
	_, hi := c.typeBounds(ts)
	avail = append(avail, le(r, ir.NoReg, hi))
	for _, p := range [2][2]ir.Reg{{a, b}, {b, a}} {
		if c.Implied(le(p[0], p[1], -1), avail, use) { // p[0] < p[1]
			avail = append(avail, le(p[0], r, 0), le(r, p[1], -1))
		}
	}
	return avail
}
