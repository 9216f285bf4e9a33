// This file holds arrays and slices of one-byte elements (uint8, int8,
// bool and the types defined on them) packed: the r of such a value is
// a []byte, one byte per element, where other arrays and slices hold a
// []Value of 24 bytes per element, and a pointer to such an element is
// a *uint8 into it. A program's byte buffers so take the memory they
// take in gc, and cross to the standard library without a copy: the
// []byte a standard function is given is the program's own, as in Go.
//
// Which arrays and slices are packed is a property of their type
// (rtype.packed), so every operation knows from its operand's type
// which representation it reads. Value.slice panics on packed storage:
// an operation that forgot the case fails loudly instead of reading an
// empty slice.

package interp

import "unsafe"

// packedElem reports whether arrays and slices of elements of type t
// are packed.
func packedElem(t *rtype) bool {
	switch t.kind {
	case kUint8, kInt8, kBool:
		return true
	}
	return false
}

// bytes returns the storage of a packed array or slice (nil for a nil
// slice).
func (v Value) bytes() []byte { b, _ := v.r.([]byte); return b }

// mkBytes returns the packed array or slice held in b; a nil b is the
// nil slice, whose r is nil as for other slices.
func mkBytes(b []byte) Value {
	if b == nil {
		return Value{}
	}
	return Value{r: b}
}

// fromByte returns the element of kind k stored as b.
func fromByte(k kind, b byte) Value {
	if k == kInt8 {
		return Value{n: uint64(int64(int8(b)))}
	}
	return Value{n: uint64(b)}
}

// byteCells returns the elements of a packed array or slice (of
// element kind k) as values, for the operations that work element by
// element on values of every kind.
func byteCells(k kind, b []byte) []Value {
	out := make([]Value, len(b))
	for i, x := range b {
		out[i] = fromByte(k, x)
	}
	return out
}

// elems returns the elements of an array or slice v of type t as
// values, packed or not. The result shares storage with v only if v is
// not packed: it is for reading.
func elems(t *rtype, v Value) []Value {
	if t.packed {
		return byteCells(t.elem.kind, v.bytes())
	}
	return v.slice()
}

// lenOfStorage returns the length and capacity of an array's or slice's
// storage, packed or not.
func lenOfStorage(v Value) (int, int) {
	switch s := v.r.(type) {
	case []byte:
		return len(s), cap(s)
	case []Value:
		return len(s), cap(s)
	}
	return 0, 0
}

// bytesAround returns the bytes a pointer to a packed element is in,
// from the first of the array or slice it was taken from to the end of
// its storage, and its index in them, if its position (ptrinfo.go) says.
func bytesAround(b *uint8, n uint64) ([]byte, int, bool) {
	if n&tagMask != elemTag || inside(n) {
		return nil, 0, false
	}
	k := int(n >> idxShift & (posLimit - 1))
	rest := int(n >> restShift & (posLimit - 1))
	return unsafe.Slice((*uint8)(unsafe.Add(unsafe.Pointer(b), -k)), k+rest), k, true
}
