package vssair

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestReleaseSyntax: a package the driver says vssair alone reads has
// its syntax trees and type information's maps cleared; its types
// (which its dependents' refer to) are kept; other packages are left as
// they are.
func TestReleaseSyntax(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", "package p\n\nfunc F(x int) int { return x + 1 }\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	newPass := func(path string) *analysis.Pass {
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Scopes: map[ast.Node]*types.Scope{}}
		pkg, err := new(types.Config).Check(path, fset, []*ast.File{file}, info)
		if err != nil {
			t.Fatal(err)
		}
		return &analysis.Pass{Fset: fset, Files: []*ast.File{file}, Pkg: pkg, TypesInfo: info}
	}
	ReleaseSyntax = func(path string) bool { return path == "dep" }
	defer func() { ReleaseSyntax = nil }()

	kept := newPass("named")
	if releaseSyntax(kept) || kept.Files[0] == nil || len(kept.TypesInfo.Defs) == 0 {
		t.Error("a package the driver reports on was released")
	}
	dep := newPass("dep")
	if !releaseSyntax(dep) {
		t.Fatal("dep not released")
	}
	if dep.Files[0] != nil || len(dep.TypesInfo.Types)+len(dep.TypesInfo.Defs)+len(dep.TypesInfo.Uses)+len(dep.TypesInfo.Scopes) != 0 {
		t.Error("dep's syntax or type information kept")
	}
	if dep.Pkg.Scope().Lookup("F") == nil {
		t.Error("dep's types dropped")
	}
}

// TestReleasedComplete: Complete on a package whose syntax was
// released (run leaves it nothing to build) says so, unsupported,
// instead of building from nothing.
func TestReleasedComplete(t *testing.T) {
	r := &Result{users: -1}
	if err := r.Complete(); !errors.Is(err, errReleased) {
		t.Errorf("Complete on a released package: %v, want %v", err, errReleased)
	}
	if r.Funcs() != nil {
		t.Error("functions of a released package")
	}
}
