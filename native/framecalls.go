// This file makes the frame of a function that uses it only at its
// calls of the poll and panic helpers (no spilled value, no local, no
// swap word, no call of a compiled function) around those calls only:
// the function declares no frame (NOSPLIT|NOFRAME, $0) and each call
// site moves SP down by the frame's size before it stores the
// helper's arguments and back after it reloads what it saved
// (ADJSP, which the assembler counts in its SP table, so FP offsets,
// tracebacks and the linker's nosplit check see the frame where it
// exists), saving and setting BP there as the assembler's prologue
// would (the runtime reads the word below the return address as the
// saved frame pointer, and the stack copier adjusts it). The common
// path, where no poll fires and no check fails, then saves no frame
// pointer and adjusts no SP: five instructions a call fewer (SUBQ,
// MOVQ BP, LEAQ on entry; MOVQ, ADDQ at each RET).

package native

import (
	"fmt"
	"strings"
)

// The lines that bracket a call site's use of the frame; placeFrame
// makes them ADJSP or removes them.
const (
	adjspDown = "\t//vssa:adjsp down\n"
	adjspUp   = "\t//vssa:adjsp up\n"
)

// frameOnlyAtCalls reports whether the frame holds only what the call
// sites of the poll and panic helpers store and reload around their
// calls: the outgoing arguments and the poll's save area.
func (e *emitter) frameOnlyAtCalls() bool {
	return e.frame > 0 && len(e.a.SlotClass) == 0 && len(e.f.Locals) == 0 && !e.swapUsed && !e.f.has(OpCall) && e.f.PointerLocal == 0
}

// placeFrame replaces the call sites' markers in code: ADJSP by the
// frame's size in a frameless function, nothing otherwise.
func (e *emitter) placeFrame(code string) string {
	down, up := "", ""
	if e.frameless {
		// The word above the frame holds the caller's BP and BP points
		// at it, as the assembler lays out a frame: the runtime takes
		// the word below the return address of any frame for a saved
		// frame pointer, which the stack copier adjusts.
		f := e.frame
		down = fmt.Sprintf("\tADJSP $%d\n\tMOVQ BP, %d(SP)\n\tLEAQ %d(SP), BP\n", f+8, f, f)
		up = fmt.Sprintf("\tMOVQ %d(SP), BP\n\tADJSP $-%d\n", f, f+8)
	}
	return strings.NewReplacer(adjspDown, down, adjspUp, up).Replace(code)
}

// textFrame is the frame size the TEXT line declares.
func (e *emitter) textFrame() int64 {
	if e.frameless {
		return 0
	}
	return e.frame
}
