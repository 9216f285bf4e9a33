// This file holds the entry points: running a program's main, and
// calling one function on given arguments.

package interp

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime/debug"
)

// Exit statuses of RunMain besides the program's own. ExitUndefined and
// ExitUnsupported are the interpreter's outcomes, not the program's:
// they are apart from the small statuses programs give os.Exit (a
// script must not take a program's os.Exit(3) for undefined
// behaviour), and below the 128+n a shell gives a process a signal
// ended.
const (
	ExitPanic       = 2   // an unrecovered panic or a fatal error, as in Go
	ExitUndefined   = 122 // undefined behaviour detected
	ExitUnsupported = 123 // the program needs something the interpreter lacks
)

// RunMain runs the package initialiser init (if not "") and then main,
// as a Go program does, and returns the exit status: 0 when main
// returns, ExitPanic after printing an unrecovered panic, ExitUndefined
// or ExitUnsupported after printing the problem. A goroutine that
// crashes ends the process with os.Exit, as in Go. A main that calls
// runtime.Goexit waits for the other goroutines to end, then fails with
// the runtime's fatal error (ExitPanic).
func (it *Interp) RunMain(init, main string) (status int) {
	g := &goroutine{main: true}
	if pc := mainPC(); pc != 0 {
		// The interpreted main goroutine's stack ends as this one does.
		it.mainPC = pc
	}
	defer func() {
		r := recover()
		if p, ok := r.(*goPanic); ok && p.goexit {
			// As in Go, the other goroutines run on; once none is
			// left, the runtime's deadlock detector ends the program.
			it.goroutines.Wait()
			io.WriteString(it.stderr, "fatal error: no goroutines (main called runtime.Goexit) - deadlock!\n")
			status = ExitPanic
			return
		}
		if r != nil {
			status = it.report(g, r)
		}
	}()
	if init != "" {
		it.call(g, it.lookupFunc(init), nil, nil, nil)
	}
	it.zero.initDone.Store(true)
	it.call(g, it.lookupFunc(main), nil, nil, nil)
	return 0
}

// report prints a panic that ended the program and returns the exit
// status.
func (it *Interp) report(g *goroutine, r any) int {
	switch r := r.(type) {
	case *goPanic:
		if r.goexit {
			return 0
		}
		var buf bytes.Buffer
		it.printPanics(&buf, r)
		buf.WriteString("\ngoroutine 1 [running]:\n\t(interpreted by vssa)\n")
		it.stderr.Write(buf.Bytes())
		return ExitPanic
	case *UndefinedBehaviour:
		fmt.Fprintf(it.stderr, "vssa: %v\n", r)
		return ExitUndefined
	case *Unsupported:
		fmt.Fprintf(it.stderr, "vssa: %v\n", r)
		return ExitUnsupported
	}
	fmt.Fprintf(it.stderr, "vssa: internal error: %v\n%s", r, debug.Stack())
	return ExitUnsupported
}

// crashOnPanic ends the process when a panic escapes a goroutine.
func (it *Interp) crashOnPanic(g *goroutine) {
	r := recover()
	if r == nil {
		return
	}
	if p, ok := r.(*goPanic); ok && p.goexit {
		return
	}
	it.exit(it.report(g, r))
}

// exit ends the process with status (Options.Exit, if set, instead).
func (it *Interp) exit(status int) {
	if it.opts.Exit != nil {
		it.opts.Exit(status)
		return
	}
	os.Exit(status)
}

// callFromReal calls an interpreted function for real code (a callback,
// an adapter's method). A program's panic goes on through the real
// code, as in Go (fmt reports a String method's panic in its output);
// "unsupported" and undefined behaviour stop the program here, as
// RunMain would have: the real code in between could recover them and
// carry on (fmt would print them), or crash on a goroutine of its own.
func (it *Interp) callFromReal(fn *function, env, args []Value) []Value {
	defer func() {
		if r := recover(); r != nil {
			switch r.(type) {
			case *Unsupported, *UndefinedBehaviour:
				it.exit(it.report(nil, r))
			}
			panic(r)
		}
	}()
	return it.call(&goroutine{}, fn, env, args, nil)
}

// Outcome is the observable result of calling one function.
type Outcome struct {
	Results []Value
	Panic   string              // the crash message, as Go prints it, if a panic escaped
	UB      *UndefinedBehaviour // set if undefined behaviour was detected
	Err     error               // an unsupported construct or internal error
}

// Call runs the function named name on args in the current goroutine
// and reports what happened. Output of print goes to Options.Stderr.
func (it *Interp) Call(name string, args ...Value) (out Outcome) {
	g := &goroutine{}
	defer func() {
		r := recover()
		switch r := r.(type) {
		case nil:
		case *goPanic:
			var buf bytes.Buffer
			it.printPanics(&buf, r)
			out.Panic = buf.String()
		case *UndefinedBehaviour:
			out.UB = r
		case *Unsupported:
			out.Err = r
		default:
			out.Err = fmt.Errorf("internal error: %v", r)
		}
	}()
	out.Results = it.call(g, it.lookupFunc(name), nil, args, nil)
	return out
}
