// Program counters as runtime.Caller, Callers, CallersFrames, FuncForPC
// and reflect.Value.Pointer give them: a call site gives the same pc
// every time, pc-1 is in the same call, FuncForPC gives one *Func per
// function, the pointer of a function value is its entry, and a call
// deferred to where control falls off the end of a body sees its caller
// at the body's closing brace. (The pcs themselves differ between the
// compiled and the interpreted program; only what they name is printed.)
package main

import (
	"path/filepath"
	"reflect"
	"runtime"
)

//go:noinline
func caller() uintptr {
	pc, _, _, _ := runtime.Caller(1)
	return pc
}

//go:noinline
func twoSites() (uintptr, uintptr) {
	a := caller()
	b := caller()
	return a, b
}

//go:noinline
func f(n int) int { return n % 2 }

//go:noinline
func frames() {
	pcs := make([]uintptr, 8)
	n := runtime.Callers(1, pcs)
	fs := runtime.CallersFrames(pcs[:n])
	for _, want := range []string{"main.frames", "main.main"} {
		fr, _ := fs.Next()
		println("frame:", fr.Function == want, filepath.Base(fr.File), fr.Line,
			fr.Entry == runtime.FuncForPC(fr.PC-1).Entry())
	}
}

//go:noinline
func deferAtEnd() (line int) {
	func() {
		defer func() {
			_, _, line, _ = runtime.Caller(1)
		}()
	}()
	return line
}

func main() {
	var first uintptr
	for i := range 3 {
		pc := caller()
		if i == 0 {
			first = pc
		}
		println("same site, same pc:", pc == first)
	}
	a, b := twoSites()
	println("two sites, two pcs:", a != b)
	fa, fb := runtime.FuncForPC(a-1), runtime.FuncForPC(b-1)
	println(fa.Name(), "one *Func for both sites:", fa == fb)
	for _, pc := range []uintptr{a, b} {
		file, line := fa.FileLine(pc - 1)
		println(filepath.Base(file), line)
	}
	frames()
	println("deferred at the end, caller's line:", deferAtEnd())

	// A function value's pointer is its function's entry.
	for _, fn := range []any{f, twoSites, func() {}} {
		p := reflect.ValueOf(fn).Pointer()
		fp := runtime.FuncForPC(p)
		println(fp.Name(), fp.Entry() == p)
	}
	// Pointer of a value that has none panics, as in Go.
	defer func() { println("recovered:", recover().(error).Error()) }()
	reflect.ValueOf(3).Pointer()
}
