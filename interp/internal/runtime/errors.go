package runtime

import (
	"strconv"

	"github.com/vssa-go/vssa/interp/internal/abi"
)

// An errorString is a run-time error whose message has the "runtime
// error: " prefix.
type errorString string

func (e errorString) RuntimeError() {}

func (e errorString) Error() string { return "runtime error: " + string(e) }

// ErrorString returns the run-time error "runtime error: "+msg.
func ErrorString(msg string) error { return errorString(msg) }

// A plainError is a run-time error whose message has no prefix.
type plainError string

func (e plainError) RuntimeError() {}

func (e plainError) Error() string { return string(e) }

// PlainError returns the run-time error msg, without prefix.
func PlainError(msg string) error { return plainError(msg) }

// The run-time errors gc raises as one global value.
var (
	MemoryError = error(errorString("invalid memory address or nil pointer dereference"))
	DivideError = error(errorString("integer divide by zero"))
	ShiftError  = error(errorString("negative shift amount"))

	RangeDoneError         = error(errorString("range function continued iteration after function for loop body returned false"))
	RangePanicError        = error(errorString("range function continued iteration after loop body panic"))
	RangeExhaustedError    = error(errorString("range function continued iteration after whole loop exit"))
	RangeMissingPanicError = error(errorString("range function recovered a loop body panic and did not resume panicking"))
)

// A TypeAssertionError is a failed type assertion. The interpreter
// names the types; the runtime's fields point to type descriptors.
type TypeAssertionError struct {
	_interface    *abi.Type
	concrete      *abi.Type
	asserted      *abi.Type
	missingMethod string
}

// NewTypeAssertionError returns the error of asserting an interface
// (named iface, "" for interface{} or any) holding a value of type
// concrete ("" when nil) to asserted; missing names the method concrete
// lacks when asserted is an interface.
func NewTypeAssertionError(iface, concrete, asserted, missing string) *TypeAssertionError {
	e := &TypeAssertionError{asserted: abi.NewType(asserted), missingMethod: missing}
	if iface != "" {
		e._interface = abi.NewType(iface)
	}
	if concrete != "" {
		e.concrete = abi.NewType(concrete)
	}
	return e
}

func (*TypeAssertionError) RuntimeError() {}

func (e *TypeAssertionError) Error() string {
	inter := "interface"
	if e._interface != nil {
		inter = e._interface.String()
	}
	as := e.asserted.String()
	if e.concrete == nil {
		return "interface conversion: " + inter + " is nil, not " + as
	}
	cs := e.concrete.String()
	if e.missingMethod == "" {
		msg := "interface conversion: " + inter + " is " + cs + ", not " + as
		if cs == as {
			msg += " (types from different scopes)"
		}
		return msg
	}
	return "interface conversion: " + cs + " is not " + as + ": missing method " + e.missingMethod
}

// The codes of boundsError, as abi.BoundsIndex….
const (
	BoundsIndex abi.BoundsErrorCode = iota
	BoundsSliceAlen
	BoundsSliceAcap
	BoundsSliceB
	BoundsSlice3Alen
	BoundsSlice3Acap
	BoundsSlice3B
	BoundsSlice3C
	BoundsConvert
)

var boundsFmts = [...]string{
	BoundsIndex:      "index out of range [%x] with length %y",
	BoundsSliceAlen:  "slice bounds out of range [:%x] with length %y",
	BoundsSliceAcap:  "slice bounds out of range [:%x] with capacity %y",
	BoundsSliceB:     "slice bounds out of range [%x:%y]",
	BoundsSlice3Alen: "slice bounds out of range [::%x] with length %y",
	BoundsSlice3Acap: "slice bounds out of range [::%x] with capacity %y",
	BoundsSlice3B:    "slice bounds out of range [:%x:%y]",
	BoundsSlice3C:    "slice bounds out of range [%x:%y:]",
	BoundsConvert:    "cannot convert slice with length %y to array or pointer to array with length %x",
}

var boundsNegFmts = [...]string{
	BoundsIndex:      "index out of range [%x]",
	BoundsSliceAlen:  "slice bounds out of range [:%x]",
	BoundsSliceAcap:  "slice bounds out of range [:%x]",
	BoundsSliceB:     "slice bounds out of range [%x:]",
	BoundsSlice3Alen: "slice bounds out of range [::%x]",
	BoundsSlice3Acap: "slice bounds out of range [::%x]",
	BoundsSlice3B:    "slice bounds out of range [:%x:]",
	BoundsSlice3C:    "slice bounds out of range [%x::]",
}

// A boundsError is a failed index or slice expression: x is the index
// or bound that failed (signed says how to print it), y the limit it
// failed against.
type boundsError struct {
	x      int64
	y      int
	signed bool
	code   abi.BoundsErrorCode
}

// BoundsError returns the error of the index or slice expression code
// with x failing against y.
func BoundsError(x int64, signed bool, y int, code abi.BoundsErrorCode) error {
	return boundsError{x: x, y: y, signed: signed, code: code}
}

// IsBoundsError reports whether err is a boundsError.
func IsBoundsError(err error) bool {
	_, ok := err.(boundsError)
	return ok
}

func (e boundsError) RuntimeError() {}

func (e boundsError) Error() string {
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
			b = strconv.AppendInt(b, int64(e.y), 10)
		}
	}
	return string(b)
}
