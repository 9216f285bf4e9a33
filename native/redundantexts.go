// This file removes conversions that leave their operand as it is: a
// narrowing conversion of a value already in the narrow type's range.
// compress/bzip2's updateCRC indexes its table with byte(crc>>24), crc
// a uint32: the shift leaves at most 8 bits, yet the conversion to byte
// was a MOVBQZX on the loop-carried chain (shift, zero-extend, xor,
// load, xor), one cycle of its nine. hash/crc32's simpleUpdate and
// slicing loops, murmur3's and the hashes' byte(x>>24) read alike.

package native

import "math"

// dropRedundantExts replaces each integer conversion to fewer than 8
// bytes whose operand is known to lie in the range of the conversion's
// type by the operand: values are held extended from their width
// (mach.go), so the conversion would give the operand's value again.
func dropRedundantExts(m *Func) {
	def := definitions(m)
	sub := map[Value]Value{}
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if in.Op != OpExt || in.Float || in.hasMem() || in.Width >= 8 || len(in.Args) != 1 || in.Dst == NoValue {
				continue
			}
			x := in.Args[0]
			r, ok := heldSpan(def, x)
			if !ok {
				continue
			}
			t := widthSpan(in.Width, in.Signed)
			if r.lo >= t.lo && r.hi <= t.hi && m.Values[in.Dst] == m.Values[x] {
				sub[in.Dst] = x
			}
		}
	}
	if len(sub) > 0 {
		substitute(m, sub)
	}
}

// widthSpan is the range of the integers of width bytes (below 8),
// signed or not.
func widthSpan(width int, signed bool) span {
	bits := uint(8 * width)
	if signed {
		return span{-1 << (bits - 1), 1<<(bits-1) - 1}
	}
	return span{0, 1<<bits - 1}
}

// heldSpan returns a range the held (extended) value of v lies in, from
// its definition alone, when it knows one narrower than 64 bits.
func heldSpan(def []definition, v Value) (span, bool) {
	d := def[v].instr
	if d == nil || d.Float || d.Dst != v {
		return span{}, false
	}
	switch d.Op {
	case OpConst:
		return span{d.Imm, d.Imm}, true
	case OpLoad, OpExt:
		if d.Width < 8 && !d.MemY && !d.MemFirst {
			return widthSpan(d.Width, d.Signed), true
		}
	case OpShift:
		// x >> k of an unsigned x of w bytes: below 2^(8w-k).
		if d.Bin != BinShr || d.Signed || !d.HasImm || d.Imm <= 0 || d.MemY || d.MemFirst {
			return span{}, false
		}
		bits := int64(8 * d.Width)
		if d.Imm >= bits {
			return span{0, 0}, true
		}
		return span{0, int64(uint64(math.MaxUint64) >> uint(64-bits+d.Imm))}, true
	case OpBin:
		// x & c, 0 <= c below the width's sign bit: at most c.
		if d.Bin != BinAnd || !d.HasImm || d.MemY || d.MemFirst || d.hasMem() || d.Imm < 0 {
			return span{}, false
		}
		if d.Width < 8 && d.Imm >= 1<<(8*d.Width-1) {
			return span{}, false
		}
		return span{0, d.Imm}, true
	}
	return span{}, false
}
