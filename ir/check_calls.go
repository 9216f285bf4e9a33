// This file checks the types of calls, closures and selects.

package ir

import (
	"fmt"
	"go/types"
)

// callTypes checks a call, go or defer against its callee's signature.
func (c *checker) callTypes(in *Instr) string {
	f := c.f
	if s := in.DeferStack(); s != NoReg && !types.Identical(f.TypeOf(s), DeferStackType) {
		return fmt.Sprintf("defer stack %s has type %s, want deferstack", s, TypeString(f.TypeOf(s)))
	}
	var sig *types.Signature
	switch in.CallMode {
	case CallStatic:
		if f.Module == nil {
			return ""
		}
		s, ok := f.Module.FuncSignature(in.Sym())
		if !ok {
			return fmt.Sprintf("function @%s is not declared", in.Sym())
		}
		sig = s
	case CallClosure:
		s, ok := coreUnderlying(f.TypeOf(in.Callee())).(*types.Signature)
		if !ok {
			return fmt.Sprintf("callee %s has type %s, want a function", in.Callee(), TypeString(f.TypeOf(in.Callee())))
		}
		sig = s
	case CallInvoke:
		t := f.TypeOf(in.Callee())
		iface, ok := t.Underlying().(*types.Interface)
		if !ok {
			return fmt.Sprintf("receiver %s has type %s, want an interface", in.Callee(), TypeString(t))
		}
		for i := 0; i < iface.NumMethods(); i++ {
			if m := iface.Method(i); m.Name() == in.Sym() {
				sig = m.Type().(*types.Signature)
			}
		}
		if sig == nil {
			return fmt.Sprintf("interface %s has no method %s", TypeString(t), in.Sym())
		}
	case CallBuiltin:
		if in.Sym() == "" {
			return "built-in call without a name"
		}
		return ""
	default:
		return "invalid call mode"
	}
	args := in.CallArgs()
	if len(args) != sig.Params().Len() {
		return fmt.Sprintf("call has %d arguments, want %d", len(args), sig.Params().Len())
	}
	for k, a := range args {
		// Go passes arguments by assignment; go/ssa usually makes the types
		// identical, not always (range-over-func yield functions).
		if want := sig.Params().At(k).Type(); !types.Identical(f.TypeOf(a), want) && !types.AssignableTo(f.TypeOf(a), want) {
			return fmt.Sprintf("argument %d (%s) has type %s, want %s", k, a, TypeString(f.TypeOf(a)), TypeString(want))
		}
	}
	if in.Op != OpCall {
		return ""
	}
	if len(in.Dsts()) != sig.Results().Len() {
		return fmt.Sprintf("call has %d results, want %d", len(in.Dsts()), sig.Results().Len())
	}
	for k, d := range in.Dsts() {
		if want := sig.Results().At(k).Type(); !types.Identical(f.TypeOf(d), want) {
			return fmt.Sprintf("result %s has type %s, want %s", d, TypeString(f.TypeOf(d)), TypeString(want))
		}
	}
	return ""
}

// closureTypes checks a makeclosure against the function it closes over.
func (c *checker) closureTypes(in *Instr) string {
	f := c.f
	if f.Module == nil {
		return ""
	}
	g := f.Module.Func(in.Sym())
	if g == nil {
		return fmt.Sprintf("makeclosure of @%s, which has no body in this module", in.Sym())
	}
	if len(in.Args()) != len(g.FreeVars) {
		return fmt.Sprintf("makeclosure binds %d values, want %d free variables", len(in.Args()), len(g.FreeVars))
	}
	for k, a := range in.Args() {
		if want := g.TypeOf(g.FreeVars[k]); !types.Identical(f.TypeOf(a), want) {
			return fmt.Sprintf("binding %d (%s) has type %s, want %s", k, a, TypeString(f.TypeOf(a)), TypeString(want))
		}
	}
	if !types.Identical(f.TypeOf(in.Dsts()[0]), g.Signature()) {
		return fmt.Sprintf("result has type %s, want %s", TypeString(f.TypeOf(in.Dsts()[0])), TypeString(g.Signature()))
	}
	return ""
}

// selectTypes checks the states and results of a select.
func (c *checker) selectTypes(in *Instr) string {
	f := c.f
	k := 0
	var recvElems []types.Type
	for i, dir := range in.SelectDirs() {
		if k >= len(in.Args()) {
			return fmt.Sprintf("state %d has no channel operand", i)
		}
		ch, ok := f.TypeOf(in.Args()[k]).Underlying().(*types.Chan)
		if !ok {
			return fmt.Sprintf("state %d: %s has type %s, want a channel", i, in.Args()[k], TypeString(f.TypeOf(in.Args()[k])))
		}
		switch dir {
		case types.SendOnly:
			if k+1 >= len(in.Args()) {
				return fmt.Sprintf("send state %d has no value operand", i)
			}
			if v := in.Args()[k+1]; !types.Identical(f.TypeOf(v), ch.Elem()) {
				return fmt.Sprintf("state %d sends %s of type %s, want %s", i, v, TypeString(f.TypeOf(v)), TypeString(ch.Elem()))
			}
			k += 2
		case types.RecvOnly:
			recvElems = append(recvElems, ch.Elem())
			k++
		default:
			return fmt.Sprintf("state %d has no direction", i)
		}
	}
	if k != len(in.Args()) {
		return fmt.Sprintf("select has %d operands, want %d for its states", len(in.Args()), k)
	}
	if len(in.Dsts()) != 2+len(recvElems) {
		return fmt.Sprintf("select has %d results, want %d (index, recvOk, one per receive)", len(in.Dsts()), 2+len(recvElems))
	}
	if !hasInfo(f.TypeOf(in.Dsts()[0]), types.IsInteger) {
		return fmt.Sprintf("index result has type %s, want int", TypeString(f.TypeOf(in.Dsts()[0])))
	}
	if m := wantBool(in.Dsts()[1], f.TypeOf(in.Dsts()[1])); m != "" {
		return m
	}
	for i, t := range recvElems {
		if d := in.Dsts()[2+i]; !types.Identical(f.TypeOf(d), t) {
			return fmt.Sprintf("received value %s has type %s, want %s", d, TypeString(f.TypeOf(d)), TypeString(t))
		}
	}
	return ""
}
