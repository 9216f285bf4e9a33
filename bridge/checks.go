// This file makes Go's implicit run-time checks explicit: each check
// instruction is emitted right before the unchecked operation it guards,
// at the operation's position.

package bridge

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/ir"
)

// nonNil reports whether a pointer value can never be nil: addresses of
// variables, of fields and of elements (their base was checked when they
// were formed).
func nonNil(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Alloc, *ssa.Global, *ssa.FieldAddr, *ssa.IndexAddr:
		return true
	}
	return false
}

// nilCheck guards a dereference of the pointer v (held in r).
func (t *translator) nilCheck(v ssa.Value, r ir.Reg, pos token.Pos) {
	if !nonNil(v) {
		t.emit(ir.OpNilCheck, pos, nil, r)
	}
}

// divCheck guards an integer division or remainder by the divisor v.
func (t *translator) divCheck(v ssa.Value, r ir.Reg, pos token.Pos) {
	if !isInteger(v.Type()) {
		return // float and complex division do not panic
	}
	if c, ok := v.(*ssa.Const); ok && c.Value != nil && constant.Sign(c.Value) != 0 {
		return
	}
	t.emit(ir.OpDivCheck, pos, nil, r)
}

// shiftCheck guards a shift by the count v.
func (t *translator) shiftCheck(v ssa.Value, r ir.Reg, pos token.Pos) {
	if mayBeNegative(v) {
		t.emit(ir.OpShiftCheck, pos, nil, r)
	}
}

// mayBeNegative reports whether v, a shift count, may be negative: only
// a signed count can be, and a constant one is known.
func mayBeNegative(v ssa.Value) bool {
	b, ok := v.Type().Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsUnsigned != 0 {
		return false
	}
	c, ok := v.(*ssa.Const)
	return !ok || c.Value == nil || constant.Sign(c.Value) < 0
}

// lenCheck guards the conversion of slice x to a pointer to an array of
// length n.
func (t *translator) lenCheck(x ir.Reg, n int64, pos token.Pos) {
	l := t.f.NewReg(types.Typ[types.Int])
	t.emit(ir.OpLen, pos, []ir.Reg{l}, x)
	t.emit(ir.OpLenCheck, pos, nil, l, t.intConst(n, pos))
}

// intConst returns a hoisted int constant.
func (t *translator) intConst(n int64, pos token.Pos) ir.Reg {
	c := ssa.NewConst(constant.MakeInt64(n), types.Typ[types.Int])
	return t.constant(c, pos)
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// constIndex returns the value of a constant index, if it is one.
func constIndex(v ssa.Value) (int64, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil {
		return 0, false
	}
	i, exact := constant.Int64Val(constant.ToInt(c.Value))
	return i, exact
}

// arrayLen returns the length of the array x is or points to, if so.
func arrayLen(x types.Type) (int64, bool) {
	switch u := x.Underlying().(type) {
	case *types.Array:
		return u.Len(), true
	case *types.Pointer:
		if a, ok := u.Elem().Underlying().(*types.Array); ok {
			return a.Len(), true
		}
	}
	return 0, false
}

// boundsCheck guards an index into x (held in xr): 0 <= index < len(x).
// A constant index into an array needs no check (the compiler rejects
// out-of-range ones).
func (t *translator) boundsCheck(x ssa.Value, xr ir.Reg, index ssa.Value, ireg ir.Reg, pos token.Pos) {
	n, isArray := arrayLen(x.Type())
	if i, ok := constIndex(index); ok && isArray && 0 <= i && i < n {
		return
	}
	var l ir.Reg
	if isArray {
		l = t.intConst(n, pos)
	} else {
		l = t.f.NewReg(types.Typ[types.Int])
		t.emit(ir.OpLen, pos, []ir.Reg{l}, xr)
	}
	t.emit(ir.OpBoundsCheck, pos, nil, ireg, l)
}

func (t *translator) indexAddr(in *ssa.IndexAddr, pos token.Pos) {
	x, i := t.val(in.X, pos), t.val(in.Index, pos)
	if _, ok := in.X.Type().Underlying().(*types.Pointer); ok {
		t.nilCheck(in.X, x, pos)
	}
	t.boundsCheck(in.X, x, in.Index, i, pos)
	t.emit(ir.OpIndexAddr, pos, t.def(in), x, i)
}

func (t *translator) index(in *ssa.Index, pos token.Pos) {
	x, i := t.val(in.X, pos), t.val(in.Index, pos)
	switch in.X.Type().Underlying().(type) {
	case *types.Array, *types.Basic:
	default:
		t.unsupported(pos, "index of %s", in.X.Type())
	}
	t.boundsCheck(in.X, x, in.Index, i, pos)
	t.emit(ir.OpIndex, pos, t.def(in), x, i)
}

// slice translates x[lo:hi:max] with its check. The check compares with
// Go's bounds in Go's order (see ir/doc.go): the bound is cap(x) for a
// slice ("with capacity" in the message) and len(x) for a string or an
// array ("with length"); a missing high bound is len(x).
func (t *translator) slice(in *ssa.Slice, pos token.Pos) {
	x := t.val(in.X, pos)
	opt := func(v ssa.Value) ir.Reg {
		if v == nil {
			return ir.NoReg
		}
		return t.val(v, pos)
	}
	lo, hi, max := opt(in.Low), opt(in.High), opt(in.Max)
	check := &ir.Instr{Op: ir.OpSliceCheck, Pos: pos}
	var length, bound ir.Reg
	switch u := in.X.Type().Underlying().(type) {
	case *types.Slice:
		length = t.f.NewReg(types.Typ[types.Int])
		t.emit(ir.OpLen, pos, []ir.Reg{length}, x)
		bound = t.f.NewReg(types.Typ[types.Int])
		t.emit(ir.OpCap, pos, []ir.Reg{bound}, x)
		check.Flags |= ir.FlagCapBound
	case *types.Basic:
		length = t.f.NewReg(types.Typ[types.Int])
		t.emit(ir.OpLen, pos, []ir.Reg{length}, x)
		bound = length
	case *types.Pointer:
		t.nilCheck(in.X, x, pos)
		n, _ := arrayLen(u)
		length = t.intConst(n, pos)
		bound = length
	default:
		t.unsupported(pos, "slice of %s", in.X.Type())
	}
	checkHi := hi
	if hi == ir.NoReg {
		checkHi = length
	}
	t.arena.SetRegs(check, nil, []ir.Reg{lo, checkHi, max, bound})
	t.cur.Instrs = append(t.cur.Instrs, check)
	t.emit(ir.OpSlice, pos, t.def(in), x, lo, hi, max)
}
