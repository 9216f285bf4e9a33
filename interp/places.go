// This file relates the interpreter's memory, cells holding values, to
// gc's, bytes at offsets: where a byte offset inside a value lies, which
// cell begins at an address shared by several nested values, and which
// types can read a cell as it is (sameRepr). Unsafe conversions,
// arithmetic and pointer equality are built on it.

package interp

import "unsafe"

// A place is a cell together with the type of the value it holds and
// the pointer's position bits (ptrinfo.go); or, if word > 0, that word
// of the string or slice the cell holds; or, if b is not nil, an
// element of a packed array or slice (packed.go), which has no cell.
type place struct {
	c    *Value
	t    *rtype
	pos  uint64
	word int
	b    *uint8
}

// pointer returns the unsafe.Pointer to p.
func (p place) pointer() Value {
	if p.b != nil {
		return Value{n: withType(p.pos, p.t), r: p.b}
	}
	if p.word > 0 {
		return Value{r: &hdrView{p.c, p.t, p.word, p.pos}}
	}
	return Value{n: withType(p.pos, p.t), r: p.c}
}

// container returns the []Value a positioned cell is in (from its
// first cell), the cell's index in it, and for a field the struct's
// type (nil for an element).
func (it *Interp) container(c *Value, n uint64) (cells []Value, idx int, st *rtype, ok bool) {
	if n&tagMask == fieldTag {
		k := int(n >> idxShift & (posLimit - 1))
		if st = it.types.byID(int(n >> restShift & (posLimit - 1))); st != nil {
			return aroundCell(c, k, len(st.fields)), k, st, true
		}
	}
	cells, idx, ok = cellsOf(c, n)
	return cells, idx, nil, ok
}

// cellsOf returns the []Value an element is in and its index in it.
func cellsOf(c *Value, n uint64) ([]Value, int, bool) {
	if n&tagMask != elemTag || inside(n) {
		return nil, 0, false
	}
	k := int(n >> idxShift & (posLimit - 1))
	return aroundCell(c, k, k+int(n>>restShift&(posLimit-1))), k, true
}

// aroundCell returns the n cells of the []Value in which c is cell k.
func aroundCell(c *Value, k, n int) []Value {
	base := (*Value)(unsafe.Add(unsafe.Pointer(c), -k*int(valueSize)))
	return unsafe.Slice(base, n)
}

// inner returns the place of the element or field of an aggregate place
// at byte offset off (0 <= off < size), preferring one of non-zero size
// where zero-size ones share its offset, and the offset left inside it.
func (p place) inner(off int64) (place, int64, bool) {
	if p.b != nil || !p.t.aggregate || p.t.kind == kReal {
		return place{}, 0, false
	}
	if p.t.packed {
		b, s := p.c.bytes(), p.t.elem.size
		if off < 0 || off >= int64(len(b)) {
			return place{}, 0, false
		}
		k := off - off%s
		return place{b: &b[k], t: p.t.elem, pos: elemPos(int(k), len(b))}, off % s, true
	}
	elems := p.c.slice()
	switch p.t.kind {
	case kArray:
		e := p.t.elem.size
		if e == 0 || off >= int64(len(elems))*e {
			return place{}, 0, false
		}
		i := int(off / e)
		return place{c: &elems[i], t: p.t.elem, pos: elemPos(i, len(elems))}, off % e, true
	case kStruct:
		if len(elems) != len(p.t.fields) {
			return place{}, 0, false
		}
		for i, f := range p.t.fields {
			if o := p.t.offs[i]; o <= off && off < o+f.size {
				return place{c: &elems[i], t: f, pos: fieldPos(i, p.t)}, off - o, true
			}
		}
	}
	return place{}, 0, false
}

// at returns the place off bytes into p's value: p itself for 0, else
// the innermost element or field there, which must start at off.
func (p place) at(off int64) (place, bool) {
	for off != 0 {
		if (p.t.kind == kString || p.t.kind == kSlice) && off%8 == 0 && off/8 < int64(words(p.t)) {
			p.word = int(off / 8) // a word of the header
			return p, true
		}
		q, rest, ok := p.inner(off)
		if !ok {
			return place{}, false
		}
		p, off = q, rest
	}
	return p, true
}

// leaf returns the innermost place starting where p does: gc's address
// of p is the address of its first element or field of non-zero size,
// recursively. Two pointers are equal exactly when their leaves are
// the same cell, but for zero-size leaves (zerosize.go).
func (p place) leaf() place {
	for p.t.aggregate && p.t.kind != kReal && p.t.size > 0 {
		q, _, ok := p.inner(0)
		if !ok {
			break
		}
		p = q
	}
	return p
}

// add returns the place off bytes from p in the memory the interpreter
// can see: the array or struct p is in if its position says, else p's
// own value.
func (it *Interp) add(p place, off int64) (place, bool) {
	if p.b != nil {
		return addByte(p, off)
	}
	cells, idx, st, ok := it.container(p.c, p.pos)
	switch {
	case !ok:
		if off < 0 || off >= p.t.size || inside(p.pos) {
			return place{}, false
		}
		return p.at(off)
	case st != nil:
		return fieldAt(cells, st, st.offs[idx]+off)
	}
	e := p.t.size
	total := int64(idx)*e + off
	if e == 0 || total < 0 || total >= int64(len(cells))*e {
		return place{}, false
	}
	i := int(total / e)
	return place{c: &cells[i], t: p.t, pos: elemPos(i, len(cells))}.at(total % e)
}

// addByte is add for a place in packed storage: it moves within the
// bytes its position says it is in, to any byte.
func addByte(p place, off int64) (place, bool) {
	around, idx, ok := bytesAround(p.b, p.pos)
	if !ok {
		return p, off == 0
	}
	total := int64(idx) + off
	if total < 0 || total >= int64(len(around)) {
		return place{}, false
	}
	return place{b: &around[total], t: p.t, pos: elemPos(int(total), len(around))}, true
}

// fieldAt returns the place at offset off in the struct of type st
// whose fields are cells.
func fieldAt(cells []Value, st *rtype, off int64) (place, bool) {
	if off < 0 || off >= st.size {
		return place{}, false
	}
	q, rest, ok := place{c: &Value{r: cells}, t: st}.inner(off)
	if !ok {
		return place{}, false
	}
	return q.at(rest)
}

// sameRepr reports whether a cell holding a value of type s holds it as
// a value of type t would be held, so that a *t can use it as it is:
// the same type, or scalars of one word whose n is the same bits
// (int64, uint64, uintptr, float64 alike), pointers to the same type or
// unsafe.Pointers, and aggregates made of such parts at the same
// offsets.
//
// Pointers to different types are not alike: reading a *S as a *T
// would make a *T to an S unchecked. A *T read as an unsafe.Pointer is
// checked when converted back (fromUnsafe); but an unsafe.Pointer
// stored into a *T variable through such a view, or one read as a *T,
// is used as it is (sync/atomic's pointer idiom).
func sameRepr(s, t *rtype) bool {
	if s == t {
		return true
	}
	word := func(k kind) bool { return k == kInt64 || k == kUint64 || k == kFloat64 }
	ptr := func(k kind) bool { return k == kPointer || k == kUnsafePointer }
	switch {
	case word(s.kind) && word(t.kind):
		return true
	case ptr(s.kind) && ptr(t.kind):
		return s.kind != t.kind || s.elem == t.elem || s.kind == kUnsafePointer
	case s.kind != t.kind:
		return false
	}
	switch s.kind {
	case kBool, kInt8, kInt16, kInt32, kUint8, kUint16, kUint32, kFloat32, kComplex64, kComplex128, kString:
		return true
	case kSlice:
		return samePacked(s, t) || sameRepr(s.elem, t.elem)
	case kArray:
		return s.length == t.length && (samePacked(s, t) || sameRepr(s.elem, t.elem))
	case kStruct:
		if len(s.fields) != len(t.fields) || s.offs == nil || t.offs == nil {
			return false
		}
		for i := range s.fields {
			if s.offs[i] != t.offs[i] || !sameRepr(s.fields[i], t.fields[i]) {
				return false
			}
		}
		return true
	}
	return false // maps, channels, functions, interfaces, real values: only the same type
}

// samePacked reports whether arrays or slices s and t are both packed,
// with elements of one size: the same bytes, read by each as its own
// kind.
func samePacked(s, t *rtype) bool { return s.packed && t.packed && s.elem.size == t.elem.size }

// fieldOffset returns the offset of field i of struct type t.
func fieldOffset(t *rtype, i int) int64 {
	if t.kind == kReal {
		return int64(t.real.Field(i).Offset)
	}
	return t.offs[i]
}
