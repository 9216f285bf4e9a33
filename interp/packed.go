// This file holds arrays and slices of scalars (booleans, integers,
// floats and complex numbers of every width) packed: the r of such a
// value is a []byte holding the elements as gc lays them out in memory
// (little-endian, each aligned to its size), where other arrays and
// slices hold a []Value of 24 bytes per element; a pointer to such an
// element is a *uint8, its first byte. A program's numeric buffers so
// take the memory they take in gc, and cross to the standard library
// without a copy: the []int or []byte a standard function is given is
// the program's own, as in Go. Reading such memory as another type
// through unsafe is reading its bytes, as in gc.
//
// Which arrays and slices are packed is a property of their type
// (rtype.packed), so every operation knows from its operand's type
// which representation it reads. Lengths, indices and capacities of the
// []byte count bytes: element k of a packed value of element size s is
// at bytes [k*s, (k+1)*s). The position a pointer into packed storage
// carries (ptrinfo.go) counts bytes too. Value.slice panics on packed
// storage and Value.bytes on cells: an operation that forgot the case
// fails loudly instead of reading an empty slice.

package interp

import (
	"math"
	"unsafe"
)

// packedElem reports whether arrays and slices of elements of type t
// are packed.
func packedElem(t *rtype) bool { return t.kind >= kBool && t.kind <= kComplex128 }

// bytes returns the storage of a packed array or slice (nil for a nil
// slice).
func (v Value) bytes() []byte {
	b, ok := v.r.([]byte)
	if !ok && v.r != nil {
		panic("vssa: internal error: cells read as packed bytes")
	}
	return b
}

// mkBytes returns the packed array or slice held in b; a nil b is the
// nil slice, whose r is nil as for other slices.
func mkBytes(b []byte) Value {
	if b == nil {
		return Value{}
	}
	return Value{r: b}
}

// newPacked returns zeroed storage for n elements of type elem, with
// room for c, aligned for them (the memory of 8-byte words: gc's
// allocator aligns a []byte only to its size's factors).
func newPacked(elem *rtype, n, c int) []byte {
	s := int(elem.size)
	if s == 1 {
		return make([]byte, n, c)
	}
	words := make([]uint64, (c*s+7)/8)
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), c*s)[:n*s]
}

// packedCopy returns a copy of b, storage of elements of type elem.
func packedCopy(elem *rtype, b []byte) []byte {
	s := int(elem.size)
	out := newPacked(elem, len(b)/s, len(b)/s)
	copy(out, b)
	return out
}

// loadPacked returns the element of type t whose first byte p is.
func loadPacked(t *rtype, p *uint8) Value {
	q := unsafe.Pointer(p)
	switch t.kind {
	case kBool, kUint8:
		return Value{n: uint64(*p)}
	case kInt8:
		return Value{n: uint64(int64(int8(*p)))}
	case kInt16:
		return Value{n: uint64(int64(*(*int16)(q)))}
	case kUint16:
		return Value{n: uint64(*(*uint16)(q))}
	case kInt32:
		return Value{n: uint64(int64(*(*int32)(q)))}
	case kUint32:
		return Value{n: uint64(*(*uint32)(q))}
	case kInt64, kUint64, kFloat64:
		return Value{n: *(*uint64)(q)}
	case kFloat32:
		return mkFloat(float64(*(*float32)(q)))
	case kComplex64:
		return Value{r: complex128(*(*complex64)(q))}
	case kComplex128:
		return Value{r: *(*complex128)(q)}
	}
	panic("vssa: internal error: packed element of kind " + t.name)
}

// storePacked writes v, of type t, as the element whose first byte p is.
func storePacked(t *rtype, p *uint8, v Value) {
	q := unsafe.Pointer(p)
	switch t.kind {
	case kBool, kInt8, kUint8:
		*p = uint8(v.n)
	case kInt16, kUint16:
		*(*uint16)(q) = uint16(v.n)
	case kInt32, kUint32:
		*(*uint32)(q) = uint32(v.n)
	case kInt64, kUint64, kFloat64:
		*(*uint64)(q) = v.n
	case kFloat32:
		*(*uint32)(q) = math.Float32bits(float32(v.float()))
	case kComplex64:
		*(*complex64)(q) = complex64(v.complex())
	case kComplex128:
		*(*complex128)(q) = v.complex()
	default:
		panic("vssa: internal error: packed element of kind " + t.name)
	}
}

// packedIndex returns element k of packed storage b of elements of
// type elem.
func packedIndex(elem *rtype, b []byte, k int) Value {
	return loadPacked(elem, &b[k*int(elem.size)])
}

// setPackedIndex sets element k of packed storage b to v.
func setPackedIndex(elem *rtype, b []byte, k int, v Value) {
	storePacked(elem, &b[k*int(elem.size)], v)
}

// packedCells returns the elements of packed storage b (of elements of
// type elem) as values, for the operations that work element by element
// on values of every kind.
func packedCells(elem *rtype, b []byte) []Value {
	out := make([]Value, len(b)/int(elem.size))
	for i := range out {
		out[i] = packedIndex(elem, b, i)
	}
	return out
}

// packedOf returns storage for the elements vs, of type elem.
func packedOf(elem *rtype, vs []Value) []byte {
	b := newPacked(elem, len(vs), len(vs))
	for i, v := range vs {
		setPackedIndex(elem, b, i, v)
	}
	return b
}

// bytewise reports whether elements of type elem are equal exactly when
// their bytes are (not floats: NaN, and -0 == +0).
func bytewise(elem *rtype) bool { return !elem.kind.isFloat() && !elem.kind.isComplex() }

// elems returns the elements of an array or slice v of type t as
// values, packed or not. The result shares storage with v only if v is
// not packed: it is for reading.
func elems(t *rtype, v Value) []Value {
	if t.packed {
		return packedCells(t.elem, v.bytes())
	}
	return v.slice()
}

// lenCap returns the length and capacity, in elements, of an array or
// slice v of type t, packed or not.
func lenCap(t *rtype, v Value) (int, int) {
	if t.packed {
		b, s := v.bytes(), int(t.elem.size)
		return len(b) / s, cap(b) / s
	}
	s := v.slice()
	return len(s), cap(s)
}

// bytesAround returns the bytes a pointer into packed storage is in,
// from the first of the array or slice it was taken from to the end of
// its storage, and its offset in them, if its position (ptrinfo.go,
// counting bytes) says.
func bytesAround(b *uint8, n uint64) ([]byte, int, bool) {
	if n&tagMask != elemTag || inside(n) {
		return nil, 0, false
	}
	k := int(n >> idxShift & (posLimit - 1))
	rest := int(n >> restShift & (posLimit - 1))
	return unsafe.Slice((*uint8)(unsafe.Add(unsafe.Pointer(b), -k)), k+rest), k, true
}

// packedElemAddr returns the pointer to element k of packed storage b
// of elements of size s, with the position that says where it is, and
// n's other bits.
func packedElemAddr(n uint64, b []byte, k, s int) Value {
	return Value{n: n | elemPos(k*s, cap(b)), r: &b[k*s]}
}

// wordBytes returns the bytes of a cell holding a word (isWord) as gc
// lays it out: an 8-byte integer or a float64 is its n, in memory
// little-endian as gc's. (A narrower integer
// is n sign- or zero-extended, whose low bytes written alone would
// leave the rest stale; a float32 is held as a float64.) Packed storage
// so can alias a variable: unsafe.Slice(&x, 1), a *[8]byte to x.
func wordBytes(c *Value) []byte { return unsafe.Slice((*byte)(unsafe.Pointer(&c.n)), 8) }

// isWord reports whether a cell holding a value of type t holds it as
// gc's 8 bytes (see wordBytes).
func isWord(t *rtype) bool { return t.kind == kInt64 || t.kind == kUint64 || t.kind == kFloat64 }
