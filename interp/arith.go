// This file implements Go's arithmetic, comparisons and conversions on
// basic types, with each type's width, wrap-around and rounding.

package interp

import (
	"unicode/utf8"

	"github.com/vssa-go/vssa/ir"
)

// arith applies a binary arithmetic or logical operator to operands of
// kind k. Integer division by zero has been excluded by the caller.
func arith(op ir.Op, k kind, x, y Value) Value {
	switch {
	case k.isInt():
		a, b := x.n, y.n
		var r uint64
		switch op {
		case ir.OpAdd:
			r = a + b
		case ir.OpSub:
			r = a - b
		case ir.OpMul:
			r = a * b
		case ir.OpDiv:
			if k.isSigned() {
				r = uint64(int64(a) / int64(b))
			} else {
				r = a / b
			}
		case ir.OpRem:
			if k.isSigned() {
				r = uint64(int64(a) % int64(b))
			} else {
				r = a % b
			}
		case ir.OpAnd:
			r = a & b
		case ir.OpOr:
			r = a | b
		case ir.OpXor:
			r = a ^ b
		case ir.OpAndNot:
			r = a &^ b
		}
		return Value{n: normInt(k, r)}
	case k == kFloat64:
		a, b := x.float(), y.float()
		switch op {
		case ir.OpAdd:
			return mkFloat(a + b)
		case ir.OpSub:
			return mkFloat(a - b)
		case ir.OpMul:
			return mkFloat(a * b)
		case ir.OpDiv:
			return mkFloat(a / b)
		}
	case k == kFloat32:
		a, b := float32(x.float()), float32(y.float())
		switch op {
		case ir.OpAdd:
			return mkFloat(float64(a + b))
		case ir.OpSub:
			return mkFloat(float64(a - b))
		case ir.OpMul:
			return mkFloat(float64(a * b))
		case ir.OpDiv:
			return mkFloat(float64(a / b))
		}
	case k == kComplex128:
		a, b := x.complex(), y.complex()
		switch op {
		case ir.OpAdd:
			return Value{r: a + b}
		case ir.OpSub:
			return Value{r: a - b}
		case ir.OpMul:
			return Value{r: a * b}
		case ir.OpDiv:
			return Value{r: a / b}
		}
	case k == kComplex64:
		a, b := complex64(x.complex()), complex64(y.complex())
		switch op {
		case ir.OpAdd:
			return Value{r: complex128(a + b)}
		case ir.OpSub:
			return Value{r: complex128(a - b)}
		case ir.OpMul:
			return Value{r: complex128(a * b)}
		case ir.OpDiv:
			return Value{r: complex128(a / b)}
		}
	case k == kString && op == ir.OpAdd:
		return mkString(x.str() + y.str())
	}
	panic(unsupportedf("%s on kind %d", op, k))
}

// shift shifts x (of kind k) by count, which is known not to be
// negative. Go shifts by counts beyond the width give 0 (or -1 for a
// negative signed operand shifted right), as Go's own shifts do.
func shift(op ir.Op, k kind, x, count uint64) Value {
	if op == ir.OpShl {
		if count >= 64 {
			return Value{}
		}
		return Value{n: normInt(k, x<<count)}
	}
	if k.isSigned() {
		if count >= 64 {
			count = 63
		}
		return Value{n: normInt(k, uint64(int64(x)>>count))}
	}
	if count >= 64 {
		return Value{}
	}
	return Value{n: x >> count}
}

func neg(k kind, x Value) Value {
	switch {
	case k.isInt():
		return Value{n: normInt(k, -x.n)}
	case k == kFloat64:
		return mkFloat(-x.float())
	case k == kFloat32:
		return mkFloat(float64(-float32(x.float())))
	case k == kComplex128:
		return Value{r: -x.complex()}
	case k == kComplex64:
		return Value{r: complex128(-complex64(x.complex()))}
	}
	panic(unsupportedf("negation on kind %d", k))
}

// compare applies an ordering operator to operands of kind k.
func compare(op ir.Op, k kind, x, y Value) bool {
	var c int // -1, 0, 1; 2 if unordered (NaN)
	switch {
	case k.isSigned():
		a, b := int64(x.n), int64(y.n)
		c = cmp3(a < b, a > b)
	case k.isUnsigned():
		c = cmp3(x.n < y.n, x.n > y.n)
	case k.isFloat():
		a, b := x.float(), y.float()
		if a != a || b != b {
			return false
		}
		c = cmp3(a < b, a > b)
	case k == kString:
		a, b := x.str(), y.str()
		c = cmp3(a < b, a > b)
	default:
		panic(unsupportedf("ordering on kind %d", k))
	}
	switch op {
	case ir.OpLt:
		return c < 0
	case ir.OpLe:
		return c <= 0
	case ir.OpGt:
		return c > 0
	}
	return c >= 0
}

func cmp3(lt, gt bool) int {
	switch {
	case lt:
		return -1
	case gt:
		return 1
	}
	return 0
}

// convert converts x of type from to type to: numeric and string
// conversions; the others keep the representation (those to and from
// unsafe.Pointer are in unsafe.go).
func convert(from, to *rtype, x Value) Value {
	fk, tk := from.kind, to.kind
	switch {
	case fk.isInt() && tk.isInt():
		return Value{n: normInt(tk, x.n)}
	case fk.isInt() && tk.isFloat():
		var f float64
		if fk.isSigned() {
			f = float64(int64(x.n))
			if tk == kFloat32 {
				f = float64(float32(int64(x.n)))
			}
		} else {
			f = float64(x.n)
			if tk == kFloat32 {
				f = float64(float32(x.n))
			}
		}
		return mkFloat(f)
	case fk.isFloat() && tk.isInt():
		f := x.float()
		if fk == kFloat32 {
			return Value{n: float32ToInt(tk, float32(f))}
		}
		return Value{n: floatToInt(tk, f)}
	case fk.isFloat() && tk.isFloat():
		if tk == kFloat32 {
			return mkFloat(float64(float32(x.float())))
		}
		return x
	case fk.isComplex() && tk.isComplex():
		if tk == kComplex64 {
			return Value{r: complex128(complex64(x.complex()))}
		}
		return x
	case fk.isInt() && tk == kString:
		return mkString(runeString(fk, x.n))
	case fk == kString && tk == kString:
		return x
	case fk == kString && tk == kSlice:
		s := x.str()
		if to.elem.kind == kInt32 { // []rune
			out := newPacked(to.elem, utf8.RuneCountInString(s), utf8.RuneCountInString(s))
			i := 0
			for _, r := range s {
				setPackedIndex(to.elem, out, i, mkInt(int64(r)))
				i++
			}
			return Value{r: out} // never nil, as gc's
		}
		return Value{r: []byte(s)} // never nil, as gc's
	case fk == kSlice && tk == kString && from.elem.kind == kInt32: // []rune
		b := x.bytes()
		if len(b) == 0 {
			// gc's result points into a temporary buffer.
			return Value{r: &emptyStr{}}
		}
		rs := make([]rune, len(b)/4)
		for i := range rs {
			rs[i] = rune(int32(packedIndex(from.elem, b, i).n))
		}
		return mkString(string(rs))
	case fk == kSlice && tk == kString:
		return mkString(string(x.bytes()))
	case fk == kPointer && tk == kPointer:
		return x
	case fk == tk:
		return x
	}
	panic(unsupportedf("conversion from %s to %s", from.name, to.name))
}

// runeString converts an integer to a string as Go does: its UTF-8
// encoding, or "\uFFFD" if it is not a valid code point.
func runeString(k kind, n uint64) string {
	if k.isSigned() {
		i := int64(n)
		if i < 0 || i > utf8.MaxRune {
			return "\uFFFD"
		}
		return string(rune(i))
	}
	if n > utf8.MaxRune {
		return "\uFFFD"
	}
	return string(rune(n))
}

// floatToInt converts with Go's own conversion for the target width, so
// that out-of-range values behave as in the compiled program.
func floatToInt(k kind, f float64) uint64 {
	switch k {
	case kInt8:
		return uint64(int64(int8(f)))
	case kInt16:
		return uint64(int64(int16(f)))
	case kInt32:
		return uint64(int64(int32(f)))
	case kInt64:
		return uint64(int64(f))
	case kUint8:
		return uint64(uint8(f))
	case kUint16:
		return uint64(uint16(f))
	case kUint32:
		return uint64(uint32(f))
	}
	return uint64(f)
}

func float32ToInt(k kind, f float32) uint64 {
	switch k {
	case kInt8:
		return uint64(int64(int8(f)))
	case kInt16:
		return uint64(int64(int16(f)))
	case kInt32:
		return uint64(int64(int32(f)))
	case kInt64:
		return uint64(int64(f))
	case kUint8:
		return uint64(uint8(f))
	case kUint16:
		return uint64(uint16(f))
	case kUint32:
		return uint64(uint32(f))
	}
	return uint64(f)
}
