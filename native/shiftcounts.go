// This file finds the shifts whose count is below 64, as math/big's
// lshVU_g makes it with s &= _W - 1 ("a hint to the compiler that
// shifts by s don't need guard code"): Go gives 0 (or the sign) for a
// count of 64 or more, where x86 takes the count modulo 64, so a shift
// by a register needs a compare and a mask after it, unless its count
// cannot reach 64.

package native

// markCountsThatFit sets CountFits on each shift by a register whose
// count is an AND with a constant in [0, 63], possibly extended or
// truncated (which keeps a value in [0, 63]).
func markCountsThatFit(m *Func) {
	def := definitions(m)
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if in.Op != OpShift || in.HasImm || len(in.Args) < 2 {
				continue
			}
			c := def[in.Args[1]].instr
			for c != nil && c.Op == OpExt {
				c = def[c.Args[0]].instr
			}
			in.CountFits = c != nil && c.Op == OpBin && c.Bin == BinAnd && !c.Float && c.HasImm && c.Imm >= 0 && c.Imm < 64
		}
	}
}
