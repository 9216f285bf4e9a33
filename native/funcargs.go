// This file lets compiled code pass a named function as an argument of
// a call through a trampoline (strings.TrimSpace's
// TrimFunc(s[start:stop], unicode.IsSpace)): the trampoline, Go code of
// the compiled package, names the function itself in its call, so the
// assembly passes nothing for it and never holds a func value.

package native

import (
	"go/token"

	"github.com/vssa-go/vssa/ir"
)

// A funcArg is a static function named where a trampoline calls.
type funcArg struct {
	path, name string // as splitCallee gives them
}

// funcInTrampoline reports whether dst = func @sym (in) is read only as
// an argument of static calls of functions not compiled with this one
// (through trampolines), and if so records it for them to name.
func (l *lowerer) funcInTrampoline(dst ir.Reg, in *ir.Instr) bool {
	path, name, method, ok := splitCallee(in.Sym())
	if !ok || method {
		return false
	}
	if path != l.unit.Pkg.Path() && (!token.IsExported(name) || importRestricted(path, l.unit.Pkg.Path())) {
		return false
	}
	used := false
	for _, b := range l.f.Blocks {
		for _, u := range append(b.Phis, b.Instrs...) {
			for k, a := range u.Args() {
				if a != dst {
					continue
				}
				if u.Op != ir.OpCall || u.CallMode != ir.CallStatic || l.isIntrinsicCall(u) || k < len(u.Args())-len(u.CallArgs()) {
					return false
				}
				if _, compiled := l.unit.Callees[u.Sym()]; compiled {
					return false
				}
				used = true
			}
		}
	}
	if !used {
		return false
	}
	if l.funcArgs == nil {
		l.funcArgs = map[ir.Reg]funcArg{}
	}
	l.funcArgs[dst] = funcArg{path, name}
	return true
}

// passedArgs returns the arguments of call the assembly passes: all but
// the named functions the trampoline names itself.
func (l *lowerer) passedArgs(call *ir.Instr) []ir.Reg {
	var out []ir.Reg
	for _, a := range call.CallArgs() {
		if _, named := l.funcArgs[a]; !named {
			out = append(out, a)
		}
	}
	return out
}

// funcName returns how the compiled package's Go code names fa, and the
// name of its package if it is another's.
func (l *lowerer) funcName(fa funcArg) (expr, pkgName string) {
	if fa.path == l.unit.Pkg.Path() {
		return fa.name, ""
	}
	for _, imp := range l.unit.Pkg.Imports() {
		if imp.Path() == fa.path {
			return imp.Name() + "." + fa.name, imp.Name()
		}
	}
	l.fail("the function %s.%s as a value, of a package the compiled package does not import", fa.path, fa.name)
	return "", ""
}
