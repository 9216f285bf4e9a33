package maps

import "github.com/vssa-go/vssa/interp/internal/abi"

type unhashableTypeError struct{ typ *abi.Type }

func (unhashableTypeError) RuntimeError() {}

func (e unhashableTypeError) Error() string { return "hash of unhashable type: " + e.typ.String() }

// UnhashableTypeError returns the error of a lookup or delete in a nil
// or empty map with a key whose dynamic type, named typ, is not
// comparable.
func UnhashableTypeError(typ string) error { return unhashableTypeError{abi.NewType(typ)} }
