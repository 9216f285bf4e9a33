// This file divides by constants without a division instruction, as
// gc does (and as Granlund and Montgomery showed): a division by d is a
// multiplication by a fixed-point reciprocal of d, taking the high
// half of the product.

package native

import (
	"math/big"
	"math/bits"
)

// divConst returns x / d, or x % d with rem, for x an unsigned integer
// of width ≤ 4 bytes (so x < 2^32 in its register) and 1 ≤ d < 2^31.
//
// A power of two is a shift (a mask for the remainder). Otherwise, if
// magic32 finds a reciprocal below 2^32, x / d = (x·m) >> p, an
// ordinary 64-bit multiplication. Otherwise, with
// s = ⌊log2 d⌋ and M = ⌈2^(64+s) / d⌉ (which fits in 64 bits since
// 2^s < d), x / d = ⌊x·M / 2^(64+s)⌋ = (high 64 bits of x·M) >> s for
// every x < 2^32: writing M·d = 2^(64+s) + e with 0 < e < d, the
// quotient's error is x·e / (d·2^(64+s)) < 1/d, because x·e < 2^32·d ≤
// 2^(64+s), and a fraction below 1/d cannot carry x/d past an integer.
func (l *lowerer) divConst(rem bool, x Value, d int64, width int) Value {
	if d&(d-1) == 0 {
		k := int64(bits.TrailingZeros64(uint64(d)))
		if rem {
			return l.def(GP, false, &Instr{Op: OpBin, Bin: BinAnd, Width: width, Args: []Value{x}, Imm: d - 1, HasImm: true})
		}
		return l.def(GP, false, &Instr{Op: OpShift, Bin: BinShr, Width: width, Args: []Value{x}, Imm: k, HasImm: true})
	}
	var q Value
	if m, p, ok := magic32(uint64(d)); ok {
		// x·m < 2^64: one ordinary multiplication, in any register.
		var prod Value
		if m < 1<<31 {
			prod = l.def(GP, false, &Instr{Op: OpBin, Bin: BinMul, Width: 8, Args: []Value{x}, Imm: int64(m), HasImm: true})
		} else {
			c := l.def(GP, false, &Instr{Op: OpConst, Imm: int64(m), Width: 8})
			prod = l.def(GP, false, &Instr{Op: OpBin, Bin: BinMul, Width: 8, Args: []Value{x, c}})
		}
		q = l.def(GP, false, &Instr{Op: OpShift, Bin: BinShr, Width: 8, Args: []Value{prod}, Imm: int64(p), HasImm: true})
	} else {
		m, s := magic(uint64(d))
		hi := l.def(GP, false, &Instr{Op: OpMulHi, Width: 8, Args: []Value{x}, Imm: int64(m)})
		q = l.def(GP, false, &Instr{Op: OpShift, Bin: BinShr, Width: 8, Args: []Value{hi}, Imm: int64(s), HasImm: true})
	}
	if !rem {
		return q
	}
	qd := l.def(GP, false, &Instr{Op: OpBin, Bin: BinMul, Width: 8, Args: []Value{q}, Imm: d, HasImm: true})
	return l.def(GP, false, &Instr{Op: OpBin, Bin: BinSub, Width: width, Args: []Value{x, qd}})
}

// divPow2 returns x / 2^k, or x % 2^k with rem, for x a 64-bit integer
// and 1 ≤ k ≤ 62, as gc does. Unsigned, a shift or a mask. Signed, Go
// truncates toward zero, so a negative x is biased by 2^k-1 first: t =
// (x >> 63) >>> (64-k) is that bias or 0, x / 2^k = (x + t) >> k, and
// x % 2^k = ((x + t) & (2^k-1)) - t (for x = -3, k = 1: t = 1,
// (-2 & 1) - 1 = -1, and (-2) >> 1 = -1).
func (l *lowerer) divPow2(rem, signed bool, x Value, k int) Value {
	mask := int64(1)<<k - 1
	if !signed {
		if rem {
			return l.def(GP, false, &Instr{Op: OpBin, Bin: BinAnd, Width: 8, Args: []Value{x}, Imm: mask, HasImm: true})
		}
		return l.def(GP, false, &Instr{Op: OpShift, Bin: BinShr, Width: 8, Args: []Value{x}, Imm: int64(k), HasImm: true})
	}
	sign := l.def(GP, false, &Instr{Op: OpShift, Bin: BinShr, Width: 8, Signed: true, Args: []Value{x}, Imm: 63, HasImm: true})
	t := l.def(GP, false, &Instr{Op: OpShift, Bin: BinShr, Width: 8, Args: []Value{sign}, Imm: int64(64 - k), HasImm: true})
	biased := l.def(GP, false, &Instr{Op: OpBin, Bin: BinAdd, Width: 8, Args: []Value{x, t}})
	if !rem {
		return l.def(GP, false, &Instr{Op: OpShift, Bin: BinShr, Width: 8, Signed: true, Args: []Value{biased}, Imm: int64(k), HasImm: true})
	}
	low := l.def(GP, false, &Instr{Op: OpBin, Bin: BinAnd, Width: 8, Args: []Value{biased}, Imm: mask, HasImm: true})
	return l.def(GP, false, &Instr{Op: OpBin, Bin: BinSub, Width: 8, Args: []Value{low, t}})
}

// magic returns M and s for d, not a power of two (see divConst).
func magic(d uint64) (m uint64, s uint) {
	s = uint(bits.Len64(d) - 1)
	b := new(big.Int).Lsh(big.NewInt(1), 64+s)
	b.Add(b, new(big.Int).SetUint64(d-1))
	b.Div(b, new(big.Int).SetUint64(d))
	return b.Uint64(), s
}

// magic32 returns, when there is one, a reciprocal of d that needs no
// 128-bit product: m < 2^32 and p with ⌊x·m / 2^p⌋ = ⌊x / d⌋ for every
// x < 2^32, so that x·m fits in 64 bits. With m = ⌈2^p / d⌉ and
// m·d = 2^p + e, the error x·e / (d·2^p) stays below 1/d when
// x·e < 2^p, for which e·(2^32 - 1) < 2^p suffices.
func magic32(d uint64) (m uint64, p uint, ok bool) {
	for p = 32; p < 64; p++ {
		m = (uint64(1)<<p + d - 1) / d
		if m >= 1<<32 {
			return 0, 0, false // m only grows with p
		}
		if e := m*d - uint64(1)<<p; e*(1<<32-1) < uint64(1)<<p {
			return m, p, true
		}
	}
	return 0, 0, false
}
