// This file lets a search loop (searchloops.go) stop at the first byte
// in a range of unsigned values, not only at one equal to c: utf8's
// RuneCount leaves at the first c >= RuneSelf, a byte with its top bit
// set. SSE2 has no unsigned byte comparison, but it has the unsigned
// byte maximum and minimum: x >= k exactly when max(x, k) == x
// (PMAXUB, PCMPEQB), x <= k exactly when min(x, k) == x (PMINUB).

package native

// byteRange returns how a search loop's vector loop tests for the
// element at which br, a branch on an unsigned byte and a constant,
// leaves the loop (when its condition holds, or, negated, when it does
// not): CondGe with k (x >= k) or CondLe with k (x <= k), k in
// [0, 255]. Not when no byte leaves (x > 255, x < 0) or br is not such
// a branch.
func byteRange(br *Instr, negated bool) (Cond, int64, bool) {
	if br.Width != 1 || br.Signed || !br.HasImm || br.Imm < 0 || br.Imm > 255 {
		return 0, 0, false
	}
	c, k := br.Cond, br.Imm
	if negated {
		c = negate(c)
	}
	switch c {
	case CondGe, CondLe:
		return c, k, true
	case CondGt: // x > k is x >= k + 1
		return CondGe, k + 1, k < 255
	case CondLt: // x < k is x <= k - 1
		return CondLe, k - 1, k > 0
	}
	return 0, 0, false
}

// vmatch emits OpVMatch: the mask of x's lanes equal to c's (Cond
// CondEq), or, for bytes, at least (CondGe) or at most (CondLe) c's,
// unsigned, into the general register d.
func (e *emitter) vmatch(in *Instr, x, c, d string) {
	switch in.Cond {
	case CondEq:
		e.ins("MOVAPS %s, X15", x)
		e.ins("PCMPEQ%s %s, X15", map[int]string{1: "B", 2: "W", 4: "L"}[in.Width], c)
	case CondGe, CondLe:
		if in.Width != 1 {
			panic("native: an unsigned range compare of lanes wider than a byte")
		}
		op := map[Cond]string{CondGe: "PMAXUB", CondLe: "PMINUB"}[in.Cond]
		e.ins("MOVAPS %s, X15", c)
		e.ins("%s %s, X15", op, x)
		e.ins("PCMPEQB %s, X15", x)
	default:
		panic("native: OpVMatch with an unknown condition")
	}
	e.ins("PMOVMSKB X15, %s", d)
}
