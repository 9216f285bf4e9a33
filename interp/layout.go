// This file reads memory of one type as another with the same layout
// but another nesting (struct{ x, y int } as struct{ p struct{ a, b int } }),
// which the interpreter, holding nested values in []Values of their
// own, cannot share cells for: a shapeView pointer converts the value
// on each load and store.

package interp

// A part is a scalar (non-aggregate) component of a value: its offset
// and type.
type part struct {
	off int64
	t   *rtype
}

// parts appends the scalar components of a value of type t at offset
// off, in memory order.
func parts(t *rtype, off int64, out []part) []part {
	switch t.kind {
	case kArray:
		for i := int64(0); i < t.length; i++ {
			out = parts(t.elem, off+i*t.elem.size, out)
		}
	case kStruct:
		for i, f := range t.fields {
			out = parts(f, off+t.offs[i], out)
		}
	default:
		out = append(out, part{off, t})
	}
	return out
}

// sameLayout reports whether values of s and t have their scalar
// components at the same offsets, each held alike (sameRepr).
func sameLayout(s, t *rtype) bool {
	if s.size != t.size || s.kind == kReal || t.kind == kReal {
		return false
	}
	ps, pt := parts(s, 0, nil), parts(t, 0, nil)
	if len(ps) != len(pt) {
		return false
	}
	for i := range ps {
		if ps[i].off != pt[i].off || ps[i].t.kind == kReal || !sameRepr(ps[i].t, pt[i].t) {
			return false
		}
	}
	return true
}

// flatten appends the scalar components of v (of type t).
func flatten(t *rtype, v Value, out []Value) []Value {
	switch t.kind {
	case kArray:
		for _, e := range elems(t, v) {
			out = flatten(t.elem, e, out)
		}
	case kStruct:
		for i, f := range v.slice() {
			out = flatten(t.fields[i], f, out)
		}
	default:
		out = append(out, v)
	}
	return out
}

// build makes a value of type t from scalar components, and returns the
// components left.
func build(t *rtype, in []Value) (Value, []Value) {
	switch t.kind {
	case kArray:
		if t.packed {
			return Value{r: packedOf(t.elem, in[:t.length])}, in[t.length:]
		}
		elems := make([]Value, t.length)
		for i := range elems {
			elems[i], in = build(t.elem, in)
		}
		return Value{r: elems}, in
	case kStruct:
		fields := make([]Value, len(t.fields))
		for i, f := range t.fields {
			fields[i], in = build(f, in)
		}
		return Value{r: fields}, in
	}
	return in[0], in[1:]
}

// shapeView points to the value in cell c, of type src, as a value of
// a type of the same layout.
type shapeView struct {
	c   *Value
	src *rtype
}

// loadShape reads the value through a shapeView as a t.
func loadShape(t *rtype, p *shapeView) Value {
	v, _ := build(t, flatten(p.src, *p.c, nil))
	return v
}

// storeShape writes v, a t, through a shapeView.
func storeShape(t *rtype, p *shapeView, v Value) {
	s, _ := build(p.src, flatten(t, v, nil))
	storeInto(p.src, p.c, s)
}
