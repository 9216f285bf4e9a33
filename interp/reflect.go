// This file makes package reflect the interpreter's own: reflect.TypeOf,
// ValueOf and the methods of Type and Value work on the interpreter's
// types and values, so that the program's types keep their names,
// methods and fields ("main.T", its String method, its struct tags),
// which real reflect could not see (it would get a structural stand-in
// of each program type, see boundary.go).
//
// Representation. A reflect.Type is an interface value whose dynamic
// type is *reflect.rtype and whose pointer is the type's cell: one
// memory cell per rtype (typeCell) holding the *rtype, so that two
// Types are == exactly when they describe the same type, as in Go. A
// reflect.Value keeps its three fields with the interpreter's meanings:
// typ_ the cell of its type, ptr a memory cell holding the value (the
// variable itself when the Value is addressable, else a copy), flag the
// bits below. The program sees neither: the fields are unexported, and
// every function of package reflect over Types and Values is
// implemented here (reflectFuncs); those over plain data (Kind.String,
// StructTag.Get, …) run for real; any other is unsupported, so that no
// Value of the interpreter ever reaches real reflect.
//
// Panics are reflect's own: a *reflect.ValueError, or reflect's message
// as a string, as gc's reflect raises them.

package interp

import (
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/vssa-go/vssa/interp/internal/printverbs"
)

// Bits of a reflect.Value's flag field.
const (
	flagAddr        = 1 << iota // the cell is the variable: settable, addressable
	flagRO                      // reached through an unexported field: not interfaceable
	flagMethodShift = 8         // above: the index+1 of a method of the type, bound to the value (Value.Method)
)

// rval is a reflect.Value unpacked: t is nil for the zero Value. pos is
// what a pointer to the cell says of its place (ptrinfo.go: 0 for a
// variable of its own), kept in the n of the Value's ptr field. An
// element of a packed array or slice (packed.go) has no cell: b points
// to it instead, and get and put read and write either.
type rval struct {
	t    *rtype
	cell *Value
	b    *uint8
	flag uint64
	pos  uint64
}

// get returns the value r holds (not a copy).
func (r rval) get() Value {
	if r.b != nil {
		return loadPacked(r.t, r.b)
	}
	return *r.cell
}

// put stores x into r's variable.
func (r rval) put(x Value) {
	if r.b != nil {
		storePacked(r.t, r.b, x)
		return
	}
	storeInto(r.t, r.cell, x)
}

// ptr returns the pointer to r's variable, for the Value's ptr field.
func (r rval) ptr() Value {
	if r.b != nil {
		return Value{n: r.pos, r: r.b}
	}
	return Value{n: r.pos, r: r.cell}
}

// reflectTypes are the rtypes of package reflect's types the
// implementation builds values of, found from the first reflect
// function the program calls.
type reflectTypes struct {
	once        sync.Once
	pkg         *types.Package
	value       *rtype // reflect.Value
	typ         *rtype // reflect.Type
	rtypePtr    *rtype // *reflect.rtype, the dynamic type of Types
	method      *rtype // reflect.Method
	structField *rtype // reflect.StructField
	values      *rtype // []reflect.Value
}

// reflectPackage finds package reflect from a signature of one of its
// functions and sets it.refl from it.
func (it *Interp) reflectPackage(sig *types.Signature) {
	var pkg *types.Package
	var find func(t types.Type)
	find = func(t types.Type) {
		switch t := types.Unalias(t).(type) {
		case *types.Named:
			if p := t.Obj().Pkg(); p != nil && p.Path() == "reflect" {
				pkg = p
			}
		case *types.Slice:
			find(t.Elem())
		case *types.Pointer:
			find(t.Elem())
		}
	}
	for _, tup := range []*types.Tuple{sig.Params(), sig.Results()} {
		for i := 0; i < tup.Len(); i++ {
			find(tup.At(i).Type())
		}
	}
	if sig.Recv() != nil {
		find(sig.Recv().Type())
	}
	if pkg == nil {
		return
	}
	it.refl.once.Do(func() {
		lookup := func(name string) types.Type { return pkg.Scope().Lookup(name).Type() }
		it.refl.pkg = pkg
		it.refl.value = it.types.of(lookup("Value"))
		it.refl.typ = it.types.of(lookup("Type"))
		it.refl.rtypePtr = it.types.of(types.NewPointer(lookup("rtype")))
		it.refl.method = it.types.of(lookup("Method"))
		it.refl.structField = it.types.of(lookup("StructField"))
		it.refl.values = it.types.of(types.NewSlice(lookup("Value")))
	})
}

// typeCell returns the cell standing for t in Types and Values.
func (it *Interp) typeCell(t *rtype) *Value {
	if c, ok := it.typeCells.Load(t); ok {
		return c.(*Value)
	}
	c, _ := it.typeCells.LoadOrStore(t, &Value{r: t})
	return c.(*Value)
}

// mkType returns t as a reflect.Type (nil for a nil t).
func (it *Interp) mkType(t *rtype) Value {
	if t == nil {
		return Value{}
	}
	return Value{r: &iface{t: it.refl.rtypePtr, v: Value{r: it.typeCell(t)}}}
}

// typeOf returns the rtype a reflect.Type or *reflect.rtype value
// stands for (nil for a nil Type).
func typeOf(v Value) *rtype {
	if i := v.iface(); i != nil {
		v = i.v
	}
	if c := v.cell(); c != nil {
		t, _ := c.r.(*rtype)
		return t
	}
	return nil
}

// mkValue packs r as a reflect.Value.
func (it *Interp) mkValue(r rval) Value {
	if r.t == nil {
		return zero(it.refl.value)
	}
	return Value{r: []Value{{r: it.typeCell(r.t)}, r.ptr(), {n: r.flag}}}
}

// valueOf unpacks a reflect.Value.
func valueOf(v Value) rval {
	f := v.slice()
	if len(f) != 3 || f[0].cell() == nil {
		return rval{}
	}
	b, _ := f[1].r.(*uint8)
	return rval{t: f[0].cell().r.(*rtype), cell: f[1].cell(), b: b, flag: f[2].n, pos: f[1].n}
}

// valueOfIface makes the Value holding a copy of the interface value x
// (reflect.ValueOf).
func valueOfIface(x Value) rval {
	i := x.iface()
	if i == nil {
		return rval{}
	}
	c := new(Value)
	*c = copyVal(i.t, i.v)
	return rval{t: i.t, cell: c}
}

// load returns the value r holds (a copy for aggregates).
func (r rval) load() Value { return copyVal(r.t, r.get()) }

// iface returns r's value as an interface value (Value.Interface).
func (it *Interp) ifaceOf(g *goroutine, r rval) Value {
	if r.flag>>flagMethodShift != 0 {
		return it.boundMethod(r)
	}
	if r.t.kind == kInterface {
		return r.get() // the interface value itself
	}
	return Value{r: &iface{t: r.t, v: r.load()}}
}

// reflectKind returns the reflect.Kind of t.
func reflectKind(t *rtype) reflect.Kind {
	if t.kind == kReal {
		return t.real.Kind()
	}
	switch u := t.t.Underlying().(type) {
	case *types.Basic:
		return basicReflectKind[u.Kind()]
	case *types.Pointer:
		return reflect.Pointer
	case *types.Slice:
		return reflect.Slice
	case *types.Array:
		return reflect.Array
	case *types.Struct:
		return reflect.Struct
	case *types.Map:
		return reflect.Map
	case *types.Chan:
		return reflect.Chan
	case *types.Signature:
		return reflect.Func
	case *types.Interface:
		return reflect.Interface
	}
	return reflect.Invalid
}

var basicReflectKind = map[types.BasicKind]reflect.Kind{
	types.Bool: reflect.Bool, types.Int: reflect.Int, types.Int8: reflect.Int8,
	types.Int16: reflect.Int16, types.Int32: reflect.Int32, types.Int64: reflect.Int64,
	types.Uint: reflect.Uint, types.Uint8: reflect.Uint8, types.Uint16: reflect.Uint16,
	types.Uint32: reflect.Uint32, types.Uint64: reflect.Uint64, types.Uintptr: reflect.Uintptr,
	types.Float32: reflect.Float32, types.Float64: reflect.Float64,
	types.Complex64: reflect.Complex64, types.Complex128: reflect.Complex128,
	types.String: reflect.String, types.UnsafePointer: reflect.UnsafePointer,
}

// reflectIntrinsic returns the implementation of the function of
// package reflect with the given name and signature: the interpreter's
// (reflectFuncs), the real one (onlyPlainData), or one that stops with
// "unsupported".
func (it *Interp) reflectIntrinsic(name string, sig *types.Signature) func(*Interp, *goroutine, []Value) []Value {
	it.reflectPackage(sig)
	if f, ok := reflectFuncs[name]; ok {
		return f
	}
	if strings.HasPrefix(name, "reflect.TypeAssert[") && sig.Results().Len() == 2 {
		return it.typeAssertFunc(it.types.of(sig.Results().At(0).Type()))
	}
	if onlyPlainData(sig) {
		return nil // the real function
	}
	return unsupportedIntrinsic(name + " (on the interpreter's values)")
}

// typeAssertFunc implements reflect.TypeAssert[T], T being target: as
// v.Interface().(T) with the comma, with TypeAssert's own panics.
func (it *Interp) typeAssertFunc(target *rtype) func(*Interp, *goroutine, []Value) []Value {
	return func(it *Interp, g *goroutine, args []Value) []Value {
		v := valueOf(args[0])
		if v.t == nil {
			it.raise(g, it.realIface(&reflect.ValueError{Method: "reflect.TypeAssert", Kind: reflect.Invalid}))
		}
		if v.flag&flagRO != 0 {
			it.reflectPanic(g, "reflect.TypeAssert: cannot return value obtained from unexported field or method")
		}
		x := it.ifaceOf(g, v)
		if ok, _ := it.asserts(x.iface(), target); ok {
			return []Value{asserted(x, x.iface(), target), mkBool(true)}
		}
		return []Value{zero(target), mkBool(false)}
	}
}

// onlyPlainData reports whether a signature has only numbers, strings
// and booleans: a real reflect function of such a signature (Kind.String,
// StructTag.Get) never sees an interpreted value.
func onlyPlainData(sig *types.Signature) bool {
	plain := func(tup *types.Tuple) bool {
		for i := 0; i < tup.Len(); i++ {
			if _, ok := tup.At(i).Type().Underlying().(*types.Basic); !ok {
				return false
			}
		}
		return true
	}
	recvOK := sig.Recv() == nil || plain(types.NewTuple(sig.Recv()))
	return recvOK && plain(sig.Params()) && plain(sig.Results())
}

// valueError raises reflect's *ValueError for a method of Value called
// on a Value of the wrong kind.
func (it *Interp) valueError(g *goroutine, method string, r rval) {
	it.valueErrorIn(g, "reflect.Value."+method, r)
}

// valueErrorIn raises reflect's *ValueError naming where as reflect
// does: "reflect.Copy", or "unknown method" for a function whose
// panic names the Value method that called it, as Append's does
// (reflect finds none on the stack).
func (it *Interp) valueErrorIn(g *goroutine, where string, r rval) {
	k := reflectKindOf(r) // a method value's is Func
	it.raise(g, it.realIface(&reflect.ValueError{Method: where, Kind: k}))
}

// reflectPanic raises reflect's panic with a plain message.
func (it *Interp) reflectPanic(g *goroutine, msg string) {
	it.raiseString(g, msg)
}

// pkgPath is the import path of a package as gc's reflect reports it:
// "main" for the program's main package.
func pkgPath(p *types.Package) string {
	if p == nil {
		return ""
	}
	if p.Name() == "main" {
		return "main"
	}
	return p.Path()
}

// typeBaseName is the name of a named or basic type without its
// package ("T", "G[int]", "int"), "" for other types.
func typeBaseName(t *rtype) string {
	if t.kind == kReal && t.t == nil {
		return t.real.Name()
	}
	switch tt := types.Unalias(t.t).(type) {
	case *types.Named:
		if tt.Obj().Pkg() == nil {
			return t.name // error
		}
		return strings.TrimPrefix(t.name, tt.Obj().Pkg().Name()+".")
	case *types.Basic:
		if tt.Kind() == types.UnsafePointer {
			return "Pointer"
		}
		return t.name
	}
	return ""
}

// heldString is the string a reflect.Value operand holds, printed as
// itself by Print-like functions but, unlike a string, spaced from the
// operands beside it.
type heldString struct{ s string }

func (h heldString) String() string { return h.s }

// spacesByStrings reports whether the printing function name spaces its
// operands by whether they are strings (Print, not Println or Printf).
func spacesByStrings(name string) bool {
	return printverbs.Funcs[name] == -1 && !strings.HasSuffix(name, "ln")
}

// unwrapReflectValues replaces the operands of a printing function
// (printcheck.go) that are reflect.Values by the values they hold, as
// fmt does ("the operand is replaced by the concrete value that it
// holds"), so that real fmt, which cannot see the interpreter's
// Values, prints those. A Value fmt would print otherwise (the zero
// Value, one from an unexported field, whose methods fmt does not call)
// is unsupported.
func (it *Interp) unwrapReflectValues(name string, args []Value) []Value {
	if _, ok := printverbs.Funcs[name]; !ok || len(args) == 0 || it.refl.value == nil {
		return args
	}
	operands := args[len(args)-1].slice()
	var out []Value
	for i, op := range operands {
		x := op.iface()
		if x == nil || x.t != it.refl.value {
			continue
		}
		r := valueOf(x.v)
		if r.t == nil || r.flag&flagRO != 0 {
			panic(unsupportedf("%s: a reflect.Value that is invalid or from an unexported field", name))
		}
		if out == nil {
			out = slices.Clone(operands)
		}
		out[i] = it.ifaceOf(nil, r)
		if held := out[i].iface(); spacesByStrings(name) && held != nil && held.t.kind == kString && it.printMethodsOf(held.t) == 0 {
			// fmt puts a space between operands neither of which is a
			// string, and a Value is none (even of an interface holding
			// a string): the string goes to fmt as a stringer, not a
			// string, to keep the spaces.
			out[i] = it.realIface(heldString{held.v.str()})
		}
	}
	if out == nil {
		return args
	}
	args = slices.Clone(args)
	args[len(args)-1] = Value{r: out}
	return args
}
