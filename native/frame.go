// This file lays out the frame of an emitted function (emit.go says
// what is where) and decides whether it needs the stack check: each
// part is as large as what the code actually keeps there, and a
// function whose frame fits in the room every Go function leaves below
// its caller goes without a prologue, as gc's small leaves do.

package native

import "github.com/vssa-go/vssa/validate"

// nosplitBudget bounds frame+arguments of a function emitted NOSPLIT.
// The linker (cmd/link's stackcheck.go) checks that every chain of
// NOSPLIT functions from a splittable one fits in StackNosplit (800
// bytes on amd64 without -race, which doubles it) less a CALL's 8. Ours
// is: gc's ABIInternal→ABI0 wrapper (NOSPLIT, its frame the arguments
// and results, its frame pointer and the return address), this
// function (its frame, frame pointer and the return address of its
// calls), then the panic or poll helper, which is splittable: 8 bytes
// for its call of morestack. 600 leaves 192 bytes for the words these
// add and what a later wrapper may need.
const nosplitBudget = 600

// layout places the poll's save area, the spill slots and the locals
// after the outgoing arguments (outSize), and the swap word after them;
// the frame's size is final after the body is emitted (finishFrame).
func (e *emitter) layout() {
	off := e.outSize
	e.saveOff = map[validate.Loc]int64{}
	for _, b := range e.a.After.Blocks {
		for _, mi := range b.Instrs {
			if mi.Ref < 0 || e.a.Code[mi.Ref].Op != OpPoll {
				continue
			}
			for _, l := range e.pollSaved(e.a.Code[mi.Ref], operandLocs(mi.Uses)) {
				if _, ok := e.saveOff[l]; !ok {
					e.saveOff[l] = off
					off += regSize(regClass(l))
				}
			}
		}
	}
	off = align(off, 8)
	for _, c := range e.a.SlotClass {
		e.slotOff = append(e.slotOff, off)
		off += regSize(c)
	}
	for _, size := range e.f.Locals {
		e.localOff = append(e.localOff, off)
		off += align(size, slotSize)
	}
	e.swapOff = off
	e.frame = off
}

// finishFrame sets the frame's final size, once the body says whether
// the swap word is used, and returns the TEXT flags: NOSPLIT for a
// function that calls no compiled function (whose own frame would add
// to the chain the linker checks) and whose frame and arguments fit
// nosplitBudget.
func (e *emitter) finishFrame() string {
	if e.swapUsed {
		e.frame += slotSize
	}
	if e.f.has(OpCall) || e.frame+e.f.ArgSize > nosplitBudget {
		return ""
	}
	if e.frameOnlyAtCalls() {
		e.frameless = true
		return "NOSPLIT|NOFRAME, "
	}
	return "NOSPLIT, "
}

// regSize is the size of what a register of class c holds: a general
// register's word, or an SSE register's 16 bytes (a vector).
func regSize(c Class) int64 {
	if c == FP {
		return slotSize
	}
	return 8
}

func operandLocs(ops []validate.Operand) []validate.Loc {
	ls := make([]validate.Loc, len(ops))
	for k, u := range ops {
		ls[k] = u.L
	}
	return ls
}
