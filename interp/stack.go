// This file lays out a goroutine's call stack as gc's runtime shows it
// to the program: runtime.Caller, Callers and CallersFrames, and the
// text of runtime.Stack and runtime/debug.Stack.
//
// The interpreted frames come from the goroutine's frame chain (a panic
// leaves the frames it unwinds in place, so a deferred call sees the
// panicking frames as its callers, as in Go). Synthetic wrappers are
// left out, as gc elides its wrappers. Around them, gc's stacks hold
// frames of the runtime: runtime.Callers itself, the runtime's panic
// functions between a deferred call and the frame that panicked
// (runtime.gopanic, and runtime.panicmem and runtime.sigpanic for a nil
// dereference, …), and runtime.main and runtime.goexit at the bottom.
// Those are real frames of this process, found once by making the same
// panics here (probeRuntimeFrames): their names, files and lines are
// those of the Go release vssa was built with, which is gc's when the
// program is compiled by the same release.
//
// runtime.Frame is the interpreter's struct, so that its Func can be an
// interpreted function's *runtime.Func (framesNext). gc leaves Func nil
// in the frame of a function it inlined; here every frame has its Func
// (which functions gc inlines is its compiler's decision, not known
// here).
//
// Not reproduced: the argument words gc prints in a stack's text (a
// frame with parameters or a receiver shows "(...)"), its pc offsets and goroutine
// numbers (all three vary from one build of a program to another), the
// runtime's frames of run-time errors other than those probed (they
// show runtime.gopanic alone) and of package initialisation.

package interp

import (
	"bytes"
	"fmt"
	"reflect"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"unicode"

	rt "github.com/vssa-go/vssa/interp/internal/runtime"
)

// runtimeFrames are real pcs of the runtime's frames, probed once.
var runtimeFrames struct {
	once    sync.Once
	callers uint64              // in runtime.Callers
	goexit  uint64              // the bottom of every goroutine
	panics  map[string][]uint64 // by panicKind: gopanic and what calls it, innermost first
	// debugStack is runtime/debug.Stack's own frame as its text shows it.
	debugStack string
}

// probeRuntimeFrames fills runtimeFrames.
func probeRuntimeFrames() {
	rf := &runtimeFrames
	pcs := make([]uintptr, 64)
	n := runtime.Callers(0, pcs)
	rf.callers = uint64(pcs[0])
	rf.goexit = uint64(pcs[n-1]) // every goroutine starts in runtime.goexit
	var p *int
	var zero int
	var s []int
	var e any = 0
	rf.panics = map[string][]uint64{
		"plain":  probePanic(func() { panic(0) }),
		"nil":    probePanic(func() { _ = *p }),
		"divide": probePanic(func() { _ = 1 / zero }),
		"shift":  probePanic(func() { _ = 1 << (zero - 1) }),
		"bounds": probePanic(func() { _ = s[zero] }),
		"assert": probePanic(func() { _ = e.(string) }),
	}
	st := string(debug.Stack())
	// "goroutine N [running]:\nruntime/debug.Stack()\n\tFILE:LINE +0xN\n…"
	lines := strings.SplitAfterN(st, "\n", 4)
	if len(lines) == 4 {
		rf.debugStack = lines[1] + lines[2]
	}
}

// probePanic returns the runtime's frames between a deferred call and
// the function f when f panics.
//
//go:noinline
func probePanic(f func()) (frames []uint64) {
	defer func() {
		recover()
		pcs := make([]uintptr, 32)
		n := runtime.Callers(2, pcs) // from the deferred call's caller on
		for _, pc := range pcs[:n] {
			fr, _ := runtime.CallersFrames([]uintptr{pc}).Next()
			if !strings.HasPrefix(fr.Function, "runtime.") {
				break
			}
			frames = append(frames, uint64(pc))
		}
	}()
	f()
	return nil
}

// panicKind names the runtime's frames a panic has in gc's stacks.
func panicKind(p *goPanic) string {
	i := p.val.iface()
	if i == nil || i.t.kind != kReal {
		return "plain"
	}
	rv, ok := i.v.r.(reflect.Value)
	if !ok || !rv.CanInterface() {
		return "plain"
	}
	e, _ := rv.Interface().(error)
	switch {
	case e == errNilDeref:
		return "nil"
	case e == errDivide:
		return "divide"
	case e == errShift:
		return "shift"
	case rt.IsBoundsError(e):
		return "bounds"
	}
	if _, ok := e.(*rt.TypeAssertionError); ok {
		return "assert"
	}
	return "plain"
}

// stackPCs returns the pcs of g's stack from frame top down, as gc's
// runtime.Callers(1, …) gives them from top's function.
func (it *Interp) stackPCs(g *goroutine, top *frame) []uint64 {
	runtimeFrames.once.Do(probeRuntimeFrames)
	var pcs []uint64
	for fr := top; fr != nil; fr = fr.caller {
		if fr.fn.ir != nil && fr.fn.ir.Wrapper {
			continue
		}
		pcs = append(pcs, it.pcOf(fr))
		if p := fr.recoverable; p != nil && fr.caller != nil {
			pcs = append(pcs, runtimeFrames.panics[panicKind(p)]...)
		}
	}
	if g.main && it.mainPC != 0 {
		pcs = append(pcs, it.mainPC)
	}
	return append(pcs, runtimeFrames.goexit)
}

// frameAt describes the frame of pc, interpreted or real.
func (it *Interp) frameAt(pc uint64) runtime.Frame {
	if pc < pcBase {
		fr, _ := runtime.CallersFrames([]uintptr{uintptr(pc)}).Next()
		return fr
	}
	frame := runtime.Frame{PC: uintptr(pc)}
	f, pos := it.pcs.lookup(pc)
	if f != nil {
		frame.Function, frame.Entry = runtimeName(f.fn), uintptr(f.entry)
	}
	frame.File, frame.Line = it.fileLine(pos)
	return frame
}

// stackText formats g's stack from frame top down as runtime.Stack
// does (debugStack: as runtime/debug.Stack does, its own frame first).
func (it *Interp) stackText(g *goroutine, top *frame, debugStack bool) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "goroutine %d [running]:\n", g.id())
	if debugStack {
		b.WriteString(runtimeFrames.debugStack)
	}
	for _, pc := range it.stackPCs(g, top) {
		fr := it.frameAt(pc)
		args := "()"
		switch {
		case pc < pcBase && fr.Function == "runtime.gopanic":
			fr.Function, args = "panic", "(...)"
		case pc < pcBase && !shownRuntimeFrame(fr.Function):
			continue
		case pc >= pcBase:
			if f, _ := it.pcs.lookup(pc); f != nil && f.fn.sig != nil && (f.fn.sig.Params().Len() > 0 || f.fn.sig.Recv() != nil) {
				args = "(...)"
			}
		}
		fmt.Fprintf(&b, "%s%s\n\t%s:%d +0x%x\n", fr.Function, args, fr.File, fr.Line, fr.PC-fr.Entry)
	}
	if g.createdIn != 0 {
		fr := it.frameAt(g.createdAt)
		fmt.Fprintf(&b, "created by %s in goroutine %d\n\t%s:%d +0x%x\n", fr.Function, g.createdIn, fr.File, fr.Line, fr.PC-fr.Entry)
	}
	return b.Bytes()
}

// shownRuntimeFrame reports whether gc's tracebacks show a frame of a
// runtime function: only the exported ones (runtime.Goexit, …).
func shownRuntimeFrame(name string) bool {
	rest, ok := strings.CutPrefix(name, "runtime.")
	return !ok || rest != "" && unicode.IsUpper(rune(rest[0]))
}

// mainPC returns the pc of runtime.main's call of main.main in this
// process, if the calling goroutine is the main one (else 0): the
// bottom of the interpreted main goroutine's stack, above goexit.
func mainPC() uint64 {
	pcs := make([]uintptr, 128)
	n := runtime.Callers(0, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		fr, more := frames.Next()
		if fr.Function == "runtime.main" {
			return uint64(fr.PC)
		}
		if !more {
			return 0
		}
	}
}

// id returns the goroutine's number, as stacks show it: 1 for main's.
func (g *goroutine) id() int64 {
	if g.main {
		return 1
	}
	return g.num
}
