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
// A count that several shifts share gets one mask too, as gc shares
// one SBBQ: math/bits.Div64 shifts y, hi, lo and the remainder by one
// s, each guard three instructions where the mask costs two once
// (CMPQ c, $64; SBBQ m, m) and an AND a shift.
// Arithmetic right shifts keep their own guard (a count of 64 or more
// shifts by 63, which no mask gives).

package native

// hoistShiftGuards rewrites each logical shift by a register whose
// count is defined outside the shift's innermost loop, or is the count
// of another such shift too: d = x << c becomes t = x << c (CountFits)
// and d = t & mask, with mask = c < 64 ? -1 : 0 (unsigned, as the guard
// compares) computed right after c's definition, once for all such
// shifts by c.
func hoistShiftGuards(m *Func) {
	depth := loopDepths(m)
	def := definitions(m)
	guarded := func(in *Instr) bool {
		return in.Op == OpShift && !in.HasImm && !in.CountFits && len(in.Args) == 2 && (in.Bin != BinShr || !in.Signed)
	}
	shifts := map[Value]int{} // the guarded shifts by each count
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if guarded(in) {
				shifts[in.Args[1]]++
			}
		}
	}
	masks := map[Value]Value{}
	for _, b := range m.Blocks {
		for k := 0; k < len(b.Instrs); k++ {
			in := b.Instrs[k]
			if !guarded(in) {
				continue
			}
			c := in.Args[1]
			d := def[c]
			if d.block == nil || depth[d.block.Index] >= depth[b.Index] && shifts[c] < 2 {
				continue
			}
			mask, ok := masks[c]
			if !ok {
				if mask, ok = insertMask(m, d, c, in); !ok {
					continue
				}
				masks[c] = mask
				if d.block == b {
					k++ // the mask went in before the shift
				}
			}
			t := m.newValue(GP, false)
			and := &Instr{Op: OpBin, Bin: BinAnd, Dst: in.Dst, Args: []Value{t, mask}, Width: in.Width, Signed: in.Signed, Pos: in.Pos}
			in.Dst, in.CountFits = t, true
			// The AND defines the shift's old result now: a shift by
			// that result (x << (y << c)) puts its mask after the AND.
			def[and.Dst] = definition{block: b, instr: and}
			b.Instrs = append(b.Instrs[:k+1], append([]*Instr{and}, b.Instrs[k+1:]...)...)
			k++
		}
	}
}

// insertMask puts mask = c < 64 ? -1 : 0 (IntrShiftMask) right after
// c's definition d
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
	mask := m.newValue(GP, false)
	in := &Instr{Op: OpIntrinsic, Intr: IntrShiftMask, Dst: mask, Args: []Value{c}, Width: 8, Pos: shift.Pos}
	b.Instrs = append(b.Instrs[:at], append([]*Instr{in}, b.Instrs[at:]...)...)
	return mask, true
}
