// This file defines Go's run-time errors as the interpreter raises them:
// real Go values implementing error and runtime.Error, with the runtime's
// exact messages, held in interpreted interfaces as values of kind kReal.

package interp

import (
	"reflect"
	"strconv"
)

// runtimeError is a run-time error with a fixed message. A plain one's
// message has no "runtime error: " prefix.
type runtimeError struct {
	msg   string
	plain bool
}

func (e *runtimeError) Error() string {
	if e.plain {
		return e.msg
	}
	return "runtime error: " + e.msg
}

// RuntimeError marks it as a runtime.Error.
func (e *runtimeError) RuntimeError() {}

var (
	errNilDeref     = &runtimeError{msg: "invalid memory address or nil pointer dereference"}
	errDivide       = &runtimeError{msg: "integer divide by zero"}
	errShift        = &runtimeError{msg: "negative shift amount"}
	errNilMap       = &runtimeError{msg: "assignment to entry in nil map", plain: true}
	errMakesliceLen = &runtimeError{msg: "makeslice: len out of range"}
	errMakesliceCap = &runtimeError{msg: "makeslice: cap out of range"}
	errMakechan     = &runtimeError{msg: "makechan: size out of range", plain: true}
	errCloseNil     = &runtimeError{msg: "close of nil channel", plain: true}
	errCloseClosed  = &runtimeError{msg: "close of closed channel", plain: true}
	errSendClosed   = &runtimeError{msg: "send on closed channel", plain: true}
)

// fixedErrors are the run-time errors above: each is one interface
// value however often it is raised (raiseRuntime).
var fixedErrors = map[*runtimeError]bool{
	errNilDeref: true, errDivide: true, errShift: true, errNilMap: true,
	errMakesliceLen: true, errMakesliceCap: true, errMakechan: true,
	errCloseNil: true, errCloseClosed: true, errSendClosed: true,
}

// Codes of boundsError, as the runtime's abi.BoundsIndex… constants.
const (
	boundsIndex = iota
	boundsSliceAlen
	boundsSliceAcap
	boundsSliceB
	boundsSlice3Alen
	boundsSlice3Acap
	boundsSlice3B
	boundsSlice3C
	boundsConvert
)

var boundsFmts = [...]string{
	boundsIndex:      "index out of range [%x] with length %y",
	boundsSliceAlen:  "slice bounds out of range [:%x] with length %y",
	boundsSliceAcap:  "slice bounds out of range [:%x] with capacity %y",
	boundsSliceB:     "slice bounds out of range [%x:%y]",
	boundsSlice3Alen: "slice bounds out of range [::%x] with length %y",
	boundsSlice3Acap: "slice bounds out of range [::%x] with capacity %y",
	boundsSlice3B:    "slice bounds out of range [:%x:%y]",
	boundsSlice3C:    "slice bounds out of range [%x:%y:]",
	boundsConvert:    "cannot convert slice with length %y to array or pointer to array with length %x",
}

var boundsNegFmts = [...]string{
	boundsIndex:      "index out of range [%x]",
	boundsSliceAlen:  "slice bounds out of range [:%x]",
	boundsSliceAcap:  "slice bounds out of range [:%x]",
	boundsSliceB:     "slice bounds out of range [%x:]",
	boundsSlice3Alen: "slice bounds out of range [::%x]",
	boundsSlice3Acap: "slice bounds out of range [::%x]",
	boundsSlice3B:    "slice bounds out of range [:%x:]",
	boundsSlice3C:    "slice bounds out of range [%x::]",
}

// boundsError is the runtime's boundsError: x is the failing index or
// bound (signed says how to print it), y the limit it failed against.
type boundsError struct {
	x      int64
	signed bool
	y      int64
	code   int
}

func (e *boundsError) Error() string {
	f := boundsFmts[e.code]
	if e.signed && e.x < 0 {
		f = boundsNegFmts[e.code]
	}
	b := []byte("runtime error: ")
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b = append(b, f[i])
			continue
		}
		i++
		switch f[i] {
		case 'x':
			if e.signed {
				b = strconv.AppendInt(b, e.x, 10)
			} else {
				b = strconv.AppendUint(b, uint64(e.x), 10)
			}
		case 'y':
			b = strconv.AppendInt(b, e.y, 10)
		}
	}
	return string(b)
}

func (e *boundsError) RuntimeError() {}

// typeAssertionError is the runtime's TypeAssertionError.
type typeAssertionError struct {
	iface, concrete, asserted string // concrete is "" for a nil interface
	missing                   string
}

func (e *typeAssertionError) Error() string {
	inter := e.iface
	if inter == "" {
		inter = "interface"
	}
	if e.concrete == "" {
		return "interface conversion: " + inter + " is nil, not " + e.asserted
	}
	if e.missing == "" {
		msg := "interface conversion: " + inter + " is " + e.concrete + ", not " + e.asserted
		if e.concrete == e.asserted {
			msg += " (types from different scopes)"
		}
		return msg
	}
	return "interface conversion: " + e.concrete + " is not " + e.asserted + ": missing method " + e.missing
}

func (e *typeAssertionError) RuntimeError() {}

// raiseRuntime panics with a run-time error value. A run-time error of
// fixed message (fixedErrors) is one interface value however often it
// is raised, as in the runtime (a global, or a constant converted to an
// interface):
// a crash prints a recovered one raised again as "[recovered,
// repanicked]", since the runtime compares the values' words.
func (it *Interp) raiseRuntime(g *goroutine, err error) {
	if e, ok := err.(*runtimeError); ok && fixedErrors[e] {
		v, ok := it.fixedErrors.Load(e)
		if !ok {
			v, _ = it.fixedErrors.LoadOrStore(e, it.realIface(err))
		}
		it.raise(g, v.(Value))
		return
	}
	it.raise(g, it.realIface(err))
}

// realIface boxes a real Go value in an interpreted interface.
func (it *Interp) realIface(x any) Value {
	if x == nil {
		return Value{}
	}
	return Value{r: &iface{t: it.types.ofReal(reflect.TypeOf(x)), v: Value{r: reflect.ValueOf(x)}}}
}
