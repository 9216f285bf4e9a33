// This file divides a 64-bit unsigned integer by a constant without
// DIVQ, as gc does: strconv's decimal.Assign divides a uint64 by 10 in
// its loop, where DIVQ (tens of cycles) made vssa's code 0.72x gc's.
// divconst.go does the same for widths up to 32 bits, where a 64-bit
// product has room; a 64-bit dividend needs the high half of a 128-bit
// product (MULQ), and a reciprocal that may need 65 bits.

package native

import (
	"math/big"
	"math/bits"
)

// magic64 returns how to divide any x < 2^64 by d (3 ≤ d, not a power
// of two) with one MULQ: with hi the high 64 bits of x·m,
//
//	x / d = hi >> shift                     if !avg
//	x / d = (((x - hi) >> 1) + hi) >> shift  if avg
//
// Why: let s = ⌈log2 d⌉ (2^(s-1) < d < 2^s) and M = ⌈2^(64+s) / d⌉,
// M·d = 2^(64+s) + e with 0 ≤ e < d. For x = q·d + r (r < d),
// x·M / 2^(64+s) = q + r/d + x·e / (d·2^(64+s)), and the last term is
// below e / (d·2^s) < 1/d (as x < 2^64 and e < d < 2^s), so its floor
// is q. 2^64 < M < 2^65. If M is even, M/2 fits in 64 bits and
// x / d = ⌊x·(M/2) / 2^(63+s)⌋ = hi >> (s-1) with m = M/2. Otherwise
// m = M - 2^64: x·M / 2^64 = x + hi + (a fraction below 1), so
// x / d = ⌊(x + hi) / 2^s⌋, and x + hi, which may not fit in 64 bits,
// is halved first as ((x - hi) >> 1) + hi (hi ≤ x, since m < 2^64).
func magic64(d uint64) (m uint64, shift uint, avg bool) {
	s := uint(bits.Len64(d))
	b := new(big.Int).Lsh(big.NewInt(1), 64+s)
	b.Add(b, new(big.Int).SetUint64(d-1))
	b.Div(b, new(big.Int).SetUint64(d)) // M
	if b.Bit(0) == 0 {
		return b.Rsh(b, 1).Uint64(), s - 1, false
	}
	return b.Uint64(), s - 1, true // Uint64 keeps M's low 64 bits: M - 2^64
}

// divConst64 returns x / d, or x % d with rem, for x an unsigned 64-bit
// integer and d (3 ≤ d, not a power of two) given by its bits.
func (l *lowerer) divConst64(rem bool, x Value, d uint64) Value {
	m, shift, avg := magic64(d)
	hi := l.def(GP, false, &Instr{Op: OpMulHi, Width: 8, Args: []Value{x}, Imm: int64(m)})
	if avg {
		t := l.def(GP, false, &Instr{Op: OpBin, Bin: BinSub, Width: 8, Args: []Value{x, hi}})
		t = l.def(GP, false, &Instr{Op: OpShift, Bin: BinShr, Width: 8, Args: []Value{t}, Imm: 1, HasImm: true})
		hi = l.def(GP, false, &Instr{Op: OpBin, Bin: BinAdd, Width: 8, Args: []Value{t, hi}})
	}
	q := l.def(GP, false, &Instr{Op: OpShift, Bin: BinShr, Width: 8, Args: []Value{hi}, Imm: int64(shift), HasImm: true})
	if !rem {
		return q
	}
	var qd Value
	if int64(d) == int64(int32(d)) {
		qd = l.def(GP, false, &Instr{Op: OpBin, Bin: BinMul, Width: 8, Args: []Value{q}, Imm: int64(d), HasImm: true})
	} else {
		c := l.def(GP, false, &Instr{Op: OpConst, Imm: int64(d), Width: 8})
		qd = l.def(GP, false, &Instr{Op: OpBin, Bin: BinMul, Width: 8, Args: []Value{q, c}})
	}
	return l.def(GP, false, &Instr{Op: OpBin, Bin: BinSub, Width: 8, Args: []Value{x, qd}})
}
