package interp

import (
	"errors"
	"go/types"
	"testing"
)

// TestArrayViewsAgree checks that the addresses of an array's elements
// do not depend on which view of the array (s or s[2:]) was given
// addresses first.
func TestArrayViewsAgree(t *testing.T) {
	for _, first := range []int{0, 2} {
		it := New(nil, Options{})
		elem := it.types.of(types.Typ[types.Int])
		cells := make([]Value, 10)
		at := func(view, k int) uint64 {
			s := cells[view:]
			return it.addrOf(place{c: &s[k], t: elem, pos: elemPos(k, cap(s))})
		}
		other := 2 - first
		a, b := at(first, 1), at(other, 1)
		if want := uint64(first-other) * 8; a-b != want {
			t.Errorf("views from %d and %d: element 1 at %#x and %#x, want %d apart", first, other, a, b, want)
		}
		if d := at(0, 9) - at(2, 0); d != 7*8 {
			t.Errorf("first view %d: element 9 is %d bytes after element 2, want 56", first, d)
		}
		if p, ok := it.space.placeAt(at(2, 3) + 8); !ok || p.c != &cells[6] {
			t.Errorf("first view %d: the address of element 6 does not give it back", first)
		}
	}
}

// TestTwoAddressesRefused checks that an array given an address on its
// own, then found inside a struct given one, stops the program rather
// than having two addresses: an array of cells, and a packed one.
func TestTwoAddressesRefused(t *testing.T) {
	for _, elem := range []types.Type{types.Typ[types.String], types.Typ[types.Int16]} { // of cells, packed
		it := New(nil, Options{})
		arr := types.NewArray(elem, 4)
		st := types.NewStruct([]*types.Var{
			types.NewField(0, nil, "n", types.Typ[types.Int], false),
			types.NewField(0, nil, "buf", arr, false),
		}, nil)
		rt := it.types.of(st)
		v := zero(rt)
		if rt.fields[1].packed {
			buf := v.slice()[1].bytes()
			it.addrOf(place{b: &buf[1], t: rt.fields[1].elem, pos: elemPos(1, len(buf))})
		} else {
			buf := v.slice()[1].slice()
			it.addrOf(place{c: &buf[1], t: rt.fields[1].elem, pos: elemPos(1, len(buf))})
		}
		func() {
			defer func() {
				var u *Unsupported
				if err, _ := recover().(error); !errors.As(err, &u) {
					t.Errorf("%s: got %v, want an Unsupported error", arr, err)
				}
			}()
			it.addrOf(place{c: &v, t: rt})
		}()
	}
}

// TestByteAddresses checks the addresses of packed bytes: views of one
// slice agree whichever is seen first, an address converts back to its
// byte, and bytes inside a struct are at their offset in it.
func TestByteAddresses(t *testing.T) {
	it := New(nil, Options{})
	u8 := it.types.of(types.Typ[types.Uint8])
	b := make([]byte, 10)
	at := func(view, k int) uint64 {
		s := b[view:]
		return it.addrOf(place{b: &s[k], t: u8, pos: elemPos(k, cap(s))})
	}
	if d := at(2, 1) - at(0, 1); d != 2 {
		t.Errorf("views from 2 and 0: element 1 %d bytes apart, want 2", d)
	}
	if d := at(0, 9) - at(5, 0); d != 4 {
		t.Errorf("element 9 is %d bytes after element 5, want 4", d)
	}
	if p, ok := it.space.byteAt(at(0, 7)); !ok || p.r != &b[7] {
		t.Errorf("the address of element 7 does not give it back: %v", p)
	}

	st := it.types.of(types.NewStruct([]*types.Var{
		types.NewField(0, nil, "n", types.Typ[types.Int32], false),
		types.NewField(0, nil, "buf", types.NewArray(types.Typ[types.Int8], 4), false),
	}, nil))
	v := zero(st)
	base := it.addrOf(place{c: &v, t: st})
	buf := v.slice()[1].bytes()
	if got := it.addrOf(place{b: &buf[2], t: st.fields[1].elem, pos: elemPos(2, len(buf))}); got != base+6 {
		t.Errorf("buf[2] at %#x, want the struct's address %#x + 6", got, base)
	}
	if p, ok := it.space.placeAt(base + 5); !ok || p.b != &buf[1] {
		t.Errorf("the address of buf[1] does not give it back: %+v", p)
	}
}

// TestSameRepr checks which types read a cell alike, and which only
// have the same layout.
func TestSameRepr(t *testing.T) {
	it := New(nil, Options{})
	named := func(name string, u types.Type) types.Type {
		return types.NewNamed(types.NewTypeName(0, nil, name, nil), u, nil)
	}
	field := func(name string, t types.Type) *types.Var { return types.NewField(0, nil, name, t, false) }
	I, U, F := types.Typ[types.Int], types.Typ[types.Uintptr], types.Typ[types.Float64]
	pair := types.NewStruct([]*types.Var{field("a", I), field("b", F)}, nil)
	pair2 := types.NewStruct([]*types.Var{field("x", U), field("y", I)}, nil)
	arr := types.NewArray(I, 2)
	wrapped := types.NewStruct([]*types.Var{field("p", types.NewStruct([]*types.Var{field("a", I), field("b", I)}, nil))}, nil)
	cases := []struct {
		s, t         types.Type
		repr, layout bool
	}{
		{I, U, true, true},
		{I, F, true, true},
		{types.Typ[types.Int32], types.Typ[types.Uint32], false, false},
		{types.Typ[types.Int8], named("B", types.Typ[types.Int8]), true, true},
		{types.NewPointer(I), types.NewPointer(F), false, false},
		{types.NewPointer(I), types.Typ[types.UnsafePointer], true, true},
		{pair, pair2, true, true},
		{arr, pair2, false, true},
		{arr, wrapped, false, true},
		{types.NewSlice(I), types.NewSlice(U), true, true},
		// Both packed, elements of one size: bytes, read by each as its
		// own kind.
		{types.NewSlice(types.Typ[types.Int16]), types.NewSlice(types.Typ[types.Uint16]), true, true},
		{types.NewSlice(types.Typ[types.Int8]), types.NewSlice(types.Typ[types.Uint8]), true, true},
		{types.NewArray(types.Typ[types.Bool], 3), types.NewArray(types.Typ[types.Uint8], 3), true, true},
		{types.NewArray(types.Typ[types.Float32], 2), types.NewArray(types.Typ[types.Int32], 2), true, true},
		{types.NewSlice(types.Typ[types.Int16]), types.NewSlice(types.Typ[types.Int32]), false, false},
		{types.NewArray(types.Typ[types.Int32], 2), types.NewArray(types.Typ[types.Int64], 1), false, false},
		{types.Typ[types.String], arr, false, false},
	}
	for _, c := range cases {
		s, tt := it.types.of(c.s), it.types.of(c.t)
		if got := sameRepr(s, tt); got != c.repr {
			t.Errorf("sameRepr(%s, %s) = %v, want %v", s.name, tt.name, got, c.repr)
		}
		if got := sameRepr(s, tt) || sameLayout(s, tt); got != c.layout {
			t.Errorf("sameLayout(%s, %s) = %v, want %v", s.name, tt.name, got, c.layout)
		}
	}
}
