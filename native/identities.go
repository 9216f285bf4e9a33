// This file removes operations whose result is an operand itself: x+0
// (snappy's emitCopy writes dst[i+0], and a switch's fallthrough chain
// ORs into a zero), and conversions read only by a store of no more
// bytes than they keep.

package native

// foldIdentities replaces each integer x + 0, x - 0, x | 0, x ^ 0,
// x & -1, x * 1, x << 0, x >> 0 and address 0(x) by x: x is kept
// extended from the width (mach.go), so the operation leaves it as it
// is. A result that holds a pointer where x does not (or the reverse)
// is kept, so that the garbage collector sees what it saw.
func foldIdentities(m *Func) {
	sub := map[Value]Value{}
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if in.Dst == NoValue || in.Float || len(in.Args) != 1 {
				continue
			}
			x := in.Args[0]
			same := false
			switch in.Op {
			case OpBin:
				switch in.Bin {
				case BinAdd, BinSub, BinOr, BinXor:
					same = in.HasImm && !in.MemY && in.Imm == 0
				case BinAnd:
					same = in.HasImm && !in.MemY && in.Imm == -1
				case BinMul:
					same = in.HasImm && !in.MemY && in.Imm == 1
				}
			case OpShift:
				same = in.HasImm && in.Imm == 0
			case OpLea:
				mem := in.Mem
				same = mem.Base == x && mem.Index == NoValue && mem.Disp == 0 && mem.Sym == "" && mem.Local == 0
			}
			if same && m.Values[in.Dst] == m.Values[x] {
				sub[in.Dst] = x
			}
		}
	}
	if len(sub) > 0 {
		substitute(m, sub)
		removeDead(m)
	}
}

// lowHalves makes x & 0xFFFFFFFF, whose constant fits no immediate, a
// zero-extending 32-bit move (MOVL x, d, as gc): no constant to load
// into a register first (Div64's y & mask32, un10 & mask32).
func lowHalves(m *Func) {
	def := definitions(m)
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if in.Op != OpBin || in.Bin != BinAnd || in.Float || in.HasImm || in.MemY || len(in.Args) != 2 {
				continue
			}
			for k, a := range in.Args {
				if c, ok := constOf(def, a); ok && c == 0xFFFFFFFF {
					*in = Instr{Op: OpExt, Dst: in.Dst, Width: 4, Args: []Value{in.Args[1-k]}, Pos: in.Pos}
					break
				}
			}
		}
	}
	removeDead(m)
}

// storeSources makes an integer store of w bytes read the operand of
// the conversion that made its value, when the conversion keeps at
// least w bytes: the low bytes of a conversion's operand are its
// result's (narrowing keeps them, widening reads a canonical operand),
// so dst[i+1] = uint8(offset) stores offset's register, with no copy
// of it first.
func storeSources(m *Func) {
	def := definitions(m)
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if in.Op != OpStore || in.HasImm || in.Float || len(in.Args) == 0 {
				continue
			}
			if d := def[in.Args[0]].instr; d != nil && d.Op == OpExt && !d.Float && in.Width <= d.Width {
				in.Args[0] = d.Args[0]
			}
		}
	}
	removeDead(m)
}
