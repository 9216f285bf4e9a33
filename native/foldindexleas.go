// This file folds an index computed as x+k (an OpLea, or an addition
// of a constant) into the memory operands
// that read it: dst[di+5] = … stores through (SI)(DX*1) after
// LEAQ 5(R10), DX, where 5(SI)(R10*1) is the same address. The LEAQ
// stayed because the index check read it too; combineChecks leaves
// base32's and ascii85's stores without their checks, and the index
// only feeds the store.

package native

import "math"

// foldIndexLeas rewrites each memory operand whose index is the result
// of an OpLea x+k (no index of its own, no symbol) or of x plus a
// constant into one indexed by
// x, its displacement grown by k times the scale, when every read of
// the OpLea's result folds so (it then goes, removeDead), the address
// staying the same: Extent, an offset from the unchanged base, holds.
func foldIndexLeas(m *Func) {
	def := definitions(m)
	// lea returns v's definition as an OpLea x+k, an OpLea of its own
	// or made of an addition or subtraction of a constant at 64 bits (emitted as a
	// LEAQ when its operand stays live).
	lea := func(v Value) *Instr {
		if v == NoValue || m.Values[v].Pointer {
			return nil
		}
		d := def[v].instr
		switch {
		case d == nil:
			return nil
		case d.Op == OpBin && d.Bin == BinAdd && d.HasImm && d.Width == 8 && !d.Float && !d.MemY && !d.MemFirst && len(d.Args) == 1:
			return &Instr{Op: OpLea, Mem: Mem{Base: d.Args[0], Index: NoValue, Disp: d.Imm}}
		case d.Op == OpBin && d.Bin == BinSub && d.HasImm && d.Imm != math.MinInt64 && d.Width == 8 && !d.Float && !d.MemY && !d.MemFirst && len(d.Args) == 1:
			return &Instr{Op: OpLea, Mem: Mem{Base: d.Args[0], Index: NoValue, Disp: -d.Imm}}
		case d.Op != OpLea || d.Mem.Sym != "" || d.Mem.Local != 0 || d.Mem.Base == NoValue || d.Mem.Index != NoValue:
			return nil
		}
		return d
	}
	folded := func(in, d *Instr) (Mem, bool) {
		mem := in.Mem
		if mem.Sym != "" || mem.Local != 0 || mem.Base == mem.Index || mem.Base == d.Mem.Base {
			return mem, false
		}
		disp := mem.Disp + d.Mem.Disp*mem.Scale
		if disp != int64(int32(disp)) || d.Mem.Disp != int64(int32(d.Mem.Disp)) {
			return mem, false
		}
		mem.Index, mem.Disp = d.Mem.Base, disp
		return mem, true
	}
	foldAddressOperands(m, func(mem Mem) Value { return mem.Index }, lea, folded)
}
