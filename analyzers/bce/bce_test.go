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

// TestFixKeepsBehaviour: fixes are offered only where the hint keeps
// what the program does wherever it did not panic, and say why; the
// hints that may panic sooner (upTo(nil, 0), matchLen stopping early)
// are named in the message only.
func TestFixKeepsBehaviour(t *testing.T) {
	want := map[string]string{
		"copyTo":    "Insert dst = dst[:len(src)] before the loop (it keeps what the program does: the loop reads dst[i] for every i < len(src), so where it does not panic len(src) ≤ len(dst), and dst is not used after it)",
		"eight":     "Insert _ = s[7] before the loop (it keeps what the program does: the loop reads s[7] where it does not panic)",
		"pureCalls": "Insert s = s[:len(a)] before the loop (it keeps what the program does: the loop reads s[i] for every i < len(a), so where it does not panic len(a) ≤ len(s), and s is not used after it)",
		"sumLen":    "Insert s = s[:len(a)] before the loop (it keeps what the program does: the loop reads s[i] for every i < len(a), so where it does not panic len(a) ≤ len(s), and s is not used after it)",
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
	for name, msg := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: fix %q offered, want none", name, msg)
		}
	}
}
