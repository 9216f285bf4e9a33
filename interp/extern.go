// This file calls functions outside the interpreted module (the standard
// library) through reflect, converting values at the boundary (see
// boundary.go).

package interp

import (
	"go/token"
	"go/types"
	"reflect"
	"runtime"
	"strings"
)

// Externs resolves the names of the standard library: functions and
// methods by their go/ssa names ("fmt.Println", "(*strings.Builder).Len"),
// package-level variables (a pointer to the variable), and named types.
type Externs interface {
	Func(name string) (reflect.Value, bool)
	Var(name string) (reflect.Value, bool)
	Type(pkgPath, name string) (reflect.Type, bool)
}

// externFunc is a function without a body in the module.
type externFunc struct {
	name      string
	rv        reflect.Value // the real function, if the table has it
	intrinsic func(it *Interp, g *goroutine, args []Value) []Value
	// wrapper, if set, is a function the interpreter makes (a method
	// value or a function of reflect.MakeFunc) that calls an interpreted
	// one: like Go's wrappers, it passes on the panic its caller, a
	// deferred call, may recover.
	wrapper func(it *Interp, g *goroutine, args []Value, recoverable *goPanic) []Value
}

// wrapperFunc returns a function value, named name, of signature sig,
// that the interpreter implements itself with body (a wrapper).
func wrapperFunc(name string, sig *types.Signature, body func(it *Interp, g *goroutine, args []Value, recoverable *goPanic) []Value) Value {
	return Value{r: &closure{fn: &function{name: name, sig: sig, extern: &externFunc{name: name, wrapper: body}}}}
}

// realFunc is a real Go function held as a function value, with its IR
// signature.
type realFunc struct {
	v   reflect.Value
	sig *types.Signature
}

// realPtr is a pointer into real Go memory (a standard library variable
// or object).
type realPtr struct {
	v reflect.Value // of kind reflect.Ptr, non-nil
}

func (it *Interp) externFunc(name string, sig *types.Signature) *externFunc {
	ef := &externFunc{name: name}
	if isReflectAPI(name) {
		if f := it.reflectIntrinsic(name, sig); f != nil {
			ef.intrinsic = f
			return ef
		}
	}
	if f, ok := intrinsics[name]; ok {
		ef.intrinsic = f
		return ef
	}
	if f, ok := genericIntrinsic(name, sig); ok {
		ef.intrinsic = f
		return ef
	}
	if name == "(*runtime.Frames).Next" && sig.Results().Len() == 2 {
		ef.intrinsic = it.framesNext(sig.Results().At(0).Type())
		return ef
	}
	if strings.HasSuffix(name, ".init") {
		// The initialisers of real packages have already run.
		ef.intrinsic = func(*Interp, *goroutine, []Value) []Value { return nil }
		return ef
	}
	if it.opts.Externs != nil {
		if rv, ok := it.opts.Externs.Func(name); ok {
			ef.rv = rv
		}
	}
	return ef
}

// callExtern calls a function without a body in the module.
func (it *Interp) callExtern(g *goroutine, fn *function, args []Value) []Value {
	ef := fn.extern
	switch {
	case ef == nil:
		panic(unsupportedf("call of %s, which has no body", fn.name))
	case ef.intrinsic != nil:
		return ef.intrinsic(it, g, args)
	case !ef.rv.IsValid():
		if res, ok := it.callHiddenMethod(g, fn, args); ok {
			return res
		}
		panic(unsupportedf("call of %s, which is outside the program and not in the standard library table", fn.name))
	}
	return it.callRealFunc(g, fn.name, ef.rv, fn.sig, args)
}

// callHiddenMethod calls an exported method of an unexported standard
// library type on a receiver in real memory, as the program reaches it
// through an exported type embedding it (testing.T's Log is
// testing.common's). The table lists what a program can name, so not
// these; reflect finds them on the receiver. ok is false if fn is not
// such a method or the receiver is not real.
func (it *Interp) callHiddenMethod(g *goroutine, fn *function, args []Value) (results []Value, ok bool) {
	i := strings.LastIndex(fn.name, ").")
	if !strings.HasPrefix(fn.name, "(") || i < 0 || len(args) == 0 || !token.IsExported(fn.name[i+2:]) {
		return nil, false
	}
	var recv reflect.Value
	switch r := args[0].r.(type) {
	case *realPtr:
		recv = r.v
	case reflect.Value:
		recv = r
	default:
		return nil, false
	}
	m := recv.MethodByName(fn.name[i+2:])
	if !m.IsValid() {
		return nil, false
	}
	params := make([]*types.Var, fn.sig.Params().Len()-1)
	for k := range params {
		params[k] = fn.sig.Params().At(k + 1)
	}
	sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), fn.sig.Results(), fn.sig.Variadic())
	return it.callRealChecked(g, fn.name, m, sig, args[1:]), true
}

// callRealFunc calls a real function with interpreted arguments whose
// IR signature is sig (receiver first for methods), a printing function
// only if it prints them as Go does (checkPrint).
func (it *Interp) callRealFunc(g *goroutine, name string, rv reflect.Value, sig *types.Signature, args []Value) []Value {
	args = it.unwrapReflectValues(name, args)
	it.checkPrint(name, args)
	return it.callRealChecked(g, name, rv, sig, args)
}

// callRealChecked is callRealFunc once a printing function's operands
// are checked and unwrapped.
func (it *Interp) callRealChecked(g *goroutine, name string, rv reflect.Value, sig *types.Signature, args []Value) []Value {
	c, in := it.realArgs(g, name, rv, sig, args)
	return it.callRealArgs(g, c, rv, sig, in)
}

// realArgs converts the arguments of a call of the real function name
// (rv, of signature sig) to real values, in the crossing it returns.
// Nothing the program sees changes until the call.
func (it *Interp) realArgs(g *goroutine, name string, rv reflect.Value, sig *types.Signature, args []Value) (*crossing, []reflect.Value) {
	rt := rv.Type()
	in := make([]reflect.Value, len(args))
	c := &crossing{it: it, g: g, reflective: reflectionOf(name), callee: name, keeps: keepsValues(name, ""), key: 1}
	for i, a := range args {
		c.arg = i
		in[i] = c.toReal(it.types.of(sig.Params().At(i).Type()), a, rt.In(i))
	}
	return c, in
}

// callRealArgs calls rv with the arguments realArgs made in c.
func (it *Interp) callRealArgs(g *goroutine, c *crossing, rv reflect.Value, sig *types.Signature, in []reflect.Value) []Value {
	rt := rv.Type()
	var out []reflect.Value
	func() {
		defer it.realPanic(g)
		if rt.IsVariadic() {
			out = rv.CallSlice(in)
		} else {
			out = rv.Call(in)
		}
	}()
	c.finish()
	results := make([]Value, len(out))
	for i, o := range out {
		results[i] = it.fromReal(o, it.types.of(sig.Results().At(i).Type()))
	}
	return results
}

// realPanic converts a panic raised by real code into an interpreted
// panic; interpreted panics passing through real code (from callbacks)
// continue unchanged.
func (it *Interp) realPanic(g *goroutine) {
	r := recover()
	if r == nil {
		return
	}
	switch r := r.(type) {
	case *goPanic:
		if r.recovered {
			// Real code that recovered a program's panic panics
			// with its value again later (sync.OnceFunc does, on
			// each call): a new panic of that value, as in Go.
			it.raise(g, r.val)
		}
		panic(r)
	case *UndefinedBehaviour, *Unsupported:
		panic(r)
	case *methodPanic:
		panic(r.p) // a program's panic, through real code
	}
	it.raise(g, it.fromRealAny(r))
}

func (it *Interp) callReal(g *goroutine, f *realFunc, args []Value) []Value {
	return it.callRealFunc(g, "", f.v, f.sig, args)
}

func (it *Interp) invokeReal(g *goroutine, in *inst, i *iface, args []Value) []Value {
	m := i.v.r.(reflect.Value).MethodByName(in.sym)
	if !m.IsValid() {
		panic(unsupportedf("method %s of %s", in.sym, i.t.name))
	}
	mt := m.Type()
	real := make([]reflect.Value, len(args))
	recv := i.t.real
	if recv.Kind() == reflect.Pointer {
		recv = recv.Elem()
	}
	callee := recv.PkgPath() + "." + recv.Name() + "." + in.sym
	c := &crossing{it: it, g: g, reflective: reflectionOf(callee), callee: callee, keeps: keepsValues(callee, in.sym), key: -1}
	for k, a := range args {
		c.arg = k
		real[k] = c.toReal(in.callTs[k], a, mt.In(k))
	}
	var out []reflect.Value
	func() {
		defer it.realPanic(g)
		if mt.IsVariadic() {
			out = m.CallSlice(real)
		} else {
			out = m.Call(real)
		}
	}()
	c.finish()
	results := make([]Value, len(out))
	for k, o := range out {
		if k < len(in.dstTs) {
			results[k] = it.fromReal(o, in.dstTs[k])
		}
	}
	return results
}

func (it *Interp) globalAddr(name string) Value {
	if _, ok := it.mod.Globals[name]; ok && it.isModuleGlobal(name) {
		return Value{r: it.global(name)}
	}
	if it.opts.Externs != nil {
		if p, ok := it.opts.Externs.Var(name); ok {
			return Value{r: &realPtr{v: p}}
		}
	}
	return Value{r: it.global(name)}
}

// isModuleGlobal reports whether a global belongs to the interpreted
// program (rather than to a real package).
func (it *Interp) isModuleGlobal(name string) bool {
	if it.opts.Externs == nil {
		return true
	}
	_, real := it.opts.Externs.Var(name)
	return !real
}

func (it *Interp) loadReal(t *rtype, p *realPtr) Value {
	return it.fromReal(p.v.Elem(), t)
}

func (it *Interp) storeReal(t *rtype, p *realPtr, v Value) {
	p.v.Elem().Set(it.toReal(nil, t, v, p.v.Type().Elem()))
}

func (it *Interp) realFieldAddr(p *realPtr, field int) Value {
	return Value{r: &realPtr{v: fieldOf(p.v.Elem(), field).Addr()}}
}

func (it *Interp) realField(in *inst, x Value) Value {
	rv, ok := x.r.(reflect.Value)
	if !ok {
		panic(unsupportedf("field of a value of type %s", in.xt.name))
	}
	if !rv.CanAddr() {
		c := reflect.New(rv.Type()).Elem()
		c.Set(rv)
		rv = c
	}
	return it.fromReal(fieldOf(rv, in.field), in.t)
}

func (it *Interp) realIndexAddr(p *realPtr, i int) Value {
	return Value{r: &realPtr{v: p.v.Elem().Index(i).Addr()}}
}

// intrinsics are external functions the interpreter implements itself.
var intrinsics = map[string]func(it *Interp, g *goroutine, args []Value) []Value{
	// These would describe the interpreter rather than the program.
	"runtime.AddCleanup":       unsupportedIntrinsic("runtime.AddCleanup on interpreted values"),
	"runtime/debug.PrintStack": unsupportedIntrinsic("runtime/debug.PrintStack"),
	"runtime.Goexit": func(it *Interp, g *goroutine, args []Value) []Value {
		panic(&goPanic{goexit: true, link: g.panic, raisedIn: g.top})
	},
	"runtime.Gosched": func(it *Interp, g *goroutine, args []Value) []Value {
		runtime.Gosched()
		return nil
	},
	// os.Exit goes through Options.Exit, so that whoever runs the
	// interpreter finishes its own work first (vssa run's CPU profile)
	// or keeps its process (the tests). A hook that returns ends only
	// this goroutine: the program must not run on past its exit.
	"os.Exit": func(it *Interp, g *goroutine, args []Value) []Value {
		it.exit(int(int64(args[0].n)))
		runtime.Goexit()
		return nil
	},
}

func unsupportedIntrinsic(what string) func(*Interp, *goroutine, []Value) []Value {
	return func(*Interp, *goroutine, []Value) []Value { panic(unsupportedf("%s", what)) }
}

// isReflectAPI reports whether a function belongs to package reflect,
// which the interpreter implements itself (reflect.go).
func isReflectAPI(name string) bool {
	return strings.HasPrefix(name, "reflect.") || strings.HasPrefix(name, "(reflect.") || strings.HasPrefix(name, "(*reflect.")
}
