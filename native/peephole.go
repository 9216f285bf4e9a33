// This file holds rewrites of machine code that pick a better amd64
// instruction for an idiom.

package native

import "math"

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

// doublings turns a float multiplication by 2 into x + x, as gc does:
// the same IEEE result for every x (2x rounds the same either way,
// overflows to the same infinity, keeps -0, NaN and its payload), with
// no constant to keep in a register.
func doublings(m *Func) {
	def := definitions(m)
	two := func(v Value, width int) bool {
		in := def[v].instr
		if in == nil || in.Op != OpConst || !in.Float || in.Width != width {
			return false
		}
		if width == 4 {
			return uint32(in.Imm) == math.Float32bits(2)
		}
		return uint64(in.Imm) == math.Float64bits(2)
	}
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if in.Op != OpBin || !in.Float || in.Bin != BinMul || in.HasImm || len(in.Args) != 2 {
				continue
			}
			switch {
			case two(in.Args[1], in.Width):
				in.Bin, in.Args = BinAdd, []Value{in.Args[0], in.Args[0]}
			case two(in.Args[0], in.Width):
				in.Bin, in.Args = BinAdd, []Value{in.Args[1], in.Args[1]}
			}
		}
	}
}

// mergeBlocks appends to a block ending with a jump the block it jumps
// to when that block has no other predecessor (what if-conversion
// leaves of a diamond and its join), so that a loop body is one block
// again.
func mergeBlocks(m *Func) {
	for changed := true; changed; {
		changed = false
		for _, b := range m.Blocks {
			if len(b.Succs) != 1 || len(b.Instrs) == 0 || b.Instrs[len(b.Instrs)-1].Op != OpJump {
				continue
			}
			c := m.Blocks[b.Succs[0]]
			if c == b || len(c.Preds) != 1 || len(c.Instrs) == 0 {
				continue
			}
			if len(c.Phis) > 0 {
				// A phi of one predecessor is its argument.
				sub := map[Value]Value{}
				for _, p := range c.Phis {
					sub[p.Dst] = p.Args[0]
				}
				substitute(m, sub)
				c.Phis = nil
			}
			b.Instrs = append(b.Instrs[:len(b.Instrs)-1], c.Instrs...)
			b.Succs = c.Succs
			m.replacePred(c.Succs, c.Index, b.Index)
			c.Instrs, c.Preds, c.Succs = nil, nil, nil
			changed = true
		}
	}
}

// substitute replaces every use of a value in sub by its image.
func substitute(m *Func, sub map[Value]Value) {
	get := func(v Value) Value {
		for {
			w, ok := sub[v]
			if !ok {
				return v
			}
			v = w
		}
	}
	for _, b := range m.Blocks {
		for i := range b.Phis {
			for k, a := range b.Phis[i].Args {
				b.Phis[i].Args[k] = get(a)
			}
		}
		for _, in := range b.Instrs {
			in.mapOperands(get)
		}
	}
}

// localCSE gives, in each of blocks, an instruction that computes what
// an earlier one of the block computes (the same operation on the same
// operands; a load from the same address with no store between) the
// earlier one's value: the unrolled copies of a loop body read
// s[i+1] once where one copy reads it as s[i+1] and the next as s[i].
func localCSE(m *Func, blocks []*Block) {
	cse(m, blocks, true)
}

// blockCSE is localCSE on every block, constants aside (a constant is
// an immediate or one move where it is used; merged, it would hold a
// register across the block): v%85 and v/85 lower to the same
// multiplication and shift, which it computes once (ascii85's Encode).
// Nothing survives a call, which may move the stack under a pointer.
func blockCSE(m *Func) {
	cse(m, m.Blocks, false)
}

// cse merges, in each of blocks, the instructions that compute what an
// earlier one of the block computes, constants too if consts.
func cse(m *Func, blocks []*Block, consts bool) {
	type key struct {
		op                    Op
		bin                   Bin
		cond                  Cond
		cvt                   Cvt
		imm                   int64
		hasImm, signed, float bool
		width                 int
		mem                   Mem
		a0, a1                Value
		// k0, k1: an operand that is an integer constant, by its
		// bits (a0, a1 are then NoValue): each division by 85 has a
		// constant of its own for the reciprocal.
		k0, k1     int64
		isK0, isK1 bool
	}
	constOf := map[Value]int64{}
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if in.Op == OpConst && !in.Float {
				constOf[in.Dst] = in.Imm
			}
		}
	}
	operand := func(a Value) (Value, int64, bool) {
		if c, ok := constOf[a]; ok {
			return NoValue, c, true
		}
		return a, 0, false
	}
	sub := map[Value]Value{}
	get := func(v Value) Value {
		if w, ok := sub[v]; ok {
			return w
		}
		return v
	}
	for _, b := range blocks {
		seen := map[key]Value{}
		for _, in := range b.Instrs {
			in.mapOperands(get)
			switch in.Op {
			case OpCall:
				clear(seen)
				continue
			case OpConst:
				if !consts {
					continue
				}
			}
			switch in.Op {
			case OpStore, OpVStore, OpPoll, OpMove, OpZeroLocal, OpRMW:
				// Memory may have changed: forget the loads.
				for k := range seen {
					if k.op == OpLoad {
						delete(seen, k)
					}
				}
				continue
			case OpConst, OpBin, OpUnary, OpShift, OpCmp, OpExt, OpCvt, OpLoad, OpLea, OpRotate, OpMulHi:
			default:
				continue
			}
			if len(in.Args) > 2 {
				continue
			}
			k := key{op: in.Op, bin: in.Bin, cond: in.Cond, cvt: in.Cvt, imm: in.Imm, hasImm: in.HasImm, signed: in.Signed, float: in.Float, width: in.Width, a0: NoValue, a1: NoValue}
			if in.Op == OpLoad || in.Op == OpLea {
				k.mem = in.Mem
			}
			if len(in.Args) > 0 {
				k.a0, k.k0, k.isK0 = operand(in.Args[0])
			}
			if len(in.Args) > 1 {
				k.a1, k.k1, k.isK1 = operand(in.Args[1])
			}
			if v, ok := seen[k]; ok {
				sub[in.Dst] = v
				continue
			}
			seen[k] = in.Dst
		}
	}
	// Uses elsewhere: the phis the bodies feed.
	substitute(m, sub)
}

// hoistFloatConstants computes each distinct float constant once, in
// the entry block. An integer constant is an immediate or one move
// where it is used; a float one takes a move through R11 each time, in
// every iteration of a loop, where a register of its own costs nothing
// (there are fifteen, and few kernels need them all: the spiller
// decides otherwise when they do).
func hoistFloatConstants(m *Func) {
	entry := m.Blocks[0]
	byBits := map[[2]int64]Value{}
	sub := map[Value]Value{}
	var hoisted []*Instr
	for _, b := range m.Blocks {
		kept := b.Instrs[:0]
		for _, in := range b.Instrs {
			if in.Op != OpConst || !in.Float {
				kept = append(kept, in)
				continue
			}
			k := [2]int64{in.Imm, int64(in.Width)}
			if v, ok := byBits[k]; ok {
				sub[in.Dst] = v
				continue
			}
			byBits[k] = in.Dst
			hoisted = append(hoisted, in)
		}
		b.Instrs = kept
	}
	// At the start: the entry block may use them itself.
	entry.Instrs = append(hoisted, entry.Instrs...)
	substitute(m, sub)
}
