// This file finds the files of the test directory a program names in its
// source, the sign of a test that needs more than its own file.

package goroot

import (
	"go/ast"
	"go/token"
	"path"
	"strconv"
	"strings"
)

// A fileRef is a constant string in a program that names an entry of
// the test directory other than the program itself.
type fileRef struct {
	path string // slash-separated, relative to the test directory
	line int    // where the constant is in the program
}

// fileRefs returns the entries of the test directory that the program
// rel (relative to the test directory) names in constant strings, in
// source order. A constant string is a string literal, a "+"
// concatenation of constant strings, or a call filepath.Join or path.Join
// whose arguments are all constant strings; only the outermost constant
// is considered ("fixedbugs" inside filepath.Join("fixedbugs", "x.dir") is
// not a reference of its own). The value v of a constant is a reference
// when it is a clean relative path other than "." that stays inside the
// directory and contains a "/" or a "." (so that words such as "chan",
// which happen to name directories of GOROOT/test, are not paths), and
// either
//
//   - v is an existing file or directory relative to the test directory,
//     where the program runs, other than the program itself, or
//   - v is, or starts with, the program's base name plus ".dir": the
//     sibling directory that holds the rest of a multi-file test.
//
// exists reports whether a path relative to the test directory exists.
func fileRefs(fset *token.FileSet, f *ast.File, rel string, exists func(string) bool) []fileRef {
	self := path.Clean(rel)
	dotDir := strings.TrimSuffix(path.Base(rel), ".go") + ".dir"
	var refs []fileRef
	ast.Inspect(f, func(n ast.Node) bool {
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		v, ok := constString(e)
		if !ok {
			return true
		}
		if !isLocalPath(v) {
			return false
		}
		v = path.Clean(v)
		line := fset.Position(e.Pos()).Line
		switch {
		case v == self:
		case exists(v):
			refs = append(refs, fileRef{v, line})
		case v == dotDir || strings.HasPrefix(v, dotDir+"/"):
			// Named relative to the program's own directory.
			refs = append(refs, fileRef{path.Join(path.Dir(rel), v), line})
		}
		return false
	})
	return refs
}

// isLocalPath reports whether v looks like a relative path that stays in
// its directory: not empty, not ".", not absolute, no "..", a "/" or a
// "." somewhere, no spaces or control characters (source text, messages and format strings are
// skipped cheaply).
func isLocalPath(v string) bool {
	if v == "" || len(v) > 200 || strings.ContainsAny(v, " \t\n\r%\\:") {
		return false
	}
	if !strings.ContainsAny(v, "/.") {
		return false
	}
	v = path.Clean(v)
	return v != "." && !path.IsAbs(v) && v != ".." && !strings.HasPrefix(v, "../")
}

// constString returns the value of e if it is a constant string in the
// sense of fileRefs.
func constString(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		v, err := strconv.Unquote(e.Value)
		return v, err == nil
	case *ast.ParenExpr:
		return constString(e.X)
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		x, ok1 := constString(e.X)
		y, ok2 := constString(e.Y)
		return x + y, ok1 && ok2
	case *ast.CallExpr:
		sel, ok := e.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Join" || len(e.Args) == 0 {
			return "", false
		}
		if pkg, ok := sel.X.(*ast.Ident); !ok || (pkg.Name != "filepath" && pkg.Name != "path") {
			return "", false
		}
		elems := make([]string, len(e.Args))
		for i, arg := range e.Args {
			v, ok := constString(arg)
			if !ok {
				return "", false
			}
			elems[i] = v
		}
		return path.Join(elems...), true
	}
	return "", false
}
