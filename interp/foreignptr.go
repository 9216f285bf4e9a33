// This file defines the pointers that do not point to a cell, which
// unsafe code makes: into the bytes of a string, to an address made
// from an integer, and to the words of a string or slice seen as
// another type (reflect.StringHeader and the like). Loads through them
// are exact; stores are unsupported (a string's bytes are immutable,
// and rewriting a header would make a string or slice from addresses).
// It also defines the empty strings that keep a bytes pointer, which
// unsafe.StringData and the headers show.

package interp

import (
	"fmt"
	"reflect"
	"unsafe"
)

// strPtr points to byte off of s (off == len(s) is the end).
type strPtr struct {
	s   string
	off int
}

// addr returns the real address of the byte.
func (p *strPtr) addr() uintptr { return strStart(p.s) + uintptr(p.off) }

// emptyStr is an empty string whose bytes pointer gc does not leave nil
// (a string's r is a Go string, which the interpreter keeps in an
// interface: an empty one loses its pointer there). If ptr is a string,
// the pointer is that of its bytes (an empty substring keeps the pointer
// of the string sliced); else ptr is the pointer itself (unsafe.String
// of no bytes), or nil if the interpreter cannot know it (gc's points
// into a buffer or real memory). An empty string with a nil r or an r of
// "" has a nil pointer, as gc's literals, conversions and concatenations
// give.
type emptyStr struct{ ptr Value }

// wildPtr is an address made from an integer that is no variable's
// the interpreter knows.
type wildPtr uintptr

// hdrView points to word word (of 8 bytes) of the string or slice
// (of type src) in cell c, whose position is pos (ptrinfo.go).
type hdrView struct {
	c    *Value
	src  *rtype
	word int
	pos  uint64
}

// in returns the view moved by w words.
func (h *hdrView) in(w int) *hdrView { return &hdrView{h.c, h.src, h.word + w, h.pos} }

// wordType describes a word of a header read as an integer.
var wordType = &rtype{kind: kUint64, size: 8}

// words returns the number of words of a string or slice header.
func words(t *rtype) int {
	if t.kind == kSlice {
		return 3
	}
	return 2
}

// headerFits reports whether a value of type t, at word w of a string
// or slice of type src, lies within the header's words and is made of
// words the header has: its data pointer (as a pointer or an integer)
// at word 0, its length and capacity (integers) after.
func headerFits(src, t *rtype, w int) bool {
	switch t.kind {
	case kStruct:
		for i, f := range t.fields {
			if t.offs[i]%8 != 0 || !headerFits(src, f, w+int(t.offs[i]/8)) {
				return false
			}
		}
		return true
	case kArray:
		for i := int64(0); i < t.length; i++ {
			if !headerFits(src, t.elem, w+int(i*t.elem.size/8)) {
				return false
			}
		}
		return t.elem.size%8 == 0 || t.length == 0
	case kReal:
		rt := t.real
		if rt.Kind() != reflect.Struct {
			return false
		}
		for i := 0; i < rt.NumField(); i++ {
			f := rt.Field(i)
			k := f.Type.Kind()
			if k != reflect.Uintptr && k != reflect.Int || f.Offset%8 != 0 || !headerFits(src, wordType, w+int(f.Offset/8)) {
				return false
			}
		}
		return true
	case kInt64, kUint64:
		return w < words(src)
	case kPointer, kUnsafePointer:
		return w == 0
	}
	return false
}

// loadHeader reads a value of type t from a header view.
func (it *Interp) loadHeader(t *rtype, h *hdrView) Value {
	switch t.kind {
	case kStruct:
		fields := make([]Value, len(t.fields))
		for i, f := range t.fields {
			fields[i] = it.loadHeader(f, h.in(int(t.offs[i]/8)))
		}
		return Value{r: fields}
	case kArray:
		elems := make([]Value, t.length)
		for i := range elems {
			elems[i] = it.loadHeader(t.elem, h.in(i*int(t.elem.size/8)))
		}
		if t.packed {
			return Value{r: packedOf(t.elem, elems)}
		}
		return Value{r: elems}
	case kReal:
		rv := reflect.New(t.real).Elem()
		for i := 0; i < rv.NumField(); i++ {
			f := rv.Type().Field(i)
			v := it.loadHeader(wordType, h.in(int(f.Offset/8)))
			switch f.Type.Kind() {
			case reflect.Uintptr:
				rv.Field(i).SetUint(v.n)
			case reflect.Int:
				rv.Field(i).SetInt(int64(v.n))
			default:
				panic(unsupportedf("reading field %s of %s from a string or slice", f.Name, t.name))
			}
		}
		return Value{r: rv}
	}
	x := *h.c
	switch {
	case h.word == 0 && (t.kind == kPointer || t.kind == kUnsafePointer):
		return it.dataPointer(h.src, x)
	case h.word == 0:
		return Value{n: it.addressOf(it.dataPointer(h.src, x))}
	case h.word == 1:
		return mkInt(lenOf(h.src, x))
	}
	return mkInt(capOf(h.src, x))
}

// dataPointer returns the pointer to the bytes of string x or to the
// array of slice x (of type t), as unsafe.StringData and SliceData do.
func (it *Interp) dataPointer(t *rtype, x Value) Value {
	if t.kind == kString {
		if e, ok := x.r.(*emptyStr); ok {
			if e.ptr.r == nil {
				panic(unsupportedf("the bytes pointer of an empty string gc makes elsewhere"))
			}
			if _, isStr := e.ptr.r.(string); !isStr {
				return e.ptr // the pointer unsafe.String was given
			}
			x = e.ptr
		}
		s := x.str()
		if s == "" {
			return Value{}
		}
		return Value{r: &strPtr{s: s}}
	}
	if t.packed {
		b := x.bytes()
		switch {
		case b == nil:
			return Value{}
		case cap(b) > 0:
			return place{b: &b[:1][0], t: t.elem, pos: elemPos(0, cap(b))}.pointer()
		}
		// As below, but for the bytes' addresses.
		if v, ok := it.space.knownByte(unsafe.Pointer(unsafe.SliceData(b))); ok {
			return v
		}
		panic(unsupportedf("the array pointer of an empty slice"))
	}
	s := x.slice()
	switch {
	case s == nil:
		return Value{}
	case cap(s) > 0:
		return place{c: &s[:1][0], t: t.elem, pos: elemPos(0, cap(s))}.pointer()
	}
	// An empty slice's pointer is its array's end, or zerobase: the
	// interpreter knows it only if that array has an address already.
	if v, ok := it.space.knownCell(unsafe.Pointer(unsafe.SliceData(s))); ok {
		return v
	}
	panic(unsupportedf("the array pointer of an empty slice"))
}

// loadForeign loads through a pointer that is not to a cell.
func (it *Interp) loadForeign(in *inst, p Value) Value {
	switch x := p.r.(type) {
	case *strPtr:
		if x.off >= len(x.s) {
			panic(it.ub(in, "load past the end of a string's bytes"))
		}
		return Value{n: normInt(in.t.kind, uint64(x.s[x.off]))}
	case *hdrView:
		return it.loadHeader(in.t, x)
	case *shapeView:
		return loadShape(in.t, x)
	}
	panic(unsupportedf("load through %s", foreignName(p)))
}

// foreignName describes what a pointer that is not to a cell points to,
// for messages.
func foreignName(p Value) string {
	switch x := p.r.(type) {
	case *strPtr:
		return "a pointer into a string's bytes"
	case wildPtr:
		return fmt.Sprintf("the address %#x, made from an integer", uintptr(x))
	case *hdrView:
		return "a pointer into the header of a " + x.src.name
	case *shapeView:
		return "a pointer to a " + x.src.name + " read as another type"
	case *uint8:
		return "a pointer into an array of scalars"
	case *realPtr:
		return "a pointer to real memory"
	}
	return fmt.Sprintf("%T", p.r)
}
