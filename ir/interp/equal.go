// This file implements Go's == on every comparable type.

package interp

import "reflect"

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
		if samePointer(a, b) {
			return true
		}
		if t.kind == kPointer && t.elem.size == 0 && a.r != nil && b.r != nil {
			return it.zeroPointersEqual(a, b)
		}
		return false
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
			it.raiseRuntime(g, &runtimeError{msg: "comparing uncomparable type " + ia.t.name})
		}
		return it.equal(g, ia.t, ia.v, ib.v)
	case kArray:
		xa, xb := a.slice(), b.slice()
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

// samePointer reports whether two pointers are equal: the same cell, or
// the same address in real memory.
func samePointer(a, b Value) bool {
	pa, oka := a.r.(*realPtr)
	pb, okb := b.r.(*realPtr)
	if oka && okb {
		return pa.v.Pointer() == pb.v.Pointer()
	}
	return a.r == b.r
}
