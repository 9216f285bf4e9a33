// This file holds rewrites of machine code that pick a better amd64
// instruction for an idiom.

package native

// rotates turns x<<k | x>>(w-k) (or + or ^, which are the same on
// disjoint bits), x unsigned of w bits, into a rotation.
func rotates(m *Func) {
	def := definitions(m)
	shift := func(v Value, dir Bin) *Instr {
		in := def[v].instr
		if in == nil || in.Op != OpShift || !in.HasImm || in.Signed || in.Bin != dir {
			return nil
		}
		return in
	}
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if in.Op != OpBin || in.Float || in.HasImm || in.Signed || (in.Bin != BinOr && in.Bin != BinAdd && in.Bin != BinXor) {
				continue
			}
			bits := int64(8 * in.Width)
			for _, order := range [][2]int{{0, 1}, {1, 0}} {
				l, r := shift(in.Args[order[0]], BinShl), shift(in.Args[order[1]], BinShr)
				if l == nil || r == nil || l.Args[0] != r.Args[0] || l.Width != in.Width || r.Width != in.Width ||
					l.Imm <= 0 || l.Imm >= bits || l.Imm+r.Imm != bits {
					continue
				}
				*in = Instr{Op: OpRotate, Dst: in.Dst, Args: []Value{l.Args[0]}, Imm: l.Imm, Width: in.Width, Pos: in.Pos}
				break
			}
		}
	}
}
