// This file defines Go's run-time errors as the interpreter raises them:
// real Go values implementing error and runtime.Error, with the runtime's
// exact messages, held in interpreted interfaces as values of kind kReal.

package interp

import (
	"reflect"

	rt "github.com/vssa-go/vssa/interp/internal/runtime"
)

// The run-time errors of constant message: gc raises each as one
// interface value (a global, or a constant converted to an interface).
var (
	errNilDeref     = rt.MemoryError
	errDivide       = rt.DivideError
	errShift        = rt.ShiftError
	errNilMap       = rt.PlainError("assignment to entry in nil map")
	errMakesliceLen = rt.ErrorString("makeslice: len out of range")
	errMakesliceCap = rt.ErrorString("makeslice: cap out of range")
	errMakechan     = rt.PlainError("makechan: size out of range")
	errCloseNil     = rt.PlainError("close of nil channel")
	errCloseClosed  = rt.PlainError("close of closed channel")
	errSendClosed   = rt.PlainError("send on closed channel")
	errUnsafeLen    = map[string]error{
		"unsafe.Slice":  rt.ErrorString("unsafe.Slice: len out of range"),
		"unsafe.String": rt.ErrorString("unsafe.String: len out of range"),
	}
	errUnsafeNil = map[string]error{
		"unsafe.Slice":  rt.ErrorString("unsafe.Slice: ptr is nil and len is not zero"),
		"unsafe.String": rt.ErrorString("unsafe.String: ptr is nil and len is not zero"),
	}
)

// fixedErrors are the run-time errors above: each is one interface
// value however often it is raised (raiseRuntime).
var fixedErrors = func() map[error]bool {
	m := map[error]bool{
		errNilDeref: true, errDivide: true, errShift: true, errNilMap: true,
		errMakesliceLen: true, errMakesliceCap: true, errMakechan: true,
		errCloseNil: true, errCloseClosed: true, errSendClosed: true,
		rt.RangeDoneError: true, rt.RangePanicError: true,
		rt.RangeExhaustedError: true, rt.RangeMissingPanicError: true,
	}
	for _, e := range errUnsafeLen {
		m[e] = true
	}
	for _, e := range errUnsafeNil {
		m[e] = true
	}
	return m
}()

// raiseRuntime panics with a run-time error value. A run-time error of
// fixed message (fixedErrors) is one interface value however often it
// is raised, as in the runtime (a global, or a constant converted to an
// interface):
// a crash prints a recovered one raised again as "[recovered,
// repanicked]", since the runtime compares the values' words.
func (it *Interp) raiseRuntime(g *goroutine, err error) {
	if fixedErrors[err] {
		v, ok := it.fixedErrors.Load(err)
		if !ok {
			v, _ = it.fixedErrors.LoadOrStore(err, it.realIface(err))
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
