// This file implements package unsafe: conversions between pointers,
// unsafe.Pointer and uintptr, and the built-ins Add, Slice, String,
// StringData and SliceData. They are exact where the interpreter's
// memory model can say what gc's memory would hold (places.go), and
// unsupported elsewhere:
//
//   - (*T)(p) reads p's cell as a T when the cell's value is held as a
//     T's would be (sameRepr), or the T is an array of the cell's type
//     laid over the cells that follow it, or the cell holds a string or
//     a slice and the T is made of its header's words
//     (reflect.StringHeader, *(*uintptr)(unsafe.Pointer(&s)), …; read
//     only), or else the T can be read so at offset 0 of the value (its
//     first field or element, recursively), or else it has the value's
//     layout with another nesting (layout.go). Reading the bytes of
//     other values is unsupported: the interpreter holds values.
//   - unsafe.Add moves within the array or struct the cell is in (its
//     position, ptrinfo.go), or inside the cell's own value, or within
//     a string's bytes, or to the words of a string or slice header.
//   - unsafe.String and unsafe.Slice over a string's bytes copy them:
//     Go forbids modifying those bytes, and a program that does is not
//     detected. Over cells, unsafe.Slice shares them; unsafe.String
//     copies them, so a program that modifies the bytes of a string it
//     made so (which Go forbids too) is not detected either.
//   - uintptr(p) and back: addrspace.go.

package interp

import (
	"math"
	"math/bits"
	"reflect"
	"unsafe"
)

// convertUnsafe implements the conversions to or from unsafe.Pointer.
func (it *Interp) convertUnsafe(from, to *rtype, x Value) Value {
	switch {
	case from.kind == kPointer && to.kind == kUnsafePointer:
		switch v := x.r.(type) {
		case *hdrView:
			return place{c: v.c, t: v.src, pos: v.pos, word: v.word}.pointer()
		case *shapeView:
			return place{c: v.c, t: v.src}.pointer()
		}
		return x
	case from.kind == kUnsafePointer && to.kind == kPointer:
		return it.fromUnsafe(x, to)
	case from.kind == kUnsafePointer && to.kind == kUnsafePointer:
		return x
	case from.kind == kUnsafePointer && to.kind.isInt():
		return Value{n: normInt(to.kind, it.addressOf(x))}
	case from.kind.isInt() && to.kind == kUnsafePointer:
		return it.pointerAt(x.n)
	}
	panic(unsupportedf("conversion from %s to %s", from.name, to.name))
}

// fromUnsafe converts unsafe.Pointer p to pointer type to.
func (it *Interp) fromUnsafe(p Value, to *rtype) Value {
	t := to.elem
	switch x := p.r.(type) {
	case nil, wildPtr:
		return p
	case *realPtr:
		// Real memory is bytes: gc's reinterpretation is reflect's,
		// as long as no pointer is made up.
		from, rt := x.v.Type().Elem(), it.reflectType(t)
		switch {
		case from == rt:
			return p
		case !hasRealPointers(from) && !hasRealPointers(rt) && rt.Size() <= from.Size():
			return Value{r: &realPtr{v: reflect.NewAt(rt, x.v.UnsafePointer())}}
		}
		panic(unsupportedf("reinterpreting memory of type %s as %s", from, t.name))
	case *hdrView:
		if headerFits(x.src, t, x.word) {
			return Value{r: x}
		}
		panic(unsupportedf("reinterpreting word %d of a %s as %s", x.word, x.src.name, t.name))
	case *strPtr:
		if t.kind == kUint8 || t.kind == kInt8 {
			return p
		}
		panic(unsupportedf("reinterpreting a string's bytes as %s", t.name))
	case *Value:
		s := it.typeOfPointee(p.n)
		if s == nil {
			panic(unsupportedf("reinterpreting memory of unknown type as %s", t.name))
		}
		if v, ok := view(place{c: x, t: s, pos: p.n & posMask}, t); ok {
			return v
		}
		panic(unsupportedf("reinterpreting memory of type %s as %s", s.name, t.name))
	case *uint8:
		if v, ok := view(place{b: x, t: it.typeOfPointee(p.n), pos: p.n & posMask}, t); ok {
			return v
		}
		panic(unsupportedf("reinterpreting the bytes of an array of scalars as %s", t.name))
	}
	panic(unsupportedf("conversion of %s to %s", foreignName(p), to.name))
}

// view returns a *t to the value at place p (see the file comment):
// the outermost way of reading p's memory as a t, going in only when p
// as a whole cannot be read so.
func view(p place, t *rtype) (Value, bool) {
	if p.b != nil {
		return viewBytes(p, t)
	}
	switch {
	case sameRepr(p.t, t):
		return Value{n: withType(p.pos, t), r: p.c}, true
	case (t.packed && t.kind == kArray || packedElem(t)) && isWord(p.t):
		// A scalar's cell read as bytes: only a word's (wordBytes).
		b := wordBytes(p.c)
		return viewBytes(place{b: &b[0], t: p.t, pos: elemPos(0, len(b))}, t)
	case t.packed && t.kind == kArray && packedElem(p.t):
		return Value{}, false // the bytes of a narrower scalar's cell
	case t.kind == kArray && sameRepr(t.elem, p.t):
		n := int(t.length)
		if elems, idx, ok := cellsOf(p.c, p.pos); ok && idx+n <= len(elems) {
			return Value{n: withType(0, t), r: &Value{r: elems[idx : idx+n : idx+n]}}, true
		}
		if n <= 1 {
			return Value{n: withType(0, t), r: &Value{r: cellSlice(p.c, n)}}, true
		}
		return Value{}, false
	case (p.t.kind == kString || p.t.kind == kSlice) && headerFits(p.t, t, 0):
		return Value{r: &hdrView{c: p.c, src: p.t, pos: p.pos}}, true
	}
	if p.t.aggregate && p.t.kind != kReal {
		if q, _, ok := p.inner(0); ok {
			if v, ok := view(q, t); ok {
				return v, true
			}
		}
	}
	if sameLayout(p.t, t) {
		return Value{r: &shapeView{c: p.c, src: p.t}}, true
	}
	return Value{}, false
}

// viewBytes is view for a place in packed storage: its bytes read as a
// scalar or an array of scalars, as gc reads them, if they lie within
// the bytes around it (or within its own value, where those are not
// known).
func viewBytes(p place, t *rtype) (Value, bool) {
	if !packedElem(t) && !(t.kind == kArray && t.packed) {
		return Value{}, false
	}
	n := int(t.size)
	around, idx, ok := bytesAround(p.b, p.pos)
	switch {
	case ok && idx+n <= len(around):
	case !ok && p.t != nil && packedElem(p.t) && n <= int(p.t.size):
		around, idx = unsafe.Slice(p.b, n), 0
	default:
		return Value{}, false
	}
	if packedElem(t) {
		return Value{n: withType(p.pos, t), r: p.b}, true
	}
	return Value{n: withType(0, t), r: &Value{r: around[idx : idx+n : idx+n]}}, true
}

// addressOf returns the address an unsafe.Pointer converts to.
func (it *Interp) addressOf(p Value) uint64 {
	switch x := p.r.(type) {
	case nil:
		return 0
	case wildPtr:
		return uint64(x)
	case *realPtr:
		return uint64(x.v.Pointer())
	case *strPtr:
		return it.space.stringAddr(x.s, x.off)
	case *Value:
		s := it.typeOfPointee(p.n)
		if s == nil {
			panic(unsupportedf("address of memory of unknown type"))
		}
		return it.addrOf(place{c: x, t: s, pos: p.n & posMask})
	case *hdrView:
		return it.addrOf(place{c: x.c, t: x.src, pos: x.pos}) + uint64(x.word)*8
	case *uint8:
		return it.addrOf(place{b: x, t: it.typeOfPointee(p.n), pos: p.n & posMask})
	}
	panic(unsupportedf("address of %s", foreignName(p)))
}

// pointerAt returns the unsafe.Pointer an address converts to.
func (it *Interp) pointerAt(a uint64) Value {
	switch {
	case a == 0:
		return Value{}
	case a >= zerobase && a < spaceLimit:
		if p, ok := it.space.placeAt(a); ok {
			return p.pointer()
		}
		panic(unsupportedf("pointer to the address %#x, outside every variable", a))
	}
	if p, ok := it.space.byteAt(a); ok {
		return p
	}
	if p, ok := it.space.stringAt(a); ok {
		return Value{r: p}
	}
	return Value{r: wildPtr(a)}
}

// hasRealPointers reports whether values of a Go type hold pointers.
func hasRealPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Array:
		return t.Len() > 0 && hasRealPointers(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if hasRealPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	}
	return t.Kind() < reflect.Bool || t.Kind() > reflect.Complex128
}

// unsafeAdd implements unsafe.Add(p, off).
func (it *Interp) unsafeAdd(p Value, off int64) Value {
	switch x := p.r.(type) {
	case nil:
		return it.pointerAt(uint64(off))
	case wildPtr:
		return it.pointerAt(uint64(x) + uint64(off))
	case *strPtr:
		if o := int64(x.off) + off; o >= 0 && o <= int64(len(x.s)) {
			return Value{r: &strPtr{x.s, int(o)}}
		}
		panic(unsupportedf("unsafe.Add outside a string's bytes"))
	case *Value:
		s := it.typeOfPointee(p.n)
		if s == nil {
			panic(unsupportedf("unsafe.Add on memory of unknown type"))
		}
		if q, ok := it.add(place{c: x, t: s, pos: p.n & posMask}, off); ok {
			return q.pointer()
		}
		panic(unsupportedf("unsafe.Add by %d from a %s outside the variables the interpreter can see around it", off, s.name))
	case *uint8:
		if q, ok := addByte(place{b: x, t: it.typeOfPointee(p.n), pos: p.n & posMask}, off); ok {
			return q.pointer()
		}
		panic(unsupportedf("unsafe.Add by %d from a byte outside the array or slice the interpreter can see around it", off))
	case *hdrView:
		if q, ok := it.add(place{c: x.c, t: x.src, pos: x.pos}, int64(x.word)*8+off); ok {
			return q.pointer()
		}
		panic(unsupportedf("unsafe.Add by %d from inside a %s outside the variables the interpreter can see around it", off, x.src.name))
	}
	panic(unsupportedf("unsafe.Add on %s", foreignName(p)))
}

// unsafeLen returns the length operand of unsafe.Slice and unsafe.String
// as an int, and whether it is one.
func unsafeLen(t *rtype, v Value) (int64, bool) {
	if t.kind.isUnsigned() {
		return int64(v.n), v.n <= math.MaxInt64
	}
	return int64(v.n), true
}

// unsafeSliceCheck raises the panics of the runtime's unsafeslice (and
// unsafestring, elemSize 1): a negative length, a nil pointer with a
// length, memory past the end of the address space.
func (it *Interp) unsafeSliceCheck(g *goroutine, what string, p Value, elemSize int64, n int64, ok bool) {
	errLen, errNil := errUnsafeLen[what], errUnsafeNil[what]
	if !ok || n < 0 {
		it.raiseRuntime(g, errLen)
	}
	if elemSize == 0 && p.r == nil && n > 0 {
		it.raiseRuntime(g, errNil)
	}
	hi, mem := bits.Mul64(uint64(elemSize), uint64(n))
	var addr uint64
	switch p.r.(type) {
	case *Value, *uint8:
		// gc's address would be a heap address, from one page up to
		// maxHeapAddr: the answer is known unless mem is in between.
		switch {
		case hi == 0 && mem <= 1<<64-maxHeapAddr:
			return
		case hi == 0 && mem <= 1<<64-4096:
			panic(unsupportedf("%s whose end depends on where gc places the variable", what))
		}
		addr = 4096
	default:
		addr = it.addressOf(p)
	}
	if hi != 0 || mem > -addr {
		if p.r == nil {
			it.raiseRuntime(g, errNil)
		}
		it.raiseRuntime(g, errLen)
	}
}

// maxHeapAddr bounds the addresses of gc's heap on amd64.
const maxHeapAddr = 1 << 47

// unsafeSlice implements unsafe.Slice(p, n) for p of type *E.
func (it *Interp) unsafeSlice(g *goroutine, in *inst, p Value, elem *rtype, lenT *rtype, lenV Value) Value {
	n, ok := unsafeLen(lenT, lenV)
	it.unsafeSliceCheck(g, "unsafe.Slice", p, elem.size, n, ok)
	switch x := p.r.(type) {
	case nil:
		return Value{}
	case *uint8:
		if !packedElem(elem) {
			panic(unsupportedf("unsafe.Slice of the bytes of an array of scalars as %s", elem.name))
		}
		m := n * elem.size // n is less than maxHeapAddr / size (unsafeSliceCheck)
		if around, idx, ok := bytesAround(x, p.n); ok && int64(idx)+m <= int64(len(around)) {
			return Value{r: around[idx : idx+int(m) : idx+int(m)]}
		}
		if s := it.typeOfPointee(p.n); s != nil && packedElem(s) && m <= s.size {
			return Value{r: unsafe.Slice(x, m)}
		}
	case *Value:
		if packedElem(elem) {
			// The cells of scalars are not bytes a slice could share, but
			// for words (wordBytes).
			if isWord(elem) && n <= 1 {
				return Value{r: wordBytes(x)[: n*8 : n*8]}
			}
			panic(unsupportedf("unsafe.Slice of a variable of type %s", elem.name))
		}
		if elems, idx, ok := cellsOf(x, p.n); ok && int64(idx)+n <= int64(len(elems)) {
			return Value{r: elems[idx : idx+int(n) : idx+int(n)]}
		}
		if n <= 1 {
			return Value{r: cellSlice(x, int(n))}
		}
	case *strPtr:
		if int64(x.off)+n <= int64(len(x.s)) {
			// elem is a one-byte kind: fromUnsafe made the *strPtr.
			return Value{r: []byte(x.s[x.off : x.off+int(n)])}
		}
	}
	if in.dead {
		return Value{}
	}
	panic(unsupportedf("unsafe.Slice of %d elements beyond the variables the interpreter can see", n))
}

// unsafeString implements unsafe.String(p, n).
func (it *Interp) unsafeString(g *goroutine, in *inst, p Value, lenT *rtype, lenV Value) Value {
	n, ok := unsafeLen(lenT, lenV)
	it.unsafeSliceCheck(g, "unsafe.String", p, 1, n, ok)
	switch x := p.r.(type) {
	case nil:
		return mkString("")
	case wildPtr:
		if n == 0 {
			return Value{r: &emptyStr{ptr: p}}
		}
	case *Value:
		cells, idx, ok := cellsOf(x, p.n)
		if !ok && n <= 1 {
			cells, idx, ok = cellSlice(x, 1), 0, true
		}
		if ok && int64(idx)+n <= int64(len(cells)) {
			if n == 0 {
				return Value{r: &emptyStr{ptr: p}}
			}
			b := make([]byte, n)
			for i := range b {
				b[i] = byte(cells[idx+i].n)
			}
			return mkString(string(b))
		}
	case *strPtr:
		if n == 0 {
			return Value{r: &emptyStr{ptr: p}}
		}
		if int64(x.off)+n <= int64(len(x.s)) {
			return mkString(x.s[x.off : x.off+int(n)])
		}
	case *uint8:
		if n == 0 {
			return Value{r: &emptyStr{ptr: p}}
		}
		if around, idx, ok := bytesAround(x, p.n); ok && int64(idx)+n <= int64(len(around)) {
			return mkString(string(around[idx : idx+int(n)]))
		}
		if n == 1 {
			return mkString(string(*x))
		}
	}
	if in.dead {
		return mkString("")
	}
	panic(unsupportedf("unsafe.String of %d bytes beyond the variables the interpreter can see", n))
}

// cellSlice returns the first n (0 or 1) cells of a []Value made of the
// one cell c.
func cellSlice(c *Value, n int) []Value { return unsafe.Slice(c, 1)[:n:n] }
