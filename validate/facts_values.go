// This file says what a register's definition and type tell about its
// value: constants, lengths of arrays and constant strings, values that
// are never nil, the ranges of integer types (with the word size of int
// a parameter), and checked int64 arithmetic.

package validate

import (
	"go/constant"
	"go/types"
	"math"
	"slices"

	"github.com/vssa-go/vssa/ir"
)

// Constant returns the value of r if it is a const of an integer type
// that fits in an int64, defined where use can rely on it, or a sum,
// difference or mask of such constants (folded as Go computes them),
// or a parameter the rules read as a constant (DeriveResultBounds).
func (c *FactRules) Constant(r ir.Reg, use int) (int64, bool) {
	return c.constant(r, use, maxFolded)
}

// maxFolded is how deep Constant folds arithmetic on constants: (64 -
// h) & 63 is two.
const maxFolded = 3

func (c *FactRules) constant(r ir.Reg, use, fold int) (int64, bool) {
	if c.consts != nil { // DeriveResultBounds's parameters, else none
		if v, ok := c.consts[r]; ok {
			return v, true
		}
	}
	in := c.definition(r, use)
	if in == nil || !isInteger(c.f.TypeOf(r)) {
		return 0, false
	}
	switch in.Op {
	case ir.OpCopy:
		if src := c.copied(r, use); src != r {
			return c.constant(src, use, fold)
		}
	case ir.OpAdd, ir.OpSub, ir.OpAnd:
		if fold > 0 {
			return c.folded(in, use, fold-1)
		}
	case ir.OpConst:
		v := c.f.ConstValue(in)
		if v == nil || v.Kind() != constant.Int {
			return 0, false
		}
		return constant.Int64Val(v)
	case ir.OpLen, ir.OpCap:
		// Of an array or a pointer to one: its length (as Go's
		// constant len); len of a constant string: its length.
		x := in.Args()[0]
		if n := arrayLen(c.f.TypeOf(x)); n >= 0 {
			return n, true
		}
		if a, ok := c.f.TypeOf(x).Underlying().(*types.Array); ok {
			return a.Len(), true
		}
		if xi := c.definition(x, use); in.Op == ir.OpLen && xi != nil && xi.Op == ir.OpConst {
			if v := c.f.ConstValue(xi); v != nil && v.Kind() == constant.String {
				return int64(len(constant.StringVal(v))), true
			}
		}
	}
	return 0, false
}

// folded is the value of x + y, x - y or x & y of two constants, as
// Go computes it in their type (wrapping around), if an int64 holds it.
func (c *FactRules) folded(in *ir.Instr, use, fold int) (int64, bool) {
	args := in.Args()
	x, ok := c.constant(args[0], use, fold)
	if !ok {
		return 0, false
	}
	y, ok := c.constant(args[1], use, fold)
	if !ok {
		return 0, false
	}
	var v uint64
	switch in.Op {
	case ir.OpAdd:
		v = uint64(x) + uint64(y)
	case ir.OpSub:
		v = uint64(x) - uint64(y)
	default:
		v = uint64(x) & uint64(y)
	}
	return c.wrap(v, c.f.TypeOf(in.Dst()))
}

// wrap is v, the low bits of a result, read in the integer type t: its
// low bits of t's width, sign-extended for a signed t (false for a
// 64-bit unsigned value above MaxInt64).
func (c *FactRules) wrap(v uint64, t types.Type) (int64, bool) {
	bits := c.intBits(t)
	switch {
	case bits == 0:
		return 0, false
	case bits < 64:
		v &= 1<<bits - 1
		if !isUnsigned(t) && v >= 1<<(bits-1) {
			return int64(v) - 1<<bits, true
		}
	case isUnsigned(t) && v > math.MaxInt64:
		return 0, false
	}
	return int64(v), true
}

// intrinsicNonNil reports whether r's definition makes it nonnil
// wherever it is defined, for a use in block use.
func (c *FactRules) intrinsicNonNil(r ir.Reg, use int) bool {
	in := c.definition(r, use)
	if in == nil {
		return false
	}
	switch in.Op {
	case ir.OpAlloc, ir.OpMakeMap, ir.OpMakeChan, ir.OpMakeSlice, ir.OpMakeClosure, ir.OpGlobal, ir.OpFunc, ir.OpFieldAddr, ir.OpIndexAddr:
		// make([]T, 0) too: an empty slice that is not nil.
		return true
	case ir.OpMakeInterface:
		// An interface holding a concrete value, even a nil pointer, has
		// a dynamic type: it is not the nil interface. Not so of a value
		// of a type parameter that may be an interface type.
		return neverInterface(c.f.TypeOf(in.Args()[0]))
	case ir.OpSliceToArrayPtr:
		// Of a slice at least N long, N > 0: its first element's address.
		return arrayLen(c.f.TypeOf(in.Dst())) > 0
	case ir.OpCall:
		return c.callNonNil(in, r)
	}
	return false
}

// isZero reports whether r is a const nil (for nonnil) or integer zero
// (for nonzero) that use can rely on.
func (c *FactRules) isZero(r ir.Reg, kind FactKind, use int) bool {
	in := c.definition(r, use)
	if in == nil || in.Op != ir.OpConst {
		return false
	}
	v := c.f.ConstValue(in)
	switch kind {
	case FactNonNil:
		return v == nil && nilable(c.f.TypeOf(r))
	case FactNonZero:
		return v != nil && v.Kind() == constant.Int && constant.Sign(v) == 0
	}
	return false
}

// typeRange is the range of the integer type t, and whether its
// maximum fits in an int64 (the minimum always does).
func (c *FactRules) typeRange(t types.Type) (lo, hi int64, ok bool) {
	bits := c.intBits(t)
	if bits == 0 {
		return 0, 0, false
	}
	if isUnsigned(t) {
		if bits == 64 {
			return 0, 0, false
		}
		return 0, 1<<bits - 1, true
	}
	return -1 << (bits - 1), 1<<(bits-1) - 1, true
}

// intBits is the width of the integer type t, 0 for another type.
func (c *FactRules) intBits(t types.Type) uint {
	b, isBasic := t.Underlying().(*types.Basic)
	if !isBasic || b.Info()&types.IsInteger == 0 {
		return 0
	}
	switch b.Kind() {
	case types.Int8, types.Uint8:
		return 8
	case types.Int16, types.Uint16:
		return 16
	case types.Int32, types.Uint32:
		return 32
	case types.Int64, types.Uint64:
		return 64
	}
	return c.wordBits // int, uint, uintptr: the word's size
}

// typeBounds is a range of values the integer type t holds: its own,
// but only up to MaxInt64 for a 64-bit unsigned type (whose maximum an
// int64 cannot write). A result known to lie in it did not overflow.
func (c *FactRules) typeBounds(t types.Type) (lo, hi int64) {
	lo, hi, ok := c.typeRange(t)
	if !ok {
		return 0, math.MaxInt64
	}
	return lo, hi
}

// fits reports whether every value of integer type from is one of to.
func (c *FactRules) fits(from, to types.Type) bool {
	if isUnsigned(to) && !isUnsigned(from) {
		return false // negative values
	}
	flo, fhi, fok := c.typeRange(from)
	tlo, thi, tok := c.typeRange(to)
	switch {
	case !tok: // to is a 64-bit unsigned type: every unsigned value fits
		return true
	case !fok:
		return false
	}
	return tlo <= flo && fhi <= thi
}

func isUnsigned(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsUnsigned != 0
}

func addInt(a, b int64) (int64, bool) {
	s := a + b
	return s, (s > a) == (b > 0)
}

func subInt(a, b int64) (int64, bool) {
	s := a - b
	return s, (s < a) == (b > 0)
}

// nilable reports whether values of type t may be nil and a comparison
// with nil applies to them (a nilcheck, to pointers among them): of a
// type parameter, whether every type it may be is so (its zero value is
// then nil).
func nilable(t types.Type) bool {
	if tp, ok := t.(*types.TypeParam); ok {
		terms, ok := ir.TypeTerms(tp)
		return ok && len(terms) > 0 && !slices.ContainsFunc(terms, func(t types.Type) bool { return !nilable(t) })
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Chan, *types.Signature, *types.Interface, *types.Slice:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	}
	return false
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// arrayLen is the length of the array a pointer of type t points to,
// or -1.
func arrayLen(t types.Type) int64 {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		if a, ok := p.Elem().Underlying().(*types.Array); ok {
			return a.Len()
		}
	}
	return -1
}

// SameNil returns x if r's definition, where a use in block use can
// rely on it, makes r nil exactly when x is: a copy, an interface changed to
// another interface type, a conversion between types of one underlying
// type, a slice of a slice (nil only from nil: a slice of a non-nil one
// keeps a non-nil pointer, even empty), a slice converted to a pointer
// to an array of length 0 (the spec: nil exactly from a nil slice).
func (c *FactRules) SameNil(r ir.Reg, use int) (ir.Reg, bool) {
	in := c.definition(r, use)
	if in == nil {
		return 0, false
	}
	var same bool
	switch in.Op {
	case ir.OpCopy, ir.OpChangeInterface, ir.OpChangeType:
		same = true
	case ir.OpSlice:
		_, same = c.f.TypeOf(in.Args()[0]).Underlying().(*types.Slice)
	case ir.OpSliceToArrayPtr:
		same = arrayLen(c.f.TypeOf(r)) == 0
	}
	// Both nilable, facts being about either (a type parameter whose
	// types are all interfaces, changed to any, is not nilable itself).
	x := ir.NoReg
	if same {
		x = in.Args()[0]
	}
	return x, same && nilable(c.f.TypeOf(r)) && nilable(c.f.TypeOf(x))
}

// NilRoot follows SameNil from r as far as it goes: the register whose
// nilness is r's. ImpliedBy reads a fact about r as one about it, and
// what gives a fact about r gives one about it too (alongNil).
func (c *FactRules) NilRoot(r ir.Reg, use int) ir.Reg {
	for {
		x, ok := c.SameNil(r, use)
		if !ok {
			return r
		}
		r = x
	}
}

// neverInterface reports whether no value of type t is an interface
// value: t is not an interface type, nor a type parameter that may be
// one.
func neverInterface(t types.Type) bool {
	if tp, ok := t.(*types.TypeParam); ok {
		terms, ok := ir.TypeTerms(tp)
		return ok && !slices.ContainsFunc(terms, types.IsInterface)
	}
	return !types.IsInterface(t)
}
