// This file folds unsafe.Offsetof of a selector whose type depends on
// type parameters, which go/types leaves non-constant. go/ssa compiles
// such a call as a built-in applied to the selected field's value,
// which no longer says which field it was; the instantiated selection
// is still in the field accesses that compute that value. Those
// accesses, and the operands of unsafe.Sizeof and Alignof, are not
// evaluated (gc does not: a nil pointer among them does not panic).

package bridge

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// offsetof returns the constant value of the call unsafe.Offsetof(x.f)
// in instantiated code, and whether it could be computed.
//
// The operand is the value of x.f: a Field, or a load of a FieldAddr,
// preceded by the implicit selections of embedded fields that promote
// f, which go/ssa positions at the selector expression's start. The
// offset of x.f is relative to x: the sum of the offsets of f and of
// those implicit selections (the spec forbids pointer indirections
// among them), each in the instantiated struct type.
func (t *translator) offsetof(c *ssa.CallCommon) (uint64, bool) {
	start, ok := t.offsetofOperand(c.Pos())
	if !ok || len(c.Args) != 1 {
		return 0, false
	}
	v := c.Args[0]
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X
	}
	var off int64
	for first := true; first || v.Pos() == start; first = false {
		var x ssa.Value
		var field int
		switch s := v.(type) {
		case *ssa.Field:
			x, field = s.X, s.Field
		case *ssa.FieldAddr:
			x, field = s.X, s.Field
		default:
			if first {
				return 0, false
			}
			return uint64(off), true // x itself, not a selection
		}
		st, ok := structOf(x.Type())
		if !ok || hasTypeParam(x.Type()) { // a generic body's: no one offset
			return 0, false
		}
		fields := make([]*types.Var, st.NumFields())
		for i := range fields {
			fields[i] = st.Field(i)
		}
		off += gcSizes.Offsetsof(fields)[field]
		v = x
	}
	return uint64(off), true
}

// offsetofOperand returns the position of the operand of the
// unsafe.Offsetof call whose left parenthesis is at lparen.
func (t *translator) offsetofOperand(lparen token.Pos) (token.Pos, bool) {
	syntax := t.fn.Syntax()
	if syntax == nil || !lparen.IsValid() {
		return token.NoPos, false
	}
	var pos token.Pos
	ast.Inspect(syntax, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && call.Lparen == lparen && len(call.Args) == 1 {
			pos = ast.Unparen(call.Args[0]).Pos()
		}
		return !pos.IsValid()
	})
	return pos, pos.IsValid()
}

// structOf returns the struct type of a struct or pointer-to-struct
// value.
func structOf(t types.Type) (*types.Struct, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
}

// offsetofConst is the constant an unsafe.Offsetof call is replaced by.
func offsetofConst(off uint64) *ssa.Const {
	return ssa.NewConst(constant.MakeUint64(off), types.Typ[types.Uintptr])
}

// unevaluated reports whether v, a field or element selection or a
// load, only serves to compute the operand of unsafe.Sizeof, Alignof
// or Offsetof, which gc does not evaluate.
func unevaluated(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.FieldAddr, *ssa.Field, *ssa.IndexAddr, *ssa.Index, *ssa.UnOp:
	default:
		return false
	}
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Call:
			b, ok := r.Call.Value.(*ssa.Builtin)
			if !ok || b.Name() != "Sizeof" && b.Name() != "Alignof" && b.Name() != "Offsetof" {
				return false
			}
		case *ssa.DebugRef:
		case ssa.Value:
			if !unevaluated(r) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// gcSizes are gc's sizes and alignments on amd64, the layout the
// interpreter reproduces.
var gcSizes = types.SizesFor("gc", "amd64")
