// This file finds the sets of files an earlier vssa compile wrote with
// another -o: left beside the new set, they would declare the same
// functions twice ("redeclared").

package native

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// setSuffixes are the files of one output set, after its prefix.
var setSuffixes = []string{"_amd64.s", "_amd64.go", "_vssa_test.go"}

// oldSets returns the files of the sets in dir, other than the one at
// prefix, that compiled one of funcs. A set that compiled only some of
// funcs is replaced by the new one: its files are returned, to remove.
// A set that compiled others too is refused, named: removing it would
// lose those. others are the functions the sets kept compile.
func oldSets(dir, prefix string, funcs []string) (remove []string, others map[string]bool, err error) {
	named := map[string]bool{}
	for _, f := range funcs {
		named[f] = true
	}
	decls, _ := filepath.Glob(filepath.Join(dir, "*_amd64.go"))
	others = map[string]bool{}
	for _, path := range decls {
		old := strings.TrimSuffix(path, "_amd64.go")
		if old == prefix {
			continue
		}
		text, err := os.ReadFile(path)
		if err != nil || !strings.HasPrefix(string(text), GeneratedHeader) {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, text, 0)
		if err != nil {
			continue
		}
		// The assembly's functions are the declarations without a
		// body, but for the set's own helpers (named by its stem).
		stem := stemOf(filepath.Base(old))
		var both, only []string
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body != nil || fd.Recv != nil || strings.HasPrefix(fd.Name.Name, stem) {
				continue
			}
			if named[fd.Name.Name] {
				both = append(both, fd.Name.Name)
			} else {
				only = append(only, fd.Name.Name)
			}
		}
		if len(both) == 0 {
			for _, name := range only {
				others[name] = true
			}
			continue
		}
		var files []string
		for _, s := range setSuffixes {
			if b, err := os.ReadFile(old + s); err == nil && strings.HasPrefix(string(b), GeneratedHeader) {
				files = append(files, old+s)
			}
		}
		if len(only) > 0 {
			sort.Strings(only)
			return nil, nil, fmt.Errorf("%s, written by vssa compile with -o %s, compiles %s too, and also %s: remove its files (%s) or compile with -o %s", filepath.Base(path), filepath.Base(old), strings.Join(both, ", "), strings.Join(only, ", "), strings.Join(baseNames(files), ", "), filepath.Base(old))
		}
		remove = append(remove, files...)
	}
	return remove, others, nil
}

func baseNames(paths []string) []string {
	var bs []string
	for _, p := range paths {
		bs = append(bs, filepath.Base(p))
	}
	return bs
}
