// This file implements reflect.TypeOf, the methods of reflect.Type and
// the constructors of types (PointerTo, SliceOf, MapOf, ArrayOf,
// StructOf) on the interpreter's types (see reflect.go). A type made at
// run time is made with go/types, so that it is identical to the same
// type written in the program, as reflect's constructors guarantee.

package interp

import (
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	rt "github.com/vssa-go/vssa/interp/internal/runtime"
)

// reflectFuncs are the functions of package reflect implemented here,
// by their go/ssa names.
var reflectFuncs = map[string]func(it *Interp, g *goroutine, args []Value) []Value{}

// typeMethod registers a method of reflect.Type (of *reflect.rtype).
func typeMethod(name string, f func(it *Interp, g *goroutine, t *rtype, args []Value) []Value) {
	reflectFuncs["(*reflect.rtype)."+name] = func(it *Interp, g *goroutine, args []Value) []Value {
		return f(it, g, typeOf(args[0]), args[1:])
	}
}

func init() {
	// StructField's and Method's IsExported: PkgPath (their second
	// field) is empty.
	isExported := func(it *Interp, g *goroutine, args []Value) []Value {
		return []Value{mkBool(args[0].slice()[1].str() == "")}
	}
	reflectFuncs["(reflect.StructField).IsExported"] = isExported
	reflectFuncs["(reflect.Method).IsExported"] = isExported
	reflectFuncs["reflect.TypeOf"] = func(it *Interp, g *goroutine, args []Value) []Value {
		if i := args[0].iface(); i != nil {
			return []Value{it.mkType(i.t)}
		}
		return []Value{{}}
	}
	reflectFuncs["reflect.PointerTo"] = func(it *Interp, g *goroutine, args []Value) []Value {
		return []Value{it.mkType(it.types.of(types.NewPointer(it.goType(g, typeOf(args[0])))))}
	}
	reflectFuncs["reflect.PtrTo"] = reflectFuncs["reflect.PointerTo"]
	reflectFuncs["reflect.SliceOf"] = func(it *Interp, g *goroutine, args []Value) []Value {
		return []Value{it.mkType(it.types.of(types.NewSlice(it.goType(g, typeOf(args[0])))))}
	}
	reflectFuncs["reflect.MapOf"] = func(it *Interp, g *goroutine, args []Value) []Value {
		k, e := typeOf(args[0]), typeOf(args[1])
		if k == nil || !k.comparable {
			it.reflectPanic(g, "reflect.MapOf: invalid key type "+nameOf(k))
		}
		return []Value{it.mkType(it.types.of(types.NewMap(it.goType(g, k), it.goType(g, e))))}
	}
	reflectFuncs["reflect.ArrayOf"] = func(it *Interp, g *goroutine, args []Value) []Value {
		n := args[0].int()
		if n < 0 {
			it.reflectPanic(g, "reflect: negative length passed to ArrayOf")
		}
		return []Value{it.mkType(it.types.of(types.NewArray(it.goType(g, typeOf(args[1])), n)))}
	}
	reflectFuncs["reflect.ChanOf"] = func(it *Interp, g *goroutine, args []Value) []Value {
		t := typeOf(args[1])
		if t == nil {
			it.raiseRuntime(g, errNilDeref) // reflect calls a method of the nil Type
		}
		if t.size >= 1<<16 {
			it.reflectPanic(g, "reflect.ChanOf: element size too large")
		}
		var dir types.ChanDir
		switch args[0].int() {
		case 1: // reflect.RecvDir
			dir = types.RecvOnly
		case 2: // reflect.SendDir
			dir = types.SendOnly
		case 3: // reflect.BothDir
			dir = types.SendRecv
		default:
			it.reflectPanic(g, "reflect.ChanOf: invalid dir")
		}
		return []Value{it.mkType(it.types.of(types.NewChan(dir, it.goType(g, t))))}
	}
	reflectFuncs["reflect.FuncOf"] = func(it *Interp, g *goroutine, args []Value) []Value {
		in, out, variadic := args[0].slice(), args[1].slice(), args[2].n != 0
		vars := func(ts []Value) []*types.Var {
			vs := make([]*types.Var, len(ts))
			for i, x := range ts {
				t := typeOf(x)
				if t == nil {
					// reflect converts each Type to its *rtype
					it.raiseRuntime(g, rt.NewTypeAssertionError("reflect.Type", "", "*reflect.rtype", ""))
				}
				vs[i] = types.NewParam(token.NoPos, nil, "", it.goType(g, t))
			}
			return vs
		}
		if variadic && len(in) > 0 && typeOf(in[len(in)-1]) == nil {
			it.raiseRuntime(g, errNilDeref) // the Kind of the nil Type
		}
		if variadic && (len(in) == 0 || reflectKind(typeOf(in[len(in)-1])) != reflect.Slice) {
			it.reflectPanic(g, "reflect.FuncOf: last arg of variadic func must be slice")
		}
		if len(in)+len(out) > 128 {
			it.reflectPanic(g, "reflect.FuncOf: too many arguments")
		}
		sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(vars(in)...), types.NewTuple(vars(out)...), variadic)
		return []Value{it.mkType(it.types.of(sig))}
	}
	reflectFuncs["reflect.StructOf"] = func(it *Interp, g *goroutine, args []Value) []Value {
		return []Value{it.mkType(it.structOf(g, args[0].slice()))}
	}

	typeMethod("String", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		return []Value{mkString(nameOf(t))}
	})
	typeMethod("Name", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		return []Value{mkString(typeBaseName(t))}
	})
	typeMethod("PkgPath", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		switch tt := types.Unalias(it.goType(g, t)).(type) {
		case *types.Named:
			return []Value{mkString(pkgPath(tt.Obj().Pkg()))}
		case *types.Basic:
			if tt.Kind() == types.UnsafePointer {
				return []Value{mkString("unsafe")}
			}
		}
		return []Value{mkString("")}
	})
	typeMethod("Kind", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		return []Value{mkUint(uint64(reflectKind(t)))}
	})
	typeMethod("Size", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		return []Value{mkUint(uint64(it.types.sizeof(it.goType(g, t))))}
	})
	typeMethod("Bits", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		if k := t.kind; !k.isInt() && !k.isFloat() && !k.isComplex() {
			it.reflectPanic(g, "reflect: Bits of non-arithmetic Type "+nameOf(t))
		}
		return []Value{mkInt(8 * it.types.sizeof(it.goType(g, t)))}
	})
	typeMethod("Align", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		return []Value{mkInt(it.types.sizes.Alignof(it.goType(g, t)))}
	})
	typeMethod("Comparable", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		return []Value{mkBool(t.comparable)}
	})
	typeMethod("Elem", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		switch u := it.goType(g, t).Underlying().(type) {
		case *types.Pointer:
			return []Value{it.mkType(it.types.of(u.Elem()))}
		case *types.Slice:
			return []Value{it.mkType(it.types.of(u.Elem()))}
		case *types.Array:
			return []Value{it.mkType(it.types.of(u.Elem()))}
		case *types.Map:
			return []Value{it.mkType(it.types.of(u.Elem()))}
		case *types.Chan:
			return []Value{it.mkType(it.types.of(u.Elem()))}
		}
		it.reflectPanic(g, "reflect: Elem of invalid type "+nameOf(t))
		return nil
	})
	typeMethod("ChanDir", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		c, ok := it.goType(g, t).Underlying().(*types.Chan)
		if !ok {
			it.reflectPanic(g, "reflect: ChanDir of non-chan type "+nameOf(t))
		}
		dir := reflect.BothDir
		switch c.Dir() {
		case types.SendOnly:
			dir = reflect.SendDir
		case types.RecvOnly:
			dir = reflect.RecvDir
		}
		return []Value{mkInt(int64(dir))}
	})
	typeMethod("Key", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		m, ok := it.goType(g, t).Underlying().(*types.Map)
		if !ok {
			it.reflectPanic(g, "reflect: Key of non-map type "+nameOf(t))
		}
		return []Value{it.mkType(it.types.of(m.Key()))}
	})
	typeMethod("Len", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		a, ok := it.goType(g, t).Underlying().(*types.Array)
		if !ok {
			it.reflectPanic(g, "reflect: Len of non-array type "+nameOf(t))
		}
		return []Value{mkInt(a.Len())}
	})
	typeMethod("NumField", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		return []Value{mkInt(int64(it.structType(g, t, "NumField").NumFields()))}
	})
	typeMethod("Field", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		st := it.structType(g, t, "Field")
		i := args[0].int()
		if i < 0 || i >= int64(st.NumFields()) {
			it.reflectPanic(g, "reflect: Field index out of bounds")
		}
		return []Value{it.structField(st, []int{int(i)})}
	})
	typeMethod("FieldByName", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		st := it.structType(g, t, "FieldByName")
		if index := fieldIndex(st, args[0].str()); index != nil {
			return []Value{it.structField(st, index), mkBool(true)}
		}
		return []Value{zero(it.refl.structField), mkBool(false)}
	})
	typeMethod("NumMethod", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		return []Value{mkInt(int64(len(it.methodsOf(t))))}
	})
	typeMethod("Method", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		ms := it.methodsOf(t)
		i := args[0].int()
		if i < 0 || i >= int64(len(ms)) {
			it.reflectPanic(g, "reflect: Method index out of range")
		}
		return []Value{it.methodStruct(t, ms, int(i))}
	})
	typeMethod("MethodByName", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		ms := it.methodsOf(t)
		for i, m := range ms {
			if m.Obj().Name() == args[0].str() {
				return []Value{it.methodStruct(t, ms, i), mkBool(true)}
			}
		}
		return []Value{zero(it.refl.method), mkBool(false)}
	})
	typeMethod("NumIn", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		return []Value{mkInt(int64(it.funcType(g, t, "NumIn").Params().Len()))}
	})
	typeMethod("In", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		return []Value{it.mkType(it.types.of(it.funcType(g, t, "In").Params().At(int(args[0].int())).Type()))}
	})
	typeMethod("NumOut", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		return []Value{mkInt(int64(it.funcType(g, t, "NumOut").Results().Len()))}
	})
	typeMethod("Out", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		return []Value{it.mkType(it.types.of(it.funcType(g, t, "Out").Results().At(int(args[0].int())).Type()))}
	})
	typeMethod("IsVariadic", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		return []Value{mkBool(it.funcType(g, t, "IsVariadic").Variadic())}
	})
	typeMethod("Implements", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		u := typeOf(args[0])
		if u == nil {
			it.reflectPanic(g, "reflect: nil type passed to Type.Implements")
		}
		iface, ok := it.goType(g, u).Underlying().(*types.Interface)
		if !ok {
			it.reflectPanic(g, "reflect: non-interface type passed to Type.Implements")
		}
		return []Value{mkBool(types.Implements(it.goType(g, t), iface))}
	})
	typeMethod("AssignableTo", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		u := typeOf(args[0])
		if u == nil {
			it.reflectPanic(g, "reflect: nil type passed to Type.AssignableTo")
		}
		return []Value{mkBool(types.AssignableTo(it.goType(g, t), it.goType(g, u)))}
	})
	typeMethod("ConvertibleTo", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		u := typeOf(args[0])
		if u == nil {
			it.reflectPanic(g, "reflect: nil type passed to Type.ConvertibleTo")
		}
		return []Value{mkBool(types.ConvertibleTo(it.goType(g, t), it.goType(g, u)))}
	})
}

// nameOf is t's name as reflect's Type.String gives it.
func nameOf(t *rtype) string {
	if t == nil {
		return "<nil>"
	}
	return t.name
}

// goType returns the go/types type of t; a type only real reflect knows
// (made by real code) is unsupported.
func (it *Interp) goType(g *goroutine, t *rtype) types.Type {
	if t == nil {
		panic(unsupportedf("reflect: nil Type"))
	}
	if t.t == nil {
		panic(unsupportedf("reflection on type %s, made by the standard library", t.name))
	}
	return t.t
}

// assignable reports whether a value of type x is assignable to type t,
// as reflect's AssignableTo. A value the standard library made has no
// go/types type: it is assignable to an empty interface, to error if
// its real type implements error, and to a real type as real reflect
// says; anything else about it is unsupported (goType).
func (it *Interp) assignable(g *goroutine, x, t *rtype) bool {
	if x.t == nil {
		switch {
		case t.t == nil:
			return x.real.AssignableTo(t.real)
		case types.Identical(t.t, types.Universe.Lookup("error").Type()):
			return x.real.Implements(errorType)
		}
		if i, ok := t.t.Underlying().(*types.Interface); ok && i.Empty() {
			return true
		}
	}
	return types.AssignableTo(it.goType(g, x), it.goType(g, t))
}

// structType returns t's struct type, or raises reflect's panic for
// the method of Type named method.
func (it *Interp) structType(g *goroutine, t *rtype, method string) *types.Struct {
	st, ok := it.goType(g, t).Underlying().(*types.Struct)
	if !ok {
		it.reflectPanic(g, "reflect: "+method+" of non-struct type "+nameOf(t))
	}
	return st
}

// funcType returns t's signature, or raises reflect's panic.
func (it *Interp) funcType(g *goroutine, t *rtype, method string) *types.Signature {
	sig, ok := it.goType(g, t).Underlying().(*types.Signature)
	if !ok {
		it.reflectPanic(g, "reflect: "+method+" of non-func type "+nameOf(t))
	}
	return sig
}

// structField returns the reflect.StructField of the field of st at
// index (a path through embedded fields).
func (it *Interp) structField(st *types.Struct, index []int) Value {
	var f *types.Var
	var tag string
	var offset int64
	cur := st
	for k, i := range index {
		f, tag = cur.Field(i), cur.Tag(i)
		if k == len(index)-1 {
			fields := make([]*types.Var, cur.NumFields())
			for j := range fields {
				fields[j] = cur.Field(j)
			}
			offset = it.types.sizes.Offsetsof(fields)[i]
		}
		next, _ := derefStruct(f.Type())
		cur = next
	}
	sf := zero(it.refl.structField)
	s := sf.slice()
	// Name, PkgPath, Type, Tag, Offset, Index, Anonymous
	s[0] = mkString(f.Name())
	if !f.Exported() {
		s[1] = mkString(pkgPath(f.Pkg()))
	}
	s[2] = it.mkType(it.types.of(f.Type()))
	s[3] = mkString(tag)
	s[4] = mkUint(uint64(offset))
	intT := it.types.of(types.Typ[types.Int])
	idx := newPacked(intT, len(index), len(index))
	for k, i := range index {
		setPackedIndex(intT, idx, k, mkInt(int64(i)))
	}
	s[5] = Value{r: idx}
	s[6] = mkBool(f.Embedded())
	return sf
}

// derefStruct returns the struct type of t or of what t points to.
func derefStruct(t types.Type) (*types.Struct, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
}

// fieldIndex finds the field named name in st as reflect's FieldByName
// does: the shallowest one, through embedded structs; nil if there is
// none or more than one at that depth.
func fieldIndex(st *types.Struct, name string) []int {
	type visit struct {
		st    *types.Struct
		index []int
	}
	level := []visit{{st, nil}}
	seen := map[*types.Struct]bool{}
	for len(level) > 0 {
		var found []int
		count := 0
		var next []visit
		for _, v := range level {
			if seen[v.st] {
				continue
			}
			seen[v.st] = true
			for i := 0; i < v.st.NumFields(); i++ {
				f := v.st.Field(i)
				index := append(slices.Clone(v.index), i)
				if f.Name() == name {
					count++
					found = index
					continue
				}
				if f.Embedded() {
					if est, ok := derefStruct(f.Type()); ok {
						next = append(next, visit{est, index})
					}
				}
			}
		}
		if count == 1 {
			return found
		}
		if count > 1 {
			return nil
		}
		level = next
	}
	return nil
}

// methodsOf returns the methods reflect lists for t: for an interface
// type all its methods, else the exported methods of t's method set;
// sorted by name.
func (it *Interp) methodsOf(t *rtype) []*types.Selection {
	if t.t == nil {
		return nil
	}
	ms := types.NewMethodSet(t.t)
	var out []*types.Selection
	_, isIface := t.t.Underlying().(*types.Interface)
	for i := 0; i < ms.Len(); i++ {
		if m := ms.At(i); isIface || m.Obj().Exported() {
			out = append(out, m)
		}
	}
	slices.SortFunc(out, func(a, b *types.Selection) int { return strings.Compare(a.Obj().Name(), b.Obj().Name()) })
	return out
}

// methodStruct returns the reflect.Method for method i of ms, t's.
func (it *Interp) methodStruct(t *rtype, ms []*types.Selection, i int) Value {
	m := ms[i]
	sig := m.Type().(*types.Signature)
	mv := zero(it.refl.method)
	s := mv.slice()
	// Name, PkgPath, Type, Func, Index
	s[0] = mkString(m.Obj().Name())
	if !m.Obj().Exported() {
		s[1] = mkString(pkgPath(m.Obj().Pkg()))
	}
	s[4] = mkInt(int64(i))
	if _, isIface := t.t.Underlying().(*types.Interface); isIface {
		s[2] = it.mkType(it.types.of(types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic())))
		return mv
	}
	// The method as a function of the receiver and the arguments.
	params := []*types.Var{types.NewParam(token.NoPos, nil, "", t.t)}
	for j := 0; j < sig.Params().Len(); j++ {
		params = append(params, sig.Params().At(j))
	}
	ft := it.types.of(types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), sig.Results(), sig.Variadic()))
	s[2] = it.mkType(ft)
	fn := it.method(t, m.Obj().Name())
	if fn == nil {
		panic(unsupportedf("reflect: method %s of %s not found", m.Obj().Name(), t.name))
	}
	c := new(Value)
	*c = Value{r: &closure{fn: fn}}
	s[3] = it.mkValue(rval{t: ft, cell: c})
	return mv
}

// structOf makes the struct type of reflect.StructOf's fields.
func (it *Interp) structOf(g *goroutine, fields []Value) *rtype {
	vars := make([]*types.Var, len(fields))
	tags := make([]string, len(fields))
	for i, fv := range fields {
		f := fv.slice() // Name, PkgPath, Type, Tag, Offset, Index, Anonymous
		name, ft := f[0].str(), typeOf(f[2])
		if name == "" {
			it.reflectPanic(g, "reflect.StructOf: field "+strconv.Itoa(i)+" has no name")
		}
		if ft == nil {
			it.reflectPanic(g, "reflect.StructOf: field "+strconv.Itoa(i)+" has no type")
		}
		var pkg *types.Package
		if path := f[1].str(); path != "" {
			pkg = types.NewPackage(path, path) // unexported names compare by path
		} else if !token.IsExported(name) {
			it.reflectPanic(g, "reflect.StructOf: field \""+name+"\" is unexported but missing PkgPath")
		}
		vars[i] = types.NewField(token.NoPos, pkg, name, it.goType(g, ft), f[6].bool())
		tags[i] = f[3].str()
	}
	return it.types.of(types.NewStruct(vars, tags))
}
