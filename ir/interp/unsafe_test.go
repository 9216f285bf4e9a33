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
// than having two addresses.
func TestTwoAddressesRefused(t *testing.T) {
	it := New(nil, Options{})
	arr := types.NewArray(types.Typ[types.Byte], 4)
	st := types.NewStruct([]*types.Var{
		types.NewField(0, nil, "n", types.Typ[types.Int], false),
		types.NewField(0, nil, "buf", arr, false),
	}, nil)
	rt := it.types.of(st)
	v := zero(rt)
	buf := v.slice()[1].slice()
	it.addrOf(place{c: &buf[1], t: rt.fields[1].elem, pos: elemPos(1, len(buf))})
	defer func() {
		var u *Unsupported
		if err, _ := recover().(error); !errors.As(err, &u) {
			t.Errorf("got %v, want an Unsupported error", err)
		}
	}()
	it.addrOf(place{c: &v, t: rt})
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
		{types.NewSlice(types.Typ[types.Int8]), types.NewSlice(types.Typ[types.Uint8]), false, false},
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
