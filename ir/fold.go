// This file is the constant evaluator that passes which fold constants
// and the validators that check them share. It is part of the trusted
// base: a validator accepts a folded constant because Fold computes the
// same value, so Fold must compute exactly what the compiled program
// would, and nothing it is unsure of.
//
// Integers are evaluated as 64-bit patterns, the value sign-extended
// (signed kinds) or zero-extended (unsigned kinds) from its width, so
// that one uint64 operation serves every width: addition, subtraction,
// multiplication, negation and the bitwise operations are the same
// modulo 2^64 as modulo 2^width, and intType.value wraps every result
// back to the width once, at the end. Division, remainder, right shift
// and ordering differ between signed and unsigned operands and use
// int64 for the signed kinds; Go defines all of them (MinInt / -1 wraps
// to MinInt, a count of 64 or more shifts every bit out), so Go's own
// operators on int64 and uint64 give gc's amd64 results.

package ir

import (
	"cmp"
	"go/constant"
	"go/types"
)

// Fold returns the value an instruction of kind op computes from
// constant operands args (of types argTypes; a nil constant.Value is the
// zero value of its type), its result being of type result, as a Go
// program compiled by gc for amd64 computes it at run time; ok is false
// when Fold does not know (a kind or type it does not fold) or when the
// instruction would not complete normally (division by zero, a negative
// signed shift count: those are checks' business, never folded).
//
// Fold knows the integer kinds (int, uint and uintptr being 64 bits
// wide), bool and string, named or not: types matter only through their
// underlying basic kind, which must be what op needs (the operands and
// the result of arithmetic of one kind, a boolean result of a
// comparison). It folds, on integers, add sub mul div rem and or xor
// andnot shl shr neg compl, the six comparisons and convert to another
// integer kind; on bools, not eq ne; on strings, add (concatenation) and
// the six comparisons (byte-wise, as Go's). Floating-point and complex
// arithmetic is left alone: its exact rounding on amd64 is more than
// this small evaluator should have to be trusted with.
//
// The result is never nil when ok: an integer is made by MakeInt64
// whenever it fits in an int64 (MakeUint64 otherwise), so that equal
// values have one representation whichever way they were computed.
func Fold(op Op, result types.Type, argTypes []types.Type, args []constant.Value) (v constant.Value, ok bool) {
	if len(argTypes) != len(args) || len(args) != foldArity(op) {
		return nil, false
	}
	rk, xk := basicKind(result), basicKind(argTypes[0])
	if len(args) == 1 {
		return fold1(op, rk, xk, args[0])
	}
	return fold2(op, rk, xk, basicKind(argTypes[1]), args[0], args[1])
}

// foldArity is the number of operands of the kinds Fold folds, -1 for
// the others. It is Fold's own so that Fold reads no table that a change
// to another kind could disturb.
func foldArity(op Op) int {
	switch op {
	case OpNeg, OpCompl, OpNot, OpConvert:
		return 1
	case OpAdd, OpSub, OpMul, OpDiv, OpRem, OpAnd, OpOr, OpXor, OpAndNot,
		OpShl, OpShr, OpEq, OpNe, OpLt, OpLe, OpGt, OpGe:
		return 2
	}
	return -1
}

// basicKind is the kind of t's underlying basic type, Invalid when t is
// nil or not basic.
func basicKind(t types.Type) types.BasicKind {
	if t == nil {
		return types.Invalid
	}
	if b, ok := t.Underlying().(*types.Basic); ok && b != nil {
		return b.Kind()
	}
	return types.Invalid
}

// fold1 folds the one-operand kinds.
func fold1(op Op, rk, xk types.BasicKind, a constant.Value) (constant.Value, bool) {
	if op == OpNot {
		x, ok := boolOf(a)
		if !ok || xk != types.Bool || rk != types.Bool {
			return nil, false
		}
		return constant.MakeBool(!x), true
	}
	from, ok1 := intTypeOf(xk)
	to, ok2 := intTypeOf(rk)
	if !ok1 || !ok2 {
		return nil, false
	}
	x, ok := from.bits(a)
	if !ok {
		return nil, false
	}
	switch op {
	case OpConvert:
		// x is the source value extended to 64 bits; to.value truncates
		// it to the target's width, then extends it as the target's
		// signedness says: Go's integer conversion.
		return to.value(x), true
	case OpNeg:
		if rk == xk {
			return to.value(-x), true
		}
	case OpCompl:
		if rk == xk {
			return to.value(^x), true
		}
	}
	return nil, false
}

// fold2 folds the two-operand kinds.
func fold2(op Op, rk, xk, yk types.BasicKind, a, b constant.Value) (constant.Value, bool) {
	switch {
	case xk == types.String && yk == types.String:
		x, ok1 := stringOf(a)
		y, ok2 := stringOf(b)
		if !ok1 || !ok2 {
			return nil, false
		}
		if op == OpAdd {
			if rk != types.String {
				return nil, false
			}
			return constant.MakeString(x + y), true
		}
		return comparison(op, rk, cmp.Compare(x, y))
	case xk == types.Bool && yk == types.Bool:
		x, ok1 := boolOf(a)
		y, ok2 := boolOf(b)
		if !ok1 || !ok2 || (op != OpEq && op != OpNe) {
			return nil, false // bools are not ordered
		}
		c := 0
		if x != y {
			c = 1
		}
		return comparison(op, rk, c)
	}

	t, ok := intTypeOf(xk)
	if !ok {
		return nil, false
	}
	x, ok := t.bits(a)
	if !ok {
		return nil, false
	}
	if op == OpShl || op == OpShr {
		// The count may be of any integer kind; Go shifts by its value.
		ct, ok := intTypeOf(yk)
		if !ok || rk != xk {
			return nil, false
		}
		s, ok := ct.bits(b)
		if !ok || ct.signed && int64(s) < 0 {
			return nil, false // a negative count panics (shiftcheck)
		}
		switch {
		case op == OpShl:
			return t.value(x << s), true
		case t.signed:
			return t.value(uint64(int64(x) >> s)), true
		default:
			return t.value(x >> s), true
		}
	}
	if yk != xk {
		return nil, false
	}
	y, ok := t.bits(b)
	if !ok {
		return nil, false
	}
	switch op {
	case OpEq, OpNe, OpLt, OpLe, OpGt, OpGe:
		if t.signed {
			return comparison(op, rk, cmp.Compare(int64(x), int64(y)))
		}
		return comparison(op, rk, cmp.Compare(x, y))
	}
	if rk != xk {
		return nil, false
	}
	switch op {
	case OpAdd:
		return t.value(x + y), true
	case OpSub:
		return t.value(x - y), true
	case OpMul:
		return t.value(x * y), true
	case OpAnd:
		return t.value(x & y), true
	case OpOr:
		return t.value(x | y), true
	case OpXor:
		return t.value(x ^ y), true
	case OpAndNot:
		return t.value(x &^ y), true
	case OpDiv, OpRem:
		if y == 0 {
			return nil, false // division by zero panics (divcheck)
		}
		if !t.signed {
			if op == OpDiv {
				return t.value(x / y), true
			}
			return t.value(x % y), true
		}
		// Go defines MinInt64 / -1 as MinInt64 and MinInt64 % -1 as 0
		// (gc guards the instruction that would trap); narrower kinds'
		// -2^(w-1) / -1 = 2^(w-1) wraps to -2^(w-1) in t.value.
		if op == OpDiv {
			return t.value(uint64(int64(x) / int64(y))), true
		}
		return t.value(uint64(int64(x) % int64(y))), true
	}
	return nil, false
}

// comparison is the boolean result of comparison op given c, the sign of
// x - y (as cmp.Compare); the result must be of a boolean type.
func comparison(op Op, rk types.BasicKind, c int) (constant.Value, bool) {
	if rk != types.Bool {
		return nil, false
	}
	var r bool
	switch op {
	case OpEq:
		r = c == 0
	case OpNe:
		r = c != 0
	case OpLt:
		r = c < 0
	case OpLe:
		r = c <= 0
	case OpGt:
		r = c > 0
	case OpGe:
		r = c >= 0
	default:
		return nil, false
	}
	return constant.MakeBool(r), true
}

// intType is an integer kind as Fold computes with it.
type intType struct {
	width  uint // in bits: 8, 16, 32 or 64
	signed bool
}

// intTypeOf gives the integer kinds' widths on amd64; ok is false for
// every other kind, the untyped ones included.
func intTypeOf(k types.BasicKind) (t intType, ok bool) {
	switch k {
	case types.Int8:
		return intType{8, true}, true
	case types.Int16:
		return intType{16, true}, true
	case types.Int32:
		return intType{32, true}, true
	case types.Int64, types.Int:
		return intType{64, true}, true
	case types.Uint8:
		return intType{8, false}, true
	case types.Uint16:
		return intType{16, false}, true
	case types.Uint32:
		return intType{32, false}, true
	case types.Uint64, types.Uint, types.Uintptr:
		return intType{64, false}, true
	}
	return intType{}, false
}

// wrap truncates x to t's width and extends it back to 64 bits as t's
// signedness says: the pattern of the value of t that x is congruent to
// modulo 2^width.
func (t intType) wrap(x uint64) uint64 {
	shift := 64 - t.width
	if t.signed {
		return uint64(int64(x<<shift) >> shift)
	}
	return x << shift >> shift
}

// bits is the pattern of the integer constant v (nil for 0); ok is false
// when v is not an integer or not a value of t.
func (t intType) bits(v constant.Value) (x uint64, ok bool) {
	if v == nil {
		return 0, true
	}
	if v.Kind() != constant.Int {
		return 0, false
	}
	if t.signed {
		i, exact := constant.Int64Val(v)
		x = uint64(i)
		ok = exact
	} else {
		x, ok = constant.Uint64Val(v)
	}
	// v is in t's range exactly when its 64-bit pattern is already
	// wrapped to t's width.
	return x, ok && t.wrap(x) == x
}

// value is the constant of t congruent to x modulo 2^width.
func (t intType) value(x uint64) constant.Value {
	x = t.wrap(x)
	if t.signed || x <= 1<<63-1 {
		return constant.MakeInt64(int64(x))
	}
	return constant.MakeUint64(x)
}

// boolOf is the value of the boolean constant v (nil for false).
func boolOf(v constant.Value) (x, ok bool) {
	if v == nil {
		return false, true
	}
	if v.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(v), true
}

// stringOf is the value of the string constant v (nil for "").
func stringOf(v constant.Value) (string, bool) {
	if v == nil {
		return "", true
	}
	if v.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(v), true
}
