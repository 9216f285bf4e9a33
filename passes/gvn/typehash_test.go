package gvn

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestTypeHash checks that identical types hash alike, for types
// identical without being one types.Type: aliases, pointers and
// composite types built twice, instances of a generic type.
func TestTypeHash(t *testing.T) {
	const src = `package p

type T struct{ x int }
type G[E any] struct{ e E }
type A = T

var (
	b1 byte; u1 uint8; r1 rune; i1 int32
	p1 *T; p2 *A
	s1 []*T; s2 []*A
	m1 map[string][]byte; m2 map[string][]uint8
	g1 G[int]; g2 G[int]
	c1 chan<- *T; c2 chan<- *A
	a1 [3]*T; a2 [3]*A
	f1 func(int) string; f2 func(x int) (s string)
	q1 struct{ a int }; q2 struct{ a int }
	e1 interface{ M() }; e2 interface{ M() }
)`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("p", fset, []*ast.File{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	typ := func(name string) types.Type { return pkg.Scope().Lookup(name).Type() }
	pairs := [][2]string{{"b1", "u1"}, {"r1", "i1"}, {"p1", "p2"}, {"s1", "s2"}, {"m1", "m2"}, {"g1", "g2"},
		{"c1", "c2"}, {"a1", "a2"}, {"f1", "f2"}, {"q1", "q2"}, {"e1", "e2"}}
	for _, p := range pairs {
		x, y := typ(p[0]), typ(p[1])
		if !types.Identical(x, y) {
			t.Fatalf("test is wrong: %s and %s are not identical", x, y)
		}
		if typeHash(x) != typeHash(y) {
			t.Errorf("%s and %s are identical but hash %#x and %#x", x, y, typeHash(x), typeHash(y))
		}
	}
	// Types that differ mostly hash apart (not required, but the point).
	if typeHash(typ("p1")) == typeHash(typ("s1")) || typeHash(typ("b1")) == typeHash(typ("i1")) {
		t.Errorf("different types share a hash: the hash separates nothing")
	}
}
