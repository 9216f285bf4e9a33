package gvn

import (
	"testing"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Constants share a number exactly when their values and types are
// equal, on either side of the int64 range (above it a key holds the
// uint64 bits with a flag, beyond it the exact decimal string), and the
// validator accepts the merges.
func TestConstantsAcrossInt64Range(t *testing.T) {
	f, err := ir.ParseFunc(`
func @main.f() {
b0:
    r0:uint64 = const 18446744073709551615
    r1:uint64 = const 18446744073709551615
    r2:uint64 = const 9223372036854775808
    r3:int64 = const -9223372036854775808
    r4:int64 = const -1
    r5:uint64 = const 9223372036854775808
    r6:uint64 = const 1
    r7:untyped int = const 36893488147419103232
    r8:untyped int = const 36893488147419103232
    r9:untyped int = const 36893488147419103233
    r10:untyped int = const 9223372036854775808
    r11:untyped int = const -9223372036854775808
    r12:untyped int = const 18446744073709551615
    r13:untyped int = const -1
    return
}`)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.CheckStructure(f, ir.SSA); err != nil {
		t.Fatal(err)
	}
	g, h, err := Run(f)
	if err != nil {
		t.Fatal(err)
	}
	num := h.Number
	same := func(a, b ir.Reg) bool { return num[a] == num[b] }
	for _, c := range []struct {
		a, b ir.Reg
		want bool
	}{
		{0, 1, true},  // max uint64 twice
		{2, 5, true},  // 2^63 twice
		{0, 2, false}, // two uint64s above the int64s
		{2, 3, false}, // the same 64 bits, of two types
		{0, 4, false}, // the same 64 bits, of two types
		{2, 6, false},
		{7, 8, true}, // beyond 64 bits, by the exact string
		{7, 9, false},
		// One type, the same 64 bits: the flag tells them apart.
		{10, 11, false},
		{12, 13, false},
	} {
		if got := same(c.a, c.b); got != c.want {
			t.Errorf("r%d and r%d share a number: %v, want %v", c.a, c.b, got, c.want)
		}
	}
	if err := validate.GVN(f, g, h); err != nil {
		t.Errorf("result rejected: %v", err)
	}
}

// Strings are keyed by a hash of their bytes: when two of one length
// collide, they keep numbers of their own, and equal ones still merge
// with the first of their key.
func TestStringHashCollision(t *testing.T) {
	defer func(h func(string) uint64) { hashString = h }(hashString)
	hashString = func(string) uint64 { return 7 }
	f, err := ir.ParseFunc(`
func @main.f() {
b0:
    r0:string = const "ab"
    r1:string = const "cd"
    r2:string = const "ab"
    r3:string = const "cd"
    r4:string = const "abc"
    return
}`)
	if err != nil {
		t.Fatal(err)
	}
	g, h, err := Run(f)
	if err != nil {
		t.Fatal(err)
	}
	num := h.Number
	if num[0] != num[2] {
		t.Errorf("r0 and r2, both \"ab\", numbered %s and %s, want one number", num[0], num[2])
	}
	for _, p := range [][2]ir.Reg{{0, 1}, {1, 2}, {0, 3}, {0, 4}, {1, 4}} {
		if num[p[0]] == num[p[1]] {
			t.Errorf("r%d and r%d, different strings, share number %s", p[0], p[1], num[p[0]])
		}
	}
	if err := validate.GVN(f, g, h); err != nil {
		t.Errorf("result rejected: %v", err)
	}
}
