// This file picks, for each call of a printing function that runs
// interpreted from source (fmt's, when the program was loaded with the
// standard library from source), the real function where it is exact:
// the real fmt is ten times faster than the interpreted one, and exact
// unless it would show a program type's name or method it cannot see,
// or an address (a copy's), which printcheck.go tells. Both print what Go prints; the interpreted
// one is the fallback, not a second opinion.

package interp

import (
	"reflect"
	"strings"

	"github.com/vssa-go/vssa/interp/internal/printverbs"
)

// realPrinter returns the real function of a printing function of the
// given name, if the standard library table has it. Only fmt's: log's,
// interpreted, print with the interpreted loggers' settings (SetFlags,
// SetPrefix, SetOutput), which the real ones do not have.
func (it *Interp) realPrinter(name string) reflect.Value {
	if _, ok := printverbs.Funcs[name]; !ok || it.opts.Externs == nil || !strings.HasPrefix(name, "fmt.") {
		return reflect.Value{}
	}
	rv, _ := it.opts.Externs.Func(name)
	return rv
}

// printReal calls fn's real version with args and returns its results
// if the real function prints them exactly; else ok is false and
// nothing was called.
func (it *Interp) printReal(g *goroutine, fn *function, args []Value) (results []Value, ok bool) {
	args, ok = it.printExact(fn.name, args)
	if !ok {
		return nil, false
	}
	// An operand that cannot cross (a channel of the program's) leaves
	// the printing to the interpreted function.
	var c *crossing
	var in []reflect.Value
	if stoppedUnsupported(func() { c, in = it.realArgs(g, fn.name, fn.realPrint, fn.sig, args) }) {
		return nil, false
	}
	return it.callRealArgs(g, c, fn.realPrint, fn.sig, in), true
}

// stoppedUnsupported runs f and reports whether it stopped with
// "unsupported"; any other panic goes on.
func stoppedUnsupported(f func()) (stopped bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(*Unsupported); !ok {
				panic(r)
			}
			stopped = true
		}
	}()
	f()
	return false
}

// printExact reports whether the real printing function name prints
// args as Go does: checkPrint does not object to the operands, and the
// other arguments of interface type (Fprintf's writer) hold real
// values (a program's writer would cross as a stand-in). If so, it
// returns the arguments as the real function takes them (reflect.Values
// unwrapped).
func (it *Interp) printExact(name string, args []Value) (real []Value, exact bool) {
	for _, a := range args[:max(len(args)-1, 0)] {
		if i := a.iface(); i != nil && i.t.kind != kReal {
			return nil, false
		}
	}
	if stoppedUnsupported(func() {
		real = it.unwrapReflectValues(name, args)
		it.checkPrint(name, real)
	}) {
		return nil, false
	}
	return real, true
}
