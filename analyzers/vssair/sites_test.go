package vssair

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/vssa-go/vssa/ir"
)

// TestSSAFormNeeded: a function whose repeated comparison gvn removes
// keeps both forms, certified; one where gvn merges only a sum has
// gvn's form alone (one sum), as the SSA form's certificate would say
// nothing gvn's does not.
func TestSSAFormNeeded(t *testing.T) {
	forms := map[string][]*Form{}
	user := &analysis.Analyzer{
		Name:     "user",
		Doc:      "reads the built forms",
		Requires: []*analysis.Analyzer{Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			res := pass.ResultOf[Analyzer].(*Result)
			defer res.Done()
			if err := res.Complete(); err != nil {
				return nil, err
			}
			for _, f := range res.Funcs() {
				forms[f.SSA.Name()] = f.Forms
			}
			return nil, nil
		},
	}
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(quiet{}, dir, user, "forms")
	if got := forms["Repeated"]; len(got) != 2 || got[0].Checks == nil || got[1].Checks == nil {
		t.Errorf("Repeated: %d forms, want the SSA form's and gvn's, both certified", len(got))
	}
	got := forms["Merged"]
	if len(got) != 1 || got[0].Checks == nil {
		t.Fatalf("Merged: %d forms, want gvn's alone, certified", len(got))
	}
	if n := count(got[0].IR, ir.OpAdd); n != 1 {
		t.Errorf("Merged: the form has %d sums, want 1 (gvn's form)", n)
	}
}

// count counts f's instructions of operation op.
func count(f *ir.Func, op ir.Op) int {
	n := 0
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == op {
				n++
			}
		}
	}
	return n
}
