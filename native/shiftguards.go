// This file takes the guard of a shift by a count that a loop does not
// change out of the loop, as gc does: Go gives 0 for a count of 64 or
// more where x86 takes the count modulo 64, so a shift by a register
// is followed by CMPQ CX, $64; SBBQ CX, CX; ANDQ CX, d (shiftcounts.go
// leaves it out where the count cannot reach 64). When the count is
// defined outside the shift's loop, the mask (all ones for a count
// below 64, else zero) is computed once, after the count, and the
// shift in the loop is the bare SHRQ (or SHLQ) followed by an AND with
// the mask: snappy's hash, (u * 0x1e35a7bd) >> shift, twice in each
// iteration of encodeBlock's loops with shift set before them.
// Arithmetic right shifts keep their own guard (a count of 64 or more
// shifts by 63, which no mask gives).

package native

// hoistShiftGuards rewrites each logical shift by a register whose
// count is defined outside the shift's innermost loop: d = x << c
// becomes t = x << c (CountFits) and d = t & mask, with
// mask = c < 64 ? -1 : 0 (unsigned, as the guard compares) computed
// right after c's definition, once for all such shifts by c.
func hoistShiftGuards(m *Func) {
	depth := loopDepths(m)
	def := definitions(m)
	masks := map[Value]Value{}
	for _, b := range m.Blocks {
		for k := 0; k < len(b.Instrs); k++ {
			in := b.Instrs[k]
			if in.Op != OpShift || in.HasImm || in.CountFits || len(in.Args) != 2 || in.Bin == BinShr && in.Signed {
				continue
			}
			c := in.Args[1]
			d := def[c]
			if d.block == nil || depth[d.block.Index] >= depth[b.Index] {
				continue
			}
			mask, ok := masks[c]
			if !ok {
				if mask, ok = insertMask(m, d, c, in); !ok {
					continue
				}
				masks[c] = mask
			}
			t := m.newValue(GP, false)
			and := &Instr{Op: OpBin, Bin: BinAnd, Dst: in.Dst, Args: []Value{t, mask}, Width: in.Width, Signed: in.Signed, Pos: in.Pos}
			in.Dst, in.CountFits = t, true
			b.Instrs = append(b.Instrs[:k+1], append([]*Instr{and}, b.Instrs[k+1:]...)...)
			k++
		}
	}
}

// insertMask puts mask = c < 64 ? -1 : 0 right after c's definition d
// (after the phis where c is one, after the results of a call where c
// is one), and returns mask; not where the flags d leaves are read by
// the next instruction (a carry, carries.go).
func insertMask(m *Func, d definition, c Value, shift *Instr) (Value, bool) {
	b := d.block
	at := 0 // after the phis
	if d.instr != nil {
		for at < len(b.Instrs) && b.Instrs[at] != d.instr {
			at++
		}
		if at == len(b.Instrs) || d.instr.CarryIn {
			return NoValue, false
		}
		at++
		for at < len(b.Instrs) && b.Instrs[at].Op == OpCallResult {
			at++
		}
		if at == len(b.Instrs) || b.Instrs[at].CarryIn {
			return NoValue, false
		}
	}
	ones, zero, mask := m.newValue(GP, false), m.newValue(GP, false), m.newValue(GP, false)
	code := []*Instr{
		{Op: OpConst, Dst: ones, Imm: -1, Width: 8, Signed: true, Pos: shift.Pos},
		{Op: OpConst, Dst: zero, Width: 8, Pos: shift.Pos},
		{Op: OpSelect, Dst: mask, Cond: CondLt, Args: []Value{c, ones, zero}, HasImm: true, Imm: 64, Width: 8, Pos: shift.Pos},
	}
	b.Instrs = append(b.Instrs[:at], append(code, b.Instrs[at:]...)...)
	return mask, true
}
