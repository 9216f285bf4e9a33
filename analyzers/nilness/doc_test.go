package nilness

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestDocNamesUses: the help text (Analyzer.Doc, `vssavet help
// nilness`) names every kind of use of nil the analyzer reports: each
// string nilUse returns, read from its source, is one of nilUseKinds,
// which the text lists, and it names the nil arguments it reports.
func TestDocNamesUses(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "nilness.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var returned []string
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != "nilUse" {
			continue
		}
		ast.Inspect(fd, func(n ast.Node) bool {
			if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
				if lit, ok := r.Results[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					s, _ := strconv.Unquote(lit.Value)
					returned = append(returned, s)
				}
			}
			return true
		})
	}
	if len(returned) < 10 {
		t.Fatalf("found %d strings nilUse returns, want its every kind of use", len(returned))
	}
	for _, s := range returned {
		if !slices.Contains(nilUseKinds, s) {
			t.Errorf("nilUse reports %q, which nilUseKinds (the help text) lacks", s)
		}
	}
	for _, s := range append(nilUseKinds, "always true or always false", "nil passed as") {
		if !strings.Contains(Analyzer.Doc, s) {
			t.Errorf("the help text lacks %q", s)
		}
	}
}
