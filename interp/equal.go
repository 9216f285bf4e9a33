// This file implements Go's == on every comparable type.

package interp

import (
	"bytes"
	"reflect"

	rt "github.com/vssa-go/vssa/interp/internal/runtime"
)

// equal reports whether a == b for values of type t. Comparing two
// interfaces holding the same uncomparable dynamic type panics, as in Go.
func (it *Interp) equal(g *goroutine, t *rtype, a, b Value) bool {
	switch t.kind {
	case kBool, kInt8, kInt16, kInt32, kInt64, kUint8, kUint16, kUint32, kUint64:
		return a.n == b.n
	case kFloat32, kFloat64:
		return a.float() == b.float()
	case kComplex64, kComplex128:
		return a.complex() == b.complex()
	case kString:
		return a.str() == b.str()
	case kPointer, kUnsafePointer:
		return it.pointersEqual(t, a, b)
	case kChan:
		return a.r == b.r
	case kSlice, kMap, kFunc:
		// Only comparisons with nil are legal.
		return isNil(a) == isNil(b)
	case kInterface:
		ia, ib := a.iface(), b.iface()
		if ia == nil || ib == nil {
			return ia == ib
		}
		if ia.t != ib.t {
			return false
		}
		if !ia.t.comparable {
			it.raiseRuntime(g, rt.ErrorString("comparing uncomparable type "+ia.t.name))
		}
		return it.equal(g, ia.t, ia.v, ib.v)
	case kArray:
		if t.packed && bytewise(t.elem) {
			return bytes.Equal(a.bytes(), b.bytes())
		}
		xa, xb := elems(t, a), elems(t, b)
		for i := range xa {
			if !it.equal(g, t.elem, xa[i], xb[i]) {
				return false
			}
		}
		return true
	case kStruct:
		xa, xb := a.slice(), b.slice()
		for i, ft := range t.fields {
			if !t.blank[i] && !it.equal(g, ft, xa[i], xb[i]) {
				return false
			}
		}
		return true
	case kReal:
		return a.r.(reflect.Value).Interface() == b.r.(reflect.Value).Interface()
	}
	panic(unsupportedf("== on %s", t.name))
}

// samePointer reports whether two pointers point to the same cell or
// the same address outside the interpreter's cells.
func samePointer(a, b Value) bool {
	if a.r == b.r {
		return true
	}
	switch x := a.r.(type) {
	case *realPtr:
		y, ok := b.r.(*realPtr)
		return ok && x.v.Pointer() == y.v.Pointer()
	case *strPtr:
		y, ok := b.r.(*strPtr)
		return ok && x.addr() == y.addr()
	case *hdrView:
		y, ok := b.r.(*hdrView)
		return ok && x.c == y.c && x.word == y.word
	case *shapeView:
		y, ok := b.r.(*shapeView)
		return ok && x.c == y.c
	}
	return false
}

// pointersEqual reports whether pointers a and b of type t are equal:
// whether gc's addresses would be. Distinct cells have distinct
// addresses, but for a value and its first element or field, which
// share theirs (places.go: leaf), and zero-size values (zerosize.go).
func (it *Interp) pointersEqual(t *rtype, a, b Value) bool {
	if samePointer(a, b) {
		return true
	}
	pa, ok1 := cellPlace(a)
	pb, ok2 := cellPlace(b)
	if !ok1 || !ok2 {
		return false
	}
	pa.t, pb.t = t.elem, t.elem
	if t.kind == kUnsafePointer {
		pa.t, pb.t = it.typeOfPointee(a.n), it.typeOfPointee(b.n)
		if pa.t == nil || pb.t == nil {
			panic(unsupportedf("comparison of pointers to memory of unknown type"))
		}
	} else if !pa.t.aggregate && pa.t.size > 0 {
		return false
	}
	la, lb := pa.leaf(), pb.leaf()
	x, y := pa.c, pb.c
	switch {
	case la.c == lb.c && la.b == lb.b:
		return true
	case la.t.size > 0 && lb.t.size > 0:
		return false
	case la.c == x && lb.c == y:
		return it.zeroPointersEqual(a, b)
	}
	panic(unsupportedf("comparison of pointers to a zero-size variable inside another and to a different variable"))
}

// cellPlace returns the place a pointer to a cell or to an element of a
// packed array points to, without its type; false for other pointers.
func cellPlace(p Value) (place, bool) {
	switch x := p.r.(type) {
	case *Value:
		return place{c: x}, true
	case *uint8:
		return place{b: x}, true
	}
	return place{}, false
}

// pointerKey returns the map key of pointer v of type t: the same for
// two pointers exactly when they are equal.
func (it *Interp) pointerKey(t *rtype, v Value) any {
	switch x := v.r.(type) {
	case *realPtr:
		return x.v.Pointer()
	case *strPtr:
		return x.addr()
	case *hdrView:
		return struct {
			c    *Value
			word int
		}{x.c, x.word}
	case *shapeView:
		return *x
	case *uint8:
		return x
	case *Value:
		s := t.elem
		if t.kind == kUnsafePointer {
			if s = it.typeOfPointee(v.n); s == nil {
				panic(unsupportedf("map key pointing to memory of unknown type"))
			}
		}
		l := place{c: x, t: s}.leaf()
		if l.t.size == 0 {
			if l.c != x {
				panic(unsupportedf("map key pointing to a zero-size variable inside another"))
			}
			return zeroKey(v)
		}
		if l.b != nil {
			return l.b
		}
		return l.c
	}
	return v.r
}
