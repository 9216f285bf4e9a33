// This file turns x + x<<k (k from 1 to 3; or x*2^k) into x * (2^k + 1), which the
// emitter writes as one LEA, (x)(x*2^k), as gc does: murmur3's
// h1*4 + h1 was a copy, a shift and an add on the hash's chain of
// dependent instructions, one more cycle of latency an iteration. A
// multiplication by 3, 5 or 9 is an LEA at every width (emit.go).

package native

import "math/bits"

// scaledSums rewrites the sums; the shift, if nothing else uses it, is
// then dead.
func scaledSums(m *Func) {
	def := definitions(m)
	// scaled returns k if v is x << k or x * 2^k, k from 1 to 3, x
	// given.
	scaled := func(v, x Value) (int64, bool) {
		d := def[v].instr
		if d == nil || !d.HasImm || len(d.Args) != 1 || d.Args[0] != x || d.Float {
			return 0, false
		}
		switch {
		case d.Op == OpShift && d.Bin == BinShl && d.Imm >= 1 && d.Imm <= 3:
			return d.Imm, true
		case d.Op == OpBin && d.Bin == BinMul && (d.Imm == 2 || d.Imm == 4 || d.Imm == 8):
			return int64(bits.TrailingZeros64(uint64(d.Imm))), true
		}
		return 0, false
	}
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if in.Op != OpBin || in.Bin != BinAdd || in.Float || in.HasImm || len(in.Args) != 2 || in.Width < 4 {
				continue
			}
			for j := range 2 {
				x := in.Args[j]
				if k, ok := scaled(in.Args[1-j], x); ok && def[in.Args[1-j]].instr.Width == in.Width {
					in.Bin, in.Args, in.Imm, in.HasImm = BinMul, []Value{x}, 1<<k+1, true
					break
				}
			}
		}
	}
}
