// This file has what kinds of several passes share: operators to swap
// and constants to change a value into.

package mutation

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// OtherConst returns a value of type t different from v (nil is the
// zero value), or false for types whose only constant is nil or zero.
func OtherConst(v constant.Value, t types.Type) (constant.Value, bool) {
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Kind() == types.UnsafePointer || b.Kind() == types.Invalid {
		return nil, false
	}
	info := b.Info()
	switch {
	case info&types.IsBoolean != 0:
		if v == nil {
			return constant.MakeBool(true), true
		}
		return constant.MakeBool(!constant.BoolVal(v)), true
	case info&types.IsString != 0:
		if v == nil {
			return constant.MakeString("mutant"), true
		}
		return constant.MakeString(constant.StringVal(v) + "!"), true
	case info&types.IsNumeric != 0:
		if v == nil {
			return constant.MakeInt64(1), true
		}
		switch v.Kind() {
		case constant.Int:
			// Flipping the lowest bit stays in the range of every integer type.
			return constant.BinaryOp(v, token.XOR, constant.MakeInt64(1)), true
		case constant.Float:
			return constant.ToFloat(constant.BinaryOp(v, token.ADD, constant.MakeFloat64(1))), true
		case constant.Complex:
			return constant.ToComplex(constant.BinaryOp(v, token.ADD, constant.MakeFloat64(1))), true
		}
	}
	return nil, false
}

// swappedOps are the operators SwappedOp swaps: each takes the operand
// types the other does and gives a result of the same type.
var swappedOps = map[ir.Op]ir.Op{
	ir.OpAdd: ir.OpSub, ir.OpSub: ir.OpAdd, ir.OpMul: ir.OpAdd,
	ir.OpAnd: ir.OpOr, ir.OpOr: ir.OpAnd, ir.OpXor: ir.OpOr, ir.OpAndNot: ir.OpAnd,
	ir.OpEq: ir.OpNe, ir.OpNe: ir.OpEq,
	ir.OpLt: ir.OpGe, ir.OpGe: ir.OpLt, ir.OpLe: ir.OpGt, ir.OpGt: ir.OpLe,
	ir.OpShl: ir.OpShr, ir.OpShr: ir.OpShl,
}

// SwappedOp returns an operator to put in the place of op, which keeps
// an instruction well-typed (but for strings: see IsBasic) and changes
// what it computes, and whether op has one.
func SwappedOp(op ir.Op) (ir.Op, bool) {
	o, ok := swappedOps[op]
	return o, ok
}

// IsBasic reports whether t is a basic type with a property of info.
func IsBasic(t types.Type, info types.BasicInfo) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&info != 0
}

// ChangeOp is a kind any pass's suite can have: an operator of the
// result swapped for another that takes the same operand types
// (SwappedOp; not on strings). caseOf gives the honest result a kind's
// context is about.
func ChangeOp[H, C any](caseOf func(C) *Case[H]) Kind[H, C] {
	return Kind[H, C]{
		Name: "change-op",
		Doc:  "change an operator of the result to another of the same operand types (hints unchanged)",
		Sites: func(ctx C) []Site[H] {
			c := caseOf(ctx)
			var out []Site[H]
			for _, b := range c.Out.Blocks {
				for i, in := range b.Instrs {
					op, ok := SwappedOp(in.Op)
					if !ok || len(in.Dsts()) != 1 || IsBasic(c.Out.TypeOf(in.Args()[0]), types.IsString) {
						continue
					}
					out = append(out, Site[H]{What: fmt.Sprintf("b%d instr %d: %s → %s", b.Index, i, in.Op, op), Build: func() (*ir.Func, H, bool) {
						g, h := c.Clone()
						g.Blocks[b.Index].Instrs[i].Op = op
						return g, h, true
					}})
				}
			}
			return out
		},
	}
}

// ChangeConst is a kind any pass's suite can have: the value of a
// constant of the result changed (OtherConst).
func ChangeConst[H, C any](caseOf func(C) *Case[H]) Kind[H, C] {
	return Kind[H, C]{
		Name: "change-const",
		Doc:  "change the value of a constant of the result (hints unchanged)",
		Sites: func(ctx C) []Site[H] {
			c := caseOf(ctx)
			var out []Site[H]
			for _, b := range c.Out.Blocks {
				for i, in := range b.Instrs {
					if in.Op != ir.OpConst {
						continue
					}
					v, ok := OtherConst(in.Const(), c.Out.TypeOf(in.Dsts()[0]))
					if !ok {
						continue
					}
					out = append(out, Site[H]{What: fmt.Sprintf("b%d: %s → %s", b.Index, ir.FormatInstr(c.Out, b, in), v.ExactString()), Build: func() (*ir.Func, H, bool) {
						g, h := c.Clone()
						g.Blocks[b.Index].Instrs[i].SetConst(v)
						return g, h, true
					}})
				}
			}
			return out
		},
	}
}
