// This file decides where a narrow integer result may stay unextended.
//
// Values are held extended to 64 bits from their width (mach.go), so
// every operation that can carry out of its width (add, sub, mul, neg,
// compl, shift left) is followed by a sign or zero extension. Most
// consumers read only the low bits, though: arithmetic of the same
// width, stores and results of that width, narrower conversions. An
// extension is left out where every use of the result is such a
// consumer, directly or through operations (and, or, xor, byte and word
// adds and shifts) whose results' low bits depend only on their
// operands' low bits and which are themselves read only that way.
// (gc keeps narrow values in registers with garbage above their width
// throughout; this keeps vssa's invariant everywhere else.)

package native

// unextended returns the instructions whose extension may be left out.
func unextended(f *Func) map[*Instr]bool {
	def := map[Value]*Instr{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Dst != NoValue {
				def[in.Dst] = in
			}
		}
	}
	// width returns the width of v if its producer may leave it
	// unextended (a candidate) or pass on an operand's high bits (a
	// transparent operation), 0 otherwise.
	width := func(v Value) int {
		if in := def[v]; in != nil && (extendsResult(in) || transparent(in)) {
			return in.Width
		}
		return 0
	}
	required := map[Value]bool{}
	var work []Value
	need := func(v Value) {
		if !required[v] && width(v) != 0 {
			required[v] = true
			work = append(work, v)
		}
	}
	for _, b := range f.Blocks {
		for _, p := range b.Phis {
			for _, a := range p.Args {
				need(a)
			}
		}
		for _, in := range b.Instrs {
			for k, v := range in.Args {
				if w := width(v); w != 0 && !readsLowBits(in, k, w) {
					need(v)
				}
			}
		}
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if in := def[v]; transparent(in) {
			for _, k := range valueOperands(in) {
				need(in.Args[k])
			}
		}
	}
	out := map[*Instr]bool{}
	for v, in := range def {
		if extendsResult(in) && !required[v] {
			out[in] = true
		}
	}
	return out
}

// extendsResult reports whether the emitter extends in's result back
// to its width after the operation (intBin, shift, OpUnary).
func extendsResult(in *Instr) bool {
	if in.Width >= 8 || in.Float {
		return false
	}
	switch in.Op {
	case OpBin:
		if in.MemY {
			return in.Signed
		}
		return (in.Bin == BinAdd || in.Bin == BinSub || in.Bin == BinMul) && !sizedOp(in)
	case OpUnary:
		return in.Bin == BinNeg || in.Bin == BinCompl
	case OpShift:
		return in.Bin == BinShl && !(in.HasImm && uint64(in.Imm) >= 64) && !shiftAtWidth(in)
	case OpExt:
		// A conversion is its extension: its operand's low bytes are
		// already the result's (widening reads a canonical operand,
		// narrowing keeps the low bytes), so where only those are
		// read it is a move (snappy's dst[i+2] = uint8(offset >> 8)).
		return true
	}
	return false
}

// sizedOp reports whether intBin does in at its own width (unsigned
// add and sub of 1, 2 or 4 bytes, mul of 4), which leaves a canonical
// result from canonical operands without an extension.
func sizedOp(in *Instr) bool {
	return !in.Signed && in.Width < 8 && (in.Bin == BinAdd || in.Bin == BinSub || in.Bin == BinMul && in.Width == 4)
}

// shiftAtWidth reports whether shift emits in, an unsigned left shift
// by a constant within the width, at its own width (SHLB, SHLW, SHLL),
// which leaves a canonical result from a canonical operand.
func shiftAtWidth(in *Instr) bool {
	return in.Op == OpShift && in.Bin == BinShl && in.HasImm && !in.Signed && in.Width < 8 && uint64(in.Imm) < uint64(8*in.Width)
}

// narrowShift reports whether shift emits in as SHLB or SHLW, which
// keep the register's bits above the width as they were.
func narrowShift(in *Instr) bool { return shiftAtWidth(in) && in.Width < 4 }

// transparent reports whether in emits no extension and its result's
// bits above its width are its operands': and, or, xor, andnot, byte
// and word adds and subs, an unsigned operation with a memory operand,
// byte and word shifts.
func transparent(in *Instr) bool {
	if in == nil || in.Width >= 8 || in.Float {
		return false
	}
	switch in.Op {
	case OpBin:
		switch {
		case in.MemY:
			return !in.Signed
		case in.Bin == BinAnd, in.Bin == BinOr, in.Bin == BinXor, in.Bin == BinAndNot:
			return true
		case sizedOp(in):
			return in.Width < 4
		}
	case OpShift:
		return narrowShift(in)
	}
	return false
}

// valueOperands returns the positions of in's operands that are values
// (not address registers nor a shift count).
func valueOperands(in *Instr) []int {
	switch {
	case in.Op == OpShift, in.MemY, in.HasImm:
		return []int{0}
	case in.Op == OpBin:
		return []int{0, 1}
	}
	return nil
}

// readsLowBits reports whether in reads its operand k only through its
// low w bytes.
func readsLowBits(in *Instr, k, w int) bool {
	if in.Float {
		return false
	}
	isValue := false
	for _, j := range valueOperands(in) {
		isValue = isValue || j == k
	}
	switch in.Op {
	case OpBin:
		return isValue && in.Width == w && in.Bin != BinDiv && in.Bin != BinRem
	case OpUnary:
		return k == 0 && in.Width == w && (in.Bin == BinNeg || in.Bin == BinCompl)
	case OpShift:
		return k == 0 && in.Width == w && in.Bin == BinShl
	case OpStore, OpCallArg:
		return k == 0 && !in.HasImm && in.Width <= w
	case OpRMW:
		return k == 0 && !in.HasImm && in.Width <= w
	case OpExt:
		return in.Width < 8 && in.Width <= w
	case OpReturn:
		return !in.Rets[k].Float && in.Rets[k].Width <= w
	case OpPoll:
		return true
	}
	return false
}
