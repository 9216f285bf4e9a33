// This file translates calls of reflect.TypeFor, a generic function, as
// what it is defined to be: reflect.TypeOf((*T)(nil)).Elem(). Its body
// reads the runtime's type descriptors through internal/abi and unsafe,
// which the interpreter does not have; its reflect (interp/reflect.go)
// implements TypeOf and Type.Elem on its own types.

package bridge

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/ir"
)

// typeFor emits the call c, whose result is v, as TypeOf((*T)(nil)).Elem()
// if it calls reflect.TypeFor[T], and reports whether it did.
func (t *translator) typeFor(c *ssa.CallCommon, v ssa.Value, pos token.Pos) bool {
	callee, ok := c.Value.(*ssa.Function)
	if !ok || v == nil || len(callee.TypeArgs()) != 1 {
		return false
	}
	origin := callee.Origin()
	if origin == nil || origin.Pkg == nil || origin.Pkg.Pkg.Path() != "reflect" || origin.Name() != "TypeFor" {
		return false
	}
	typeOf := origin.Pkg.Func("TypeOf")
	if typeOf == nil {
		return false
	}
	t.prog.noteFunc(typeOf)
	nilPtr := t.constant(ssa.NewConst(nil, types.NewPointer(callee.TypeArgs()[0])), pos)
	iface := t.f.NewReg(t.typ(types.Universe.Lookup("any").Type(), pos))
	t.emit(ir.OpMakeInterface, pos, []ir.Reg{iface}, nilPtr)
	ptrType := t.f.NewReg(t.typ(typeOf.Signature.Results().At(0).Type(), pos))
	of := t.emit(ir.OpCall, pos, []ir.Reg{ptrType}, iface)
	of.CallMode, of.Aux = ir.CallStatic, t.arena.NewAux(ir.Aux{Sym: t.prog.names.name(typeOf)})
	elem := t.emit(ir.OpCall, pos, t.def(v), ptrType)
	elem.CallMode, elem.Aux = ir.CallInvoke, t.arena.NewAux(ir.Aux{Sym: "Elem"})
	return true
}
