// This file checks the package before anything is compiled, for what
// would leave the generated package wrong without a word: a cgo package
// (go build refuses Go assembly beside cgo), a //go:generate line that
// go generate skips on amd64, a misspelt //vssa: directive, and a
// declaration of the originals' file that nothing replaces on amd64.

package native

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// dirFile is a Go file of the package's directory, parsed on its own
// (whatever its build constraints: the loaded package has only those
// built with purego).
type dirFile struct {
	name string
	file *ast.File
}

// parseDir parses the .go files of dir with their comments, test files
// included; files that do not parse are left to the package's load to
// report.
func parseDir(dir string, fset *token.FileSet) []dirFile {
	names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	var files []dirFile
	for _, name := range names {
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err == nil {
			files = append(files, dirFile{name, f})
		}
	}
	return files
}

// checkDir refuses a cgo package, a //go:generate line running vssa in
// a file go generate skips on amd64, and an unknown //vssa: directive.
func checkDir(dir string) error {
	fset := token.NewFileSet()
	for _, df := range parseDir(dir, fset) {
		base := filepath.Base(df.name)
		onAmd64 := builtOnAmd64(df.file)
		if !strings.HasSuffix(base, "_test.go") && onAmd64 {
			for _, imp := range df.file.Imports {
				if imp.Path.Value == `"C"` {
					return &PosError{Pos: fset.Position(imp.Pos()), Err: fmt.Errorf(`the package uses cgo (%s imports "C"), and go build refuses Go assembly in a package that uses cgo: move the functions to compile to a package of their own, without cgo`, base)}
				}
			}
		}
		docs := map[*ast.CommentGroup]bool{}
		for _, d := range df.file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Doc != nil {
				docs[fd.Doc] = true
			}
		}
		for _, cg := range df.file.Comments {
			for _, c := range cg.List {
				pos := fset.Position(c.Pos())
				if strings.HasPrefix(c.Text, "//go:generate ") && strings.Contains(c.Text, "vssa") && !onAmd64 {
					return &PosError{Pos: pos, Err: fmt.Errorf("this //go:generate line is in %s, which is not built on amd64, so go generate on amd64 skips it and exits 0: move it to a file built everywhere (the package's doc.go)", base)}
				}
				if rest, ok := strings.CutPrefix(c.Text, "//vssa:"); ok {
					name, _, _ := strings.Cut(rest, " ")
					if name != strings.TrimPrefix(RangeDirective, "//vssa:") {
						return &PosError{Pos: pos, Err: fmt.Errorf("unknown directive //vssa:%s (vssa compile knows %s PARAM LO HI)", name, RangeDirective)}
					}
					if !docs[cg] {
						return &PosError{Pos: pos, Err: fmt.Errorf("%s is read only in the doc comment of the function whose parameter it bounds (no blank line between them); here it does nothing", RangeDirective)}
					}
				}
			}
		}
	}
	return nil
}

// checkOriginalsFiles refuses to compile when a file holding the Go
// original of a compiled function declares anything else: the file is
// not built on amd64, and nothing there would replace it, so callers
// would stop building on amd64 ("undefined: p.G").
//
// The functions another set of vssa compile's files in the directory
// compiles (compiled) are not undefined.
func checkOriginalsFiles(pkg *packages.Package, fset *token.FileSet, funcs []string, compiled map[string]bool) error {
	if !checkUncompiled {
		return nil
	}
	named := map[string]bool{}
	for name := range compiled {
		named[name] = true
	}
	files := map[*ast.File]bool{}
	for _, name := range funcs {
		named[name] = true
		if decl, _ := findDecl(pkg, name); decl != nil {
			if f := fileOf(pkg, fset, decl.Pos()); f != nil && !builtOnAmd64(f) {
				files[f] = true
			}
		}
	}
	var msgs []string
	for f := range files {
		var funcsLeft, othersLeft []string
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !named[declName(d)] {
					funcsLeft = append(funcsLeft, declName(d))
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						othersLeft = append(othersLeft, "the type "+s.Name.Name)
					case *ast.ValueSpec:
						for _, id := range s.Names {
							if id.Name != "_" {
								othersLeft = append(othersLeft, "the "+d.Tok.String()+" "+id.Name)
							}
						}
					}
				}
			}
		}
		base := filepath.Base(fset.Position(f.Pos()).Filename)
		if len(funcsLeft) > 0 {
			msgs = append(msgs, fmt.Sprintf("%s, which holds the Go originals and is not built on amd64, also declares %s: they would be undefined on amd64. Name them on the command line too, or move them to a file built everywhere", base, strings.Join(funcsLeft, ", ")))
		}
		if len(othersLeft) > 0 {
			msgs = append(msgs, fmt.Sprintf("%s, which holds the Go originals and is not built on amd64, also declares %s: they would be undefined on amd64. Move them to a file built everywhere", base, strings.Join(othersLeft, ", ")))
		}
	}
	if len(msgs) > 0 {
		sort.Strings(msgs)
		return fmt.Errorf("%s", strings.Join(msgs, "\n"))
	}
	return nil
}

// checkUncompiled is turned off by the random functions' test, which
// compiles what it can of a generated file and tests that alone.
var checkUncompiled = true

// declName returns the name of d as vssa compile's command line gives
// it: F, T.M or (*T).M.
func declName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	t := d.Recv.List[0].Type
	if idx, ok := t.(*ast.IndexExpr); ok {
		t = idx.X
	}
	switch t := t.(type) {
	case *ast.StarExpr:
		if id, ok := t.X.(*ast.Ident); ok {
			return "(*" + id.Name + ")." + d.Name.Name
		}
	case *ast.Ident:
		return t.Name + "." + d.Name.Name
	}
	return d.Name.Name
}
