// This file keeps the value a shift by a register shifts, and its
// result, out of CX where another register is free: the count must be
// in CL, so a shifted value or a result in CX goes through R11 (emit.go's
// shift), two or three moves more. math/big's lshVU_g, with nine values
// live in its loop, loaded x[i-1] into CX, the first free register, and
// shifted it through R11 back into CX.

package native

import "github.com/vssa-go/vssa/validate"

// offCX returns, by value, whether a shift by a register shifts it or
// defines it.
func offCX(f *Func) []bool {
	off := make([]bool, len(f.Values))
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op != OpShift || in.HasImm || len(in.Args) < 2 {
				continue
			}
			off[in.Args[0]] = true
			if in.Dst != NoValue {
				off[in.Dst] = true
			}
		}
	}
	return off
}

// pickOffCX picks a register for v as pick does, but for a value that
// off says a shift by a register shifts or defines, first without CX:
// CX is taken only if it is the one free register.
func pickOffCX(pick func(Class, map[validate.Loc]bool, ...validate.Loc) validate.Loc, off []bool, v Value, c Class, no map[validate.Loc]bool, prefer ...validate.Loc) validate.Loc {
	if off[v] && c == GP {
		without := map[validate.Loc]bool{locCX: true}
		for l := range no {
			without[l] = true
		}
		if l := pick(c, without, prefer...); l >= 0 {
			return l
		}
	}
	return pick(c, no, prefer...)
}
