// This file implements calls, frames, defer, panic and recover with Go's
// rules:
//
//   - A panic runs the deferred calls of each function it leaves, last
//     deferred first. A deferred call run this way may recover the panic
//     by calling recover directly; the function then returns normally
//     (through its recover block), after its remaining deferred calls.
//   - A panic raised while a deferred call runs for an earlier panic
//     links to it; the chain is what a crash prints ("panic: a
//     [recovered]" / "panic: b").
//   - recover returns nil when not panicking, when the panic was already
//     recovered, or when not called directly by a deferred call.
//   - runtime.Goexit runs the deferred calls and ends the goroutine; it
//     cannot be recovered. In main, the other goroutines run on, and the
//     program fails once none is left (RunMain).
//   - A recovery forgets the panics raised in the recovering frame and
//     the frames it leaves: a later crash prints none of them.

package interp

import (
	"fmt"
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// goroutine is the state shared by the frames of one goroutine.
type goroutine struct {
	panic *goPanic // innermost active panic, linked to the ones it interrupted
	// top is the innermost frame. A panic leaves the frames it unwinds in
	// place until it is recovered, so that deferred calls see them as
	// callers, as in Go (runtime.Caller).
	top *frame
	// free holds frames of calls that returned, for frameFor to reuse.
	free []*frame
	main bool  // the goroutine running main.main
	num  int64 // its number in stacks (other than main's)
	// createdAt is the pc of the go statement that started it, in the
	// goroutine numbered createdIn (0 for main's).
	createdAt uint64
	createdIn int64
}

// goPanic is an interpreted panic in flight, carried through Go's own
// panic mechanism across interpreter frames.
type goPanic struct {
	val       Value // an interface value
	link      *goPanic
	recovered bool
	goexit    bool
	// raisedIn is the frame that called panic (nil: the goroutine's
	// outermost call): a recovery forgets the panics raised in the frames
	// it unwinds, as the runtime's recovery does.
	raisedIn *frame
}

// runsIn reports whether frame fr is frame outer or is called, directly
// or not, by it (panics leave the frames they unwind in place until
// recovered, so a deferred call's caller is the frame it runs for).
func runsIn(fr, outer *frame) bool {
	for f := fr; f != nil; f = f.caller {
		if f == outer {
			return true
		}
	}
	return false
}

// frame is one activation of an IR function.
type frame struct {
	caller  *frame
	fn      *function
	regs    []Value
	pc      int32
	results []Value
	// retRegs and retSlots, if set, receive the results directly: the
	// caller's registers and the call's result slots (callDirect).
	retRegs  []Value
	retSlots []int32
	defers   []deferred
	g        *goroutine
	// recoverable is the panic this frame may recover: set when the
	// frame is a deferred call run because of that panic.
	recoverable *goPanic
	// left marks the blocks whose end this activation has reached, in
	// a function with gated instructions: a gate's atom is defined once
	// its block has been (gsa.go).
	left []bool
}

// deferred is a deferred call with its evaluated function and arguments.
type deferred struct {
	fn   Value // a func value, or an interface receiver for invoke
	in   *inst // the defer instruction (call mode, method, callee)
	args []Value
}

// closure is a function value.
type closure struct {
	fn  *function
	env []Value
}

// call runs fn with the given arguments and free variables.
func (it *Interp) call(g *goroutine, fn *function, env, args []Value, recoverable *goPanic) []Value {
	if fn.ir == nil {
		if fn.extern != nil && fn.extern.wrapper != nil {
			return fn.extern.wrapper(it, g, args, recoverable)
		}
		return it.callExtern(g, fn, args)
	}
	if err := it.compile(fn); err != nil {
		panic(unsupportedf("%v", err))
	}
	if fn.realPrint.IsValid() {
		if res, ok := it.printReal(g, fn, args); ok {
			return res
		}
	}
	if it.opts.StepLimit > 0 && it.steps.Add(1) > it.opts.StepLimit {
		panic(ErrStepLimit)
	}
	fr := g.frameFor(fn)
	*fr = frame{fn: fn, regs: fr.regs, g: g, recoverable: recoverable, caller: g.top}
	if len(args) != len(fn.params) {
		panic(fmt.Sprintf("vssa: internal error: %s called with %d arguments, want %d", fn.name, len(args), len(fn.params)))
	}
	for i, p := range fn.params {
		fr.regs[p] = args[i]
	}
	for i, p := range fn.free {
		fr.regs[p] = env[i]
	}
	g.top = fr
	if !fn.hasDefer {
		it.exec(fr)
	} else {
		it.execWithDefers(fr)
	}
	g.top = fr.caller
	results := fr.results
	g.release(fr)
	return results
}

// callDirect calls an interpreted function from a call instruction,
// moving arguments from the caller's registers into the callee's and
// results back without intermediate slices (the common, hot case).
func (it *Interp) callDirect(caller *frame, fn *function, env []Value, in *inst, argStart int, recoverable *goPanic) {
	if err := it.compile(fn); err != nil {
		panic(unsupportedf("%v", err))
	}
	if fn.realPrint.IsValid() {
		args := make([]Value, len(in.args)-argStart)
		for i, a := range in.args[argStart:] {
			args[i] = caller.regs[a]
		}
		if res, ok := it.printReal(caller.g, fn, args); ok {
			for i, d := range in.dsts {
				caller.regs[d] = res[i]
			}
			return
		}
	}
	if it.opts.StepLimit > 0 && it.steps.Add(1) > it.opts.StepLimit {
		panic(ErrStepLimit)
	}
	g := caller.g
	fr := g.frameFor(fn)
	*fr = frame{fn: fn, regs: fr.regs, g: g, recoverable: recoverable, caller: caller,
		retRegs: caller.regs, retSlots: in.dsts}
	args := in.args[argStart:]
	if len(args) != len(fn.params) {
		panic(fmt.Sprintf("vssa: internal error: %s called with %d arguments, want %d", fn.name, len(args), len(fn.params)))
	}
	for i, p := range fn.params {
		fr.regs[p] = caller.regs[args[i]]
	}
	for i, p := range fn.free {
		fr.regs[p] = env[i]
	}
	g.top = fr
	if !fn.hasDefer {
		it.exec(fr)
	} else {
		it.execWithDefers(fr)
	}
	g.top = caller
	if fr.results != nil { // returned through the recover block's zero results
		for i, d := range in.dsts {
			caller.regs[d] = fr.results[i]
		}
	}
	g.release(fr)
}

// frameFor returns a frame for a call of fn, its registers zeroed and
// its other fields zero. It reuses the frame of a call that returned
// (see release): allocating one per call was a third of the time of
// call-heavy programs.
func (g *goroutine) frameFor(fn *function) *frame {
	n := fn.nslots
	k := len(g.free)
	if fn.hasDefer || k == 0 {
		return &frame{regs: make([]Value, n)}
	}
	fr := g.free[k-1]
	g.free = g.free[:k-1]
	if cap(fr.regs) < n {
		fr.regs = make([]Value, n)
	} else {
		fr.regs = fr.regs[:n] // zero up to its capacity (see release)
	}
	return fr
}

// release makes fr, whose call returned, available to frameFor, unless
// its function defers: only then may something refer to a frame once
// its call returns (a deferstack value). A frame that a panic leaves is
// never released. release clears fr's registers and references, so
// that a frame waiting for reuse holds nothing the program dropped
// (finalizers and weak pointers see objects become unreachable as in
// Go).
func (g *goroutine) release(fr *frame) {
	if fr.fn.hasDefer {
		return
	}
	clear(fr.regs)
	*fr = frame{regs: fr.regs}
	g.free = append(g.free, fr)
}

// execWithDefers runs a frame that may defer calls: it catches a panic
// escaping the body, runs the deferred calls, and either resumes at the
// recover block (if one recovered) or lets the panic continue.
func (it *Interp) execWithDefers(fr *frame) {
	for {
		p := it.execCatching(fr)
		if p == nil {
			return
		}
		p = it.unwind(fr, p)
		if p != nil {
			panic(p)
		}
		fr.g.top = fr // the frames the panic left are gone
		// Recovered: return normally through the recover block.
		if fr.fn.recover < 0 {
			results := make([]Value, len(fr.fn.results))
			for i, t := range fr.fn.results {
				results[i] = zero(t)
			}
			fr.setResults(results)
			return
		}
		fr.pc = fr.fn.recover
	}
}

// execCatching runs the frame and returns the interpreted panic that
// escaped it, if any. Other Go panics (the interpreter's own errors:
// unsupported constructs, undefined behaviour) pass through.
func (it *Interp) execCatching(fr *frame) (p *goPanic) {
	defer func() {
		if r := recover(); r != nil {
			gp, ok := r.(*goPanic)
			if !ok {
				panic(r) // the interpreter's own errors abort the run
			}
			p = gp
		}
	}()
	it.exec(fr)
	return nil
}

// unwind runs the deferred calls of fr while panic p is in flight. It
// returns the panic that continues (p, or one raised by a deferred
// call), or nil if the last one was recovered.
func (it *Interp) unwind(fr *frame, p *goPanic) *goPanic {
	g := fr.g
	for len(fr.defers) > 0 {
		d := fr.defers[len(fr.defers)-1]
		fr.defers = fr.defers[:len(fr.defers)-1]
		var recoverable *goPanic
		switch {
		case p == nil:
			// Recovered: the remaining calls run as in a normal return.
			if d.in.mode == ir.CallBuiltin {
				recoverable = fr.recoverable
			}
		case d.in.mode == ir.CallBuiltin:
			// A deferred "recover()" run by a panic is not called by a
			// deferred function: it is the deferred function.
		case !p.recovered && !p.goexit:
			recoverable = p
		}
		if p != nil {
			g.panic = p
		}
		if np := it.runDeferred(g, d, recoverable); np != nil {
			p = np
			continue
		}
		if p != nil && p.recovered {
			// The panics p interrupted that were raised in fr or the
			// frames its recovery leaves are over: a later panic does
			// not print them (the runtime's recovery drops each panic
			// started at or below the recovering frame).
			q := p.link
			for q != nil && runsIn(q.raisedIn, fr) {
				q = q.link
			}
			g.panic = q
			p = nil
		}
	}
	return p
}

// runDeferred calls a deferred function and returns the panic escaping
// it, if any.
func (it *Interp) runDeferred(g *goroutine, d deferred, recoverable *goPanic) (p *goPanic) {
	defer func() {
		if r := recover(); r != nil {
			gp, ok := r.(*goPanic)
			if !ok {
				panic(r)
			}
			p = gp
		}
	}()
	it.callDeferred(g, d, recoverable)
	return nil
}

// callDeferred performs a deferred call.
func (it *Interp) callDeferred(g *goroutine, d deferred, recoverable *goPanic) {
	it.callMode(g, d.in, d.fn, d.args, recoverable)
}

// runDefers executes the deferred calls of a returning frame (the
// rundefers instruction). A panic in one of them escapes the body, so
// execWithDefers runs the rest while panicking.
//
// A deferred "recover()" run this way acts as if fr called recover: it
// recovers the panic fr was deferred for, if any (test/recover1.go).
func (it *Interp) runDefers(fr *frame) {
	for len(fr.defers) > 0 {
		d := fr.defers[len(fr.defers)-1]
		fr.defers = fr.defers[:len(fr.defers)-1]
		var recoverable *goPanic
		if d.in.mode == ir.CallBuiltin {
			recoverable = fr.recoverable
		}
		it.callDeferred(fr.g, d, recoverable)
	}
}

// raise starts a new interpreted panic with the interface value v.
func (it *Interp) raise(g *goroutine, v Value) {
	panic(&goPanic{val: v, link: g.panic, raisedIn: g.top})
}

// raiseString raises a panic whose value is the string msg, as
// panic("...") in the standard library's code.
func (it *Interp) raiseString(g *goroutine, msg string) {
	it.raise(g, Value{r: &iface{t: it.types.of(types.Typ[types.String]), v: mkString(msg)}})
}

// callMode calls the callee of a call, go or defer instruction in the
// way its call mode says: fv is the function value (closure mode) or the
// interface receiver (invoke mode).
func (it *Interp) callMode(g *goroutine, in *inst, fv Value, args []Value, recoverable *goPanic) []Value {
	switch in.mode {
	case ir.CallStatic:
		return it.call(g, in.fn, nil, args, recoverable)
	case ir.CallClosure:
		return it.callValue(g, fv, args, recoverable)
	case ir.CallInvoke:
		return it.invoke(g, in, fv, args, recoverable)
	case ir.CallBuiltin:
		return it.builtin(g, in, args, recoverable)
	}
	panic("vssa: internal error: bad call mode")
}

// callValue calls a function value.
func (it *Interp) callValue(g *goroutine, fv Value, args []Value, recoverable *goPanic) []Value {
	switch c := fv.r.(type) {
	case *closure:
		return it.call(g, c.fn, c.env, args, recoverable)
	case nil:
		it.raiseRuntime(g, errNilDeref)
	case *realFunc:
		return it.callReal(g, c, args)
	}
	panic(fmt.Sprintf("vssa: internal error: call of %T", fv.r))
}

// invoke calls method in.sym on the dynamic value of interface fv.
func (it *Interp) invoke(g *goroutine, in *inst, fv Value, args []Value, recoverable *goPanic) []Value {
	i := fv.iface()
	if i == nil {
		it.raiseRuntime(g, errNilDeref)
	}
	if i.t.kind == kReal {
		return it.invokeReal(g, in, i, args)
	}
	fn := it.method(i.t, in.sym)
	if fn == nil {
		panic(unsupportedf("method %s of %s not found", in.sym, i.t.name))
	}
	full := make([]Value, 0, len(args)+1)
	full = append(full, i.v)
	full = append(full, args...)
	return it.call(g, fn, nil, full, recoverable)
}

// method returns the function implementing method name for type t.
func (it *Interp) method(t *rtype, name string) *function {
	if it.opts.Methods == nil {
		return nil
	}
	s := it.opts.Methods(t.t, name)
	if s == "" {
		return nil
	}
	return it.lookupFunc(s)
}

// startGoroutine runs a go instruction's call, made by frame creator,
// on a new goroutine. A panic that escapes it crashes the program, as
// in Go.
func (it *Interp) startGoroutine(creator *frame, in *inst, fv Value, args []Value) {
	g := &goroutine{num: 1 + it.goroutineNums.Add(1), createdAt: it.pcOf(creator), createdIn: creator.g.id()}
	it.goroutines.Add(1)
	go func() {
		defer it.goroutines.Done()
		defer it.crashOnPanic(g)
		it.callMode(g, in, fv, args, nil)
	}()
}

// setResults delivers a frame's results.
func (fr *frame) setResults(results []Value) {
	if fr.retRegs != nil {
		for i, d := range fr.retSlots {
			fr.retRegs[d] = results[i]
		}
		return
	}
	fr.results = results
}
