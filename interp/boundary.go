// This file converts values between the interpreter's representation
// and real Go values, for calls into the standard library.
//
// Scalars, strings and real (kReal) values cross as they are, and so do
// slices of scalars (packed.go): the standard library reads, writes and
// keeps the program's own bytes, as in Go. Other slices, and arrays,
// maps and structs of the program are copied (so a standard library
// function that keeps or modifies its argument does not affect the
// interpreted one — an accepted difference, narrowed for slices and
// pointers of plain data, whose changes are written back after the
// call). A pointer to an
// interpreted cell holding a real value crosses as the real pointer, so
// methods with pointer receivers (sync.Mutex.Lock) act on the program's
// variable. An interpreted function crosses as a real function made by
// reflect.MakeFunc that calls back into the interpreter. A value of a
// program type with an Error or String method crosses, where an
// interface is expected, as an adapter whose method calls back.

package interp

import (
	"fmt"
	"go/types"
	"io"
	"reflect"
	"strings"
	"sync"
	"unsafe"

	"github.com/vssa-go/vssa/interp/internal/printverbs"
)

var (
	anyType    = reflect.TypeFor[any]()
	errorType  = reflect.TypeFor[error]()
	readerType = reflect.TypeFor[io.Reader]()
	writerType = reflect.TypeFor[io.Writer]()
	reflectOf  sync.Map // *rtype → reflect.Type (nil if not expressible)
	anyRType   = types.NewInterfaceType(nil, nil).Complete()
	errorIface = types.Universe.Lookup("error").Type()
)

// reflectType returns the Go type of values of t when they cross to real
// code: the real type for standard library types, a structurally equal
// type (with reflect.StructOf, FuncOf, …) for the program's own types.
func (it *Interp) reflectType(t *rtype) reflect.Type {
	if rt, ok := reflectOf.Load(t); ok {
		return rt.(reflect.Type)
	}
	rt := it.makeReflectType(t)
	reflectOf.Store(t, rt)
	return rt
}

var basicReflect = map[kind]reflect.Type{
	kBool: reflect.TypeFor[bool](), kInt8: reflect.TypeFor[int8](), kInt16: reflect.TypeFor[int16](),
	kInt32: reflect.TypeFor[int32](), kInt64: reflect.TypeFor[int64](), kUint8: reflect.TypeFor[uint8](),
	kUint16: reflect.TypeFor[uint16](), kUint32: reflect.TypeFor[uint32](), kUint64: reflect.TypeFor[uint64](),
	kFloat32: reflect.TypeFor[float32](), kFloat64: reflect.TypeFor[float64](),
	kComplex64: reflect.TypeFor[complex64](), kComplex128: reflect.TypeFor[complex128](),
	kString: reflect.TypeFor[string](), kUnsafePointer: reflect.TypeFor[unsafe.Pointer](),
}

func (it *Interp) makeReflectType(t *rtype) reflect.Type {
	if t.kind == kReal {
		return t.real
	}
	if n, ok := t.t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "reflect" && !onlyPlainData(types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(0, nil, "", n)), nil, false)) {
		// The interpreter's reflect.Values and Types (reflect.go) mean
		// nothing to real code.
		panic(unsupportedf("a %s passed to the standard library", t.name))
	}
	if n, ok := t.t.(*types.Named); ok && n.Obj().Pkg() != nil && it.opts.Externs != nil {
		if rt, ok := it.opts.Externs.Type(n.Obj().Pkg().Path(), n.Obj().Name()); ok {
			return rt
		}
	}
	if b, ok := t.t.Underlying().(*types.Basic); ok {
		switch b.Kind() {
		case types.Int:
			return reflect.TypeFor[int]()
		case types.Uint:
			return reflect.TypeFor[uint]()
		case types.Uintptr:
			return reflect.TypeFor[uintptr]()
		}
	}
	if rt, ok := basicReflect[t.kind]; ok {
		return rt
	}
	switch t.kind {
	case kPointer:
		return reflect.PointerTo(it.reflectType(t.elem))
	case kSlice:
		return reflect.SliceOf(it.reflectType(t.elem))
	case kArray:
		return reflect.ArrayOf(int(t.length), it.reflectType(t.elem))
	case kMap:
		return reflect.MapOf(it.reflectType(t.key), it.reflectType(t.elem))
	case kChan:
		return reflect.ChanOf(reflect.BothDir, it.reflectType(t.elem))
	case kInterface:
		if types.Identical(t.t, errorIface) {
			return errorType
		}
		return anyType
	case kFunc:
		sig := t.t.Underlying().(*types.Signature)
		var in, out []reflect.Type
		for i := 0; i < sig.Params().Len(); i++ {
			in = append(in, it.reflectType(it.types.of(sig.Params().At(i).Type())))
		}
		for i := 0; i < sig.Results().Len(); i++ {
			out = append(out, it.reflectType(it.types.of(sig.Results().At(i).Type())))
		}
		return reflect.FuncOf(in, out, sig.Variadic())
	case kStruct:
		st := t.t.Underlying().(*types.Struct)
		fields := make([]reflect.StructField, st.NumFields())
		for i := range fields {
			f := st.Field(i)
			fields[i] = reflect.StructField{Name: f.Name(), Type: it.reflectType(t.fields[i]), Tag: reflect.StructTag(st.Tag(i))}
			if !f.Exported() {
				fields[i].PkgPath = f.Pkg().Path()
			} else {
				fields[i].Anonymous = f.Embedded()
			}
			if f.Name() == "_" {
				fields[i].Name = fmt.Sprintf("_%d", i)
				fields[i].PkgPath = "vssa"
			}
		}
		return structOf(fields)
	}
	panic(unsupportedf("value of type %s passed to the standard library", t.name))
}

// structOf is reflect.StructOf, which requires unexported fields to share
// one package path; fields from different packages get renamed.
func structOf(fields []reflect.StructField) reflect.Type {
	pkg := ""
	for i := range fields {
		if fields[i].PkgPath == "" {
			continue
		}
		if pkg == "" {
			pkg = fields[i].PkgPath
		}
		fields[i].PkgPath = pkg
	}
	return reflect.StructOf(fields)
}

// crossing converts the arguments of one call into real code. Slices
// and pointed-to variables of the program are copied, so it records them
// and, after the call, writes what real code changed back into the
// program's memory (sort.Ints, io.Reader.Read, fmt.Sscan work).
type crossing struct {
	it   *Interp
	g    *goroutine
	back []writeBack
	// reflective says how the called function looks at the types of
	// the values it is given (see reflection).
	reflective reflection
	callee     string // the function called, for messages ("" if none)
	// keeps says that the callee keeps its arguments of interface
	// type and compares them with later ones (context's values and
	// their keys): a program value goes as a keptValue; arg is the
	// argument being converted, key the one that must be comparable.
	keeps    bool
	arg, key int
}

// keepsValues reports whether the function or method name (as the
// crossing's callee) keeps program values it is given: context.WithValue,
// and the Value methods of the contexts it makes.
func keepsValues(name, method string) bool {
	return name == "context.WithValue" || strings.HasPrefix(name, "context.") && method == "Value"
}

// keptValue carries a value of a program type (t, v) into real code
// that keeps it and compares it with others (context.WithValue): a
// stand-in would be a value of another type, equal to other types'
// values of one structure, and would come back without its type. A
// comparable value has one box (Interp.kept), so that equal values are
// equal boxes and values of different types different ones, as Go's
// interface comparison has it; it comes back as the value itself
// (fromReal).
type keptValue struct {
	it *Interp
	t  *rtype
	v  Value
}

// String is what context prints of a key or value (its stringify): the
// value's String method's result, or its type's name.
func (k *keptValue) String() string {
	if k.it.printMethodsOf(k.t)&hasString != 0 {
		return k.it.callMethodString(k.t, k.v, "String")
	}
	return k.t.name
}

// keptBox returns the box of the program value v of type t.
func (it *Interp) keptBox(g *goroutine, t *rtype, v Value) *keptValue {
	if !t.comparable {
		return &keptValue{it: it, t: t, v: v}
	}
	k := it.key(g, it.types.of(anyRType), Value{r: &iface{t: t, v: v}})
	it.keptMu.Lock()
	defer it.keptMu.Unlock()
	if it.kept == nil {
		it.kept = map[any]*keptValue{}
	}
	b := it.kept[k]
	if b == nil {
		b = &keptValue{it: it, t: t, v: v}
		it.kept[k] = b
	}
	return b
}

// to names the callee in a message: " to NAME", or "" if unknown.
func (c *crossing) to() string {
	if c.callee == "" {
		return " to the standard library"
	}
	return " to " + c.callee
}

// reflection is how much of a value's type a function of the standard
// library sees through reflect.
type reflection int

const (
	seesValues  reflection = iota // none: a stand-in of a program type does what the value would
	seesMethods                   // the methods (json calls MarshalJSON, templates call methods)
	seesNames                     // the methods and the names of types (xml elements, gob, json's decoding errors)
)

// reflectivePackages look at the values they are given through reflect:
// a stand-in of a program type, without its name and methods, would
// make them print or encode something else. Their functions see
// methods; those of namingFuncs see names too.
var reflectivePackages = []string{
	"encoding/asn1", "encoding/gob", "encoding/json", "encoding/xml",
	"html/template", "log/slog", "net/rpc", "testing", "text/template",
}

var namingPrefixes = []string{
	"encoding/gob.", "encoding/xml.", "encoding/asn1.", "net/rpc.",
	"encoding/json.Unmarshal", "encoding/json.Decoder.Decode",
}

// reflectionOf returns how the function or method name (go/ssa's, or a
// package path and "." for a method called through an interface) looks
// at its arguments.
func reflectionOf(name string) reflection {
	if r, ok := reflectionCache.Load(name); ok {
		return r.(reflection)
	}
	r := reflectionOfName(name)
	reflectionCache.Store(name, r)
	return r
}

var (
	reflectionCache   sync.Map // function name → reflection
	receiverDecorator = strings.NewReplacer("(", "", ")", "", "*", "")
)

func reflectionOfName(name string) reflection {
	name = receiverDecorator.Replace(name)
	for _, p := range namingPrefixes {
		if strings.HasPrefix(name, p) {
			return seesNames
		}
	}
	for _, p := range reflectivePackages {
		if strings.HasPrefix(name, p+".") {
			return seesMethods
		}
	}
	return seesValues
}

// seenDifferently reports whether a function that looks at values as r
// would see a stand-in of a value of type t otherwise than the value:
// t is or holds a program type with methods, or a named one if r sees
// names.
func (it *Interp) seenDifferently(r reflection, t types.Type) bool {
	if r == seesValues || !it.isProgramType(t) {
		return false
	}
	if r == seesNames {
		return true
	}
	seen := map[types.Type]bool{}
	var hasMethods func(t types.Type) bool
	hasMethods = func(t types.Type) bool {
		if seen[t] {
			return false
		}
		seen[t] = true
		if _, ok := t.(*types.Named); ok && it.isProgramType(t) {
			if types.NewMethodSet(types.NewPointer(t)).Len() > 0 {
				return true
			}
		}
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			return hasMethods(u.Elem())
		case *types.Slice:
			return hasMethods(u.Elem())
		case *types.Array:
			return hasMethods(u.Elem())
		case *types.Map:
			return hasMethods(u.Key()) || hasMethods(u.Elem())
		case *types.Struct:
			for i := 0; i < u.NumFields(); i++ {
				if hasMethods(u.Field(i).Type()) {
					return true
				}
			}
		}
		return false
	}
	return hasMethods(t)
}

type writeBack struct {
	t    *rtype        // type of the program's value (a slice, or the pointee)
	dst  []Value       // slice elements to update, or
	cell *Value        // the variable to update
	src  reflect.Value // the real copy
}

// finish writes real changes back into the program's memory.
func (c *crossing) finish() {
	for _, w := range c.back {
		if w.cell != nil {
			storeInto(w.t, w.cell, c.it.fromReal(w.src.Elem(), w.t))
			continue
		}
		for i := range w.dst {
			storeInto(w.t.elem, &w.dst[i], c.it.fromReal(w.src.Index(i), w.t.elem))
		}
	}
}

// plainData reports whether values of t are made of numbers, strings
// and booleans only, so that real code's changes to a copy can be
// written back without changing anything's identity or dynamic type.
func plainData(t *rtype) bool {
	switch {
	case t.kind == kBool || t.kind == kString || t.kind.isInt() || t.kind.isFloat() || t.kind.isComplex():
		return true
	case t.kind == kArray:
		return plainData(t.elem)
	case t.kind == kStruct:
		for _, f := range t.fields {
			if !plainData(f) {
				return false
			}
		}
		return true
	}
	return false
}

// toReal converts v, of IR type t, to a real value of Go type want,
// without writing anything back.
func (it *Interp) toReal(g *goroutine, t *rtype, v Value, want reflect.Type) reflect.Value {
	c := &crossing{it: it, g: g}
	return c.toReal(t, v, want)
}

// toReal converts v, of IR type t, to a real value of Go type want.
func (c *crossing) toReal(t *rtype, v Value, want reflect.Type) reflect.Value {
	it := c.it
	if want.Kind() == reflect.Interface {
		return c.toRealIface(t, v, want)
	}
	out := reflect.New(want).Elem()
	switch want.Kind() {
	case reflect.Bool:
		out.SetBool(v.bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		out.SetInt(int64(v.n))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		out.SetUint(v.n)
	case reflect.Float32, reflect.Float64:
		out.SetFloat(v.float())
	case reflect.Complex64, reflect.Complex128:
		out.SetComplex(v.complex())
	case reflect.String:
		out.SetString(v.str())
	case reflect.Slice:
		if t.packed {
			b := v.bytes()
			if b == nil {
				return out
			}
			if !sharesPacked(want, t) {
				panic(unsupportedf("value of type %s passed to the standard library as %s", t.name, want))
			}
			s := int(t.elem.size)
			all := reflect.SliceAt(want.Elem(), unsafe.Pointer(unsafe.SliceData(b)), cap(b)/s)
			out.Set(all.Slice3(0, len(b)/s, cap(b)/s))
			return out
		}
		s := v.slice()
		if s == nil {
			return out
		}
		out.Set(reflect.MakeSlice(want, len(s), len(s)))
		for i, e := range s {
			out.Index(i).Set(c.toReal(t.elem, e, want.Elem()))
		}
		if t.kind == kSlice && plainData(t.elem) {
			c.back = append(c.back, writeBack{t: t, dst: s, src: out})
		}
	case reflect.Array:
		for i, e := range elems(t, v) {
			out.Index(i).Set(c.toReal(t.elem, e, want.Elem()))
		}
	case reflect.Map:
		m, _ := v.r.(*mapObj)
		if m == nil {
			return out
		}
		out.Set(reflect.MakeMapWithSize(want, m.len()))
		for _, e := range m.m {
			out.SetMapIndex(c.toReal(t.key, e.k, want.Key()), c.toReal(t.elem, e.v, want.Elem()))
		}
	case reflect.Pointer:
		switch p := v.r.(type) {
		case nil:
			return out
		case *realPtr:
			return p.v
		case *uint8:
			if packedElem(t.elem) && sameScalar(want.Elem(), t.elem) {
				return reflect.NewAt(want.Elem(), unsafe.Pointer(p))
			}
		case *Value:
			if rv, ok := p.r.(reflect.Value); ok && rv.CanAddr() && rv.Type() == want.Elem() {
				return rv.Addr() // the program's variable of a real type, by reference
			}
			n := reflect.New(want.Elem())
			n.Elem().Set(c.toReal(t.elem, *p, want.Elem()))
			if t.kind == kPointer && plainData(t.elem) {
				c.back = append(c.back, writeBack{t: t.elem, cell: p, src: n})
			}
			return n
		}
		panic(unsupportedf("%s passed to the standard library", foreignName(v)))
	case reflect.UnsafePointer:
		if v.r != nil {
			panic(unsupportedf("unsafe.Pointer to interpreted memory passed%s", c.to()))
		}
	case reflect.Struct:
		if t.kind == kReal {
			return v.r.(reflect.Value)
		}
		for i, f := range v.slice() {
			field := out.Field(i)
			field = reflect.NewAt(field.Type(), unsafe.Pointer(field.UnsafeAddr())).Elem()
			field.Set(c.toReal(t.fields[i], f, field.Type()))
		}
	case reflect.Func:
		switch cl := v.r.(type) {
		case nil:
			return out
		case *realFunc:
			return cl.v
		case *closure:
			rf := reflect.MakeFunc(want, func(args []reflect.Value) []reflect.Value {
				return it.callback(cl, args, want)
			})
			it.pcs.madeFunc(rf, cl.fn)
			return rf
		}
	default:
		panic(unsupportedf("value of type %s passed to the standard library as %s", t.name, want))
	}
	return out
}

// callback runs an interpreted function called by real code.
func (it *Interp) callback(c *closure, args []reflect.Value, ft reflect.Type) []reflect.Value {
	sig := c.fn.sig
	in := make([]Value, len(args))
	for i, a := range args {
		in[i] = it.fromReal(a, it.types.of(sig.Params().At(i).Type()))
	}
	res := it.callFromReal(c.fn, c.env, in)
	out := make([]reflect.Value, len(res))
	for i, r := range res {
		out[i] = it.toReal(nil, it.types.of(sig.Results().At(i).Type()), r, ft.Out(i))
	}
	return out
}

// toRealIface converts v (of IR type t, an interface or a concrete
// type) to a real value of the interface type want.
func (c *crossing) toRealIface(t *rtype, v Value, want reflect.Type) reflect.Value {
	it := c.it
	dynT, dynV := t, v
	if t.kind == kInterface {
		i := v.iface()
		if i == nil {
			return reflect.Zero(want)
		}
		dynT, dynV = i.t, i.v
	}
	var real reflect.Value
	switch {
	case dynT.kind == kReal:
		real = dynV.r.(reflect.Value)
	case dynT == it.refl.value:
		panic(unsupportedf("a reflect.Value passed%s", c.to()))
	case c.keeps && dynT.t != nil && it.isProgramType(dynT.t):
		if c.arg == c.key && !dynT.comparable {
			it.raiseString(c.g, "key is not comparable")
		}
		real = reflect.ValueOf(it.keptBox(c.g, dynT, dynV))
	case dynT.t != nil && it.seenDifferently(c.reflective, dynT.t):
		panic(unsupportedf("a value of program type %s passed%s, which would see a stand-in without the type's name and methods", dynT.name, c.to()))
	case it.method(dynT, "Error") != nil && (want == anyType || want.Implements(errorType) || errorType.Implements(want)):
		real = reflect.ValueOf(&errorAdapter{it: it, t: dynT, v: dynV})
	case it.method(dynT, "String") != nil && (want == anyType || reflect.TypeFor[fmt.Stringer]().Implements(want)):
		real = reflect.ValueOf(&stringerAdapter{it: it, t: dynT, v: dynV})
	case want == readerType && it.method(dynT, "Read") != nil:
		real = reflect.ValueOf(&readerAdapter{it: it, t: dynT, v: dynV})
	case want == writerType && it.method(dynT, "Write") != nil:
		real = reflect.ValueOf(&writerAdapter{it: it, t: dynT, v: dynV})
	default:
		real = c.toReal(dynT, dynV, it.reflectType(dynT))
	}
	if !real.Type().Implements(want) {
		panic(unsupportedf("value of type %s passed to the standard library as %s", dynT.name, want))
	}
	out := reflect.New(want).Elem()
	out.Set(real)
	return out
}

// errorAdapter and stringerAdapter carry a program value with an Error
// or String method into real code.
type errorAdapter struct {
	it *Interp
	t  *rtype
	v  Value
}

func (a *errorAdapter) Error() string { return a.it.callMethodString(a.t, a.v, "Error") }

type stringerAdapter struct {
	it *Interp
	t  *rtype
	v  Value
}

func (a *stringerAdapter) String() string { return a.it.callMethodString(a.t, a.v, "String") }

// readerAdapter and writerAdapter carry a program value with a Read or
// Write method into real code as an io.Reader or io.Writer (fmt's
// scanner, run from source, hands its own reader to io.ReadFull).
type readerAdapter struct {
	it *Interp
	t  *rtype
	v  Value
}

func (a *readerAdapter) Read(p []byte) (int, error) { return a.it.callIO(a.t, a.v, "Read", p) }

type writerAdapter struct {
	it *Interp
	t  *rtype
	v  Value
}

func (a *writerAdapter) Write(p []byte) (int, error) { return a.it.callIO(a.t, a.v, "Write", p) }

// sharesPacked reports whether the real slice type rt and the packed
// slice type t hold their elements alike, so that the real slice can be
// the program's own bytes.
func sharesPacked(rt reflect.Type, t *rtype) bool { return sameScalar(rt.Elem(), t.elem) }

// sameScalar reports whether the real type rt is a scalar held as the
// packed elements of type t are: the same kind, so the same size.
func sameScalar(rt reflect.Type, t *rtype) bool {
	k, ok := scalarKinds[rt.Kind()]
	return ok && k == t.kind
}

// scalarKinds are the kinds of real scalars, as the interpreter's.
var scalarKinds = map[reflect.Kind]kind{
	reflect.Bool: kBool, reflect.Int8: kInt8, reflect.Int16: kInt16, reflect.Int32: kInt32, reflect.Int64: kInt64, reflect.Int: kInt64,
	reflect.Uint8: kUint8, reflect.Uint16: kUint16, reflect.Uint32: kUint32, reflect.Uint64: kUint64, reflect.Uint: kUint64, reflect.Uintptr: kUint64,
	reflect.Float32: kFloat32, reflect.Float64: kFloat64, reflect.Complex64: kComplex64, reflect.Complex128: kComplex128,
}

// callIO calls the Read or Write method name of v (of type t) with p
// itself: the program's []byte is packed (packed.go), the same bytes.
func (it *Interp) callIO(t *rtype, v Value, name string, p []byte) (int, error) {
	res := it.callFromReal(it.method(t, name), nil, []Value{v, mkBytes(p)})
	var err error
	if e := it.toReal(nil, it.types.of(errorIface), res[1], errorType); !e.IsNil() {
		err = e.Interface().(error)
	}
	return int(res[0].int()), err
}

// callMethodString calls the String or Error method name of v (of
// type t) for real code, fmt mostly. A panic of the method leaves as a
// methodPanic, which fmt, recovering it, prints as Go's fmt prints the
// program's panic value.
func (it *Interp) callMethodString(t *rtype, v Value, name string) string {
	defer func() {
		if r := recover(); r != nil {
			if p, ok := r.(*goPanic); ok && !p.goexit {
				panic(&methodPanic{it: it, p: p})
			}
			panic(r)
		}
	}()
	res := it.callFromReal(it.method(t, name), nil, []Value{v})
	return res[0].str()
}

// methodPanic is a program's panic leaving an adapter's String or Error
// method into real code. fmt recovers a panic of those methods and
// prints "%!v(PANIC=String method: " and the panic value with %v: its
// Error method gives that text here, computed when fmt asks, as Go's
// fmt computes it then. A panic while computing it (the value's own
// Error or String method panicking) leaves as another methodPanic,
// which fmt, already printing a panic, lets go on: the program then
// panics with it, as in Go. A methodPanic that leaves real code becomes
// its program panic again (realPanic).
type methodPanic struct {
	it *Interp
	p  *goPanic
}

func (m *methodPanic) Error() string {
	it := m.it
	defer func() {
		if r := recover(); r != nil {
			// fmt recovered m's panic before printing its value: it
			// stays on the chain of the one printing it raised, as
			// in Go (the runtime prints both, or fails printing m's).
			if n, ok := r.(*methodPanic); ok && n.p.link == nil {
				m.p.recovered = true
				n.p.link = m.p
			}
			panic(r)
		}
	}()
	i := m.p.val.iface()
	if i == nil {
		return "<nil>" // fmt's %v of a nil interface
	}
	if i.t.kind == kReal {
		return fmt.Sprint(i.v.r.(reflect.Value).Interface())
	}
	has := it.printMethodsOf(i.t)
	switch {
	case has&hasFormat != 0:
		panic(unsupportedf("a String or Error method's panic printed by fmt: its value of type %s has a Format method", i.t.name))
	case has&hasError != 0:
		return it.callMethodString(i.t, i.v, "Error")
	case has&hasString != 0:
		return it.callMethodString(i.t, i.v, "String")
	}
	pc := printCheck{it: it, fn: "fmt.Sprint", use: printverbs.Use{Verb: 'v'}}
	pc.operand(m.p.val)
	return fmt.Sprint(it.toReal(nil, it.types.of(anyRType), m.p.val, anyType).Interface())
}

// fromReal converts a real value to the interpreter's representation of
// IR type t.
func (it *Interp) fromReal(rv reflect.Value, t *rtype) Value {
	switch t.kind {
	case kBool:
		return mkBool(rv.Bool())
	case kInt8, kInt16, kInt32, kInt64:
		return Value{n: normInt(t.kind, uint64(rv.Int()))}
	case kUint8, kUint16, kUint32, kUint64:
		return Value{n: normInt(t.kind, rv.Uint())}
	case kFloat32, kFloat64:
		return mkFloat(rv.Float())
	case kComplex64, kComplex128:
		return Value{r: rv.Complex()}
	case kString:
		s := rv.String()
		if s == "" && unsafe.StringData(s) != nil {
			return Value{r: &emptyStr{}} // pointing somewhere in real memory
		}
		return mkString(s)
	case kReal:
		c := reflect.New(t.real).Elem()
		c.Set(rv)
		return Value{r: c}
	case kSlice:
		if rv.IsNil() {
			return Value{}
		}
		if t.packed && sharesPacked(rv.Type(), t) {
			s := rv.Type().Elem().Size()
			b := unsafe.Slice((*byte)(rv.UnsafePointer()), uintptr(rv.Cap())*s)
			return Value{r: b[:uintptr(rv.Len())*s]}
		}
		s := make([]Value, rv.Len())
		for i := range s {
			s[i] = it.fromReal(rv.Index(i), t.elem)
		}
		return Value{r: s}
	case kArray:
		if t.packed {
			b := newPacked(t.elem, rv.Len(), rv.Len())
			for i := range rv.Len() {
				setPackedIndex(t.elem, b, i, it.fromReal(rv.Index(i), t.elem))
			}
			return Value{r: b}
		}
		s := make([]Value, rv.Len())
		for i := range s {
			s[i] = it.fromReal(rv.Index(i), t.elem)
		}
		return Value{r: s}
	case kStruct:
		s := make([]Value, len(t.fields))
		for i := range s {
			f := rv.Field(i)
			if !f.CanInterface() && f.CanAddr() {
				f = reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
			}
			s[i] = it.fromReal(f, t.fields[i])
		}
		return Value{r: s}
	case kMap:
		if rv.IsNil() {
			return Value{}
		}
		m := newMap(t)
		iter := rv.MapRange()
		for iter.Next() {
			m.set(it, nil, it.fromReal(iter.Key(), t.key), it.fromReal(iter.Value(), t.elem))
		}
		return Value{r: m}
	case kPointer, kUnsafePointer:
		if rv.IsNil() {
			return Value{}
		}
		return Value{r: &realPtr{v: rv}}
	case kChan:
		if rv.IsNil() {
			return Value{}
		}
		if c, ok := rv.Interface().(chan Value); ok {
			return Value{r: c}
		}
		return Value{r: &realChan{v: rv, elem: t.elem}}
	case kFunc:
		if rv.IsNil() {
			return Value{}
		}
		return Value{r: &realFunc{v: rv, sig: t.t.Underlying().(*types.Signature)}}
	case kInterface:
		if rv.Kind() == reflect.Interface {
			if rv.IsNil() {
				return Value{}
			}
			rv = rv.Elem()
		}
		switch a := rv.Interface().(type) {
		case *errorAdapter:
			return Value{r: &iface{t: a.t, v: a.v}}
		case *stringerAdapter:
			return Value{r: &iface{t: a.t, v: a.v}}
		case *keptValue:
			return Value{r: &iface{t: a.t, v: a.v}}
		}
		dyn := it.rtypeOfReal(rv.Type())
		return Value{r: &iface{t: dyn, v: it.fromReal(rv, dyn)}}
	}
	panic(unsupportedf("value of type %s returned by the standard library", t.name))
}

// rtypeOfReal returns the rtype for the dynamic type of a real value:
// its go/types type when the program knows it (basic types, named types
// of imported packages, and pointers, slices, maps and arrays of those),
// else a real type known only to reflect.
func (it *Interp) rtypeOfReal(rt reflect.Type) *rtype {
	if t := it.goTypeOf(rt); t != nil {
		return it.types.of(t)
	}
	return it.types.ofReal(rt)
}

// goTypeOf maps a Go type back to go/types, or returns nil.
func (it *Interp) goTypeOf(rt reflect.Type) types.Type {
	if rt.Name() != "" {
		if rt.PkgPath() == "" {
			return basicOfReflect(rt)
		}
		// Only types of the table: for others the program could not
		// call the methods (they are not in the table).
		if it.opts.LookupType == nil || it.opts.Externs == nil {
			return nil
		}
		if _, ok := it.opts.Externs.Type(rt.PkgPath(), rt.Name()); !ok {
			return nil
		}
		return it.opts.LookupType(rt.PkgPath(), rt.Name())
	}
	switch rt.Kind() {
	case reflect.Pointer:
		if e := it.goTypeOf(rt.Elem()); e != nil {
			return types.NewPointer(e)
		}
	case reflect.Slice:
		if e := it.goTypeOf(rt.Elem()); e != nil {
			return types.NewSlice(e)
		}
	case reflect.Array:
		if e := it.goTypeOf(rt.Elem()); e != nil {
			return types.NewArray(e, int64(rt.Len()))
		}
	case reflect.Map:
		k, e := it.goTypeOf(rt.Key()), it.goTypeOf(rt.Elem())
		if k != nil && e != nil {
			return types.NewMap(k, e)
		}
	case reflect.Chan:
		if e := it.goTypeOf(rt.Elem()); e != nil {
			dir := map[reflect.ChanDir]types.ChanDir{reflect.BothDir: types.SendRecv, reflect.SendDir: types.SendOnly, reflect.RecvDir: types.RecvOnly}[rt.ChanDir()]
			return types.NewChan(dir, e)
		}
	case reflect.Func:
		vars := func(n int, at func(int) reflect.Type) []*types.Var {
			var vs []*types.Var
			for i := 0; i < n; i++ {
				t := it.goTypeOf(at(i))
				if t == nil {
					return nil
				}
				vs = append(vs, types.NewParam(0, nil, "", t))
			}
			return vs
		}
		params, results := vars(rt.NumIn(), rt.In), vars(rt.NumOut(), rt.Out)
		if len(params) == rt.NumIn() && len(results) == rt.NumOut() {
			return types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), types.NewTuple(results...), rt.IsVariadic())
		}
	case reflect.Interface:
		if rt.NumMethod() == 0 {
			return anyRType
		}
		if rt == errorType {
			return errorIface
		}
	}
	return nil
}

func basicOfReflect(rt reflect.Type) types.Type {
	if rt == errorType {
		return errorIface
	}
	switch rt.Kind() {
	case reflect.Bool:
		return types.Typ[types.Bool]
	case reflect.Int:
		return types.Typ[types.Int]
	case reflect.Int8:
		return types.Typ[types.Int8]
	case reflect.Int16:
		return types.Typ[types.Int16]
	case reflect.Int32:
		return types.Typ[types.Int32]
	case reflect.Int64:
		return types.Typ[types.Int64]
	case reflect.Uint:
		return types.Typ[types.Uint]
	case reflect.Uint8:
		return types.Typ[types.Uint8]
	case reflect.Uint16:
		return types.Typ[types.Uint16]
	case reflect.Uint32:
		return types.Typ[types.Uint32]
	case reflect.Uint64:
		return types.Typ[types.Uint64]
	case reflect.Uintptr:
		return types.Typ[types.Uintptr]
	case reflect.Float32:
		return types.Typ[types.Float32]
	case reflect.Float64:
		return types.Typ[types.Float64]
	case reflect.Complex64:
		return types.Typ[types.Complex64]
	case reflect.Complex128:
		return types.Typ[types.Complex128]
	case reflect.String:
		return types.Typ[types.String]
	case reflect.UnsafePointer:
		return types.Typ[types.UnsafePointer]
	}
	return nil
}

func basicGoType(k kind) types.Type {
	return map[kind]types.Type{
		kBool: types.Typ[types.Bool], kInt8: types.Typ[types.Int8], kInt16: types.Typ[types.Int16],
		kInt32: types.Typ[types.Int32], kInt64: types.Typ[types.Int64], kUint8: types.Typ[types.Uint8],
		kUint16: types.Typ[types.Uint16], kUint32: types.Typ[types.Uint32], kUint64: types.Typ[types.Uint64],
		kFloat32: types.Typ[types.Float32], kFloat64: types.Typ[types.Float64],
		kComplex64: types.Typ[types.Complex64], kComplex128: types.Typ[types.Complex128],
		kString: types.Typ[types.String], kUnsafePointer: types.Typ[types.UnsafePointer],
	}[k]
}

// fromRealAny converts a value raised by a real panic to an interface
// value.
func (it *Interp) fromRealAny(x any) Value {
	return it.fromReal(reflect.ValueOf(&x).Elem(), it.types.of(anyRType))
}

// isProgramType reports whether t is, or is built from, a named type of
// the interpreted program (not of the standard library table), or a
// type of the standard library whose values are the interpreter's
// (interpretedStruct).
func (it *Interp) isProgramType(t types.Type) bool {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		if t.Obj().Pkg() == nil {
			return false
		}
		if interpretedStruct(t) || it.runsInterpreted(t.Obj().Pkg().Path()) {
			return true
		}
		if it.opts.Externs != nil {
			if _, ok := it.opts.Externs.Type(t.Obj().Pkg().Path(), t.Obj().Name()); ok {
				return false
			}
		}
		return true
	case *types.Pointer:
		return it.isProgramType(t.Elem())
	case *types.Slice:
		return it.isProgramType(t.Elem())
	case *types.Array:
		return it.isProgramType(t.Elem())
	case *types.Map:
		return it.isProgramType(t.Key()) || it.isProgramType(t.Elem())
	case *types.Chan:
		return it.isProgramType(t.Elem())
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			if it.isProgramType(t.Field(i).Type()) {
				return true
			}
		}
	case *types.Signature:
		for i := 0; i < t.Params().Len(); i++ {
			if it.isProgramType(t.Params().At(i).Type()) {
				return true
			}
		}
		for i := 0; i < t.Results().Len(); i++ {
			if it.isProgramType(t.Results().At(i).Type()) {
				return true
			}
		}
	}
	return false
}
