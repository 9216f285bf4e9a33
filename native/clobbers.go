// This file says which registers each machine instruction destroys
// besides its result: the emitter's instructions for it (emit.go) may
// write those, the scratch registers R11 and X15 (never allocated), and
// nothing else. The register allocation validator relies on it.

package native

import "github.com/vssa-go/vssa/validate"

// clobbers returns the allocatable registers in destroys.
func clobbers(in *Instr) []validate.Loc {
	switch {
	case in.Op == OpDiv, in.Op == OpMulHi:
		return []validate.Loc{locAX, locDX}
	case in.Op == OpShift && !in.HasImm, in.Op == OpIntrinsic && in.Intr == IntrRotate:
		return []validate.Loc{locCX}
	case in.Op == OpMove:
		return []validate.Loc{locCX, locSI, locDI}
	case in.Op == OpZeroLocal && in.Width == 8: // REP STOSQ
		return []validate.Loc{locAX, locCX, locDI}
	case in.Op == OpIntrinsic && in.Intr == IntrMulHi:
		return []validate.Loc{locAX, locDX}
	case in.Op == OpCall:
		// ABI0: the callee may use every register.
		// R15 too, where the allocator hands it out (r15.go).
		return append(append(append([]validate.Loc(nil), gpRegs...), locR15), fpRegs...)
	}
	return nil
}
