// This file gives index checks and stores their constant operands as
// immediates: ascii85's Encode zeroes dst[0] through dst[4], and each
// was a move of the index into a register and a compare with the
// length, then a move of 0 into a register and a store of it, where gc
// compares the length with $k and stores $0.

package native

// immediateOperands makes a constant index of an OpBounds, and a
// constant stored by an integer OpStore, the instruction's immediate
// (HasImm, Imm), dropping the operand: an OpBounds then has Args
// [length], an OpStore only its address registers. It runs after every
// transform that reads a store's value or a check's index, and removes
// the constants no one reads any more.
func immediateOperands(m *Func) {
	def := definitions(m)
	changed := false
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if in.HasImm || len(in.Args) == 0 {
				continue
			}
			c, ok := constOf(def, in.Args[0])
			if !ok {
				continue
			}
			switch {
			case in.Op == OpBounds && c >= 0 && c == int64(int32(c)):
				// 0 ≤ c: the check fails where length ≤u c, signed index
				// or not.
			case in.Op == OpStore && !in.Float && storeFits(c, in.Width):
			default:
				continue
			}
			in.HasImm, in.Imm, in.Args = true, c, in.Args[1:]
			changed = true
		}
	}
	if changed {
		removeDead(m)
	}
}

// storeImm returns the immediate of a store of c's low width bytes:
// the assembler takes it signed at the store's size (and MOVQ's, a
// 32-bit one it sign-extends, so a 64-bit store needs c to fit that).
func storeImm(c int64, width int) (int64, bool) {
	switch width {
	case 1:
		return int64(int8(c)), true
	case 2:
		return int64(int16(c)), true
	case 4:
		return int64(int32(c)), true
	}
	return c, c == int64(int32(c))
}

func storeFits(c int64, width int) bool {
	_, ok := storeImm(c, width)
	return ok
}
