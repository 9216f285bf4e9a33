package vssair

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestPruned: a built form keeps neither checkelim's result nor, of
// the certificate without the gated facts, more than its decisions
// (all GatedWhy reads): what validation alone read, as large as the
// form, is not held while the analyzers run.
func TestPruned(t *testing.T) {
	gated := 0
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
				for _, form := range f.Forms {
					if form.result != nil {
						t.Errorf("%s: checkelim's result kept", f.SSA)
					}
					if u := form.ungated; u != nil {
						gated++
						if u.Entry != nil || u.Removed != nil || u.NilUses != nil {
							t.Errorf("%s: the certificate without gated facts kept whole", f.SSA)
						}
					}
				}
			}
			return nil, nil
		},
	}
	dir, err := filepath.Abs(filepath.Join("..", "nilness", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(quiet{}, dir, user, "gated")
	if gated == 0 {
		t.Fatal("no form with gated facts: the test checks nothing")
	}
}
