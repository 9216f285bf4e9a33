// This file finds the intrinsics of instantiations of the standard
// library's generic functions and methods. An instantiation with the
// program's types exists only in the program, so the table has none;
// each has a name of its own ("iter.Pull[int]"), so they are found by
// the generic's name, not in the intrinsics map.

package interp

import (
	"go/types"
	"strings"
)

// genericIntrinsic returns the intrinsic of name, of signature sig, if
// name is an instantiation the interpreter implements.
func genericIntrinsic(name string, sig *types.Signature) (intrinsic func(*Interp, *goroutine, []Value) []Value, ok bool) {
	if f, ok := sourceless(name, sig); ok {
		return f, true
	}
	if f, ok := onceValues(name, sig); ok {
		return f, true
	}
	if rest, ok := strings.CutPrefix(name, "(*sync/atomic.Pointer["); ok {
		if i := strings.LastIndex(rest, "])."); i >= 0 {
			return atomicPointerMethod(rest[i+3:], sig)
		}
	}
	return nil, false
}

// sourceless returns the intrinsic of name (signature sig) when one
// replaces even a body from the standard library's source, which
// would need what the interpreter lacks: iter.Pull's coroutines,
// math/rand/v2's unexported generator.
func sourceless(name string, sig *types.Signature) (intrinsic func(*Interp, *goroutine, []Value) []Value, ok bool) {
	if f, ok := pullIntrinsic(name, sig); ok {
		return f, true
	}
	return randN(name, sig)
}
