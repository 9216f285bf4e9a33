// This file implements reflect's iterators over a type's or a value's
// parts (Type.Fields, Methods, Ins, Outs; Value.Fields, Methods), which
// reflect builds from its other methods, as here, and the small
// predicates and accessors of types and values beside them (CanSeq,
// CanSeq2, Type.FieldByIndex, FieldAlign, the Overflow methods of Type,
// Value.CanInt and its kin, OverflowComplex, SetPointer).

package interp

import (
	"go/types"
	"math"
	"reflect"
)

// overflowFloat32 is reflect's: whether x is beyond float32's range.
func overflowFloat32(x float64) bool {
	x = math.Abs(x)
	return math.MaxFloat32 < x && x <= math.MaxFloat64
}

func init() {
	typeIter := func(name, method, count, at string, elem func(it *Interp) types.Type) {
		typeMethod(method, func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
			switch k := reflectKind(t); {
			case method == "Fields" && k != reflect.Struct:
				it.reflectPanic(g, "reflect: Fields of non-struct type "+nameOf(t))
			case (method == "Ins" || method == "Outs") && k != reflect.Func:
				it.reflectPanic(g, "reflect: "+method+" of non-func type "+nameOf(t))
			}
			self := it.mkType(t)
			return []Value{it.iterFunc(name, []types.Type{elem(it)}, func(g *goroutine, yield func(...Value) bool) {
				n := it.reflectCall(g, "(*reflect.rtype)."+count, self)[0].int()
				for i := range n {
					if !yield(it.reflectCall(g, "(*reflect.rtype)."+at, self, mkInt(i))[0]) {
						return
					}
				}
			})}
		})
	}
	structField := func(it *Interp) types.Type { return it.refl.structField.t }
	method := func(it *Interp) types.Type { return it.refl.method.t }
	typ := func(it *Interp) types.Type { return it.refl.typ.t }
	typeIter("reflect.(*rtype).Fields.func1", "Fields", "NumField", "Field", structField)
	typeIter("reflect.(*rtype).Methods.func1", "Methods", "NumMethod", "Method", method)
	typeIter("reflect.(*rtype).Ins.func1", "Ins", "NumIn", "In", typ)
	typeIter("reflect.(*rtype).Outs.func1", "Outs", "NumOut", "Out", typ)

	valueMethod("Fields", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		self := it.mkValue(v)
		t := it.reflectCall(g, "(reflect.Value).Type", self)[0]
		if reflectKind(typeOf(t)) != reflect.Struct {
			it.reflectPanic(g, "reflect: Fields of non-struct type "+nameOf(typeOf(t)))
		}
		elems := []types.Type{it.refl.structField.t, it.refl.value.t}
		return []Value{it.iterFunc("reflect.Value.Fields.func1", elems, func(g *goroutine, yield func(...Value) bool) {
			n := it.reflectCall(g, "(reflect.Value).NumField", self)[0].int()
			for i := range n {
				f := it.reflectCall(g, "(*reflect.rtype).Field", t, mkInt(i))[0]
				if !yield(f, it.reflectCall(g, "(reflect.Value).Field", self, mkInt(i))[0]) {
					return
				}
			}
		})}
	})
	valueMethod("Methods", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		self := it.mkValue(v)
		elems := []types.Type{it.refl.method.t, it.refl.value.t}
		return []Value{it.iterFunc("reflect.Value.Methods.func1", elems, func(g *goroutine, yield func(...Value) bool) {
			t := it.reflectCall(g, "(reflect.Value).Type", self)[0]
			n := it.reflectCall(g, "(reflect.Value).NumMethod", self)[0].int()
			for i := range n {
				m := it.reflectCall(g, "(*reflect.rtype).Method", t, mkInt(i))[0]
				if !yield(m, it.reflectCall(g, "(reflect.Value).Method", self, mkInt(i))[0]) {
					return
				}
			}
		})}
	})

	typeMethod("CanSeq", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		switch k := reflectKind(t); {
		case reflect.Int <= k && k <= reflect.Uintptr, k == reflect.Array, k == reflect.Slice, k == reflect.Chan, k == reflect.String, k == reflect.Map:
			return []Value{mkBool(true)}
		case k == reflect.Func:
			return []Value{mkBool(canRangeFunc(t, 1))}
		case k == reflect.Pointer:
			return []Value{mkBool(reflectKind(t.elem) == reflect.Array)}
		}
		return []Value{mkBool(false)}
	})
	typeMethod("CanSeq2", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		switch k := reflectKind(t); k {
		case reflect.Array, reflect.Slice, reflect.String, reflect.Map:
			return []Value{mkBool(true)}
		case reflect.Func:
			return []Value{mkBool(canRangeFunc(t, 2))}
		case reflect.Pointer:
			return []Value{mkBool(reflectKind(t.elem) == reflect.Array)}
		}
		return []Value{mkBool(false)}
	})
	typeMethod("FieldByIndex", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		if reflectKind(t) != reflect.Struct {
			it.reflectPanic(g, "reflect: FieldByIndex of non-struct type "+nameOf(t))
		}
		// As reflect: Field of each index in turn, through pointers to
		// structs; the result is the last one's (its own Index).
		f := zero(it.refl.structField)
		cur := t
		for i, x := range elems(it.types.of(types.NewSlice(types.Typ[types.Int])), args[0]) {
			if i > 0 && reflectKind(cur) == reflect.Pointer && reflectKind(cur.elem) == reflect.Struct {
				cur = cur.elem
			}
			f = it.reflectCall(g, "(*reflect.rtype).Field", it.mkType(cur), x)[0]
			cur = typeOf(f.slice()[2]) // StructField.Type
		}
		return []Value{f}
	})
	typeMethod("FieldAlign", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		return []Value{mkInt(it.types.sizes.Alignof(it.goType(g, t)))}
	})
	typeMethod("OverflowInt", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		if !t.kind.isSigned() {
			it.reflectPanic(g, "reflect: OverflowInt of non-int type "+nameOf(t))
		}
		x, shift := args[0].int(), 64-8*t.size
		return []Value{mkBool(x != (x<<shift)>>shift)}
	})
	typeMethod("OverflowUint", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		if !t.kind.isUnsigned() {
			it.reflectPanic(g, "reflect: OverflowUint of non-uint type "+nameOf(t))
		}
		x, shift := args[0].n, 64-8*t.size
		return []Value{mkBool(x != (x<<shift)>>shift)}
	})
	typeMethod("OverflowFloat", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		if !t.kind.isFloat() {
			it.reflectPanic(g, "reflect: OverflowFloat of non-float type "+nameOf(t))
		}
		return []Value{mkBool(t.kind == kFloat32 && overflowFloat32(args[0].float()))}
	})
	typeMethod("OverflowComplex", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		if !t.kind.isComplex() {
			it.reflectPanic(g, "reflect: OverflowComplex of non-complex type "+nameOf(t))
		}
		x := args[0].complex()
		return []Value{mkBool(t.kind == kComplex64 && (overflowFloat32(real(x)) || overflowFloat32(imag(x))))}
	})
	valueMethod("OverflowComplex", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil || !v.t.kind.isComplex() || v.flag>>flagMethodShift != 0 {
			it.valueError(g, "OverflowComplex", v)
		}
		x := args[0].complex()
		return []Value{mkBool(v.t.kind == kComplex64 && (overflowFloat32(real(x)) || overflowFloat32(imag(x))))}
	})
	for name, is := range map[string]func(reflect.Kind) bool{
		"CanInt":     func(k reflect.Kind) bool { return reflect.Int <= k && k <= reflect.Int64 },
		"CanUint":    func(k reflect.Kind) bool { return reflect.Uint <= k && k <= reflect.Uintptr },
		"CanFloat":   func(k reflect.Kind) bool { return k == reflect.Float32 || k == reflect.Float64 },
		"CanComplex": func(k reflect.Kind) bool { return k == reflect.Complex64 || k == reflect.Complex128 },
	} {
		valueMethod(name, func(it *Interp, g *goroutine, v rval, args []Value) []Value {
			return []Value{mkBool(is(reflectKindOf(v)))}
		})
	}
	valueMethod("SetPointer", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		it.mustBeAssignable(g, v, "SetPointer")
		if reflectKindOf(v) != reflect.UnsafePointer {
			it.valueError(g, "SetPointer", v)
		}
		v.put(args[0])
		return nil
	})
}
