// This file lowers a 64-bit multiplication by a power of two too large
// for an immediate (two32*rhat in math/bits.Div64) to a shift: IMUL
// with the constant in a register took a register for the constant
// (hoisted out of loops, one more value live through them) and three
// cycles where SHLQ takes one. Smaller powers are immediates, and emit
// makes them shifts already.

package native

import (
	"math/bits"

	"github.com/vssa-go/vssa/ir"
)

// mulByLargePow2 returns, for x*y at 64 bits, the operand that is not
// the constant and the shift count k when the other is the constant
// 2^k with k ≥ 31 (beyond a sign-extended 32-bit immediate). x * 2^k
// and x << k agree on all 64 bits for every k < 64, signed or not:
// both are x·2^k modulo 2^64 (2^63 as an int64 constant is MinInt64,
// whose bits are the same).
func (l *lowerer) mulByLargePow2(x, y ir.Reg, width int, float bool) (ir.Reg, int64, bool) {
	if float || width != 8 {
		return ir.NoReg, 0, false
	}
	for _, p := range [2][2]ir.Reg{{x, y}, {y, x}} {
		c, ok := l.intConst(p[1])
		if !ok || c == 0 || c&(c-1) != 0 || c == int64(int32(c)) {
			continue
		}
		return p[0], int64(bits.TrailingZeros64(uint64(c))), true
	}
	return ir.NoReg, 0, false
}
