package cond_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/vssa-go/vssa/internal/wantscore"

	"github.com/vssa-go/vssa/analyzers/cond"
)

func TestCond(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), cond.Analyzer, "a", "gen")
}

// TestGated scores cond on its labelled set of comparisons redundant only
// through the branch that led to a join (testdata/src/gated, whose
// look-alikes must not be reported): every report must be asked for, and
// at least minGated of the findings made.
func TestGated(t *testing.T) {
	r, err := wantscore.Score(cond.Analyzer, "gated")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("gated: %v", r)
	for _, m := range r.Missed {
		t.Logf("missed: %s", m)
	}
	for _, m := range append(r.FalsePositives, r.Errors...) {
		t.Error(m)
	}
	if r.Found*100 < minGated*r.Total {
		t.Errorf("gated: %v, want at least %d%% found", r, minGated)
	}
}

// minGated is the share (%) of the gated set cond must find.
const minGated = 100
