// This file gives the vector loops an order of integer lanes against a
// constant, besides equality: SSE2 compares signed lanes of 1, 2 or 4
// bytes for greater-than (PCMPGTB, PCMPGTW, PCMPGTL), and unsigned bytes
// by their maximum or minimum (bytesets.go). x >= k is x > k-1 and
// x <= k is x < k+1, where k-1 and k+1 stay in the lane's range: at the
// ends the comparison is always true or never, and is left alone.

package native

// laneCompare returns the OpVMatch condition and constant that test a
// lane as cmp (an OpCmp of the lane with an immediate, not equality)
// does: CondGt or CondLt, signed; CondGe or CondLe, unsigned bytes.
func laneCompare(cmp *Instr) (Cond, int64, bool) {
	if !cmp.HasImm || cmp.Width > 4 {
		return 0, 0, false
	}
	k := cmp.Imm
	if !cmp.Signed {
		if cmp.Width != 1 || !fitsByte(k, false) {
			return 0, 0, false
		}
		switch cmp.Cond {
		case CondGe, CondLe:
			return cmp.Cond, k, true
		case CondGt:
			return CondGe, k + 1, k < 255
		case CondLt:
			return CondLe, k - 1, k > 0
		}
		return 0, 0, false
	}
	bits := 8 * uint(cmp.Width)
	lo, hi := int64(-1)<<(bits-1), int64(1)<<(bits-1)-1
	if k < lo || k > hi {
		return 0, 0, false
	}
	switch cmp.Cond {
	case CondGt, CondLt:
		return cmp.Cond, k, true
	case CondGe:
		return CondGt, k - 1, k > lo
	case CondLe:
		return CondLt, k + 1, k < hi
	}
	return 0, 0, false
}
