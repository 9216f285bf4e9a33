// This file tests Fold against Go itself: every expected value is what
// Go's own operator computes on values of the corresponding Go type, so
// the tests share no code, and no reasoning about widths, with Fold.

package ir

import (
	"go/constant"
	"go/token"
	"go/types"
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"
)

type foldInt interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~int |
		~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uint | ~uintptr
}

// goType is the go/types type of the Go type T.
func goType[T foldInt]() types.Type {
	var k types.BasicKind
	switch any(T(0)).(type) {
	case int8:
		k = types.Int8
	case int16:
		k = types.Int16
	case int32:
		k = types.Int32
	case int64:
		k = types.Int64
	case int:
		k = types.Int
	case uint8:
		k = types.Uint8
	case uint16:
		k = types.Uint16
	case uint32:
		k = types.Uint32
	case uint64:
		k = types.Uint64
	case uint:
		k = types.Uint
	case uintptr:
		k = types.Uintptr
	default:
		panic("goType: unknown type")
	}
	return types.Typ[k]
}

func isSigned[T foldInt]() bool { return ^T(0) < 0 }

// konst is x as a constant, made as a pass would.
func konst[T foldInt](x T) constant.Value {
	if isSigned[T]() {
		return constant.MakeInt64(int64(x))
	}
	return constant.MakeUint64(uint64(x))
}

var int64Repr = reflect.TypeOf(constant.MakeInt64(0))

// sameInt reports whether the constant v is the value x, made by
// MakeInt64 when it fits in an int64.
func sameInt[T foldInt](v constant.Value, x T) bool {
	if v == nil || v.Kind() != constant.Int {
		return false
	}
	if isSigned[T]() {
		i, exact := constant.Int64Val(v)
		return exact && i == int64(x) && reflect.TypeOf(v) == int64Repr
	}
	u, exact := constant.Uint64Val(v)
	return exact && u == uint64(x) && (u > 1<<63-1) == (reflect.TypeOf(v) != int64Repr)
}

// edges are values of T worth testing: the extremes and their
// neighbours, small numbers, powers of two and their neighbours,
// alternating bits, and n random values (a fixed seed).
func edges[T foldInt](r *rand.Rand, n int) []T {
	width := uint(unsafe.Sizeof(T(0))) * 8
	var max, min T
	if isSigned[T]() {
		max = T(1)<<(width-1) - 1
		min = -max - 1
	} else {
		max = ^T(0)
	}
	xs := []T{0, 1, 2, 3, 7, 10, max, min, max - 1, min + 1, max / 2, min / 2, T(0) - 1, T(0) - 2, T(0) - 3}
	for _, pattern := range []uint64{0x5555555555555555, 0xaaaaaaaaaaaaaaaa, 0x0123456789abcdef, 0xfedcba9876543210} {
		xs = append(xs, T(pattern))
	}
	for k := uint(0); k < width; k += 1 + k/8 {
		xs = append(xs, T(1)<<k, T(1)<<k-1, T(1)<<k+1, -(T(1) << k))
	}
	for range n {
		xs = append(xs, T(r.Uint64()), T(r.Uint64()>>r.UintN(64)))
	}
	return xs
}

// randomPairs are n pairs of random values of T, of random magnitudes
// and signs.
func randomPairs[T foldInt](r *rand.Rand, n int) [][2]T {
	v := func() T {
		x := T(r.Uint64() >> r.UintN(64))
		if r.IntN(2) == 0 {
			return -x
		}
		return x
	}
	pairs := make([][2]T, n)
	for i := range pairs {
		pairs[i] = [2]T{v(), v()}
	}
	return pairs
}

// checkBinary compares Fold with Go's operators on T for every pair of
// xs and every pair of pairs, and its neg and compl on xs; typ is T's
// go/types type (or a named type over it).
func checkBinary[T foldInt](t *testing.T, typ types.Type, xs []T, pairs [][2]T) {
	boolT := types.Typ[types.Bool]
	arith := []struct {
		op Op
		f  func(x, y T) T
	}{
		{OpAdd, func(x, y T) T { return x + y }},
		{OpSub, func(x, y T) T { return x - y }},
		{OpMul, func(x, y T) T { return x * y }},
		{OpAnd, func(x, y T) T { return x & y }},
		{OpOr, func(x, y T) T { return x | y }},
		{OpXor, func(x, y T) T { return x ^ y }},
		{OpAndNot, func(x, y T) T { return x &^ y }},
		{OpDiv, func(x, y T) T { return x / y }},
		{OpRem, func(x, y T) T { return x % y }},
	}
	compare := []struct {
		op Op
		f  func(x, y T) bool
	}{
		{OpEq, func(x, y T) bool { return x == y }},
		{OpNe, func(x, y T) bool { return x != y }},
		{OpLt, func(x, y T) bool { return x < y }},
		{OpLe, func(x, y T) bool { return x <= y }},
		{OpGt, func(x, y T) bool { return x > y }},
		{OpGe, func(x, y T) bool { return x >= y }},
	}
	argTypes := []types.Type{typ, typ}
	fold := func(op Op, result types.Type, x, y T) []constant.Value {
		// Zero operands are also given as nil, the zero value.
		var vs []constant.Value
		for _, a := range [][]constant.Value{{konst(x), konst(y)}, {nil, konst(y)}, {konst(x), nil}} {
			if a[0] == nil && x != 0 || a[1] == nil && y != 0 {
				continue
			}
			v, ok := Fold(op, result, argTypes, a)
			if !ok {
				v = nil
			}
			vs = append(vs, v)
		}
		return vs
	}
	fails := 0
	test := func(x, y T) {
		for _, c := range arith {
			for _, got := range fold(c.op, typ, x, y) {
				if (c.op == OpDiv || c.op == OpRem) && y == 0 {
					if got != nil {
						t.Errorf("%s %s %v, 0 = %v, want not folded", c.op, TypeString(typ), x, got)
						fails++
					}
					continue
				}
				if want := c.f(x, y); !sameInt(got, want) {
					t.Errorf("%s %s %v, %v = %v, want %v", c.op, TypeString(typ), x, y, got, want)
					fails++
				}
			}
		}
		for _, c := range compare {
			for _, got := range fold(c.op, boolT, x, y) {
				if want := c.f(x, y); got == nil || got.Kind() != constant.Bool || constant.BoolVal(got) != want {
					t.Errorf("%s %s %v, %v = %v, want %v", c.op, TypeString(typ), x, y, got, want)
					fails++
				}
			}
		}
	}
	for _, x := range xs {
		for _, y := range xs {
			pairs = append(pairs, [2]T{x, y})
		}
	}
	for _, p := range pairs {
		if test(p[0], p[1]); fails > 20 {
			t.Fatal("too many failures")
		}
	}

	for _, x := range xs {
		for _, c := range []struct {
			op Op
			f  func(x T) T
		}{{OpNeg, func(x T) T { return -x }}, {OpCompl, func(x T) T { return ^x }}} {
			for _, a := range []constant.Value{konst(x), nil} {
				if a == nil && x != 0 {
					continue
				}
				got, ok := Fold(c.op, typ, []types.Type{typ}, []constant.Value{a})
				if want := c.f(x); !ok || !sameInt(got, want) {
					t.Errorf("%s %s %v = %v, %v, want %v", c.op, TypeString(typ), x, got, ok, want)
				}
			}
		}
	}
}

// checkShift compares Fold's shl and shr of values xs of T by counts ss
// of S with Go's << and >>.
func checkShift[T, S foldInt](t *testing.T, xs []T, ss []S) {
	typ, styp := goType[T](), goType[S]()
	argTypes := []types.Type{typ, styp}
	for _, x := range xs {
		for _, s := range ss {
			for _, c := range []struct {
				op Op
				f  func(x T, s S) T
			}{{OpShl, func(x T, s S) T { return x << s }}, {OpShr, func(x T, s S) T { return x >> s }}} {
				got, ok := Fold(c.op, typ, argTypes, []constant.Value{konst(x), konst(s)})
				if s < 0 {
					if ok {
						t.Errorf("%s %s %v, %s %v = %v, want not folded", c.op, typ, x, styp, s, got)
					}
					continue
				}
				if want := c.f(x, s); !ok || !sameInt(got, want) {
					t.Errorf("%s %s %v, %s %v = %v, %v, want %v", c.op, typ, x, styp, s, got, ok, want)
					return
				}
			}
		}
	}
}

// shiftCounts are counts of S around every width, its extremes and a
// few random ones.
func shiftCounts[S foldInt](r *rand.Rand) []S {
	var ss []S
	for k := range 70 {
		ss = append(ss, S(k))
	}
	for _, k := range []int{127, 128, 255, 256, -1, -8, -64, -65} {
		ss = append(ss, S(k)) // wrapped to S
	}
	return append(ss, edges[S](r, 4)...)
}

// shiftsBy checks shifts of xs by counts of every integer type.
func shiftsBy[T foldInt](t *testing.T, r *rand.Rand, xs []T) {
	checkShift(t, xs, shiftCounts[int8](r))
	checkShift(t, xs, shiftCounts[int16](r))
	checkShift(t, xs, shiftCounts[int32](r))
	checkShift(t, xs, shiftCounts[int64](r))
	checkShift(t, xs, shiftCounts[int](r))
	checkShift(t, xs, shiftCounts[uint8](r))
	checkShift(t, xs, shiftCounts[uint16](r))
	checkShift(t, xs, shiftCounts[uint32](r))
	checkShift(t, xs, shiftCounts[uint64](r))
	checkShift(t, xs, shiftCounts[uint](r))
	checkShift(t, xs, shiftCounts[uintptr](r))
}

// checkConvert compares Fold's convert from T to U with Go's U(x).
func checkConvert[T, U foldInt](t *testing.T, xs []T) {
	from, to := goType[T](), goType[U]()
	for _, x := range xs {
		got, ok := Fold(OpConvert, to, []types.Type{from}, []constant.Value{konst(x)})
		if want := U(x); !ok || !sameInt(got, want) {
			t.Errorf("convert %s %v to %s = %v, %v, want %v", from, x, to, got, ok, want)
			return
		}
	}
	if got, ok := Fold(OpConvert, to, []types.Type{from}, []constant.Value{nil}); !ok || !sameInt(got, U(0)) {
		t.Errorf("convert %s zero to %s = %v, %v, want 0", from, to, got, ok)
	}
}

// convertsTo checks conversions of xs to every integer type.
func convertsTo[T foldInt](t *testing.T, xs []T) {
	checkConvert[T, int8](t, xs)
	checkConvert[T, int16](t, xs)
	checkConvert[T, int32](t, xs)
	checkConvert[T, int64](t, xs)
	checkConvert[T, int](t, xs)
	checkConvert[T, uint8](t, xs)
	checkConvert[T, uint16](t, xs)
	checkConvert[T, uint32](t, xs)
	checkConvert[T, uint64](t, xs)
	checkConvert[T, uint](t, xs)
	checkConvert[T, uintptr](t, xs)
}

// checkInt runs every integer check on T.
func checkInt[T foldInt](t *testing.T) {
	t.Run(goType[T]().String(), func(t *testing.T) {
		t.Parallel()
		r := rand.New(rand.NewPCG(1, uint64(unsafe.Sizeof(T(0)))))
		checkBinary(t, goType[T](), edges[T](r, 0), randomPairs[T](r, 2000))
		var alternating uint64 = 0x5555555555555555
		shifted := []T{0, 1, 3, T(0) - 1, ^T(0) >> 1, ^(^T(0) >> 1), T(alternating)}
		for _, p := range randomPairs[T](r, 4) {
			shifted = append(shifted, p[0], p[1])
		}
		shiftsBy(t, r, shifted)
		convertsTo(t, edges[T](r, 100))
	})
}

func TestFoldIntegers(t *testing.T) {
	checkInt[int8](t)
	checkInt[int16](t)
	checkInt[int32](t)
	checkInt[int64](t)
	checkInt[int](t)
	checkInt[uint8](t)
	checkInt[uint16](t)
	checkInt[uint32](t)
	checkInt[uint64](t)
	checkInt[uint](t)
	checkInt[uintptr](t)
}

func TestFoldNamed(t *testing.T) {
	pkg := types.NewPackage("main", "main")
	named := func(name string, u types.Type) types.Type {
		return types.NewNamed(types.NewTypeName(token.NoPos, pkg, name, nil), u, nil)
	}
	color := named("Color", types.Typ[types.Int8])
	r := rand.New(rand.NewPCG(2, 2))
	checkBinary(t, color, edges[int8](r, 0), randomPairs[int8](r, 200))
	checkBinary(t, named("Word", types.Typ[types.Uint64]), edges[uint64](r, 0), randomPairs[uint64](r, 200))

	v, ok := Fold(OpConvert, types.Typ[types.Uint8], []types.Type{color}, []constant.Value{constant.MakeInt64(-1)})
	if !ok || !sameInt(v, uint8(255)) {
		t.Errorf("convert Color -1 to uint8 = %v, %v, want 255", v, ok)
	}
	v, ok = Fold(OpConvert, color, []types.Type{types.Typ[types.Int]}, []constant.Value{constant.MakeInt64(200)})
	if !ok || !sameInt(v, int8(-56)) {
		t.Errorf("convert int 200 to Color = %v, %v, want -56", v, ok)
	}

	flag, name := named("Flag", types.Typ[types.Bool]), named("Name", types.Typ[types.String])
	v, ok = Fold(OpNot, flag, []types.Type{flag}, []constant.Value{nil})
	if !ok || v.Kind() != constant.Bool || !constant.BoolVal(v) {
		t.Errorf("not Flag zero = %v, %v, want true", v, ok)
	}
	v, ok = Fold(OpAdd, name, []types.Type{name, name}, []constant.Value{constant.MakeString("a"), nil})
	if !ok || v.Kind() != constant.String || constant.StringVal(v) != "a" {
		t.Errorf(`add Name "a", zero = %v, %v, want "a"`, v, ok)
	}
	v, ok = Fold(OpLt, flag, []types.Type{name, name}, []constant.Value{nil, constant.MakeString("a")})
	if !ok || v.Kind() != constant.Bool || !constant.BoolVal(v) {
		t.Errorf(`lt Name zero, "a" as Flag = %v, %v, want true`, v, ok)
	}
}

func TestFoldBool(t *testing.T) {
	boolT := types.Typ[types.Bool]
	one := []types.Type{boolT}
	two := []types.Type{boolT, boolT}
	kb := func(b bool, zeroAsNil bool) constant.Value {
		if !b && zeroAsNil {
			return nil
		}
		return constant.MakeBool(b)
	}
	isBool := func(v constant.Value, ok, want bool) bool {
		return ok && v != nil && v.Kind() == constant.Bool && constant.BoolVal(v) == want
	}
	for _, nilZero := range []bool{false, true} {
		for _, x := range []bool{false, true} {
			if v, ok := Fold(OpNot, boolT, one, []constant.Value{kb(x, nilZero)}); !isBool(v, ok, !x) {
				t.Errorf("not %v = %v, %v", x, v, ok)
			}
			for _, y := range []bool{false, true} {
				args := []constant.Value{kb(x, nilZero), kb(y, nilZero)}
				if v, ok := Fold(OpEq, boolT, two, args); !isBool(v, ok, x == y) {
					t.Errorf("eq %v, %v = %v, %v", x, y, v, ok)
				}
				if v, ok := Fold(OpNe, boolT, two, args); !isBool(v, ok, x != y) {
					t.Errorf("ne %v, %v = %v, %v", x, y, v, ok)
				}
				// Bools are not ordered, and && and || are control flow.
				for _, op := range []Op{OpLt, OpLe, OpGt, OpGe, OpAnd, OpOr, OpXor, OpAndNot, OpAdd} {
					if v, ok := Fold(op, boolT, two, args); ok {
						t.Errorf("%s %v, %v = %v, want not folded", op, x, y, v)
					}
				}
			}
		}
	}
}

func TestFoldString(t *testing.T) {
	strT, boolT := types.Typ[types.String], types.Typ[types.Bool]
	two := []types.Type{strT, strT}
	ss := []string{"", "a", "b", "ab", "abc", "a\x00", "\x00", "Z", "é", "e\u0301", "\xff", "\x7f", "日本"}
	ks := func(s string, zeroAsNil bool) constant.Value {
		if s == "" && zeroAsNil {
			return nil
		}
		return constant.MakeString(s)
	}
	compare := []struct {
		op Op
		f  func(x, y string) bool
	}{
		{OpEq, func(x, y string) bool { return x == y }},
		{OpNe, func(x, y string) bool { return x != y }},
		{OpLt, func(x, y string) bool { return x < y }},
		{OpLe, func(x, y string) bool { return x <= y }},
		{OpGt, func(x, y string) bool { return x > y }},
		{OpGe, func(x, y string) bool { return x >= y }},
	}
	for _, nilZero := range []bool{false, true} {
		for _, x := range ss {
			for _, y := range ss {
				args := []constant.Value{ks(x, nilZero), ks(y, nilZero)}
				v, ok := Fold(OpAdd, strT, two, args)
				if !ok || v.Kind() != constant.String || constant.StringVal(v) != x+y {
					t.Errorf("add %q, %q = %v, %v", x, y, v, ok)
				}
				for _, c := range compare {
					v, ok := Fold(c.op, boolT, two, args)
					if !ok || v.Kind() != constant.Bool || constant.BoolVal(v) != c.f(x, y) {
						t.Errorf("%s %q, %q = %v, %v", c.op, x, y, v, ok)
					}
				}
				for _, op := range []Op{OpSub, OpMul, OpAnd, OpShl} {
					if v, ok := Fold(op, strT, two, args); ok {
						t.Errorf("%s %q, %q = %v, want not folded", op, x, y, v)
					}
				}
			}
		}
	}
}

// TestFoldRefuses lists inputs Fold must not fold: wrong counts, types
// or constants, kinds and types it does not know.
func TestFoldRefuses(t *testing.T) {
	i8, i16, u8, i64, u64 := types.Typ[types.Int8], types.Typ[types.Int16], types.Typ[types.Uint8], types.Typ[types.Int64], types.Typ[types.Uint64]
	boolT, strT, f64 := types.Typ[types.Bool], types.Typ[types.String], types.Typ[types.Float64]
	one, big := constant.MakeInt64(1), constant.Shift(constant.MakeInt64(1), token.SHL, 70)
	T := func(ts ...types.Type) []types.Type { return ts }
	V := func(vs ...constant.Value) []constant.Value { return vs }
	cases := []struct {
		name     string
		op       Op
		result   types.Type
		argTypes []types.Type
		args     []constant.Value
	}{
		{"add of one operand", OpAdd, i8, T(i8), V(one)},
		{"add of three operands", OpAdd, i8, T(i8, i8, i8), V(one, one, one)},
		{"neg of two operands", OpNeg, i8, T(i8, i8), V(one, one)},
		{"convert of none", OpConvert, i8, T(), V()},
		{"fewer types than operands", OpAdd, i8, T(i8), V(one, one)},
		{"nil result type", OpAdd, nil, T(i8, i8), V(one, one)},
		{"nil operand type", OpAdd, i8, T(nil, i8), V(one, one)},
		{"nil convert target", OpConvert, nil, T(i8), V(one)},
		{"int8 operand out of range", OpAdd, i8, T(i8, i8), V(constant.MakeInt64(128), one)},
		{"uint8 operand negative", OpAdd, u8, T(u8, u8), V(constant.MakeInt64(-1), one)},
		{"int64 operand beyond", OpAdd, i64, T(i64, i64), V(constant.MakeUint64(1<<63), one)},
		{"uint64 operand beyond", OpSub, u64, T(u64, u64), V(big, one)},
		{"shift count beyond its type", OpShl, i8, T(i8, u8), V(one, constant.MakeInt64(256))},
		{"float constant for an int", OpAdd, i8, T(i8, i8), V(constant.MakeFloat64(1), one)},
		{"string constant for an int", OpMul, i8, T(i8, i8), V(one, constant.MakeString("1"))},
		{"bool constant for an int", OpNeg, i8, T(i8), V(constant.MakeBool(true))},
		{"unknown constant", OpCompl, i8, T(i8), V(constant.MakeUnknown())},
		{"int constant for a bool", OpNot, boolT, T(boolT), V(one)},
		{"int constant for a string", OpAdd, strT, T(strT, strT), V(one, nil)},
		{"int constant for convert", OpConvert, i16, T(i8), V(constant.MakeFloat64(0.5))},
		{"mixed operand types", OpAdd, i8, T(i8, i16), V(one, one)},
		{"result of another width", OpAdd, i16, T(i8, i8), V(one, one)},
		{"neg to another width", OpNeg, i16, T(i8), V(one)},
		{"shift result of another width", OpShl, i16, T(i8, u8), V(one, one)},
		{"shift by a bool", OpShl, i8, T(i8, boolT), V(one, constant.MakeBool(true))},
		{"comparison to an int", OpEq, i8, T(i8, i8), V(one, one)},
		{"comparison of mixed types", OpLt, boolT, T(i8, u8), V(one, one)},
		{"string comparison to a string", OpEq, strT, T(strT, strT), V(nil, nil)},
		{"concatenation to a bool", OpAdd, boolT, T(strT, strT), V(nil, nil)},
		{"not of an int", OpNot, i8, T(i8), V(one)},
		{"not to an int", OpNot, i8, T(boolT), V(nil)},
		{"compl of a bool", OpCompl, boolT, T(boolT), V(nil)},
		{"float add", OpAdd, f64, T(f64, f64), V(constant.MakeFloat64(1), constant.MakeFloat64(2))},
		{"float neg", OpNeg, f64, T(f64), V(constant.MakeFloat64(1))},
		{"float comparison", OpLt, boolT, T(f64, f64), V(nil, nil)},
		{"complex add", OpAdd, types.Typ[types.Complex128], T(types.Typ[types.Complex128], types.Typ[types.Complex128]), V(nil, nil)},
		{"convert int to float", OpConvert, f64, T(i8), V(one)},
		{"convert float to int", OpConvert, i8, T(f64), V(constant.MakeFloat64(1))},
		{"convert int to string", OpConvert, strT, T(i8), V(constant.MakeInt64(65))},
		{"convert string to int", OpConvert, i8, T(strT), V(nil)},
		{"convert bool to bool", OpConvert, boolT, T(boolT), V(nil)},
		{"untyped int", OpAdd, types.Typ[types.UntypedInt], T(types.Typ[types.UntypedInt], types.Typ[types.UntypedInt]), V(one, one)},
		{"untyped bool", OpNot, types.Typ[types.UntypedBool], T(types.Typ[types.UntypedBool]), V(nil)},
		{"untyped bool comparison", OpEq, types.Typ[types.UntypedBool], T(i8, i8), V(one, one)},
		{"unsafe.Pointer", OpEq, boolT, T(types.Typ[types.UnsafePointer], types.Typ[types.UnsafePointer]), V(nil, nil)},
		{"pointer", OpEq, boolT, T(types.NewPointer(i8), types.NewPointer(i8)), V(nil, nil)},
		{"struct", OpEq, boolT, T(types.NewStruct(nil, nil), types.NewStruct(nil, nil)), V(nil, nil)},
		{"copy", OpCopy, i8, T(i8), V(one)},
		{"changetype", OpChangeType, i8, T(i8), V(one)},
		{"const", OpConst, i8, T(), V()},
		{"divcheck", OpDivCheck, nil, T(i8), V(one)},
		{"invalid kind", OpInvalid, i8, T(i8, i8), V(one, one)},
		{"out-of-range kind", Op(255), i8, T(i8, i8), V(one, one)},
		{"division by zero", OpDiv, i8, T(i8, i8), V(one, nil)},
		{"remainder by zero", OpRem, u64, T(u64, u64), V(one, constant.MakeInt64(0))},
		{"negative shift count", OpShr, u8, T(u8, i64), V(one, constant.MakeInt64(-1))},
	}
	for _, c := range cases {
		v, ok := Fold(c.op, c.result, c.argTypes, c.args)
		if ok {
			t.Errorf("%s: Fold = %v, want not folded", c.name, v)
		}
	}
}

// TestFoldNeverPanics throws random kinds, types and constants at Fold:
// it must return, and return a constant whenever it folds.
func TestFoldNeverPanics(t *testing.T) {
	ts := []types.Type{nil, types.Typ[types.Int8], types.Typ[types.Uint64], types.Typ[types.Int],
		types.Typ[types.Bool], types.Typ[types.String], types.Typ[types.Float64], types.Typ[types.UntypedInt],
		types.Typ[types.Invalid], types.NewPointer(types.Typ[types.Int8]), types.NewSlice(types.Typ[types.Int8]),
		types.NewNamed(types.NewTypeName(token.NoPos, nil, "T", nil), types.Typ[types.Uint16], nil)}
	vs := []constant.Value{nil, constant.MakeInt64(0), constant.MakeInt64(-1), constant.MakeUint64(1 << 63),
		constant.Shift(constant.MakeInt64(1), token.SHL, 100), constant.MakeFloat64(2.5), constant.MakeBool(true),
		constant.MakeString("x"), constant.MakeUnknown(), constant.MakeImag(constant.MakeInt64(1))}
	r := rand.New(rand.NewPCG(3, 3))
	for range 20000 {
		n, m := r.IntN(4), r.IntN(4)
		argTypes, args := make([]types.Type, n), make([]constant.Value, m)
		for i := range argTypes {
			argTypes[i] = ts[r.IntN(len(ts))]
		}
		for i := range args {
			args[i] = vs[r.IntN(len(vs))]
		}
		op := Op(r.IntN(int(numOps) + 4))
		if v, ok := Fold(op, ts[r.IntN(len(ts))], argTypes, args); ok && v == nil {
			t.Fatalf("Fold(%s, …) folded to nil", op)
		}
	}
}
