package linedir

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"
)

// TestGCFileName checks the names gc's runtime reports under line
// directives, where go/scanner's differ: a relative name as written (not
// joined to the file's directory), "??" for an empty one, a /*line*/
// directive in the middle of a line, and the file's own name where no
// directive applies.
func TestGCFileName(t *testing.T) {
	src := "package p\n\nvar w = 0\n\n//line dir/a.go:10\nvar x = 1\n\n/*line b.go:20:3*/ var y = 2\n\n//line :30\nvar z = 3\n"
	file := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(file, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"w": file, "x": "dir/a.go", "y": "b.go", "z": "??"}
	if joinsDirectory {
		// Go 1.27 and later: relative names joined to the file's
		// directory.
		want["x"] = filepath.Join(filepath.Dir(file), "dir/a.go")
		want["y"] = filepath.Join(filepath.Dir(file), "b.go")
	}
	for _, d := range f.Decls {
		id := d.(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Names[0]
		got := GCFileName(fset.Position(id.Pos()), fset.PositionFor(id.Pos(), false))
		if got != want[id.Name] {
			t.Errorf("%s: GCFileName = %q, want %q (go/scanner's: %q)", id.Name, got, want[id.Name], fset.Position(id.Pos()).Filename)
		}
	}
}
