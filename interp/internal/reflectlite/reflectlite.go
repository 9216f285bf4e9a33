package reflectlite

import "reflect"

// A ValueError is internal/reflectlite's ValueError: Method was called
// on a Value of the wrong Kind.
type ValueError struct {
	Method string
	Kind   reflect.Kind
}

func (e *ValueError) Error() string {
	if e.Kind == reflect.Invalid {
		return "reflect: call of " + e.Method + " on zero Value"
	}
	return "reflect: call of " + e.Method + " on " + e.Kind.String() + " Value"
}
