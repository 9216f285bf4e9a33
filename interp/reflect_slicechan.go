// This file implements reflect's functions and methods that grow,
// reslice, copy and swap in slices (Append, AppendSlice, Copy,
// Value.Slice3, Swapper) and
// those on channels (MakeChan, Send, Recv, TrySend, TryRecv, Close,
// Select), with
// reflect's checks in its order and its panic messages. A panic of
// mustBeExported or mustBe names the Value method on the stack, which
// for Append and AppendSlice is none: "unknown method", as gc's reflect
// says.

package interp

import (
	"go/types"
	"reflect"

	rt "github.com/vssa-go/vssa/interp/internal/runtime"
)

// unknownMethod is what reflect's panics name for a check made by a
// function, not a Value method (valueMethodName finds none).
const unknownMethod = "unknown method"

// mustBeExportedIn raises reflect's panic for a Value obtained through
// an unexported field (or the zero Value), naming where.
func (it *Interp) mustBeExportedIn(g *goroutine, v rval, where string) {
	switch {
	case v.t == nil:
		it.valueErrorIn(g, where, v)
	case v.flag&flagRO != 0:
		it.reflectPanic(g, "reflect: "+where+" using value obtained using unexported field")
	}
}

// sliceOfElem is the slice type of t's elements (t an array or slice).
func (it *Interp) sliceOfElem(g *goroutine, t *rtype) *rtype {
	if reflectKind(t) == reflect.Slice {
		return t
	}
	return it.types.of(types.NewSlice(it.goType(g, t.elem)))
}

// extendSlice returns a new Value holding s (a slice) with n more
// elements, grown as reflect's Value.grow grows it (the runtime's
// growslice), as reflect's extendSlice: s's own header is unchanged.
func (it *Interp) extendSlice(g *goroutine, s rval, n int) rval {
	it.mustBeExportedIn(g, s, unknownMethod)
	l, _ := lenCap(s.t, s.get())
	c := new(Value)
	*c = s.get()
	v := rval{t: s.t, cell: c}
	if n == 0 {
		return v // a nil slice stays nil
	}
	if s.t.packed {
		b := growPacked(s.t.elem, c.bytes(), l+n)
		*c = mkBytes(b[: (l+n)*int(s.t.elem.size) : cap(b)])
	} else {
		grown := growSlice(c.slice(), l+n, s.t.elem)
		*c = Value{r: grown[: l+n : cap(grown)]}
	}
	return v
}

func init() {
	mustBeSliceIn := func(it *Interp, g *goroutine, v rval, where string) {
		if reflectKindOf(v) != reflect.Slice {
			it.valueErrorIn(g, where, v)
		}
	}
	reflectFuncs["reflect.Append"] = func(it *Interp, g *goroutine, args []Value) []Value {
		s := valueOf(args[0])
		mustBeSliceIn(it, g, s, unknownMethod)
		xs := args[1].slice()
		n, _ := lenCap(s.t, s.get())
		v := it.mkValue(it.extendSlice(g, s, len(xs)))
		for i, x := range xs {
			e := it.reflectCall(g, "(reflect.Value).Index", v, mkInt(int64(n+i)))[0]
			it.reflectCall(g, "(reflect.Value).Set", e, x)
		}
		return []Value{v}
	}
	reflectFuncs["reflect.AppendSlice"] = func(it *Interp, g *goroutine, args []Value) []Value {
		s, t := valueOf(args[0]), valueOf(args[1])
		mustBeSliceIn(it, g, s, unknownMethod)
		mustBeSliceIn(it, g, t, unknownMethod)
		it.typesMustMatch(g, "reflect.AppendSlice", s.t.elem, t.t.elem)
		ns, _ := lenCap(s.t, s.get())
		nt, _ := lenCap(t.t, t.get())
		v := it.mkValue(it.extendSlice(g, s, nt))
		tail := it.reflectCall(g, "(reflect.Value).Slice", v, mkInt(int64(ns)), mkInt(int64(ns+nt)))[0]
		it.reflectCall(g, "reflect.Copy", tail, args[1])
		return []Value{v}
	}
	reflectFuncs["reflect.Copy"] = func(it *Interp, g *goroutine, args []Value) []Value {
		dst, src := valueOf(args[0]), valueOf(args[1])
		dk := reflectKindOf(dst)
		if dk != reflect.Array && dk != reflect.Slice {
			it.valueErrorIn(g, "reflect.Copy", dst)
		}
		if dk == reflect.Array {
			switch {
			case dst.flag&flagRO != 0:
				it.reflectPanic(g, "reflect: "+unknownMethod+" using value obtained using unexported field")
			case dst.flag&flagAddr == 0:
				it.reflectPanic(g, "reflect: "+unknownMethod+" using unaddressable value")
			}
		}
		it.mustBeExportedIn(g, dst, unknownMethod)
		sk := reflectKindOf(src)
		stringCopy := false
		if sk != reflect.Array && sk != reflect.Slice {
			stringCopy = sk == reflect.String && dst.t.elem.kind == kUint8
			if !stringCopy {
				it.valueErrorIn(g, "reflect.Copy", src)
			}
		}
		it.mustBeExportedIn(g, src, unknownMethod)
		if !stringCopy {
			it.typesMustMatch(g, "reflect.Copy", dst.t.elem, src.t.elem)
		}
		n := copyOp(it.sliceOfElem(g, dst.t), dst.get(), src.get())
		return []Value{mkInt(int64(n))}
	}
	valueMethod("Slice3", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		i, j, k := args[0].int(), args[1].int(), args[2].int()
		switch reflectKindOf(v) {
		case reflect.Array:
			if v.flag&flagAddr == 0 {
				it.reflectPanic(g, "reflect.Value.Slice3: slice of unaddressable array")
			}
		case reflect.Slice:
		default:
			it.valueError(g, "Slice3", v)
		}
		if _, c := lenCap(v.t, v.get()); i < 0 || j < i || k < j || k > int64(c) {
			it.reflectPanic(g, "reflect.Value.Slice3: slice index out of bounds")
		}
		t := it.sliceOfElem(g, v.t)
		c := new(Value)
		if t.packed {
			s := t.elem.size
			*c = Value{r: v.get().bytes()[i*s : j*s : k*s]}
		} else {
			*c = Value{r: v.get().slice()[i:j:k]}
		}
		return []Value{it.mkValue(rval{t: t, cell: c, flag: v.flag & flagRO})}
	})

	reflectFuncs["reflect.Swapper"] = (*Interp).swapper
	reflectFuncs["reflect.Select"] = (*Interp).reflectSelect
	reflectFuncs["reflect.MakeChan"] = func(it *Interp, g *goroutine, args []Value) []Value {
		t := typeOf(args[0])
		n := args[1].int()
		switch {
		case t == nil:
			it.raiseRuntime(g, errNilDeref) // reflect calls a method of the nil Type
		case reflectKind(t) != reflect.Chan:
			it.reflectPanic(g, "reflect.MakeChan of non-chan type")
		case n < 0:
			it.reflectPanic(g, "reflect.MakeChan: negative buffer size")
		case t.t.Underlying().(*types.Chan).Dir() != types.SendRecv:
			it.reflectPanic(g, "reflect.MakeChan: unidirectional channel type")
		}
		c := new(Value)
		*c = it.newChan(g, t.elem, n)
		return []Value{it.mkValue(rval{t: t, cell: c})}
	}
	// mustBeChan makes a channel method's checks, in reflect's order, and
	// returns the channel's direction.
	mustBeChan := func(it *Interp, g *goroutine, v rval, method string) types.ChanDir {
		if reflectKindOf(v) != reflect.Chan {
			it.valueError(g, method, v)
		}
		it.mustBeExportedIn(g, v, "reflect.Value."+method)
		return v.t.t.Underlying().(*types.Chan).Dir()
	}
	// sendValue is the value x to send on v, checked as reflect's send.
	sendValue := func(it *Interp, g *goroutine, v rval, x rval, method string) Value {
		if mustBeChan(it, g, v, method) == types.RecvOnly {
			it.reflectPanic(g, "reflect: send on recv-only channel")
		}
		it.mustBeExportedIn(g, x, "reflect.Value."+method)
		return it.assignTo(g, x, v.t.elem, "reflect.Value.Send")
	}
	// received makes the Value of a received element (not addressable).
	received := func(it *Interp, v rval, x Value) Value {
		c := new(Value)
		*c = x
		return it.mkValue(rval{t: v.t.elem, cell: c})
	}
	valueMethod("Send", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		x := sendValue(it, g, v, valueOf(args[0]), "Send")
		it.send(g, v.get(), x)
		return nil
	})
	valueMethod("TrySend", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		x := sendValue(it, g, v, valueOf(args[0]), "TrySend")
		return []Value{mkBool(it.trySend(g, v.get(), x))}
	})
	valueMethod("Recv", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if mustBeChan(it, g, v, "Recv") == types.SendOnly {
			it.reflectPanic(g, "reflect: recv on send-only channel")
		}
		x, ok := it.recv(g, v.get(), v.t.elem)
		return []Value{received(it, v, x), mkBool(ok)}
	})
	valueMethod("TryRecv", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if mustBeChan(it, g, v, "TryRecv") == types.SendOnly {
			it.reflectPanic(g, "reflect: recv on send-only channel")
		}
		x, ok, selected := it.tryRecv(v.get(), v.t.elem)
		if !selected {
			return []Value{zero(it.refl.value), mkBool(false)}
		}
		return []Value{received(it, v, x), mkBool(ok)}
	})
	valueMethod("Close", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if mustBeChan(it, g, v, "Close") == types.RecvOnly {
			it.reflectPanic(g, "reflect: close of receive-only channel")
		}
		it.closeChan(g, v.get())
		return nil
	})
}

// swapper is reflect.Swapper: a function swapping two elements of the
// slice in args[0] in place (an aggregate element's contents, not its
// storage, which pointers into it keep).
func (it *Interp) swapper(g *goroutine, args []Value) []Value {
	x := args[0].iface()
	if x == nil || reflectKind(x.t) != reflect.Slice {
		var t *rtype
		if x != nil {
			t = x.t
		}
		it.valueErrorIn(g, "Swapper", rval{t: t})
	}
	st, s := x.t, x.v
	n, _ := lenCap(st, s)
	// reflect swaps a one-word pointer, a string or a pointer-free
	// element of 1, 2, 4 or 8 bytes as Go code does, is[i], is[j] =
	// is[j], is[i]: with the runtime's index errors, i's first.
	elem := st.elem
	ptrs := hasPointers(elem.t)
	direct := n > 1 && (ptrs && (elem.size == 8 || elem.kind == kString) ||
		!ptrs && (elem.size == 1 || elem.size == 2 || elem.size == 4 || elem.size == 8))
	ij := types.NewTuple(types.NewParam(0, nil, "i", types.Typ[types.Int]), types.NewParam(0, nil, "j", types.Typ[types.Int]))
	swap := wrapperFunc("reflect.Swapper.func1", types.NewSignatureType(nil, nil, nil, ij, nil, false), func(it *Interp, g *goroutine, args []Value, _ *goPanic) []Value {
		i, j := args[0].n, args[1].n
		if direct {
			for _, k := range [2]uint64{i, j} {
				if k >= uint64(n) {
					it.raiseRuntime(g, rt.BoundsError(int64(k), true, n, rt.BoundsIndex))
				}
			}
		}
		if i >= uint64(n) || j >= uint64(n) {
			it.reflectPanic(g, "reflect: slice index out of range")
		}
		switch {
		case st.packed:
			b, size := s.bytes(), uint64(elem.size)
			tmp := make([]byte, size)
			copy(tmp, b[i*size:(i+1)*size])
			copy(b[i*size:(i+1)*size], b[j*size:(j+1)*size])
			copy(b[j*size:(j+1)*size], tmp)
		case elem.aggregate:
			cells := s.slice()
			tmp := copyVal(elem, cells[i])
			storeInto(elem, &cells[i], copyVal(elem, cells[j]))
			storeInto(elem, &cells[j], tmp)
		default:
			cells := s.slice()
			cells[i], cells[j] = cells[j], cells[i]
		}
		return nil
	})
	return []Value{swap}
}

// hasPointers reports whether values of t hold pointers (as the
// runtime's type.Pointers: strings, slices, interfaces and pointer-like
// types do; arrays and structs by their elements).
func hasPointers(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0 || u.Kind() == types.UnsafePointer
	case *types.Array:
		return u.Len() > 0 && hasPointers(u.Elem())
	case *types.Struct:
		for i := range u.NumFields() {
			if hasPointers(u.Field(i).Type()) {
				return true
			}
		}
		return false
	}
	return true
}

// reflectSelect is reflect.Select on the program's cases: each checked
// as reflect checks it, in its order, then the select made by the real
// one on the channels (as a select statement's: selectOp).
func (it *Interp) reflectSelect(g *goroutine, args []Value) []Value {
	in := args[0].slice()
	if len(in) > 65536 {
		it.reflectPanic(g, "reflect.Select: too many cases (max 65536)")
	}
	cases := make([]reflect.SelectCase, len(in))
	elems := make([]*rtype, len(in))
	reals := make([]*realChan, len(in))
	// channel checks case i's channel and makes it a real Value.
	channel := func(i int, ch rval, dir reflect.SelectDir) {
		if reflectKindOf(ch) != reflect.Chan {
			it.valueErrorIn(g, unknownMethod, ch)
		}
		it.mustBeExportedIn(g, ch, unknownMethod)
		switch d := ch.t.t.Underlying().(*types.Chan).Dir(); {
		case dir == reflect.SelectSend && d == types.RecvOnly:
			it.reflectPanic(g, "reflect.Select: SendDir case using recv-only channel")
		case dir == reflect.SelectRecv && d == types.SendOnly:
			it.reflectPanic(g, "reflect.Select: RecvDir case using send-only channel")
		}
		elems[i] = ch.t.elem
		if rc, ok := ch.get().r.(*realChan); ok {
			reals[i], cases[i].Chan = rc, rc.v
		} else {
			c, _ := ch.get().r.(chan Value)
			cases[i].Chan = reflect.ValueOf(c)
		}
	}
	haveDefault := false
	for i, c := range in {
		f := c.slice() // Dir, Chan, Send
		dir := reflect.SelectDir(int64(f[0].n))
		ch, send := valueOf(f[1]), valueOf(f[2])
		cases[i].Dir = dir
		switch dir {
		case reflect.SelectDefault:
			switch {
			case haveDefault:
				it.reflectPanic(g, "reflect.Select: multiple default cases")
			case ch.t != nil:
				it.reflectPanic(g, "reflect.Select: default case has Chan value")
			case send.t != nil:
				it.reflectPanic(g, "reflect.Select: default case has Send value")
			}
			haveDefault = true
		case reflect.SelectSend:
			if ch.t == nil {
				break // never ready
			}
			channel(i, ch, dir)
			if send.t == nil {
				it.reflectPanic(g, "reflect.Select: SendDir case missing Send value")
			}
			it.mustBeExportedIn(g, send, unknownMethod)
			v := it.assignTo(g, send, elems[i], "reflect.Select")
			if rc := reals[i]; rc != nil {
				cases[i].Send = it.toReal(g, rc.elem, v, rc.v.Type().Elem())
			} else {
				cases[i].Send = reflect.ValueOf(v)
			}
		case reflect.SelectRecv:
			if send.t != nil {
				it.reflectPanic(g, "reflect.Select: RecvDir case has Send value")
			}
			if ch.t != nil {
				channel(i, ch, dir)
			}
		default:
			it.reflectPanic(g, "reflect.Select: invalid Dir")
		}
	}
	chosen, recv, ok := it.doSelect(g, cases)
	got := zero(it.refl.value)
	if cases[chosen].Dir == reflect.SelectRecv {
		c := new(Value)
		switch rc := reals[chosen]; {
		case !ok:
			*c = zero(elems[chosen])
		case rc != nil:
			*c = it.fromReal(recv, rc.elem)
		default:
			*c = recv.Interface().(Value)
		}
		got = it.mkValue(rval{t: elems[chosen], cell: c})
	}
	return []Value{mkInt(int64(chosen)), got, mkBool(ok)}
}

// typesMustMatch raises reflect's panic when the element types t and
// u differ ("reflect.Copy: int != string").
func (it *Interp) typesMustMatch(g *goroutine, what string, t, u *rtype) {
	if !types.Identical(it.goType(g, t), it.goType(g, u)) {
		it.reflectPanic(g, what+": "+nameOf(t)+" != "+nameOf(u))
	}
}
