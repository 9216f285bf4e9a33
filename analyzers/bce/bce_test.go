package bce_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/vssa-go/vssa/analyzers/bce"
)

func TestBCE(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), bce.Analyzer, "a")
}

// TestHintCaveat: a suggested hint says when it panics where the loop
// would not (a bound below 1, where the loop does not run, unless the
// bound is a constant) or sooner (a bound beyond the slice).
func TestHintCaveat(t *testing.T) {
	want := map[string]string{
		"upTo":  "Insert _ = s[n-1] before the loop (it panics before the loop when n > len(s), and when n < 1, where the loop does not run)",
		"eight": "Insert _ = s[7] before the loop (it panics before the loop when 8 > len(s))",
	}
	results := analysistest.Run(t, analysistest.TestData(), bce.Analyzer, "a")
	got := map[string]string{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				continue
			}
			file := r.Pass.Fset.File(d.Pos)
			for _, f := range r.Pass.Files {
				if r.Pass.Fset.File(f.Pos()) != file {
					continue
				}
				for _, decl := range f.Decls {
					if fd, ok := decl.(*ast.FuncDecl); ok && fd.Pos() <= d.Pos && d.Pos < fd.End() {
						got[fd.Name.Name] = d.SuggestedFixes[0].Message
					}
				}
			}
		}
	}
	for name, msg := range want {
		if got[name] != msg {
			t.Errorf("%s: fix %q, want %q", name, got[name], msg)
		}
	}
	if len(got) != 5 {
		t.Errorf("fixes offered in %v, want 5 functions", got)
	}
}
