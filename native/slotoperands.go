// This file lets an integer AND read its second operand from the stack
// slot of a spilled value, as a memory operand (ANDQ 312(SP), DI),
// instead of reloading it into a register first: one instruction and
// no register where a loop has none to spare. gc does the same with
// the mask of a shift guard it takes out of a loop (shiftguards.go),
// which is what this is first for: the mask, live across the whole
// loop, is the value the allocator spills, and its uses in the loop
// then cost no reload.

package native

import "github.com/vssa-go/vssa/validate"

// andFromSlot reports whether operand i of in is the second of an
// integer AND of two registers, which the emitter can read from a slot.
func andFromSlot(in *Instr, i int) bool {
	return i == 1 && in.Op == OpBin && in.Bin == BinAnd && !in.Float && !in.HasImm && !in.MemY && len(in.Args) == 2
}

// andSlot emits in, an AND whose second operand the allocator left in
// its slot, and reports whether it did (the operand may be in a
// register all the same).
func (e *emitter) andSlot(in *Instr, uses []validate.Loc, dstLoc validate.Loc) bool {
	if !andFromSlot(in, 1) || uses[1] < firstSlot {
		return false
	}
	d, x := e.reg(dstLoc, GP), e.reg(uses[0], GP)
	if d != x {
		e.ins("MOVQ %s, %s", x, d)
	}
	// 64 bits, as the register form: the bits above the width are
	// x's and y's alike.
	e.ins("ANDQ %s, %s", e.slot(uses[1]), d)
	return true
}
