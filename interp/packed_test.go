package interp

import (
	"go/types"
	"math"
	"testing"
	"unsafe"
)

// TestPackedLayout checks that packed storage holds each kind of scalar
// as gc holds it in memory (the bytes of the real Go value), and reads
// back the value it was given, normalised to its type.
func TestPackedLayout(t *testing.T) {
	it := New(nil, Options{})
	nan32 := math.Float32frombits(0x7fc00001)
	cases := []struct {
		typ  types.Type
		v    Value
		real any // the same value as a real Go value
	}{
		{types.Typ[types.Bool], mkBool(true), true},
		{types.Typ[types.Int8], mkInt(-5), int8(-5)},
		{types.Typ[types.Uint8], mkUint(250), uint8(250)},
		{types.Typ[types.Int16], mkInt(-30000), int16(-30000)},
		{types.Typ[types.Uint16], mkUint(65000), uint16(65000)},
		{types.Typ[types.Int32], mkInt(math.MinInt32), int32(math.MinInt32)},
		{types.Typ[types.Uint32], mkUint(math.MaxUint32), uint32(math.MaxUint32)},
		{types.Typ[types.Int], mkInt(-1 << 40), int(-1 << 40)},
		{types.Typ[types.Uintptr], mkUint(1 << 63), uintptr(1 << 63)},
		{types.Typ[types.Float32], mkFloat(float64(nan32)), nan32},
		{types.Typ[types.Float32], mkFloat(-0.5), float32(-0.5)},
		{types.Typ[types.Float64], mkFloat(math.Inf(-1)), math.Inf(-1)},
		{types.Typ[types.Complex64], Value{r: complex128(complex64(1.5 - 2i))}, complex64(1.5 - 2i)},
		{types.Typ[types.Complex128], Value{r: complex(math.Pi, -0.0)}, complex(math.Pi, -0.0)},
	}
	for _, c := range cases {
		rt := it.types.of(c.typ)
		if !packedElem(rt) {
			t.Errorf("%s: not packed", rt.name)
			continue
		}
		b := newPacked(rt, 3, 3)
		setPackedIndex(rt, b, 1, c.v)
		s := int(rt.size)
		want := realBytes(c.real)
		if got := b[s : 2*s]; string(got) != string(want) {
			t.Errorf("%s: stored as % x, gc's bytes are % x", rt.name, got, want)
		}
		if got := packedIndex(rt, b, 1); got.n != c.v.n || got.r != c.v.r {
			t.Errorf("%s: read back {%#x %v}, want {%#x %v}", rt.name, got.n, got.r, c.v.n, c.v.r)
		}
		if uintptr(unsafe.Pointer(&b[s]))%uintptr(min(s, 8)) != 0 {
			t.Errorf("%s: element 1 not aligned to its size", rt.name)
		}
		if x := packedIndex(rt, b, 0); x.n != 0 || (x.r != nil && x.complex() != 0) {
			t.Errorf("%s: element 0 is {%#x %v}, want zero", rt.name, x.n, x.r)
		}
	}
}

// realBytes returns the bytes of x's value in memory.
func realBytes(x any) []byte {
	switch v := x.(type) {
	case bool:
		return bytesOf(&v)
	case int8:
		return bytesOf(&v)
	case uint8:
		return bytesOf(&v)
	case int16:
		return bytesOf(&v)
	case uint16:
		return bytesOf(&v)
	case int32:
		return bytesOf(&v)
	case uint32:
		return bytesOf(&v)
	case int:
		return bytesOf(&v)
	case uintptr:
		return bytesOf(&v)
	case float32:
		return bytesOf(&v)
	case float64:
		return bytesOf(&v)
	case complex64:
		return bytesOf(&v)
	case complex128:
		return bytesOf(&v)
	}
	panic("unexpected type")
}

func bytesOf[T any](p *T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(p)), unsafe.Sizeof(*p))
}
