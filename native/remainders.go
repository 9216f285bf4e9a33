// This file replaces a remainder by arithmetic on a quotient already
// computed: amd64's division gives both, but the machine code has one
// result per instruction, and a loop testing d <= n/d and n%d == 0
// would divide twice per iteration where gc divides once.

package native

// remainders rewrites x % y as x - (x/y)*y where a division x / y at
// the same width and signedness is available (earlier in the block or
// in a dominating one): a multiplication and a subtraction cost a few
// cycles, a division tens. The identity holds for Go's truncated
// division at every width, wrap-around included (MinInt % -1 is
// MinInt - MinInt*-1 = 0); the remainder's divide-by-zero check stays.
func remainders(m *Func) {
	type key struct {
		x, y   Value
		width  int
		signed bool
	}
	type site struct {
		block, index int
		q            Value
	}
	quotients := map[key][]site{}
	for _, b := range m.Blocks {
		for i, in := range b.Instrs {
			if in.Op == OpDiv && in.Bin == BinDiv {
				k := key{in.Args[0], in.Args[1], in.Width, in.Signed}
				quotients[k] = append(quotients[k], site{b.Index, i, in.Dst})
			}
		}
	}
	if len(quotients) == 0 {
		return
	}
	dom := dominators(m)
	for _, b := range m.Blocks {
		var code []*Instr
		for i, in := range b.Instrs {
			if in.Op == OpDiv && in.Bin == BinRem {
				for _, q := range quotients[key{in.Args[0], in.Args[1], in.Width, in.Signed}] {
					if q.block == b.Index && q.index < i || q.block != b.Index && dom.Dominates(q.block, b.Index) {
						x, y := in.Args[0], in.Args[1]
						mul := &Instr{Op: OpBin, Bin: BinMul, Dst: m.newValue(GP, false), Width: in.Width, Signed: in.Signed, Args: []Value{q.q, y}, Pos: in.Pos}
						code = append(code, mul)
						*in = Instr{Op: OpBin, Bin: BinSub, Dst: in.Dst, Width: in.Width, Signed: in.Signed, Args: []Value{x, mul.Dst}, Pos: in.Pos}
						break
					}
				}
			}
			code = append(code, in)
		}
		b.Instrs = code
	}
}
