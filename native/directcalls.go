// This file lets compiled code call a Go function of its own package
// that is not compiled with it (snappy's emitCopy from encodeBlock)
// directly in ABI0, without a trampoline: the compiler makes the ABI0
// wrapper of every Go function of the package its assembly refers to,
// as it does for a trampoline, so a trampoline that only passes its
// arguments on adds a Go frame, a stack check and a second call to
// each call (about ten instructions, a seventh of what encodeBlock's
// calls of emitCopy cost beside the callee's own work). The runtime's
// rules across the call are the trampoline's (calls.go): the callee is
// Go code all the same.

package native

import (
	"go/types"
	"strings"

	"github.com/vssa-go/vssa/ir"
)

// directCallee returns the function call calls, if the assembly can
// call it as declared: a function (not a method or a generic one) of
// the compiled package, not variadic, whose parameters and results
// are the call's types exactly (the ABI0 frame is then the same), with
// no argument the trampoline would convert or name (convertargs.go,
// funcargs.go).
func (l *lowerer) directCallee(call *ir.Instr) (Callee, bool) {
	path, name, method, ok := splitCallee(call.Sym())
	if !ok || method || path != l.unit.Pkg.Path() || !asciiIdent(name) {
		return Callee{}, false
	}
	fn, ok := l.unit.Pkg.Scope().Lookup(name).(*types.Func)
	if !ok {
		return Callee{}, false
	}
	sig := fn.Type().(*types.Signature)
	args, dsts := call.CallArgs(), call.Dsts()
	if sig.Recv() != nil || sig.TypeParams().Len() > 0 || sig.Variadic() || sig.Params().Len() != len(args) || sig.Results().Len() != len(dsts) {
		return Callee{}, false
	}
	for i, a := range args {
		_, named := l.funcArgs[a]
		_, converted := l.bytesArgs[a]
		if named || converted || !types.Identical(sig.Params().At(i).Type(), l.f.TypeOf(a)) {
			return Callee{}, false
		}
	}
	for i, d := range dsts {
		if !types.Identical(sig.Results().At(i).Type(), l.f.TypeOf(d)) {
			return Callee{}, false
		}
	}
	return Callee{Name: name, Sig: sig}, true
}

// asciiIdent reports whether name is an identifier of ASCII letters,
// digits and underscores, which the assembler reads as written.
func asciiIdent(name string) bool {
	return name != "" && name != "_" && strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == "" && !strings.ContainsAny(name[:1], "0123456789")
}
