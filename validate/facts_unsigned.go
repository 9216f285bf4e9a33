// This file reads a comparison of a signed integer converted to the
// unsigned type of its width, the idiom that checks both ends of a
// range at once: uint(i) < uint(len(s)) says 0 ≤ i < len s.

package validate

import "github.com/vssa-go/vssa/ir"

// signedViews returns fs, a branch's facts on an edge, with the facts
// about s of each fact a - b ≤ k (k ≤ 0) whose a is uint(s) for a
// signed s of a's width and whose b is at most s's type's maximum by
// its own definition (a constant, or the conversion of a len, a cap or
// another value of a type no wider than s's that is never negative):
// then a ≤ max, so s was not negative and a = s: 0 ≤ s, s - b ≤ k. A
// signed s = x + j (j > 0) at least 0 did not wrap around either
// (unwrapped): s - x = j, which carries a bound of x's onto s - j (s2's
// decoder: s += 2; if uint(s) > uint(len(src)) { … }; src[s-2]).
func (c *FactRules) signedViews(fs []Fact, use int) []Fact {
	n := len(fs)
	for _, a := range fs[:n] {
		if a.Kind != FactLE || a.If.Kind != 0 || a.C > 0 || a.Reg == ir.NoReg {
			continue
		}
		s, ok := c.signedOf(a.Reg, use)
		if !ok {
			continue
		}
		_, hi := c.typeBounds(c.f.TypeOf(s))
		if !c.atMost(a.Y, hi, use) {
			continue
		}
		view := []Fact{le(ir.NoReg, s, 0), le(s, a.Y, a.C)}
		fs = append(fs, view...)
		fs = c.unwrapped(fs, view, s, use)
	}
	return fs
}

// signedOf returns s for r = uint(s) (any unsigned type), s a signed
// integer of r's width.
func (c *FactRules) signedOf(r ir.Reg, use int) (ir.Reg, bool) {
	conv := c.definition(r, use)
	if conv == nil || conv.Op != ir.OpConvert || !isUnsigned(c.f.TypeOf(r)) {
		return ir.NoReg, false
	}
	s := conv.Args()[0]
	ts := c.f.TypeOf(s)
	if !isInteger(ts) || isUnsigned(ts) || c.intBits(ts) != c.intBits(c.f.TypeOf(r)) {
		return ir.NoReg, false
	}
	return s, true
}

// atMost reports whether b (zero for NoReg) lies in [0, hi] by its
// definition alone: a constant, or the conversion of a value that is
// never negative (a len or cap, an unsigned value) and at most hi by
// its type.
func (c *FactRules) atMost(b ir.Reg, hi int64, use int) bool {
	if b == ir.NoReg {
		return true
	}
	if k, ok := c.Constant(b, use); ok {
		return 0 <= k && k <= hi
	}
	conv := c.definition(b, use)
	if conv == nil || conv.Op != ir.OpConvert || !isInteger(c.f.TypeOf(conv.Args()[0])) {
		return false
	}
	x := conv.Args()[0]
	lo, okLo := c.lower(x) // 0 - x ≤ lo
	up, okUp := c.upper(x)
	return okLo && lo <= 0 && okUp && up <= hi
}
