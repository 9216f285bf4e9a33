// This file implements reflect's Value.Seq and Value.Seq2: iterator
// functions over a Value, built from the interpreter's other reflect
// operations in the steps reflect's own (reflect/iter.go) takes, so
// that what a range over one sees, and when, is reflect's.

package interp

import (
	"go/token"
	"go/types"
	"reflect"

	"github.com/vssa-go/vssa/internal/gorelease"
)

// seqFunc makes the function value of an iterator over reflect.Values
// (two per step if two) whose body is each.
func (it *Interp) seqFunc(two bool, each func(g *goroutine, yield func(vals ...Value) bool)) Value {
	name, elems := "reflect.Value.Seq.func1", []types.Type{it.refl.value.t}
	if two {
		name, elems = "reflect.Value.Seq2.func1", append(elems, it.refl.value.t)
	}
	return it.iterFunc(name, elems, each)
}

// iterFunc makes the function value, named name, of an iterator over
// values of the types elems (one per yield's parameter) whose body is
// each.
func (it *Interp) iterFunc(name string, elems []types.Type, each func(g *goroutine, yield func(vals ...Value) bool)) Value {
	param := func(t types.Type) *types.Var { return types.NewParam(token.NoPos, nil, "", t) }
	in := make([]*types.Var, len(elems))
	for i, t := range elems {
		in[i] = param(t)
	}
	yieldSig := types.NewSignatureType(nil, nil, nil, types.NewTuple(in...), types.NewTuple(param(types.Typ[types.Bool])), false)
	sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(param(yieldSig)), nil, false)
	return wrapperFunc(name, sig, func(it *Interp, g *goroutine, args []Value, _ *goPanic) []Value {
		yield := args[0]
		each(g, func(vals ...Value) bool { return it.callValue(g, yield, vals, nil)[0].n != 0 })
		return nil
	})
}

// canRangeFunc reports whether t is a range function over n values:
// func(yield func(T...) bool), as reflect's canRangeFunc(2).
func canRangeFunc(t *rtype, n int) bool {
	// (reflect's OutCount carries a variadic flag: neither func may be
	// variadic.)
	f, ok := t.t.Underlying().(*types.Signature)
	if !ok || f.Params().Len() != 1 || f.Results().Len() != 0 || f.Variadic() {
		return false
	}
	y, ok := f.Params().At(0).Type().Underlying().(*types.Signature)
	if !ok || y.Params().Len() != n || y.Results().Len() != 1 || y.Variadic() {
		return false
	}
	b, ok := y.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// reflectCall calls the interpreter's implementation of reflect's
// function or method name (a Value method's receiver first).
func (it *Interp) reflectCall(g *goroutine, name string, args ...Value) []Value {
	return reflectFuncs[name](it, g, args)
}

func init() {
	valueMethod("Seq", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		return []Value{it.valueSeq(g, v, false)}
	})
	valueMethod("Seq2", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		return []Value{it.valueSeq(g, v, true)}
	})
}

// valueSeq is v.Seq(), or v.Seq2() if two.
func (it *Interp) valueSeq(g *goroutine, v rval, two bool) Value {
	if v.t == nil {
		it.valueError(g, "Type", v) // reflect's panic names v.Type()
	}
	v = it.plainFunc(v)
	self := it.mkValue(v)
	n := 1
	if two {
		n = 2
	}
	intValue := func(i int64) Value {
		c := new(Value)
		*c = mkInt(i)
		return it.mkValue(rval{t: it.types.of(types.Typ[types.Int]), cell: c})
	}
	// indexes yields the indexes of what of gives when the iteration
	// starts (and its elements, if two).
	indexes := func(of func(g *goroutine) Value) func(g *goroutine, yield func(...Value) bool) {
		return func(g *goroutine, yield func(...Value) bool) {
			x := of(g)
			l := it.reflectCall(g, "(reflect.Value).Len", x)[0].int()
			for i := range l {
				vals := []Value{intValue(i)}
				if two {
					vals = append(vals, it.reflectCall(g, "(reflect.Value).Index", x, mkInt(i))[0])
				}
				if !yield(vals...) {
					return
				}
			}
		}
	}
	if canRangeFunc(v.t, n) {
		return it.seqFunc(two, func(g *goroutine, yield func(...Value) bool) {
			yieldT := it.types.of(v.t.t.Underlying().(*types.Signature).Params().At(0).Type())
			values := types.NewTuple(types.NewParam(token.NoPos, nil, "", types.NewSlice(it.refl.value.t)))
			impl := wrapperFunc("reflect.Value.Seq.func1.1", types.NewSignatureType(nil, nil, nil, values, values, false),
				func(it *Interp, g *goroutine, args []Value, _ *goPanic) []Value {
					ok := yield(args[0].slice()[:n]...)
					c := new(Value)
					*c = mkBool(ok)
					return []Value{{r: []Value{it.mkValue(rval{t: it.types.of(types.Typ[types.Bool]), cell: c})}}}
				})
			rf := it.reflectCall(g, "reflect.MakeFunc", it.mkType(yieldT), impl)[0]
			it.reflectCall(g, "(reflect.Value).Call", self, Value{r: []Value{rf}})
		})
	}
	kind := reflectKindOf(v)
	elem := func(g *goroutine) Value { return it.reflectCall(g, "(reflect.Value).Elem", self)[0] }
	switch {
	case !two && reflect.Int <= kind && kind <= reflect.Uintptr:
		num := v.get().n // v.Int() or v.Uint() when Seq is called
		return it.seqFunc(false, func(g *goroutine, yield func(...Value) bool) {
			it.rangeNum(v.t, num, yield)
		})
	case kind == reflect.Pointer:
		if !two && gorelease.Minor >= 27 && v.t.elem != nil && v.t.elem.kind == kArray {
			// Go 1.27's Seq reads the length off the type: a nil
			// array pointer yields its indexes too.
			n := v.t.elem.length
			return it.seqFunc(false, func(g *goroutine, yield func(...Value) bool) {
				for i := range n {
					if !yield(Value{n: uint64(i)}) {
						return
					}
				}
			})
		}
		if reflectKindOf(valueOf(elem(g))) != reflect.Array {
			break
		}
		return it.seqFunc(two, indexes(elem))
	case kind == reflect.Array || kind == reflect.Slice:
		return it.seqFunc(two, indexes(func(*goroutine) Value { return self }))
	case kind == reflect.String:
		return it.seqFunc(two, func(g *goroutine, yield func(...Value) bool) {
			for i, r := range v.get().str() {
				vals := []Value{intValue(int64(i))}
				if two {
					c := new(Value)
					*c = mkInt(int64(r))
					vals = append(vals, it.mkValue(rval{t: it.types.of(types.Typ[types.Int32]), cell: c}))
				}
				if !yield(vals...) {
					return
				}
			}
		})
	case kind == reflect.Map:
		return it.seqFunc(two, func(g *goroutine, yield func(...Value) bool) {
			iter := it.reflectCall(g, "(reflect.Value).MapRange", self)[0]
			for it.reflectCall(g, "(*reflect.MapIter).Next", iter)[0].n != 0 {
				vals := []Value{it.reflectCall(g, "(*reflect.MapIter).Key", iter)[0]}
				if two {
					vals = append(vals, it.reflectCall(g, "(*reflect.MapIter).Value", iter)[0])
				}
				if !yield(vals...) {
					return
				}
			}
		})
	case !two && kind == reflect.Chan:
		return it.seqFunc(false, func(g *goroutine, yield func(...Value) bool) {
			for {
				r := it.reflectCall(g, "(reflect.Value).Recv", self)
				if r[1].n == 0 || !yield(r[0]) {
					return
				}
			}
		})
	}
	what := "iter.Seq[Value]"
	if two {
		what = "iter.Seq2[Value, Value]"
	}
	it.reflectPanic(g, "reflect: "+nameOf(v.t)+" cannot produce "+what)
	return Value{}
}

// rangeNum yields the integers of type t from 0 up to num converted to
// t (reflect's rangeNum, whose T(num) wraps), as Values of type t.
func (it *Interp) rangeNum(t *rtype, num uint64, yield func(...Value) bool) {
	bits := uint(t.size * 8)
	signed := t.kind.isSigned()
	if bits < 64 {
		num &= 1<<bits - 1
		if signed && num&(1<<(bits-1)) != 0 {
			num |= ^uint64(0) << bits // sign-extended
		}
	}
	for i := uint64(0); ; i++ {
		if signed && int64(i) >= int64(num) || !signed && i >= num {
			return
		}
		c := new(Value)
		*c = Value{n: i}
		if !yield(it.mkValue(rval{t: t, cell: c})) {
			return
		}
	}
}
