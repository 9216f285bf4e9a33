package validate

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestTypeParamNil: a type parameter is nilable when every type it may
// be is, and never an interface only when its terms exclude interfaces.
func TestTypeParamNil(t *testing.T) {
	const src = `package p
type empty interface{}
type ptrs interface{ ~*int | ~chan int }
func f[A any, B ptrs, C ~*int | ~int, D interface{ error; int }, E empty | ~int, F interface{ ptrs; m() }]() {}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tps := pkg.Scope().Lookup("f").Type().(*types.Signature).TypeParams()
	for _, c := range []struct {
		name                    string
		nilable, neverInterface bool
	}{
		{"A", false, false},
		{"B", true, true},
		{"C", false, true},
		{"D", false, true},
		{"E", false, false},
		{"F", true, true},
	} {
		var tp *types.TypeParam
		for i := range tps.Len() {
			if tps.At(i).Obj().Name() == c.name {
				tp = tps.At(i)
			}
		}
		if got := nilable(tp); got != c.nilable {
			t.Errorf("nilable(%s) = %v, want %v", c.name, got, c.nilable)
		}
		if got := neverInterface(tp); got != c.neverInterface {
			t.Errorf("neverInterface(%s) = %v, want %v", c.name, got, c.neverInterface)
		}
	}
}
