// This file defines the representation of values.

package interp

import (
	"math"
	"reflect"
)

// Value is one Go value. Scalars live in n, so they never allocate;
// everything else lives in r:
//
//	bool                 n = 0 or 1
//	integers             n = the value, sign-extended (signed types) or
//	                     zero-extended (unsigned) from the type's width
//	float64, float32     n = math.Float64bits (a float32 is held exactly
//	                     as a float64)
//	complex64/128        r = complex128 (nil = 0)
//	string               r = string (nil = ""), or *emptyStr: an empty
//	                     string with a bytes pointer (foreignptr.go)
//	pointer, unsafe.Pointer
//	                     r = *Value, a memory cell (nil = nil), with
//	                     n saying where the cell is (ptrinfo.go); or
//	                     a pointer unsafe code made (foreignptr.go,
//	                     layout.go), or *realPtr into real memory, or
//	                     *uint8, the first byte of an element of a
//	                     packed array or slice
//	slice                r = []Value, whose elements are memory cells
//	                     (nil interface or nil slice = nil); or, for
//	                     scalar elements, r = []byte (packed.go)
//	array, struct        r = []Value, owned: copied when the value moves
//	                     into or out of memory (see copyVal); an array
//	                     of scalars r = []byte (packed.go)
//	map                  r = *mapObj (nil = nil map)
//	chan                 r = chan Value (nil = nil channel)
//	func                 r = *closure or *externFunc (nil = nil func)
//	interface            r = *iface (nil = nil interface)
//	iter                 r = *mapIter or *stringIter
//	deferstack           r = *frame
//	real (kReal)         r = reflect.Value: a value of a standard library
//	                     struct type (addressable storage of its own,
//	                     copied like an aggregate), or of a type known
//	                     only to reflect (errors made by real code)
//
// A memory cell holding an array or struct always holds its own []Value,
// and a store copies into it element by element, so that pointers to its
// elements stay valid.
type Value struct {
	n uint64
	r any
}

// iface is a non-nil interface value: its dynamic type and value.
type iface struct {
	t *rtype
	v Value
}

func mkInt(i int64) Value     { return Value{n: uint64(i)} }
func mkUint(u uint64) Value   { return Value{n: u} }
func mkFloat(f float64) Value { return Value{n: math.Float64bits(f)} }
func mkString(s string) Value { return Value{r: s} }

func mkBool(b bool) Value {
	if b {
		return Value{n: 1}
	}
	return Value{}
}

func (v Value) int() int64          { return int64(v.n) }
func (v Value) bool() bool          { return v.n != 0 }
func (v Value) float() float64      { return math.Float64frombits(v.n) }
func (v Value) str() string         { s, _ := v.r.(string); return s }
func (v Value) complex() complex128 { c, _ := v.r.(complex128); return c }
func (v Value) cell() *Value        { p, _ := v.r.(*Value); return p }
func (v Value) iface() *iface       { i, _ := v.r.(*iface); return i }

// slice returns the cells of an array, struct or slice that is not
// packed (packed.go); it panics on a packed one, which an operation
// must read as bytes.
func (v Value) slice() []Value {
	s, ok := v.r.([]Value)
	if !ok {
		if _, packed := v.r.([]byte); packed {
			panic("vssa: internal error: packed bytes read as cells")
		}
	}
	return s
}

// normInt brings the 64-bit result of an integer operation to the
// canonical form of kind k: truncated to its width, then sign- or
// zero-extended.
func normInt(k kind, x uint64) uint64 {
	switch k {
	case kInt8:
		return uint64(int64(int8(x)))
	case kInt16:
		return uint64(int64(int16(x)))
	case kInt32:
		return uint64(int64(int32(x)))
	case kUint8:
		return uint64(uint8(x))
	case kUint16:
		return uint64(uint16(x))
	case kUint32:
		return uint64(uint32(x))
	}
	return x
}

// zero returns the zero value of t. Aggregates get fresh storage.
func zero(t *rtype) Value {
	switch t.kind {
	case kReal:
		if t.aggregate {
			return Value{r: reflect.New(t.real).Elem()}
		}
		return Value{r: reflect.Zero(t.real)}
	case kArray:
		if t.length > maxElems {
			panic(unsupportedf("array of %d elements", t.length))
		}
		if t.packed {
			return Value{r: newPacked(t.elem, int(t.length), int(t.length))}
		}
		elems := make([]Value, t.length)
		if t.elem.aggregate {
			for i := range elems {
				elems[i] = zero(t.elem)
			}
		}
		return Value{r: elems}
	case kStruct:
		fields := make([]Value, len(t.fields))
		for i, ft := range t.fields {
			if ft.aggregate {
				fields[i] = zero(ft)
			}
		}
		return Value{r: fields}
	}
	return Value{}
}

// untorn returns v, a value of a one-word kind (rtype.oneWord) just read
// from memory, as a value some write stored. Go guarantees that much of
// a racy read of one word, but a Value holds such a value in an
// interface, two words, and a read racing with a write of nil can pair
// the type of a non-nil value with nil's data: that pair is nil. (The
// other pair, no type with a value's data, already reads as nil. Go lets
// racy reads of multi-word values, strings, slices and interfaces, tear,
// and so does the interpreter.)
func untorn(v Value) Value {
	var torn bool
	switch x := v.r.(type) {
	case *Value:
		torn = x == nil
	case *uint8:
		torn = x == nil
	case *realPtr:
		torn = x == nil
	case *mapObj:
		torn = x == nil
	case chan Value:
		torn = x == nil
	case *closure:
		torn = x == nil
	case *externFunc:
		torn = x == nil
	}
	if torn {
		return Value{}
	}
	return v
}

// copyVal returns a copy of v (of type t) that shares no aggregate
// storage with it.
func copyVal(t *rtype, v Value) Value {
	if !t.aggregate {
		return v
	}
	if t.kind == kReal {
		c := reflect.New(t.real).Elem()
		c.Set(v.r.(reflect.Value))
		return Value{r: c}
	}
	if t.packed {
		return Value{r: packedCopy(t.elem, v.bytes())}
	}
	src := v.slice()
	dst := make([]Value, len(src))
	if t.kind == kArray {
		if t.elem.aggregate {
			for i := range src {
				dst[i] = copyVal(t.elem, src[i])
			}
		} else {
			copy(dst, src)
		}
	} else {
		for i, ft := range t.fields {
			dst[i] = copyVal(ft, src[i])
		}
	}
	return Value{r: dst}
}

// storeInto writes v (of type t) into the memory cell c. Aggregates are
// copied into the cell's own storage, element by element, so that
// pointers into the cell remain valid.
func storeInto(t *rtype, c *Value, v Value) {
	if !t.aggregate {
		*c = v
		return
	}
	if t.kind == kReal {
		if dst, ok := c.r.(reflect.Value); ok && dst.CanSet() {
			dst.Set(v.r.(reflect.Value))
		} else {
			*c = copyVal(t, v)
		}
		return
	}
	if t.packed {
		if dst, ok := c.r.([]byte); ok {
			copy(dst, v.bytes())
		} else {
			*c = copyVal(t, v)
		}
		return
	}
	dst, src := c.slice(), v.slice()
	if dst == nil {
		*c = copyVal(t, v)
		return
	}
	if t.kind == kArray {
		if t.elem.aggregate {
			for i := range src {
				storeInto(t.elem, &dst[i], src[i])
			}
		} else {
			copy(dst, src)
		}
		return
	}
	for i, ft := range t.fields {
		storeInto(ft, &dst[i], src[i])
	}
}
