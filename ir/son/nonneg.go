// This file proves a signed shift count non-negative from its
// definition alone, so that the shift has no precondition left.

package son

import (
	"github.com/vssa-go/vssa/ir"
)

// nonNegative reports whether r, a signed integer of f, is ≥ 0
// wherever it is defined, by its definition (defs: f's instructions by
// the register they define):
//
//   - a constant ≥ 0, a len or a cap;
//   - c*q - b, with q = (b+k)/c or the length of a slice made with
//     length q (len(make([]T, q)) is q wherever it is defined), c and
//     k constants with c ≥ 1 and c-1 ≤ k, k+c ≤ 127: the bits a length
//     in units of c leaves over b, as in crypto/internal/fips140/rsa's
//     excess := len(b)*8 - bits with b := make([]byte, (bits+7)/8).
//
// The last holds in any signed width w ≥ 8, wrap-around included: let
// s = b+k (wrapped), q = s/c and m = s%c, so s = q*c + m exactly, and
// q*c does not wrap (|q*c| ≤ |s|). Then c*q - b ≡ s - m - b ≡ k - m
// (mod 2^w), and |m| < c with m ≥ 0 only if s ≥ 0, so k - m is in
// [k-c+1, k+c-1] ⊆ [0, 126]: no wrap, and ≥ 0.
func nonNegative(f *ir.Func, defs map[ir.Reg]*ir.Instr, r ir.Reg) bool {
	d := defs[r]
	if d == nil {
		return false
	}
	switch d.Op {
	case ir.OpConst:
		v, ok := intConst(f, defs, r)
		return ok && v >= 0
	case ir.OpLen, ir.OpCap:
		return true
	case ir.OpSub:
		return roundedUp(f, defs, d.Args()[0], d.Args()[1])
	}
	return false
}

// roundedUp reports whether m is c*q (either order) with q = (b+k)/c
// or the length of a slice made with length q, for constants c ≥ 1 and
// c-1 ≤ k ≤ 127-c (see nonNegative).
func roundedUp(f *ir.Func, defs map[ir.Reg]*ir.Instr, m, b ir.Reg) bool {
	mul := defs[m]
	if mul == nil || mul.Op != ir.OpMul {
		return false
	}
	for _, order := range [2][2]int{{0, 1}, {1, 0}} {
		q, cr := mul.Args()[order[0]], mul.Args()[order[1]]
		c, ok := intConst(f, defs, cr)
		if !ok || c < 1 || c > 64 {
			continue
		}
		if l := defs[q]; l != nil && l.Op == ir.OpLen {
			if mk := defs[l.Args()[0]]; mk != nil && mk.Op == ir.OpMakeSlice {
				q = mk.Args()[0]
			}
		}
		div := defs[q]
		if div == nil || div.Op != ir.OpDiv {
			continue
		}
		if dc, ok := intConst(f, defs, div.Args()[1]); !ok || dc != c {
			continue
		}
		add := defs[div.Args()[0]]
		if add == nil || add.Op != ir.OpAdd {
			continue
		}
		for _, kb := range [2][2]int{{0, 1}, {1, 0}} {
			if add.Args()[kb[1]] != b {
				continue
			}
			if k, ok := intConst(f, defs, add.Args()[kb[0]]); ok && k >= c-1 && k+c <= 127 {
				return true
			}
		}
	}
	return false
}
