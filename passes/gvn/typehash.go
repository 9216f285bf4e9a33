// This file hashes types consistently with types.Identical.

package gvn

import (
	"go/types"
	"unsafe"
)

// typeHash returns a hash of t that identical types share (types
// that differ may share it too): the kind of a basic type, the origin
// of a named one, the element's hash for pointers, slices, arrays,
// maps (with the key's) and channels, the dynamic type alone for the
// others. It reads a few words of t, where types.Identical walks both
// types.
func typeHash(t types.Type) uint64 {
	const depth = 3 // levels of elements hashed; deeper ones are alike
	return hashAt(t, depth)
}

func hashAt(t types.Type, depth int) uint64 {
	if depth == 0 {
		return 0
	}
	t = types.Unalias(t)
	mix := func(tag, h uint64) uint64 { return (tag ^ h) * 0x9e3779b97f4a7c15 }
	switch t := t.(type) {
	case *types.Basic:
		return mix(1, uint64(t.Kind()))
	case *types.Named:
		// Identical named types have origins of one type name (as
		// types.Identical compares them; instances of one generic type
		// also need identical arguments, hashed alike). Objects do not
		// move, so their address is a hash.
		return mix(2, uint64(uintptr(unsafe.Pointer(t.Origin().Obj()))))
	case *types.Pointer:
		return mix(3, hashAt(t.Elem(), depth-1))
	case *types.Slice:
		return mix(4, hashAt(t.Elem(), depth-1))
	case *types.Array:
		return mix(5, hashAt(t.Elem(), depth-1)^uint64(t.Len()))
	case *types.Map:
		return mix(6, hashAt(t.Key(), depth-1)^hashAt(t.Elem(), depth-1)<<1)
	case *types.Chan:
		return mix(7, hashAt(t.Elem(), depth-1)^uint64(t.Dir()))
	case *types.Struct:
		return mix(8, uint64(t.NumFields()))
	case *types.Signature:
		return mix(9, uint64(t.Params().Len())<<8|uint64(t.Results().Len()))
	case *types.Interface:
		return mix(10, 0)
	}
	return 0
}
