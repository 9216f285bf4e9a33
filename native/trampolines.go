// This file lets compiled code call Go functions that are not compiled
// with it (strconv.ParseUint in a slow path, a helper of the package
// with a loop): each callee gets a trampoline, a Go function of the
// compiled package that calls it, which the assembly calls in ABI0 as
// it calls compiled functions (the compiler makes the ABI0 wrapper of
// a Go function its package's assembly refers to). The runtime's rules
// across the call are those of calls.go: the call may collect garbage
// and move the stack, so pointer arguments are reloaded from the
// argument frame after it and no other pointer may be live across it.

package native

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/vssa-go/vssa/ir"
)

// A Trampoline is a Go function that calls a function of any package
// for the assembly.
type Trampoline struct {
	Name    string // the trampoline's
	Pkg     string // the callee's package path
	PkgName string // its name ("" for the compiled package)
	Func    string // the callee's name in it (an instance's with its type arguments)
	Method  bool   // Func is a method of the first parameter
	Body    string // if not "", the helper's statement over p0, p1, … instead of a call of Func
	Params  []types.Type
	// Converts[i]: parameter i is a []byte the callee takes as
	// string(pi) (convertargs.go).
	Converts []bool
	// Named, if not nil, has an entry per argument of the call:
	// "" for one passed (the next of Params), else the function the
	// trampoline names in its place (funcargs.go).
	Named   []string
	Imports map[string]string // path → name: the packages of Named's functions
	Results []types.Type
}

// trampoline returns the callee through which call, of a function not
// compiled with this one, goes.
func (l *lowerer) trampoline(call *ir.Instr) Callee {
	sym := call.Sym()
	path, name, method, ok := splitCallee(sym)
	if !ok && strings.Contains(name, "[") {
		// Named as the package's source names it.
		shown := strings.ReplaceAll(sym, l.unit.Pkg.Path()+".", "")
		l.fail("a call of %s: compiled code calls generic functions at basic type arguments only (its trampolines name no other); keep the call in a Go caller", shown)
	}
	if !ok {
		l.fail("a call of %s (compiled code calls functions, methods and generic instances of basic types: name it to compile it too)", sym)
	}
	own := path == l.unit.Pkg.Path()
	// An instance of another package's generic function at basic type
	// arguments is called as written, cmp.Less[int32].
	if base, _, _ := strings.Cut(name, "["); !own && !token.IsExported(base) {
		l.fail("a call of %s, which is not exported", sym)
	}
	if !own && importRestricted(path, l.unit.Pkg.Path()) {
		l.fail("a call of %s, whose package the compiled package cannot import", sym)
	}
	var params, results []types.Type
	var converts []bool
	var named []string
	var namedImports map[string]string
	for _, a := range call.CallArgs() {
		if fa, ok := l.funcArgs[a]; ok {
			expr, pkgName := l.funcName(fa)
			named = append(named, expr)
			if pkgName != "" {
				if namedImports == nil {
					namedImports = map[string]string{}
				}
				namedImports[fa.path] = pkgName
			}
			continue
		}
		if l.funcArgs != nil {
			named = append(named, "")
		}
		t, conv := l.bytesArgs[a]
		if !conv {
			t = l.f.TypeOf(a)
		}
		params = append(params, t)
		converts = append(converts, conv)
	}
	for _, d := range call.Dsts() {
		results = append(results, l.f.TypeOf(d))
	}
	for _, t := range append(append([]types.Type(nil), params...), results...) {
		if !nameable(t, l.unit.Pkg) {
			l.fail("a call of %s, with a value of type %s, which the compiled package cannot name", sym, t)
		}
	}
	u := l.unit
	for _, t := range u.Trampolines {
		if t.Pkg == path && t.Func == name && t.Method == method && slices.Equal(t.Converts, converts) && slices.Equal(t.Named, named) && sameTypes(t.Params, params) {
			return Callee{Name: t.Name, Sig: t.signature()}
		}
	}
	pkgName := ""
	if !own {
		for _, imp := range u.Pkg.Imports() {
			if imp.Path() == path {
				pkgName = imp.Name()
			}
		}
		if pkgName == "" {
			l.fail("a call of %s, of a package the compiled package does not import", sym)
		}
	}
	t := &Trampoline{Name: fmt.Sprintf("%sCall%d", u.Data.prefix, len(u.Trampolines)), Pkg: path, PkgName: pkgName, Func: name, Method: method, Params: params, Converts: converts, Named: named, Imports: namedImports, Results: results}
	u.Trampolines = append(u.Trampolines, t)
	return Callee{Name: t.Name, Sig: t.signature()}
}

// signature returns the trampoline's Go signature.
func (t *Trampoline) signature() *types.Signature {
	var ps, rs []*types.Var
	for i, p := range t.Params {
		ps = append(ps, types.NewParam(0, nil, fmt.Sprintf("p%d", i), p))
	}
	for _, r := range t.Results {
		rs = append(rs, types.NewParam(0, nil, "", r))
	}
	return types.NewSignatureType(nil, nil, nil, types.NewTuple(ps...), types.NewTuple(rs...), false)
}

// importRestricted reports whether package from may not import path
// (an internal package outside its tree).
func importRestricted(path, from string) bool {
	i := strings.LastIndex(path, "/internal/")
	switch {
	case strings.HasPrefix(path, "internal/") || path == "internal":
		return !strings.HasPrefix(from, "internal/")
	case i >= 0:
		return !strings.HasPrefix(from+"/", path[:i+1])
	case strings.HasSuffix(path, "/internal"):
		return !strings.HasPrefix(from, strings.TrimSuffix(path, "internal"))
	}
	return false
}

// nameable reports whether code in pkg can write type t: every named
// type in it is pkg's own or exported.
func nameable(t types.Type, pkg *types.Package) bool {
	ok := true
	var walk func(t types.Type)
	walk = func(t types.Type) {
		switch t := t.(type) {
		case *types.Named:
			if o := t.Obj(); o.Pkg() != nil && o.Pkg() != pkg && !o.Exported() {
				ok = false
			}
			if o := t.Obj(); o.Pkg() != nil && o.Pkg() != pkg && importRestricted(o.Pkg().Path(), pkg.Path()) {
				ok = false
			}
		case *types.Pointer:
			walk(t.Elem())
		case *types.Slice:
			walk(t.Elem())
		case *types.Array:
			walk(t.Elem())
		case *types.Signature:
			// A func value (indirectcalls.go) is written as its type.
			for _, tuple := range []*types.Tuple{t.Params(), t.Results()} {
				for i := 0; i < tuple.Len(); i++ {
					walk(tuple.At(i).Type())
				}
			}
		case *types.Interface:
			// An interface literal is written with its methods'.
			for i := 0; i < t.NumMethods(); i++ {
				if m := t.Method(i); !m.Exported() && m.Pkg() != pkg {
					ok = false
				} else {
					walk(m.Type())
				}
			}
		case *types.Map, *types.Chan, *types.Struct, *types.TypeParam:
			ok = false // not values compiled code holds anyway
		}
	}
	walk(t)
	return ok
}

// trampolinesGo returns the Go source of the trampolines, and the
// imports they need (path → name).
func trampolinesGo(n names, ts []*Trampoline) (string, map[string]string) {
	imports := map[string]string{}
	qual := func(p *types.Package) string {
		if p == n.pkg {
			return ""
		}
		imports[p.Path()] = p.Name()
		return p.Name()
	}
	var b strings.Builder
	for _, t := range ts {
		var ps, args, rs []string
		for i, p := range t.Params {
			ps = append(ps, fmt.Sprintf("p%d %s", i, types.TypeString(p, qual)))
			arg := fmt.Sprintf("p%d", i)
			if i < len(t.Converts) && t.Converts[i] {
				arg = "string(" + arg + ")"
			}
			args = append(args, arg)
		}
		if t.Named != nil {
			// The functions it names itself, among the passed
			// arguments in the call's order (funcargs.go).
			passed := args
			args = nil
			for _, fn := range t.Named {
				if fn == "" {
					fn, passed = passed[0], passed[1:]
				}
				args = append(args, fn)
			}
			for path, name := range t.Imports {
				imports[path] = name
			}
		}
		for _, r := range t.Results {
			rs = append(rs, types.TypeString(r, qual))
		}
		callee := t.Func
		switch {
		case t.Method:
			callee = "p0." + t.Func
			args = args[1:]
		case t.PkgName != "":
			imports[t.Pkg] = t.PkgName
			callee = t.PkgName + "." + t.Func
		}
		res := strings.Join(rs, ", ")
		if len(rs) > 1 {
			res = "(" + res + ")"
		}
		if t.Body != "" {
			body := t.Body
			if len(t.Results) > 0 {
				body = strings.ReplaceAll(body, "$R0", types.TypeString(t.Results[0], qual))
			}
			fmt.Fprintf(&b, "func %s(%s) %s {\n\t%s\n}\n\n", t.Name, strings.Join(ps, ", "), res, body)
			continue
		}
		ret := "return "
		if len(rs) == 0 {
			ret = ""
		}
		fmt.Fprintf(&b, "// %s calls %s for the assembly.\nfunc %s(%s) %s {\n\t%s%s(%s)\n}\n\n", t.Name, callee, t.Name, strings.Join(ps, ", "), res, ret, callee, strings.Join(args, ", "))
	}
	return b.String(), imports
}

// splitCallee splits the IR name of a callee into its package path and
// name, and says whether it is a method ("(*path.T).M", "(path.T).M":
// name is M). A generic instance keeps its type arguments in name when
// they are basic types ("path.word[string]"); ok is false for anything
// else (a closure, an instance of other types).
func splitCallee(sym string) (path, name string, method, ok bool) {
	path, name = splitSym(sym)
	if strings.HasPrefix(sym, "(") {
		i := strings.LastIndex(name, ".")
		typ, m := strings.Trim(name[:max(i, 0)], "(*)"), name[i+1:]
		return path, m, true, path != "" && token.IsIdentifier(typ) && token.IsIdentifier(m)
	}
	base, args, _ := strings.Cut(name, "[")
	return path, name, false, path != "" && token.IsIdentifier(base) && !strings.ContainsAny(args, "./$(")
}

// goHelper returns the Go helper of the compiled package that computes
// body (a statement over p0, p1, …) from values of args' types, with
// results of dsts' types: a conversion to an interface (return p0),
// a panic (panic(p0)). One helper per body and types.
func (l *lowerer) goHelper(body string, args, dsts []ir.Reg) Callee {
	var params, results []types.Type
	for _, a := range args {
		params = append(params, l.f.TypeOf(a))
	}
	for _, d := range dsts {
		results = append(results, l.f.TypeOf(d))
	}
	for _, t := range append(append([]types.Type(nil), params...), results...) {
		if !nameable(t, l.unit.Pkg) && !isInterface(t) {
			l.fail("a value of type %s, which the compiled package cannot name", t)
		}
	}
	u := l.unit
	for _, t := range u.Trampolines {
		if t.Body == body && sameTypes(t.Params, params) && sameTypes(t.Results, results) {
			return Callee{Name: t.Name, Sig: t.signature()}
		}
	}
	t := &Trampoline{Name: fmt.Sprintf("%sCall%d", u.Data.prefix, len(u.Trampolines)), Body: body, Params: params, Results: results}
	u.Trampolines = append(u.Trampolines, t)
	return Callee{Name: t.Name, Sig: t.signature()}
}

func isInterface(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	return ok && (it.Empty() || types.Identical(t, types.Universe.Lookup("error").Type()))
}

func sameTypes(a, b []types.Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !types.Identical(a[i], b[i]) {
			return false
		}
	}
	return true
}
