// This file implements the explicit check instructions and the panic
// instruction.

package interp

import (
	"runtime"

	"github.com/vssa-go/vssa/interp/internal/abi"
	rt "github.com/vssa-go/vssa/interp/internal/runtime"
	"github.com/vssa-go/vssa/ir"
)

// within reports whether the integer v (of type t) satisfies
// 0 <= v <= limit.
func within(t *rtype, v Value, limit int64) bool {
	if t.kind.isSigned() {
		return int64(v.n) >= 0 && int64(v.n) <= limit
	}
	return v.n <= uint64(limit)
}

func (it *Interp) boundsCheck(g *goroutine, in *inst, i, n Value) {
	t := in.argTs[0]
	if within(t, i, n.int()-1) && n.int() > 0 {
		return
	}
	it.raiseRuntime(g, rt.BoundsError(int64(i.n), t.kind.isSigned(), int(n.int()), rt.BoundsIndex))
}

// sliceCheck checks lo <= hi <= max <= bound in Go's order, with Go's
// messages (see ir/doc.go): lo and max are optional.
func (it *Interp) sliceCheck(g *goroutine, in *inst, regs []Value) {
	lo, hi, max, bound := in.args[0], in.args[1], in.args[2], in.args[3]
	b := regs[bound].int()
	fail := func(slot int32, y int64, code abi.BoundsErrorCode) {
		t := in.argTs[indexOfSlot(in, slot)]
		it.raiseRuntime(g, rt.BoundsError(int64(regs[slot].n), t.kind.isSigned(), int(y), code))
	}
	capBound := in.flags&ir.FlagCapBound != 0
	hiT := in.argTs[1]
	if max >= 0 {
		maxT := in.argTs[2]
		if !within(maxT, regs[max], b) {
			code := rt.BoundsSlice3Alen
			if capBound {
				code = rt.BoundsSlice3Acap
			}
			fail(max, b, code)
		}
		m := regs[max].int()
		if !within(hiT, regs[hi], m) {
			fail(hi, m, rt.BoundsSlice3B)
		}
		if lo >= 0 && !within(in.argTs[0], regs[lo], regs[hi].int()) {
			fail(lo, regs[hi].int(), rt.BoundsSlice3C)
		}
		return
	}
	if !within(hiT, regs[hi], b) {
		code := rt.BoundsSliceAlen
		if capBound {
			code = rt.BoundsSliceAcap
		}
		fail(hi, b, code)
	}
	if lo >= 0 && !within(in.argTs[0], regs[lo], regs[hi].int()) {
		fail(lo, regs[hi].int(), rt.BoundsSliceB)
	}
}

func indexOfSlot(in *inst, slot int32) int {
	for i, a := range in.args {
		if a == slot {
			return i
		}
	}
	return 0
}

// panicOp panics with v; panic(nil) panics with a *runtime.PanicNilError,
// as in Go since 1.21.
func (it *Interp) panicOp(g *goroutine, v Value) {
	if v.iface() == nil {
		v = it.realIface(new(runtime.PanicNilError))
	}
	it.raise(g, v)
}
