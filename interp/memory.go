// This file implements memory: loads and stores through pointers,
// addresses of fields and elements, indexing, slicing and allocation.
// The unchecked operations report undefined behaviour when their
// precondition does not hold (the checks that guard them passed, or
// were removed).

package interp

import (
	"reflect"
	"unsafe"
)

func (it *Interp) load(in *inst, p Value) Value {
	switch c := p.r.(type) {
	case *Value:
		if in.t.aggregate {
			return copyVal(in.t, *c)
		}
		if in.t.oneWord() {
			return untorn(*c)
		}
		return *c
	case nil:
		panic(it.ub(in, "load through a nil pointer"))
	case *realPtr:
		return it.loadReal(in.t, c)
	case *uint8:
		if !packedElem(in.t) {
			panic(unsupportedf("load of a %s through %s", in.t.name, foreignName(p)))
		}
		return loadPacked(in.t, c)
	}
	return it.loadForeign(in, p)
}

func (it *Interp) store(in *inst, p, v Value) {
	switch c := p.r.(type) {
	case *Value:
		if in.zeroStore {
			v = it.escapeZero(c, v)
		}
		storeInto(in.xt.elem, c, v)
		return
	case nil:
		panic(it.ub(in, "store through a nil pointer"))
	case *realPtr:
		it.storeReal(in.xt.elem, c, v)
		return
	case *shapeView:
		storeShape(in.xt.elem, c, v)
		return
	case *uint8:
		if !packedElem(in.xt.elem) {
			panic(unsupportedf("store of a %s through %s", in.xt.elem.name, foreignName(p)))
		}
		storePacked(in.xt.elem, c, v)
		return
	}
	panic(unsupportedf("store through %s", foreignName(p)))
}

func (it *Interp) fieldAddr(in *inst, p Value) Value {
	switch c := p.r.(type) {
	case *Value:
		if rv, ok := c.r.(reflect.Value); ok {
			// A variable of a standard library struct type.
			return Value{r: &realPtr{v: fieldOf(rv, in.field).Addr()}}
		}
		fields := c.slice()
		return Value{n: in.v.n, r: &fields[in.field]}
	case nil:
		panic(it.ub(in, "field address through a nil pointer"))
	case *realPtr:
		return it.realFieldAddr(c, in.field)
	case *hdrView:
		return Value{r: c.in(int(fieldOffset(in.xt.elem, in.field) / 8))}
	case *shapeView:
		if q, ok := (place{c: c.c, t: c.src}).at(fieldOffset(in.xt.elem, in.field)); ok {
			if v, ok := view(q, in.t.elem); ok {
				return v
			}
		}
	}
	panic(unsupportedf("field address through %s", foreignName(p)))
}

func (it *Interp) field(in *inst, x Value) Value {
	if fields, ok := x.r.([]Value); ok {
		return fields[in.field]
	}
	return it.realField(in, x)
}

// index returns an integer operand as an int, and whether it is within
// [0, n).
func indexIn(t *rtype, v Value, n int) (int, bool) {
	if t.kind.isSigned() {
		i := int64(v.n)
		return int(i), i >= 0 && i < int64(n)
	}
	return int(v.n), v.n < uint64(n)
}

func (it *Interp) indexAddr(in *inst, x, i Value) Value {
	var elems []Value
	switch in.xt.kind {
	case kSlice:
		if in.xt.packed {
			return it.packedAddr(in, in.xt.elem, x.bytes(), i)
		}
		elems = x.slice()
	case kPointer:
		c := x.cell()
		if c != nil {
			if rv, ok := c.r.(reflect.Value); ok {
				return Value{r: &realPtr{v: rv.Index(int(i.n)).Addr()}}
			}
		}
		if c == nil {
			switch p := x.r.(type) {
			case *realPtr:
				return it.realIndexAddr(p, int(i.n))
			case *hdrView:
				return Value{r: p.in(int(int64(i.n) * in.xt.elem.elem.size / 8))}
			case nil:
				panic(it.ub(in, "element address through a nil array pointer"))
			}
			panic(unsupportedf("element address through %s", foreignName(x)))
		}
		if in.xt.elem.packed {
			return it.packedAddr(in, in.xt.elem.elem, c.bytes(), i)
		}
		elems = c.slice()
	}
	k, ok := indexIn(in.argTs[1], i, len(elems))
	if !ok {
		panic(it.ub(in, "index %d out of range [0:%d]", int64(i.n), len(elems)))
	}
	if in.zeroElems {
		k = 0 // all at the container's address (zerosize.go)
	}
	return Value{n: in.v.n | elemPos(k, cap(elems)), r: &elems[k]}
}

// packedAddr is indexAddr for a packed array or slice, whose storage b
// holds elements of type elem.
func (it *Interp) packedAddr(in *inst, elem *rtype, b []byte, i Value) Value {
	return packedElemAddr(in.v.n, b, it.packedIndexIn(in, elem, b, i), int(elem.size))
}

// packedIndexIn returns index i into packed storage b of elements of
// type elem, an undefined behaviour if it is out of range.
func (it *Interp) packedIndexIn(in *inst, elem *rtype, b []byte, i Value) int {
	n := len(b) / int(elem.size)
	k, ok := indexIn(in.argTs[1], i, n)
	if !ok {
		panic(it.ub(in, "index %d out of range [0:%d]", int64(i.n), n))
	}
	return k
}

func (it *Interp) index(in *inst, x, i Value) Value {
	if in.xt.kind == kString {
		s := x.str()
		k, ok := indexIn(in.argTs[1], i, len(s))
		if !ok {
			panic(it.ub(in, "index %d out of range [0:%d]", int64(i.n), len(s)))
		}
		return Value{n: uint64(s[k])}
	}
	if in.xt.packed {
		b := x.bytes()
		return packedIndex(in.xt.elem, b, it.packedIndexIn(in, in.xt.elem, b, i))
	}
	elems := x.slice()
	k, ok := indexIn(in.argTs[1], i, len(elems))
	if !ok {
		panic(it.ub(in, "index %d out of range [0:%d]", int64(i.n), len(elems)))
	}
	return elems[k]
}

// sliceOp implements x[lo:hi:max].
func (it *Interp) sliceOp(in *inst, regs []Value) Value {
	x := regs[in.a]
	bound := func(slot int32, def int) int {
		if slot < 0 {
			return def
		}
		return int(int64(regs[slot].n))
	}
	var n, c int
	var elems []Value
	var packed []byte // the storage of a packed array or slice
	s := 1            // and the size of its elements
	switch in.xt.kind {
	case kString:
		n = len(x.str())
		c = n
	case kSlice:
		if in.xt.packed {
			packed, s = x.bytes(), int(in.xt.elem.size)
			n, c = len(packed)/s, cap(packed)/s
			break
		}
		elems = x.slice()
		n, c = len(elems), cap(elems)
	case kPointer:
		cell := x.cell()
		if cell == nil && x.r != nil {
			panic(unsupportedf("slice of an array through %s", foreignName(x)))
		}
		if cell == nil {
			panic(it.ub(in, "slice of a nil array pointer"))
		}
		if in.xt.elem.packed {
			packed, s = cell.bytes(), int(in.xt.elem.elem.size)
			n, c = len(packed)/s, len(packed)/s
			break
		}
		elems = cell.slice()
		n, c = len(elems), len(elems)
	}
	lo, hi, max := bound(in.b, 0), bound(in.c, n), bound(in.d, c)
	if !(0 <= lo && lo <= hi && hi <= max && max <= c) {
		panic(it.ub(in, "slice bounds [%d:%d:%d] out of range for length %d capacity %d", lo, hi, max, n, c))
	}
	if in.xt.kind == kString {
		if lo == hi && len(x.str()) > 0 {
			// gc's result keeps x's bytes pointer (foreignptr.go).
			return Value{r: &emptyStr{ptr: x}}
		}
		if lo == hi {
			return x
		}
		return mkString(x.str()[lo:hi])
	}
	if packed != nil {
		return Value{r: packed[lo*s : hi*s : max*s]}
	}
	if elems == nil {
		return Value{}
	}
	if in.zeroElems {
		// Zero-size elements all live in the first cell (zerosize.go):
		// the slice starts at the container's address.
		return Value{r: elems[: hi-lo : max-lo]}
	}
	return Value{r: elems[lo:hi:max]}
}

func lenOf(t *rtype, x Value) int64 {
	switch t.kind {
	case kString:
		return int64(len(x.str()))
	case kSlice:
		n, _ := lenCap(t, x)
		return int64(n)
	case kArray:
		return t.length
	case kPointer:
		return t.elem.length
	case kMap:
		if m, _ := x.r.(*mapObj); m != nil {
			return int64(m.len())
		}
		return 0
	case kChan:
		if ch, _ := x.r.(chan Value); ch != nil {
			return int64(len(ch))
		}
		if rc, ok := x.r.(*realChan); ok {
			return int64(rc.v.Len())
		}
		return 0
	}
	panic(unsupportedf("len of %s", t.name))
}

func capOf(t *rtype, x Value) int64 {
	switch t.kind {
	case kSlice:
		_, c := lenCap(t, x)
		return int64(c)
	case kArray:
		return t.length
	case kPointer:
		return t.elem.length
	case kChan:
		if ch, _ := x.r.(chan Value); ch != nil {
			return int64(cap(ch))
		}
		if rc, ok := x.r.(*realChan); ok {
			return int64(rc.v.Cap())
		}
		return 0
	}
	panic(unsupportedf("cap of %s", t.name))
}

// maxElems bounds the elements of one slice, map or channel buffer the
// interpreter allocates (each element is a Value of 24 bytes), and
// maxPackedBytes the bytes of one packed array or slice.
const (
	maxElems       = 1 << 27
	maxPackedBytes = 1 << 32
)

func (it *Interp) makeSlice(g *goroutine, in *inst, lenV, capV Value) Value {
	elemSize := uint64(in.t.elem.size)
	// As the runtime's makeslice: a length or capacity is bad if it is
	// negative (as an int) or its allocation exceeds maxAlloc.
	bad := func(v Value) bool {
		if int64(v.n) < 0 {
			return true
		}
		return elemSize > 0 && v.n > maxAlloc/elemSize
	}
	n, c := int64(lenV.n), int64(capV.n)
	if bad(capV) || n < 0 || n > c {
		if bad(lenV) {
			it.raiseRuntime(g, errMakesliceLen)
		}
		it.raiseRuntime(g, errMakesliceCap)
	}
	if in.t.packed {
		if c > maxPackedBytes/in.t.elem.size {
			panic(unsupportedf("slice of %d elements of %d bytes", c, in.t.elem.size))
		}
		return Value{r: newPacked(in.t.elem, int(n), int(c))}
	}
	if c > maxElems {
		panic(unsupportedf("slice of %d elements", c))
	}
	s := make([]Value, n, c)
	if in.t.elem.aggregate {
		full := s[:c]
		for i := range full {
			full[i] = zero(in.t.elem)
		}
	}
	return Value{r: s}
}

// maxAlloc is the largest allocation the Go runtime accepts on amd64.
const maxAlloc = 1 << 48

// sliceToArrayPtr converts slice v, of type t and length n or more, to
// a pointer to an array of length n.
func sliceToArrayPtr(t *rtype, v Value, n int64) Value {
	// The array is the first n elements of the slice: a cell holding them
	// as an array value. Pointers into it alias the slice's elements.
	switch s := v.r.(type) {
	case []Value:
		if s != nil {
			return Value{r: &Value{r: s[:n:n]}}
		}
	case []byte:
		if s != nil {
			m := n * t.elem.size
			return Value{r: &Value{r: s[:m:m]}}
		}
	}
	return Value{} // a nil slice of length 0 converts to a nil pointer
}

// fieldOf returns field i of an addressable struct value, made settable
// even if unexported.
func fieldOf(rv reflect.Value, i int) reflect.Value {
	f := rv.Field(i)
	if !f.CanSet() && f.CanAddr() {
		f = reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
	}
	return f
}
