// This file decides, from the source alone, which programs are skipped
// before anything is built.

package goroot

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
)

// staticSkip returns why the program rel (relative to testDir, with
// source src) is skipped without building it, or "" if it is not: an
// unsatisfied build constraint, cgo, a variable of the environment
// cmd/internal/testdir provides (see harnessEnv), or a reference to other
// files of the test directory (see fileRefs). A file that does not parse is not
// skipped here; the go build that follows fails and says why.
func staticSkip(testDir, rel string, src []byte, ts tagSet) string {
	if line := ts.unsatisfied(string(src)); line != "" {
		return "build constraint not satisfied: " + line
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, rel, src, parser.SkipObjectResolution)
	if err != nil {
		return ""
	}
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "C" {
			return `uses cgo (imports "C")`
		}
	}
	exists := func(p string) bool {
		_, err := os.Stat(filepath.Join(testDir, filepath.FromSlash(p)))
		return err == nil
	}
	if refs := fileRefs(fset, f, rel, exists); len(refs) > 0 {
		reason := fmt.Sprintf("needs other files of the test directory: line %d names %s", refs[0].line, refs[0].path)
		if len(refs) > 1 {
			reason += fmt.Sprintf(" (and %d more)", len(refs)-1)
		}
		return reason
	}
	if name, line := harnessEnv(fset, f); name != "" {
		return fmt.Sprintf("needs the environment of cmd/internal/testdir: line %d reads $%s", line, name)
	}
	return ""
}

// harnessVars are the environment variables cmd/internal/testdir sets
// for the programs it runs, beyond GOFLAGS, GOENV and PWD, which vssa
// goroot sets too.
var harnessVars = []string{"STDLIB_IMPORTCFG"}

// harnessEnv returns the first of harnessVars the program names in a
// string literal, and the line, or "" if there is none.
func harnessEnv(fset *token.FileSet, f *ast.File) (name string, line int) {
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING || name != "" {
			return name == ""
		}
		if v, err := strconv.Unquote(lit.Value); err == nil && slices.Contains(harnessVars, v) {
			name, line = v, fset.Position(lit.Pos()).Line
		}
		return false
	})
	return name, line
}
