// This file describes the numeric types the generator uses and the
// values of each that it writes as constants.

package progen

import (
	"fmt"
	"math"
	"strconv"
)

// A numKind is the class of a numeric type, which decides its operators
// and conversions.
type numKind int

const (
	signed numKind = iota
	unsigned
	float
	cmplx
)

// A numType is a numeric type of the generated program: a predeclared
// one or a defined type over one (type myInt8 int8).
type numType struct {
	name  string // the Go spelling: "int8", "float64", "myInt8"
	kind  numKind
	bits  int      // width; a complex type's is the whole (64 or 128)
	under *numType // the predeclared underlying type of a defined type; nil for a predeclared one
}

// isInt reports whether t is an integer type.
func (t *numType) isInt() bool { return t.kind == signed || t.kind == unsigned }

// basic returns the predeclared type of t: t itself, or its underlying type.
func (t *numType) basic() *numType {
	if t.under != nil {
		return t.under
	}
	return t
}

// component returns the float type of a complex type's parts.
func (t *numType) component() *numType {
	if t.bits == 64 {
		return float32T
	}
	return float64T
}

// helperName returns the name suffix of t's helpers: vInt8, cvtFloat64ToInt8.
func (t *numType) helperName() string {
	return string(t.name[0]-'a'+'A') + t.name[1:]
}

// The predeclared numeric types. int, uint and uintptr are 64 bits wide:
// the programs assume a 64-bit platform (vssa's interpreter does too),
// so their constants may use the whole width.
var (
	intT        = &numType{name: "int", kind: signed, bits: 64}
	int8T       = &numType{name: "int8", kind: signed, bits: 8}
	int16T      = &numType{name: "int16", kind: signed, bits: 16}
	int32T      = &numType{name: "int32", kind: signed, bits: 32}
	int64T      = &numType{name: "int64", kind: signed, bits: 64}
	uintT       = &numType{name: "uint", kind: unsigned, bits: 64}
	uint8T      = &numType{name: "uint8", kind: unsigned, bits: 8}
	uint16T     = &numType{name: "uint16", kind: unsigned, bits: 16}
	uint32T     = &numType{name: "uint32", kind: unsigned, bits: 32}
	uint64T     = &numType{name: "uint64", kind: unsigned, bits: 64}
	uintptrT    = &numType{name: "uintptr", kind: unsigned, bits: 64}
	float32T    = &numType{name: "float32", kind: float, bits: 32}
	float64T    = &numType{name: "float64", kind: float, bits: 64}
	complex64T  = &numType{name: "complex64", kind: cmplx, bits: 64}
	complex128T = &numType{name: "complex128", kind: cmplx, bits: 128}

	intTypes = []*numType{intT, int8T, int16T, int32T, int64T, uintT, uint8T, uint16T, uint32T, uint64T, uintptrT}
	numTypes = append(append([]*numType(nil), intTypes...), float32T, float64T, complex64T, complex128T)
)

// minInt and maxInt return the bounds of an integer type of the given
// kind and width, as int64 and uint64 (the maximum of a signed type fits
// both).
func minInt(kind numKind, bits int) int64 {
	if kind == unsigned {
		return 0
	}
	return -1 << (bits - 1)
}

func maxInt(kind numKind, bits int) uint64 {
	if kind == unsigned {
		return math.MaxUint64 >> (64 - bits)
	}
	return 1<<(bits-1) - 1
}

// intConst returns a random constant of the integer type t, as Go source
// of an untyped constant: the edges of the type (written with the math
// package's names where it has one, so that the program says what they
// are), the values next to them, small values, powers of two and random
// bit patterns. uses is told of the imports the constant needs.
func (g *gen) intConst(t *numType) string {
	b := t.basic()
	lo, hi := minInt(b.kind, b.bits), maxInt(b.kind, b.bits)
	switch g.r.IntN(10) {
	case 0:
		return g.edgeName(t, false)
	case 1:
		return g.edgeName(t, true)
	case 2:
		if b.kind == signed {
			return strconv.FormatInt(lo+1, 10)
		}
		return strconv.FormatUint(hi-1, 10)
	case 3:
		return strconv.FormatUint(1<<g.r.IntN(b.bits-1), 10)
	case 4, 5:
		if b.kind == signed && g.r.IntN(2) == 0 {
			return strconv.Itoa(-g.r.IntN(10))
		}
		return strconv.Itoa(g.r.IntN(10))
	case 6:
		if b.kind == signed {
			return strconv.FormatInt(int64(g.r.Uint64()>>(64-b.bits))+lo, 10)
		}
		return strconv.FormatUint(g.r.Uint64()>>(64-b.bits), 10)
	default:
		v := g.r.IntN(300)
		if b.kind == signed && g.r.IntN(2) == 0 {
			v = -v
		}
		if b.bits == 8 {
			v = min(max(v, int(lo)), int(hi))
		}
		return strconv.Itoa(v)
	}
}

// edgeName returns the math package's name for the maximum (or the
// minimum) of the integer type t; "0" for the minimum of an unsigned
// type, and ^T(0) for the maximum of a uintptr type T (math has none).
func (g *gen) edgeName(t *numType, max bool) string {
	if t.name == "uintptr" || t.under == uintptrT {
		if max {
			return "^" + t.name + "(0)"
		}
		return "0"
	}
	t = t.basic()
	if !max {
		if t.kind == unsigned {
			return "0"
		}
		g.use("math")
		if t.name == "int" {
			return "math.MinInt"
		}
		return fmt.Sprintf("math.MinInt%d", t.bits)
	}
	g.use("math")
	return "math.Max" + t.helperName()
}

// floatConst returns a random constant of the float type t as Go source:
// small and fractional values, the edges of the exactly representable
// integers (2^24, 2^53) and of the integer types (where float→int
// conversions stop being defined), the largest and smallest (also
// subnormal) values, and random values of every magnitude.
func (g *gen) floatConst(t *numType) string {
	b := t.basic()
	if b.bits == 32 {
		switch g.r.IntN(8) {
		case 0:
			g.use("math")
			return pick(g, "math.MaxFloat32", "math.SmallestNonzeroFloat32", "-math.MaxFloat32")
		case 1:
			return pick(g, "16777216", "16777217", "-16777215", "2147483648", "-2147483904", "4294967040", "9.223372e18", "1.1754944e-38", "1e-40", "3e38")
		}
	} else {
		switch g.r.IntN(8) {
		case 0:
			g.use("math")
			return pick(g, "math.MaxFloat64", "math.SmallestNonzeroFloat64", "-math.MaxFloat64")
		case 1:
			return pick(g, "9007199254740992", "9007199254740993", "-9007199254740991", "9223372036854775807", "-9223372036854775808", "18446744073709551615", "18446744073709549568", "2147483647.5", "-2147483648.9", "2.2250738585072014e-308", "4e-320", "1e308")
		}
	}
	switch g.r.IntN(4) {
	case 0:
		return pick(g, "0", "1", "-1", "0.5", "-0.5", "2", "0.1", "-0.1", "1.5", "-2.5", "3")
	case 1:
		return pick(g, "127.9", "-128.5", "255.5", "-129", "256", "32767.5", "-32769", "65535.99", "65536", "1e10", "-1e15")
	}
	// A random value of a random magnitude, written so that it reads back
	// as the same value of t.
	v := (g.r.Float64()*2 - 1) * math.Pow(10, float64(g.r.IntN(60)-30))
	if b.bits == 32 {
		return strconv.FormatFloat(float64(float32(v)), 'g', -1, 32)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// floatSpecial returns a non-constant expression of the float type t
// with one of the values no constant has: NaN, +Inf, -Inf, -0.
func (g *gen) floatSpecial(t *numType) string {
	g.use("math")
	var v string
	switch g.r.IntN(4) {
	case 0:
		v = "math.NaN()"
	case 1:
		v = "math.Inf(1)"
	case 2:
		v = "math.Inf(-1)"
	default:
		g.helper("negZero", negZeroHelper)
		v = "negZero()"
	}
	if t.name == "float64" {
		return v
	}
	return t.name + "(" + v + ")"
}

// negZeroHelper is the source of negZero. It does not negate a zero
// itself: unary minus is what the programs test.
const negZeroHelper = `// negZero returns -0, which no constant can be.
//
//go:noinline
func negZero() float64 { return math.Copysign(0, -1) }
`

// pick returns one of its arguments at random.
func pick[T any](g *gen, choices ...T) T {
	return choices[g.r.IntN(len(choices))]
}
