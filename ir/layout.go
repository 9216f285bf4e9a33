// This file answers a question about Go types that the bridge and the
// interpreter both ask the way gc answers it.

package ir

import "go/types"

// HasPointers reports whether values of t contain pointers, as gc's
// types.HasPointers does (strings, slices, interfaces, maps, channels,
// funcs and unsafe.Pointer all hold one; an empty array none).
func HasPointers(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() == types.String || u.Kind() == types.UnsafePointer
	case *types.Array:
		return u.Len() > 0 && HasPointers(u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if HasPointers(u.Field(i).Type()) {
				return true
			}
		}
		return false
	}
	return true
}
