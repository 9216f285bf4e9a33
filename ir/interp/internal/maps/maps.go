// Package maps holds the run-time error the Go runtime's map
// implementation (internal/runtime/maps) raises when a lookup or delete
// meets a key of an unhashable dynamic type, under the same package
// and type name so that %T and %#v of a recovered value print as they do
// under gc.
package maps

import "github.com/vssa-go/vssa/ir/interp/internal/abi"

type unhashableTypeError struct{ typ *abi.Type }

func (unhashableTypeError) RuntimeError() {}

func (e unhashableTypeError) Error() string { return "hash of unhashable type: " + e.typ.String() }

// UnhashableTypeError returns the error of a lookup or delete in a nil
// or empty map with a key whose dynamic type, named typ, is not
// comparable.
func UnhashableTypeError(typ string) error { return unhashableTypeError{abi.NewType(typ)} }
