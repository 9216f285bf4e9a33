package lint

import (
	"bytes"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// root is the module root, two levels up.
const root = "../.."

// goDirs returns the directories of the module that hold Go files, with
// their files (testdata and hidden directories excluded).
func goDirs(t *testing.T) map[string][]string {
	dirs := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(name, ".go") {
			dirs[filepath.Dir(path)] = append(dirs[filepath.Dir(path)], path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

func TestGofmt(t *testing.T) {
	for _, files := range goDirs(t) {
		for _, file := range files {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			out, err := format.Source(src)
			if err != nil {
				t.Errorf("%s: %v", file, err)
				continue
			}
			if !bytes.Equal(src, out) {
				t.Errorf("%s is not gofmt-formatted", file)
			}
		}
	}
}

// TestPackageDocs checks that every package has a doc.go holding its
// package comment, and that no other file has one.
func TestPackageDocs(t *testing.T) {
	fset := token.NewFileSet()
	for dir, files := range goDirs(t) {
		hasDoc := false
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, file, nil, parser.ParseComments|parser.PackageClauseOnly)
			if err != nil {
				t.Fatal(err)
			}
			isDoc := filepath.Base(file) == "doc.go"
			switch {
			case isDoc && f.Doc == nil:
				t.Errorf("%s has no package comment", file)
			case isDoc:
				hasDoc = true
			case f.Doc != nil:
				t.Errorf("%s has a package comment; it belongs in doc.go", file)
			}
		}
		if !hasDoc {
			t.Errorf("package in %s has no doc.go", dir)
		}
	}
}
