// This file loads a vector of a constant in every lane from read-only
// data, one MOVOU (VMOVDQU for AVX2), where broadcasting it from a
// general register takes four instructions for bytes (MOVQ to the SSE
// register, PUNPCKLBW, PSHUFLW, PSHUFD). A search loop's constants
// (the byte looked for, a byte set's members) are broadcast before the
// loop on every call, which is most of what a call that stops at the
// first bytes pays for its vector loop.

package native

import "strings"

// constVector returns the symbol of a 16- or 32-byte (vec) vector of
// width-byte lanes, each the low bytes of the constant v is, or "" if
// v is not an integer constant.
func (e *emitter) constVector(v Value, width, vec int) string {
	e.findConsts()
	k, ok := e.consts[v]
	if !ok {
		return ""
	}
	lane := le64(uint64(k))[:width]
	return e.h.Data.str(strings.Repeat(lane, vec/width))
}

// findConsts records, once, the integer constants' values, and which
// are read only by broadcasts (which load them from data instead).
func (e *emitter) findConsts() {
	if e.consts != nil {
		return
	}
	e.consts = map[Value]int64{}
	other := map[Value]bool{} // read by something else than a broadcast
	for _, b := range e.f.Blocks {
		for _, p := range b.Phis {
			for _, a := range p.Args {
				other[a] = true
			}
		}
		for _, in := range b.Instrs {
			if in.Op == OpConst && !in.Float && in.Dst != NoValue {
				e.consts[in.Dst] = in.Imm
			}
			if in.Op == OpVBroadcast && !in.Float {
				continue
			}
			for _, a := range in.Args {
				other[a] = true
			}
		}
	}
	e.broadcastOnly = map[Value]bool{}
	for v := range e.consts {
		e.broadcastOnly[v] = !other[v]
	}
}
