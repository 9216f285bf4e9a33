// This file implements the functions of package reflect that call or
// make functions: Value.Method, MethodByName, NumMethod, Call and
// MakeFunc (see reflect.go), and DeepEqual.

package interp

import (
	"bytes"
	"go/types"
	"reflect"
)

func init() {
	valueMethod("NumMethod", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil {
			it.valueError(g, "NumMethod", v)
		}
		if v.flag>>flagMethodShift != 0 {
			return []Value{{}} // a func has no methods
		}
		return []Value{mkInt(int64(len(it.methodsOf(v.t))))}
	})
	valueMethod("Method", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		i := args[0].int()
		if v.t == nil || v.flag>>flagMethodShift != 0 || i < 0 || i >= int64(len(it.methodsOf(v.t))) {
			it.reflectPanic(g, "reflect: Method index out of range")
		}
		return []Value{it.mkValue(it.methodValue(g, v, int(i)))}
	})
	valueMethod("MethodByName", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil {
			it.valueError(g, "MethodByName", v)
		}
		if v.flag>>flagMethodShift == 0 {
			for i, m := range it.methodsOf(v.t) {
				if m.Obj().Name() == args[0].str() {
					return []Value{it.mkValue(it.methodValue(g, v, i))}
				}
			}
		}
		return []Value{zero(it.refl.value)}
	})
	valueMethod("Call", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		return []Value{it.callValueOf(g, v, args[0].slice(), "Call")}
	})
	valueMethod("CallSlice", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		return []Value{it.callValueOf(g, v, args[0].slice(), "CallSlice")}
	})
	reflectFuncs["reflect.MakeFunc"] = func(it *Interp, g *goroutine, args []Value) []Value {
		t := typeOf(args[0])
		if t == nil {
			it.raiseRuntime(g, errNilDeref) // reflect calls a method of the nil Type
		}
		if reflectKind(t) != reflect.Func {
			it.reflectPanic(g, "reflect: call of MakeFunc with non-Func type")
		}
		impl := args[1]
		sig := t.t.Underlying().(*types.Signature)
		stub := wrapperFunc("reflect.makeFuncStub", sig, func(it *Interp, g *goroutine, in []Value, recoverable *goPanic) []Value {
			vals := make([]Value, len(in))
			for i, a := range in {
				pt := it.types.of(sig.Params().At(i).Type())
				c := new(Value)
				*c = copyVal(pt, a)
				vals[i] = it.mkValue(rval{t: pt, cell: c})
			}
			res := it.callValue(g, impl, []Value{{r: vals}}, recoverable)[0].slice()
			if len(res) != sig.Results().Len() {
				it.reflectPanic(g, "reflect: wrong return count from function created by MakeFunc")
			}
			out := make([]Value, len(res))
			for i, r := range res {
				out[i] = it.assignTo(g, valueOf(r), it.types.of(sig.Results().At(i).Type()), "reflect.MakeFunc")
			}
			return out
		})
		c := new(Value)
		*c = stub
		return []Value{it.mkValue(rval{t: t, cell: c})}
	}
	reflectFuncs["reflect.DeepEqual"] = func(it *Interp, g *goroutine, args []Value) []Value {
		x, y := args[0].iface(), args[1].iface()
		if x == nil || y == nil {
			return []Value{mkBool(x == y)}
		}
		if x.t != y.t {
			return []Value{{}}
		}
		return []Value{mkBool(it.deepEqual(g, x.t, x.v, y.v, map[[2]any]bool{}))}
	}
}

// methodValue returns the Value of method i of v's type bound to v.
func (it *Interp) methodValue(g *goroutine, v rval, i int) rval {
	if _, isIface := v.t.t.Underlying().(*types.Interface); isIface && v.get().iface() == nil {
		it.reflectPanic(g, "reflect: Method on nil interface value")
	}
	return rval{t: v.t, cell: v.cell, b: v.b, flag: v.flag&flagRO | uint64(i+1)<<flagMethodShift}
}

// boundMethod returns the method value the Value r stands for, as an
// interface value holding a func.
func (it *Interp) boundMethod(r rval) Value {
	m := it.methodsOf(r.t)[r.flag>>flagMethodShift-1]
	name := m.Obj().Name()
	sig := m.Type().(*types.Signature)
	ft := it.types.of(types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic()))
	recvT, recv := r.t, r.load() // a method value evaluates its receiver once
	fm := wrapperFunc(name+"-fm", ft.t.(*types.Signature), func(it *Interp, g *goroutine, args []Value, recoverable *goPanic) []Value {
		t, v := recvT, recv
		if recvT.kind == kInterface {
			i := recv.iface()
			if i == nil {
				it.raiseRuntime(g, errNilDeref)
			}
			t, v = i.t, i.v
		}
		return it.call(g, it.methodOrUnsupported(t, name), nil, append([]Value{v}, args...), recoverable)
	})
	return Value{r: &iface{t: ft, v: fm}}
}

// plainFunc returns r as a plain func Value if it is a method value
// (Value.Method's, which reflect makes a func of the method's type
// wherever it is used as a value: assigned, sent, passed), else r.
func (it *Interp) plainFunc(r rval) rval {
	if r.flag>>flagMethodShift == 0 {
		return r
	}
	b := it.boundMethod(r).iface()
	c := new(Value)
	*c = b.v
	return rval{t: b.t, cell: c, flag: r.flag & flagRO}
}

// methodOrUnsupported returns the function of method name of t.
func (it *Interp) methodOrUnsupported(t *rtype, name string) *function {
	fn := it.method(t, name)
	if fn == nil {
		panic(unsupportedf("method %s of %s not found", name, t.name))
	}
	return fn
}

// callValueOf calls the func Value v with the Values args, as
// Value.Call (op "Call") or Value.CallSlice (op "CallSlice", the last
// argument the variadic slice itself), with reflect's checks in its
// order and its messages.
func (it *Interp) callValueOf(g *goroutine, v rval, args []Value, op string) Value {
	if reflectKindOf(v) != reflect.Func {
		it.valueError(g, op, v)
	}
	if v.flag&flagRO != 0 {
		it.reflectPanic(g, "reflect: reflect.Value."+op+" using value obtained using unexported field")
	}
	fv := it.ifaceOf(g, v).iface().v
	var sig *types.Signature
	if v.flag>>flagMethodShift != 0 {
		sig = fv.r.(*closure).fn.sig
	} else {
		sig = v.t.t.Underlying().(*types.Signature)
	}
	if isNil(fv) {
		it.reflectPanic(g, "reflect.Value.Call: call of nil function")
	}
	isSlice := op == "CallSlice"
	n := sig.Params().Len()
	variadic := sig.Variadic()
	if isSlice {
		switch {
		case !variadic:
			it.reflectPanic(g, "reflect: CallSlice of non-variadic function")
		case len(args) < n:
			it.reflectPanic(g, "reflect: CallSlice with too few input arguments")
		case len(args) > n:
			it.reflectPanic(g, "reflect: CallSlice with too many input arguments")
		}
	} else {
		if variadic {
			n--
		}
		switch {
		case len(args) < n:
			it.reflectPanic(g, "reflect: Call with too few input arguments")
		case !variadic && len(args) > n:
			it.reflectPanic(g, "reflect: Call with too many input arguments")
		}
	}
	for _, a := range args {
		if valueOf(a).t == nil {
			it.reflectPanic(g, "reflect: "+op+" using zero Value argument")
		}
	}
	paramT := func(i int) *rtype { return it.types.of(sig.Params().At(i).Type()) }
	for i := range n {
		if x, t := it.plainFunc(valueOf(args[i])), paramT(i); !it.assignable(g, x.t, t) {
			it.reflectPanic(g, "reflect: "+op+" using "+nameOf(x.t)+" as type "+nameOf(t))
		}
	}
	if !isSlice && variadic {
		// The remaining arguments in a slice of the variadic type.
		st := paramT(n)
		m := len(args) - n
		slice := it.reflectCall(g, "reflect.MakeSlice", it.mkType(st), mkInt(int64(m)), mkInt(int64(m)))[0]
		for i, a := range args[n:] {
			if x := it.plainFunc(valueOf(a)); !it.assignable(g, x.t, st.elem) {
				it.reflectPanic(g, "reflect: cannot use "+nameOf(x.t)+" as type "+nameOf(st.elem)+" in "+op)
			}
			it.reflectCall(g, "(reflect.Value).Set", it.reflectCall(g, "(reflect.Value).Index", slice, mkInt(int64(i)))[0], a)
		}
		args = append(args[:n:n], slice)
	}
	in := make([]Value, len(args))
	for i, a := range args {
		x := valueOf(a)
		if x.flag&flagRO != 0 {
			it.reflectPanic(g, "reflect: reflect.Value."+op+" using value obtained using unexported field")
		}
		in[i] = it.assignTo(g, x, paramT(i), "reflect.Value.Call")
	}
	res := it.callValue(g, fv, in, nil)
	out := make([]Value, len(res))
	for i, r := range res {
		rt := it.types.of(sig.Results().At(i).Type())
		c := new(Value)
		*c = r
		out[i] = it.mkValue(rval{t: rt, cell: c})
	}
	return Value{r: out}
}

// deepEqual is reflect.DeepEqual of x and y, both of type t. visited
// holds the pairs of pointers, maps and slices being compared, which are
// taken as equal when met again (cycles).
func (it *Interp) deepEqual(g *goroutine, t *rtype, x, y Value, visited map[[2]any]bool) bool {
	switch t.kind {
	case kArray:
		if t.packed && bytewise(t.elem) {
			return bytes.Equal(x.bytes(), y.bytes())
		}
		xs, ys := elems(t, x), elems(t, y)
		for i := range xs {
			if !it.deepEqual(g, t.elem, xs[i], ys[i], visited) {
				return false
			}
		}
		return true
	case kStruct:
		xs, ys := x.slice(), y.slice()
		for i, ft := range t.fields {
			if !it.deepEqual(g, ft, xs[i], ys[i], visited) {
				return false
			}
		}
		return true
	case kSlice:
		if t.packed {
			xb, yb := x.bytes(), y.bytes()
			switch {
			case (xb == nil) != (yb == nil) || len(xb) != len(yb):
				return false
			case len(xb) == 0 || &xb[0] == &yb[0]:
				return true
			case bytewise(t.elem):
				return bytes.Equal(xb, yb)
			}
			xs, ys := packedCells(t.elem, xb), packedCells(t.elem, yb)
			for i := range xs {
				if !it.deepEqual(g, t.elem, xs[i], ys[i], visited) {
					return false
				}
			}
			return true
		}
		xs, ys := x.slice(), y.slice()
		if (xs == nil) != (ys == nil) || len(xs) != len(ys) {
			return false
		}
		if len(xs) == 0 || &xs[0] == &ys[0] {
			return true
		}
		key := [2]any{&xs[0], &ys[0]}
		if visited[key] {
			return true
		}
		visited[key] = true
		for i := range xs {
			if !it.deepEqual(g, t.elem, xs[i], ys[i], visited) {
				return false
			}
		}
		return true
	case kPointer:
		px, py := x.cell(), y.cell()
		if px == py {
			return true
		}
		if px == nil || py == nil {
			return false
		}
		key := [2]any{px, py}
		if visited[key] {
			return true
		}
		visited[key] = true
		return it.deepEqual(g, t.elem, *px, *py, visited)
	case kInterface:
		ix, iy := x.iface(), y.iface()
		if ix == nil || iy == nil {
			return ix == iy
		}
		return ix.t == iy.t && it.deepEqual(g, ix.t, ix.v, iy.v, visited)
	case kMap:
		mx, _ := x.r.(*mapObj)
		my, _ := y.r.(*mapObj)
		if mx == my {
			return true
		}
		if mx == nil || my == nil || mx.len() != my.len() {
			return false
		}
		key := [2]any{mx, my}
		if visited[key] {
			return true
		}
		visited[key] = true
		iter := mx.iter()
		for {
			k, vx, ok := iter.next()
			if !ok {
				return true
			}
			vy, ok := my.get(it, g, k)
			if !ok || !it.deepEqual(g, t.elem, vx, vy, visited) {
				return false
			}
		}
	case kFunc:
		return isNil(x) && isNil(y)
	case kReal:
		return reflect.DeepEqual(x.r.(reflect.Value).Interface(), y.r.(reflect.Value).Interface())
	}
	return it.equal(g, t, x, y) // scalars, strings, channels, unsafe pointers: ==
}
