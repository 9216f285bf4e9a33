// This file implements reflect.ValueOf, New, Zero, MakeMap, MakeSlice,
// Indirect and the methods of reflect.Value that read and write values
// (see reflect.go).

package interp

import (
	"errors"
	"go/types"
	"math"
	"reflect"
	"slices"
)

// valueMethod registers a method of reflect.Value.
func valueMethod(name string, f func(it *Interp, g *goroutine, v rval, args []Value) []Value) {
	reflectFuncs["(reflect.Value)."+name] = func(it *Interp, g *goroutine, args []Value) []Value {
		return f(it, g, valueOf(args[0]), args[1:])
	}
}

func init() {
	reflectFuncs["reflect.ValueOf"] = func(it *Interp, g *goroutine, args []Value) []Value {
		return []Value{it.mkValue(valueOfIface(args[0]))}
	}
	reflectFuncs["reflect.New"] = func(it *Interp, g *goroutine, args []Value) []Value {
		t := typeOf(args[0])
		if t == nil {
			it.reflectPanic(g, "reflect: New(nil)")
		}
		c, p := new(Value), new(Value)
		*c = zero(t)
		*p = Value{n: withType(0, t), r: c}
		return []Value{it.mkValue(rval{t: it.types.of(types.NewPointer(it.goType(g, t))), cell: p})}
	}
	reflectFuncs["reflect.Zero"] = func(it *Interp, g *goroutine, args []Value) []Value {
		t := typeOf(args[0])
		if t == nil {
			it.reflectPanic(g, "reflect: Zero(nil)")
		}
		c := new(Value)
		*c = zero(t)
		return []Value{it.mkValue(rval{t: t, cell: c})}
	}
	reflectFuncs["reflect.MakeMap"] = func(it *Interp, g *goroutine, args []Value) []Value {
		return reflectFuncs["reflect.MakeMapWithSize"](it, g, []Value{args[0], {}})
	}
	reflectFuncs["reflect.MakeMapWithSize"] = func(it *Interp, g *goroutine, args []Value) []Value {
		t := typeOf(args[0])
		if reflectKind(t) != reflect.Map {
			it.reflectPanic(g, "reflect.MakeMapWithSize of non-map type")
		}
		c := new(Value)
		*c = Value{r: newMap(t)}
		return []Value{it.mkValue(rval{t: t, cell: c})}
	}
	reflectFuncs["reflect.MakeSlice"] = func(it *Interp, g *goroutine, args []Value) []Value {
		t := typeOf(args[0])
		if reflectKind(t) != reflect.Slice {
			it.reflectPanic(g, "reflect.MakeSlice of non-slice type")
		}
		n, c := args[1].int(), args[2].int()
		switch {
		case n < 0:
			it.reflectPanic(g, "reflect.MakeSlice: negative len")
		case c < 0:
			it.reflectPanic(g, "reflect.MakeSlice: negative cap")
		case n > c:
			it.reflectPanic(g, "reflect.MakeSlice: len > cap")
		}
		cell := new(Value)
		if t.packed {
			*cell = Value{r: newPacked(t.elem, int(n), int(c))}
		} else {
			s := make([]Value, n, c)
			if t.elem.aggregate {
				for i := range s[:c] {
					s[:c][i] = zero(t.elem)
				}
			}
			*cell = Value{r: s}
		}
		return []Value{it.mkValue(rval{t: t, cell: cell})}
	}
	reflectFuncs["reflect.Indirect"] = func(it *Interp, g *goroutine, args []Value) []Value {
		v := valueOf(args[0])
		if v.t == nil || reflectKind(v.t) != reflect.Pointer {
			return []Value{args[0]}
		}
		return []Value{it.mkValue(it.elem(g, v))}
	}

	valueMethod("IsValid", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		return []Value{mkBool(v.t != nil)}
	})
	valueMethod("Kind", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil {
			return []Value{mkUint(uint64(reflect.Invalid))}
		}
		if v.flag>>flagMethodShift != 0 {
			return []Value{mkUint(uint64(reflect.Func))}
		}
		return []Value{mkUint(uint64(reflectKind(v.t)))}
	})
	valueMethod("Type", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil {
			it.valueError(g, "Type", v)
		}
		if m := v.flag >> flagMethodShift; m != 0 {
			ms := it.methodsOf(v.t)
			sig := ms[m-1].Type().(*types.Signature)
			return []Value{it.mkType(it.types.of(types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic())))}
		}
		return []Value{it.mkType(v.t)}
	})
	valueMethod("CanInterface", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil {
			it.valueError(g, "CanInterface", v)
		}
		return []Value{mkBool(v.flag&flagRO == 0)}
	})
	valueMethod("Interface", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil {
			it.valueError(g, "Interface", v)
		}
		if v.flag&flagRO != 0 {
			it.reflectPanic(g, "reflect.Value.Interface: cannot return value obtained from unexported field or method")
		}
		return []Value{it.ifaceOf(g, v)}
	})
	valueMethod("CanAddr", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		return []Value{mkBool(v.flag&flagAddr != 0)}
	})
	valueMethod("CanSet", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		return []Value{mkBool(v.flag&(flagAddr|flagRO) == flagAddr)}
	})
	valueMethod("Addr", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.flag&flagAddr == 0 {
			it.reflectPanic(g, "reflect.Value.Addr of unaddressable value")
		}
		p := new(Value)
		*p = v.ptr()
		p.n = withType(v.pos, v.t)
		return []Value{it.mkValue(rval{t: it.types.of(types.NewPointer(it.goType(g, v.t))), cell: p, flag: v.flag & flagRO})}
	})
	valueMethod("Elem", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		return []Value{it.mkValue(it.elem(g, v))}
	})
	valueMethod("IsNil", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		switch reflectKindOf(v) {
		case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Chan, reflect.Func, reflect.Interface, reflect.UnsafePointer:
			return []Value{mkBool(isNil(v.get()))}
		}
		it.valueError(g, "IsNil", v)
		return nil
	})
	valueMethod("Int", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil || !v.t.kind.isSigned() || v.flag>>flagMethodShift != 0 {
			it.valueError(g, "Int", v)
		}
		return []Value{mkInt(v.get().int())}
	})
	// The Overflow methods: whether x does not fit v's type, as reflect
	// decides it (by its size; a float32 overflows beyond its largest
	// finite magnitude).
	valueMethod("OverflowInt", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil || !v.t.kind.isSigned() || v.flag>>flagMethodShift != 0 {
			it.valueError(g, "OverflowInt", v)
		}
		x, shift := args[0].int(), 64-8*v.t.size
		return []Value{mkBool(x != (x<<shift)>>shift)}
	})
	valueMethod("OverflowUint", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil || !v.t.kind.isUnsigned() || v.flag>>flagMethodShift != 0 {
			it.valueError(g, "OverflowUint", v)
		}
		x, shift := args[0].n, 64-8*v.t.size
		return []Value{mkBool(x != (x<<shift)>>shift)}
	})
	valueMethod("OverflowFloat", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil || !v.t.kind.isFloat() || v.flag>>flagMethodShift != 0 {
			it.valueError(g, "OverflowFloat", v)
		}
		x := math.Abs(args[0].float())
		return []Value{mkBool(v.t.kind == kFloat32 && math.MaxFloat32 < x && x <= math.MaxFloat64)}
	})
	valueMethod("Uint", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil || !v.t.kind.isUnsigned() {
			it.valueError(g, "Uint", v)
		}
		return []Value{mkUint(v.get().n)}
	})
	valueMethod("Float", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil || !v.t.kind.isFloat() {
			it.valueError(g, "Float", v)
		}
		return []Value{{n: v.get().n}}
	})
	valueMethod("Complex", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil || !v.t.kind.isComplex() {
			it.valueError(g, "Complex", v)
		}
		return []Value{v.get()}
	})
	valueMethod("Bool", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil || v.t.kind != kBool {
			it.valueError(g, "Bool", v)
		}
		return []Value{v.get()}
	})
	valueMethod("String", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		switch {
		case v.t == nil:
			return []Value{mkString("<invalid Value>")}
		case v.t.kind == kString && v.flag>>flagMethodShift == 0:
			return []Value{v.get()}
		}
		// As reflect: not the value, its type.
		return []Value{mkString("<" + nameOf(v.t) + " Value>")}
	})
	valueMethod("Len", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		switch reflectKindOf(v) {
		case reflect.Slice, reflect.Array, reflect.String, reflect.Map, reflect.Chan:
			return []Value{mkInt(lenOf(v.t, v.get()))}
		}
		it.valueError(g, "Len", v)
		return nil
	})
	valueMethod("Cap", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		switch reflectKindOf(v) {
		case reflect.Slice, reflect.Array, reflect.Chan:
			return []Value{mkInt(capOf(v.t, v.get()))}
		}
		it.valueError(g, "Cap", v)
		return nil
	})
	valueMethod("NumField", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if reflectKindOf(v) != reflect.Struct || v.t.kind != kStruct {
			it.valueError(g, "NumField", v)
		}
		return []Value{mkInt(int64(len(v.t.fields)))}
	})
	valueMethod("Field", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		return []Value{it.mkValue(it.fieldAt(g, v, args[0].int()))}
	})
	valueMethod("FieldByName", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if reflectKindOf(v) != reflect.Struct || v.t.kind != kStruct {
			it.valueError(g, "FieldByName", v)
		}
		return []Value{it.foundField(g, v, fieldIndex(v.t.t.Underlying().(*types.Struct), args[0].str()))}
	})
	// FieldByIndex and FieldByIndexErr: index, an []int, is their
	// argument; with one index they are Field.
	byIndex := func(it *Interp, g *goroutine, v rval, index Value, method string) (rval, bool) {
		ints := it.intsOf(index)
		if len(ints) != 1 && reflectKindOf(v) != reflect.Struct {
			it.valueError(g, method, v)
		}
		return it.fieldByIndex(g, v, ints)
	}
	valueMethod("FieldByIndex", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		f, ok := byIndex(it, g, v, args[0], "FieldByIndex")
		if !ok {
			it.reflectPanic(g, "reflect: indirection through nil pointer to embedded struct")
		}
		return []Value{it.mkValue(f)}
	})
	valueMethod("FieldByIndexErr", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		f, ok := byIndex(it, g, v, args[0], "FieldByIndexErr")
		if !ok {
			name := ""
			if n, ok := types.Unalias(f.t.elem.t).(*types.Named); ok {
				name = n.Obj().Name()
			}
			err := errors.New("reflect: indirection through nil pointer to embedded struct field " + name)
			return []Value{zero(it.refl.value), it.realIface(err)}
		}
		return []Value{it.mkValue(f), {}}
	})
	valueMethod("Index", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		i := args[0].int()
		switch reflectKindOf(v) {
		case reflect.Slice, reflect.Array:
			n, _ := lenCap(v.t, v.get())
			if i < 0 || i >= int64(n) {
				it.reflectPanic(g, "reflect: slice index out of range")
			}
			flag := v.flag & (flagAddr | flagRO)
			if reflectKind(v.t) == reflect.Slice {
				flag |= flagAddr // a slice's elements are variables
			}
			e := rval{t: v.t.elem, flag: flag}
			if v.t.packed {
				p := packedElemAddr(0, v.get().bytes(), int(i), int(v.t.elem.size))
				e.b, e.pos = p.r.(*uint8), p.n
			} else {
				s := v.get().slice()
				e.cell, e.pos = &s[i], elemPos(int(i), cap(s))
			}
			return []Value{it.mkValue(e)}
		case reflect.String:
			s := v.get().str()
			if i < 0 || i >= int64(len(s)) {
				it.reflectPanic(g, "reflect: string index out of range")
			}
			c := new(Value)
			*c = mkUint(uint64(s[i]))
			return []Value{it.mkValue(rval{t: it.types.of(types.Typ[types.Uint8]), cell: c, flag: v.flag & flagRO})}
		}
		it.valueError(g, "Index", v)
		return nil
	})
	valueMethod("Set", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		it.mustBeAssignable(g, v, "Set")
		x := valueOf(args[0])
		if x.t == nil {
			it.valueError(g, "Set", x) // reflect: call of reflect.Value.Set on zero Value
		}
		x = it.plainFunc(x)
		if x.flag&flagRO != 0 {
			it.reflectPanic(g, "reflect: reflect.Value.Set using value obtained using unexported field")
		}
		val := it.ifaceOf(g, x)
		if !it.assignable(g, x.t, v.t) {
			it.reflectPanic(g, "reflect.Set: value of type "+nameOf(x.t)+" is not assignable to type "+nameOf(v.t))
		}
		if v.t.kind != kInterface {
			val = val.iface().v
		} else if x.t.kind != kInterface {
			val = Value{r: &iface{t: x.t, v: x.load()}}
		}
		v.put(val)
		return nil
	})
	for name, ok := range map[string]func(kind) bool{
		"SetInt": kind.isSigned, "SetUint": kind.isUnsigned, "SetFloat": kind.isFloat,
		"SetBool": func(k kind) bool { return k == kBool }, "SetString": func(k kind) bool { return k == kString },
		"SetComplex": kind.isComplex,
	} {
		valueMethod(name, func(it *Interp, g *goroutine, v rval, args []Value) []Value {
			it.mustBeAssignable(g, v, name)
			if !ok(v.t.kind) {
				it.valueError(g, name, v)
			}
			x := args[0]
			switch {
			case v.t.kind.isInt():
				x.n = normInt(v.t.kind, x.n)
			case v.t.kind == kFloat32:
				x = mkFloat(float64(float32(x.float())))
			case v.t.kind == kComplex64:
				c := x.complex()
				x = Value{r: complex128(complex64(c))}
			}
			v.put(x)
			return nil
		})
	}
	valueMethod("MapIndex", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if reflectKindOf(v) != reflect.Map {
			it.valueError(g, "MapIndex", v)
		}
		m, _ := v.get().r.(*mapObj)
		k := it.assignTo(g, valueOf(args[0]), v.t.key, "reflect.Value.MapIndex")
		if m == nil || m.len() == 0 {
			it.emptyMapKey(g, v.t.key, k)
			return []Value{zero(it.refl.value)}
		}
		e, ok := m.get(it, g, k)
		if !ok {
			return []Value{zero(it.refl.value)}
		}
		c := new(Value)
		*c = copyVal(v.t.elem, e)
		return []Value{it.mkValue(rval{t: v.t.elem, cell: c, flag: v.flag & flagRO})}
	})
	valueMethod("SetMapIndex", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if reflectKindOf(v) != reflect.Map {
			it.valueError(g, "SetMapIndex", v)
		}
		m, _ := v.get().r.(*mapObj)
		k := it.assignTo(g, valueOf(args[0]), v.t.key, "reflect.Value.SetMapIndex")
		if e := valueOf(args[1]); e.t == nil {
			if m != nil {
				m.delete(it, g, k)
			}
			return nil
		}
		e := it.assignTo(g, valueOf(args[1]), v.t.elem, "reflect.Value.SetMapIndex")
		if m == nil {
			it.raiseRuntime(g, errNilMap)
		}
		m.set(it, g, k, e)
		return nil
	})
	valueMethod("MapKeys", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if reflectKindOf(v) != reflect.Map {
			it.valueError(g, "MapKeys", v)
		}
		var keys []Value
		if m, _ := v.get().r.(*mapObj); m != nil {
			iter := m.iter()
			for {
				k, _, ok := iter.next()
				if !ok {
					break
				}
				c := new(Value)
				*c = copyVal(v.t.key, k)
				keys = append(keys, it.mkValue(rval{t: v.t.key, cell: c, flag: v.flag & flagRO}))
			}
		}
		if keys == nil {
			keys = []Value{}
		}
		return []Value{{r: keys}}
	})
	valueMethod("Pointer", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		switch reflectKindOf(v) {
		case reflect.Func:
			return []Value{mkUint(it.funcEntry(v))}
		case reflect.Pointer, reflect.UnsafePointer, reflect.Map, reflect.Chan, reflect.Slice:
			return []Value{mkUint(it.addressOf(it.pointerOf(v.t, v.get())))}
		}
		it.valueError(g, "Pointer", v)
		return nil
	})
	valueMethod("UnsafePointer", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		switch reflectKindOf(v) {
		case reflect.Func:
			// The code's address, as Pointer's (fmt prints funcs so).
			if a := it.funcEntry(v); a != 0 {
				return []Value{{r: wildPtr(a)}}
			}
			return []Value{{}}
		case reflect.Pointer, reflect.UnsafePointer, reflect.Map, reflect.Chan, reflect.Slice:
			return []Value{it.pointerOf(v.t, v.get())}
		}
		it.valueError(g, "UnsafePointer", v)
		return nil
	})
}

// funcEntry is the entry of the code of v, a func (0 if nil): what
// Value.Pointer and UnsafePointer give for a func, as FuncForPC takes
// it.
func (it *Interp) funcEntry(v rval) uint64 {
	if v.flag>>flagMethodShift != 0 {
		return it.pcs.entry(it.method(v.t, it.methodsOf(v.t)[v.flag>>flagMethodShift-1].Obj().Name()))
	}
	switch c := v.get().r.(type) {
	case *closure:
		return it.pcs.entry(c.fn)
	case *realFunc:
		// A real func: a stand-in for an interpreted function that real
		// code gave back gives that function's entry.
		if fn := it.pcs.madeFor(c.v); fn != nil {
			return it.pcs.entry(fn)
		}
		return uint64(c.v.Pointer())
	}
	return 0
}

// reflectKindOf is the kind of the Value v (Invalid for the zero one).
func reflectKindOf(v rval) reflect.Kind {
	if v.t == nil {
		return reflect.Invalid
	}
	if v.flag>>flagMethodShift != 0 {
		return reflect.Func
	}
	return reflectKind(v.t)
}

// elem returns what the pointer or interface Value v holds.
func (it *Interp) elem(g *goroutine, v rval) rval {
	switch reflectKindOf(v) {
	case reflect.Pointer:
		if v.get().r == nil {
			return rval{}
		}
		e := rval{t: v.t.elem, flag: flagAddr | v.flag&flagRO, pos: v.get().n & posMask}
		switch p := v.get().r.(type) {
		case *Value:
			e.cell = p
		case *uint8:
			if !packedElem(e.t) {
				panic(unsupportedf("reflect.Value.Elem of a %s pointing into an array of scalars", v.t.name))
			}
			e.b = p
		default:
			panic(unsupportedf("reflect.Value.Elem of a pointer to %s", foreignName(v.get())))
		}
		return e
	case reflect.Interface:
		i := v.get().iface()
		if i == nil {
			return rval{}
		}
		c := new(Value)
		*c = copyVal(i.t, i.v)
		return rval{t: i.t, cell: c, flag: v.flag & flagRO}
	}
	it.valueError(g, "Elem", v)
	return rval{}
}

// valueField returns field i of the struct Value v.
// fieldAt is v.Field(i), with its panics.
func (it *Interp) fieldAt(g *goroutine, v rval, i int64) rval {
	if reflectKindOf(v) != reflect.Struct || v.t.kind != kStruct {
		it.valueError(g, "Field", v)
	}
	if i < 0 || i >= int64(len(v.t.fields)) {
		it.reflectPanic(g, "reflect: Field index out of range")
	}
	return it.valueField(v, int(i))
}

// fieldByIndex follows index from v as reflect's FieldByIndex does,
// through pointers to embedded structs; if one is nil, it returns that
// pointer and false.
func (it *Interp) fieldByIndex(g *goroutine, v rval, index []int) (rval, bool) {
	for k, i := range index {
		if k > 0 && reflectKindOf(v) == reflect.Pointer && v.t.elem.kind == kStruct {
			e := it.elem(g, v)
			if e.t == nil {
				return v, false
			}
			v = e
		}
		v = it.fieldAt(g, v, int64(i))
	}
	return v, true
}

// intsOf returns the elements of an []int (packed).
func (it *Interp) intsOf(s Value) []int {
	cells := packedCells(it.types.of(types.Typ[types.Int]), s.bytes())
	out := make([]int, len(cells))
	for i, e := range cells {
		out[i] = int(e.int())
	}
	return out
}

func (it *Interp) valueField(v rval, i int) rval {
	flag := v.flag & (flagAddr | flagRO)
	f := v.t.t.Underlying().(*types.Struct).Field(i)
	if !f.Exported() {
		flag |= flagRO
	}
	return rval{t: v.t.fields[i], cell: &v.get().slice()[i], flag: flag, pos: fieldPos(i, v.t)}
}

// mustBeAssignable raises reflect's panic if v cannot be set.
func (it *Interp) mustBeAssignable(g *goroutine, v rval, method string) {
	switch {
	case v.t == nil:
		it.valueError(g, method, v)
	case v.flag&flagRO != 0:
		it.reflectPanic(g, "reflect: reflect.Value."+method+" using value obtained using unexported field")
	case v.flag&flagAddr == 0:
		it.reflectPanic(g, "reflect: reflect.Value."+method+" using unaddressable value")
	}
}

// assignTo returns the value of x as a value of type t, which it must
// be assignable to, as reflect's Value.assignTo (context names the
// method for its panic).
func (it *Interp) assignTo(g *goroutine, x rval, t *rtype, context string) Value {
	if x.t == nil {
		it.valueError(g, context[len("reflect.Value."):], x)
	}
	x = it.plainFunc(x)
	if x.flag&flagRO != 0 {
		it.reflectPanic(g, "reflect: "+context+" using value obtained using unexported field")
	}
	if !it.assignable(g, x.t, t) {
		it.reflectPanic(g, context+": value of type "+nameOf(x.t)+" is not assignable to type "+nameOf(t))
	}
	val := it.ifaceOf(g, x)
	if t.kind == kInterface {
		if x.t.kind != kInterface {
			return Value{r: &iface{t: x.t, v: x.load()}}
		}
		return val
	}
	return val.iface().v
}

// mapIterState is the state of a *reflect.MapIter, kept in its first
// field (the program cannot see the fields).
type mapIterState struct {
	m       rval // the map Value
	iter    *mapIter
	k, v    Value
	started bool // Next was called
	done    bool // Next returned false
}

// newMapIterState is the state of an iterator over the map Value v, as
// MapRange and Reset start it, kept in the MapIter's first field.
func newMapIterState(v rval) Value {
	m, _ := v.get().r.(*mapObj)
	return Value{r: &mapIterState{m: v, iter: m.iter()}}
}

// entry is the key or value (pick) the iterator is at, checked as
// reflect checks it; what names the caller in the panics.
func (s *mapIterState) entry(it *Interp, g *goroutine, what string, pick func(s *mapIterState) (*rtype, Value)) (*rtype, Value) {
	switch {
	case !s.started:
		it.reflectPanic(g, what+" called before Next")
	case s.done:
		it.reflectPanic(g, what+" called on exhausted iterator")
	}
	return pick(s)
}

func init() {
	valueMethod("Convert", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		t := typeOf(args[0])
		if v.t == nil {
			it.valueError(g, "Convert", v)
		}
		v = it.plainFunc(v)
		if !types.ConvertibleTo(it.goType(g, v.t), it.goType(g, t)) {
			it.reflectPanic(g, "reflect.Value.Convert: value of type "+nameOf(v.t)+" cannot be converted to type "+nameOf(t))
		}
		x := it.ifaceOf(g, v)
		c := new(Value)
		switch {
		case t.kind == kInterface:
			*c = x
		case v.t.kind == kInterface:
			*c = x.iface().v
		case v.t.kind == kSlice && (t.kind == kArray || t.kind == kPointer):
			panic(unsupportedf("reflect.Value.Convert from a slice to an array"))
		default:
			*c = convert(v.t, t, x.iface().v)
		}
		return []Value{it.mkValue(rval{t: t, cell: c, flag: v.flag & flagRO})}
	})
	valueMethod("CanConvert", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		t := typeOf(args[0])
		if v.t == nil || t == nil || v.t.kind == kSlice && (t.kind == kArray || t.kind == kPointer) {
			return []Value{mkBool(false)}
		}
		return []Value{mkBool(types.ConvertibleTo(it.goType(g, v.t), it.goType(g, t)))}
	})
	valueMethod("Clear", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		switch x := v.get().r.(type) {
		case *mapObj:
			clear(x.m)
		case []Value:
			for i := range x {
				storeInto(v.t.elem, &x[i], zero(v.t.elem))
			}
		case []byte:
			clear(x)
		default:
			if k := reflectKindOf(v); k != reflect.Map && k != reflect.Slice {
				it.valueError(g, "Clear", v)
			}
		}
		return nil
	})
	valueMethod("MapRange", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if reflectKindOf(v) != reflect.Map {
			it.valueError(g, "MapRange", v)
		}
		iterT := it.types.of(it.refl.pkg.Scope().Lookup("MapIter").Type())
		c := new(Value)
		*c = zero(iterT)
		c.slice()[0] = newMapIterState(v)
		return []Value{{r: c}}
	})
	// Reset makes the iterator one of v's (none for the zero Value), as
	// MapRange would.
	reflectFuncs["(*reflect.MapIter).Reset"] = func(it *Interp, g *goroutine, args []Value) []Value {
		c := args[0].cell()
		if c == nil {
			it.raiseRuntime(g, errNilDeref)
		}
		v := valueOf(args[1])
		switch {
		case v.t == nil:
			c.slice()[0] = Value{}
		case reflectKindOf(v) != reflect.Map:
			it.valueErrorIn(g, unknownMethod, v)
		default:
			c.slice()[0] = newMapIterState(v)
		}
		return nil
	}
	mapIterMethod := func(name string, f func(it *Interp, g *goroutine, s *mapIterState) []Value) {
		reflectFuncs["(*reflect.MapIter)."+name] = func(it *Interp, g *goroutine, args []Value) []Value {
			c := args[0].cell()
			if c == nil {
				it.raiseRuntime(g, errNilDeref)
			}
			s, _ := c.slice()[0].r.(*mapIterState)
			if s == nil { // a MapIter of its own, not MapRange's
				if name == "Next" {
					it.reflectPanic(g, "MapIter.Next called on an iterator that does not have an associated map Value")
				}
				it.reflectPanic(g, "MapIter."+name+" called before Next")
			}
			return f(it, g, s)
		}
	}
	mapIterMethod("Next", func(it *Interp, g *goroutine, s *mapIterState) []Value {
		if s.done {
			it.reflectPanic(g, "MapIter.Next called on exhausted iterator")
		}
		var ok bool
		s.k, s.v, ok = s.iter.next()
		s.started, s.done = true, !ok
		return []Value{mkBool(ok)}
	})
	key := func(s *mapIterState) (*rtype, Value) { return s.m.t.key, s.k }
	elem := func(s *mapIterState) (*rtype, Value) { return s.m.t.elem, s.v }
	entry := func(name string, pick func(s *mapIterState) (*rtype, Value)) {
		mapIterMethod(name, func(it *Interp, g *goroutine, s *mapIterState) []Value {
			t, x := s.entry(it, g, "MapIter."+name, pick)
			c := new(Value)
			*c = copyVal(t, x)
			return []Value{it.mkValue(rval{t: t, cell: c, flag: s.m.flag & flagRO})}
		})
	}
	entry("Key", key)
	entry("Value", elem)
	// Value.SetIterKey and SetIterValue: the entry assigned to v.
	setIter := func(name, context string, pick func(s *mapIterState) (*rtype, Value)) {
		valueMethod(name, func(it *Interp, g *goroutine, v rval, args []Value) []Value {
			c := args[0].cell()
			if c == nil {
				it.raiseRuntime(g, errNilDeref)
			}
			s, _ := c.slice()[0].r.(*mapIterState)
			if s == nil {
				it.reflectPanic(g, "reflect: Value."+name+" called before Next")
			}
			t, x := s.entry(it, g, "reflect: Value."+name, pick)
			it.mustBeAssignable(g, v, name)
			it.mustBeExportedIn(g, s.m, "reflect.Value."+name)
			cell := new(Value)
			*cell = copyVal(t, x)
			v.put(it.assignTo(g, rval{t: t, cell: cell, flag: s.m.flag & flagRO}, v.t, context))
			return nil
		})
	}
	setIter("SetIterKey", "reflect.MapIter.SetKey", key)
	setIter("SetIterValue", "reflect.MapIter.SetValue", elem)
}

func init() {
	valueMethod("IsZero", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil {
			it.valueError(g, "IsZero", v)
		}
		return []Value{mkBool(it.isZeroValue(g, v.t, v.get()))}
	})
	valueMethod("SetZero", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		it.mustBeAssignable(g, v, "SetZero")
		v.put(zero(v.t))
		return nil
	})
	valueMethod("Slice", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		lo, hi := args[0].int(), args[1].int()
		var t *rtype
		switch reflectKindOf(v) {
		case reflect.Slice:
			t = v.t
		case reflect.Array:
			if v.flag&flagAddr == 0 {
				it.reflectPanic(g, "reflect.Value.Slice: slice of unaddressable array")
			}
			t = it.types.of(types.NewSlice(v.t.t.Underlying().(*types.Array).Elem()))
		case reflect.String:
			s := v.get().str()
			if lo < 0 || hi < lo || hi > int64(len(s)) {
				it.reflectPanic(g, "reflect.Value.Slice: string slice index out of bounds")
			}
			c := new(Value)
			*c = mkString(s[lo:hi])
			return []Value{it.mkValue(rval{t: v.t, cell: c, flag: v.flag & flagRO})}
		default:
			it.valueError(g, "Slice", v)
		}
		if _, c := lenCap(v.t, v.get()); lo < 0 || hi < lo || hi > int64(c) {
			it.reflectPanic(g, "reflect.Value.Slice: slice index out of bounds")
		}
		c := new(Value)
		if t.packed {
			s := t.elem.size
			*c = Value{r: v.get().bytes()[lo*s : hi*s]}
		} else {
			*c = Value{r: v.get().slice()[lo:hi]}
		}
		return []Value{it.mkValue(rval{t: t, cell: c, flag: v.flag & flagRO})}
	})
	// The methods that change a slice's header, with reflect's checks in
	// its order.
	// mustBeSlice returns the length and capacity of the slice v holds.
	mustBeSlice := func(it *Interp, g *goroutine, v rval, method string) (int, int) {
		it.mustBeAssignable(g, v, method)
		if reflectKindOf(v) != reflect.Slice {
			it.valueError(g, method, v)
		}
		return lenCap(v.t, v.get())
	}
	// reslice stores into v the slice it holds as s[:n:c], grown first
	// if c exceeds its capacity.
	reslice := func(v rval, n, c int) {
		if v.t.packed {
			s := int(v.t.elem.size)
			*v.cell = mkBytes(growPacked(v.t.elem, v.get().bytes(), c)[: n*s : c*s])
			return
		}
		*v.cell = Value{r: growSlice(v.get().slice(), c, v.t.elem)[:n:c]}
	}
	valueMethod("Grow", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		l, _ := mustBeSlice(it, g, v, "Grow")
		n := args[0].int()
		switch {
		case n < 0:
			it.reflectPanic(g, "reflect.Value.Grow: negative len")
		case int64(l)+n < 0:
			it.reflectPanic(g, "reflect.Value.Grow: slice overflow")
		}
		if v.get().r == nil && n == 0 {
			return nil // a nil slice stays nil
		}
		if t := v.get(); v.t.packed {
			b := growPacked(v.t.elem, t.bytes(), l+int(n))
			*v.cell = mkBytes(b[: l*int(v.t.elem.size) : cap(b)])
		} else {
			s := growSlice(t.slice(), l+int(n), v.t.elem)
			*v.cell = Value{r: s[:l:cap(s)]}
		}
		return nil
	})
	valueMethod("SetLen", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		_, c := mustBeSlice(it, g, v, "SetLen")
		n := args[0].n
		if n > uint64(c) {
			it.reflectPanic(g, "reflect: slice length out of range in SetLen")
		}
		reslice(v, int(n), c)
		return nil
	})
	valueMethod("SetCap", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		l, c := mustBeSlice(it, g, v, "SetCap")
		n := args[0].int()
		if n < int64(l) || n > int64(c) {
			it.reflectPanic(g, "reflect: slice capacity out of range in SetCap")
		}
		reslice(v, l, int(n))
		return nil
	})
	valueMethod("SetBytes", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		mustBeSlice(it, g, v, "SetBytes")
		if v.t.elem.kind != kUint8 {
			it.reflectPanic(g, "reflect.Value.SetBytes of non-byte slice")
		}
		*v.cell = args[0]
		return nil
	})
	valueMethod("Bytes", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if reflectKindOf(v) != reflect.Slice || v.t.elem.kind != kUint8 {
			it.valueError(g, "Bytes", v)
		}
		return []Value{v.get()}
	})
	valueMethod("Comparable", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil {
			return []Value{mkBool(true)}
		}
		if v.t.kind == kInterface {
			i := v.get().iface()
			return []Value{mkBool(i == nil || i.t.comparable)}
		}
		return []Value{mkBool(v.t.comparable)}
	})
	valueMethod("Equal", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		u := valueOf(args[0])
		if v.t == nil || u.t == nil {
			return []Value{mkBool(v.t == u.t)}
		}
		if v.t != u.t {
			return []Value{{}}
		}
		if !v.t.comparable {
			it.reflectPanic(g, "reflect.Value.Equal: values of type "+nameOf(v.t)+" are not comparable")
		}
		return []Value{mkBool(it.equal(g, v.t, v.get(), u.get()))}
	})
}

// isZeroValue reports whether x, of type t, is t's zero value, as
// reflect's Value.IsZero: floats and complexes compare == 0 (so -0 is
// zero, NaN is not), blank struct fields are ignored.
func (it *Interp) isZeroValue(g *goroutine, t *rtype, x Value) bool {
	switch t.kind {
	case kArray:
		if t.packed && !t.elem.kind.isFloat() && !t.elem.kind.isComplex() {
			return !slices.ContainsFunc(x.bytes(), func(b byte) bool { return b != 0 })
		}
		for _, e := range elems(t, x) {
			if !it.isZeroValue(g, t.elem, e) {
				return false
			}
		}
		return true
	case kStruct:
		for i, e := range x.slice() {
			if !t.blank[i] && !it.isZeroValue(g, t.fields[i], e) {
				return false
			}
		}
		return true
	case kFloat32, kFloat64:
		return x.float() == 0
	case kComplex64, kComplex128:
		return x.complex() == 0
	case kString:
		return x.str() == ""
	case kReal:
		return x.r.(reflect.Value).IsZero()
	}
	return isNil(x) && x.n == 0
}

// pointerOf returns, as an unsafe.Pointer, the pointer Go holds in x, a
// value of t, a kind that holds one: x itself for a pointer, its first
// element's cell for a slice, and for a map, channel or function a cell
// standing for the object (the same each time, so that comparisons and
// printed addresses agree).
func (it *Interp) pointerOf(t *rtype, x Value) Value {
	switch r := x.r.(type) {
	case []Value:
		if cap(r) == 0 {
			return Value{n: withType(0, t.elem), r: &zeroSizeBase}
		}
		return Value{n: withType(elemPos(0, cap(r)), t.elem), r: &r[:1][0]}
	case []byte:
		if cap(r) == 0 {
			return Value{n: withType(0, t.elem), r: &zeroSizeBase}
		}
		return Value{n: withType(elemPos(0, cap(r)), t.elem), r: &r[:1][0]}
	case *mapObj, chan Value, *closure, *externFunc, *realFunc:
		c, _ := it.objectCells.LoadOrStore(x.r, new(Value))
		return Value{n: withType(0, t), r: c.(*Value)}
	}
	return x
}

// zeroSizeBase stands for the address of zero-size allocations.
var zeroSizeBase Value
