// This file lets compiled code call a function value (crc64's update
// calls buildSlicing8TablesOnce, a func() made by sync.OnceFunc) and a
// method through an interface (sort's heapSort calls data.Less and
// data.Swap) as gc does, with Go's own dispatch: each goes through a Go
// helper of the compiled package that makes the call, p0(p1, …) or
// p0.M(p1, …), so the runtime's rules are a trampoline's (calls.go,
// trampolines.go): the func value or the interface is an argument of
// the helper, read by the collector through the helper's own pointer
// map during the call, and no pointer of the compiled frame is live
// across it unless it is one of the compiled function's arguments,
// which are reloaded after it. A nil func value or interface panics
// in the helper as it would in gc's code.

package native

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/vssa-go/vssa/ir"
)

// indirectCall lowers in, a call of a function value (CallClosure) or
// of a method through an interface (CallInvoke), as a call of a Go
// helper taking the callee first.
func (l *lowerer) indirectCall(in *ir.Instr) {
	callee := in.Callee()
	var sig *types.Signature
	var call string
	switch in.CallMode {
	case ir.CallClosure:
		sig, _ = l.f.TypeOf(callee).Underlying().(*types.Signature)
		call = "p0"
	case ir.CallInvoke:
		sig = methodSignature(l.f.TypeOf(callee), in.Sym())
		call = "p0." + in.Sym()
	}
	if sig == nil {
		l.fail("a call of %s through a value of type %s", in.Sym(), l.f.TypeOf(callee))
	}
	args := append([]ir.Reg{callee}, in.CallArgs()...)
	var ps []string
	for i := range in.CallArgs() {
		ps = append(ps, fmt.Sprintf("p%d", i+1))
	}
	if sig.Variadic() && len(ps) > 0 {
		// go/ssa passes the variadic arguments as one slice.
		ps[len(ps)-1] += "..."
	}
	body := call + "(" + strings.Join(ps, ", ") + ")"
	if len(in.Dsts()) > 0 {
		body = "return " + body
	}
	l.callee(l.goHelper(body, args, in.Dsts()), "", args, in.Dsts())
}

// methodSignature returns the signature of method name of interface
// type t, or nil.
func methodSignature(t types.Type, name string) *types.Signature {
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	for i := 0; i < it.NumMethods(); i++ {
		if m := it.Method(i); m.Name() == name {
			sig, _ := m.Type().(*types.Signature)
			return sig
		}
	}
	return nil
}
