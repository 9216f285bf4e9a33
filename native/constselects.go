// This file decides the conditional moves and compares whose operands
// are constants. A slice expression q[k:] moves its pointer by k only
// where the new capacity cap(q)-k is not 0 (slices.go), a select; when
// cap(q) is a constant, as after q = q[:64:64] in crypto/md5's
// blockGeneric (and every block function written "to eliminate bounds
// checks"), folding makes cap(q)-k a constant, and each of md5's sixteen
// LEUint32(q[4*i:]) still compared 64-4*i with 0 and chose by CMOV at
// run time. gc's constant folding picks the side.

package native

// decideConstantSelects replaces each use of an integer select whose
// compared operands are both constants by the operand it chooses, and
// makes a compare of two constants the constant it gives. It reports
// whether it changed anything.
func decideConstantSelects(m *Func, konst func(Value) (int64, bool)) bool {
	used := make([]bool, len(m.Values))
	for _, b := range m.Blocks {
		for _, p := range b.Phis {
			for _, a := range p.Args {
				used[a] = true
			}
		}
		for _, in := range b.Instrs {
			in.mapOperands(func(v Value) Value {
				if v != NoValue {
					used[v] = true
				}
				return v
			})
		}
	}
	sub := map[Value]Value{}
	changed := false
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if (in.Op != OpSelect && in.Op != OpCmp) || in.Float || in.hasMem() || in.Dst == NoValue || len(in.Args) == 0 {
				continue
			}
			x, xk := konst(in.Args[0])
			y, yk := in.Imm, in.HasImm
			n := len(in.Args)
			switch {
			case in.Op == OpSelect && in.HasImm && n == 3, in.Op == OpCmp && in.HasImm && n == 1:
			case in.Op == OpSelect && !in.HasImm && n == 4, in.Op == OpCmp && !in.HasImm && n == 2:
				y, yk = konst(in.Args[1])
			default:
				continue
			}
			if !xk || !yk {
				continue
			}
			// Compared at the width, as the emitted CMP does.
			x, y = extendConst(x, in.Width, in.Signed), extendConst(y, in.Width, in.Signed)
			holdsThen := holds(in.Cond, in.Signed, x, y)
			if in.Op == OpCmp {
				makeConst(in, b2i(holdsThen))
				changed = true
				continue
			}
			if !used[in.Dst] {
				continue
			}
			chosen := in.Args[n-1]
			if holdsThen {
				chosen = in.Args[n-2]
			}
			// Keep what the garbage collector sees: a pointer stays one.
			if m.Values[chosen] == m.Values[in.Dst] {
				sub[in.Dst] = chosen
			}
		}
	}
	if len(sub) > 0 {
		substitute(m, sub)
		changed = true
	}
	return changed
}
