package interp

import (
	"go/token"
	"reflect"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// The pcs of call sites are stable and laid out by function (pcs.go):
// the same site gives the same pc however often it is asked about (so
// the table does not grow), pc-1 names the same site, any pc of a
// function's range names that function, and pcs outside every range
// name none.
func TestPCTable(t *testing.T) {
	var tab pcTable
	f := &function{name: "main.f", ir: &ir.Func{Pos: 10}}
	g := &function{name: "main.g", ir: &ir.Func{Pos: 20}}
	a := tab.site(f, 100)
	for range 1000 {
		if pc := tab.site(f, 100); pc != a {
			t.Fatalf("the same site gave pc %#x, then %#x", a, pc)
		}
	}
	if n := len(tab.funcOf(f).sites); n != 1 {
		t.Errorf("one site asked about 1001 times: %d sites kept", n)
	}
	b := tab.site(f, 200)
	c := tab.site(g, 100) // another function, the same position
	if a == b || a == c || b == c {
		t.Errorf("three sites, pcs %#x %#x %#x", a, b, c)
	}
	for _, tc := range []struct {
		pc      uint64
		fn      *function
		pos     token.Pos
		comment string
	}{
		{a, f, 100, "a site"},
		{a - 1, f, 100, "the call instruction before a return address"},
		{b + 1, f, 200, "just after a site"},
		{tab.entry(f), f, 10, "the entry: the function's position"},
		{tab.entry(f) + pcRange - 1, f, 200, "the last pc of f: its last site"},
		{tab.entry(g), g, 20, "g's entry, with a site asked about"},
		{c + pcRange/2, g, 100, "far after g's only site"},
		{tab.entry(g) + pcRange, nil, token.NoPos, "past every function"},
		{pcBase - 1, nil, token.NoPos, "before every function"},
		{0, nil, token.NoPos, "zero"},
	} {
		fake, pos := tab.lookup(tc.pc)
		var fn *function
		if fake != nil {
			fn = fake.fn
		}
		if fn != tc.fn || pos != tc.pos {
			t.Errorf("%s: lookup(%#x) = %v, %d; want %v, %d", tc.comment, tc.pc, fn, pos, tc.fn, tc.pos)
		}
	}
	// Sites beyond what a range holds share its last pc: wrong lines,
	// but the right function.
	h := &function{name: "main.h"}
	for k := range maxSites + 5 {
		pc := tab.site(h, token.Pos(1000+k))
		if fake, _ := tab.lookup(pc); fake == nil || fake.fn != h {
			t.Fatalf("site %d of h: pc %#x is not in h", k, pc)
		}
	}
}

// reflect.Value.Pointer of an interpreted function's real stand-in
// gives its entry: madeFor finds the function of each reflect.MakeFunc
// func madeFunc recorded, and of no other func.
func TestMadeFuncs(t *testing.T) {
	var tab pcTable
	ft := reflect.TypeFor[func() int]()
	mk := func() reflect.Value {
		return reflect.MakeFunc(ft, func([]reflect.Value) []reflect.Value { return []reflect.Value{reflect.ValueOf(1)} })
	}
	f, g := &function{name: "main.f"}, &function{name: "main.g"}
	rf, rg, other := mk(), mk(), mk()
	tab.madeFunc(rf, f)
	tab.madeFunc(rg, g)
	if rf.Pointer() != other.Pointer() {
		t.Fatal("MakeFunc's funcs have different code pointers: madeFor is not needed to tell them apart")
	}
	for _, tc := range []struct {
		v    reflect.Value
		want *function
	}{
		{rf, f}, {rg, g}, {other, nil},
		{reflect.ValueOf(rf.Interface()), f}, // the same func, through an interface
		{reflect.ValueOf(strings.ToUpper), nil},
		{reflect.ValueOf(3), nil},
		{reflect.ValueOf((func())(nil)), nil},
	} {
		if got := tab.madeFor(tc.v); got != tc.want {
			t.Errorf("madeFor(%v) = %v, want %v", tc.v.Type(), got, tc.want)
		}
	}
}
