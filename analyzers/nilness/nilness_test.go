package nilness_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/vssa-go/vssa/internal/wantscore"

	"github.com/vssa-go/vssa/analyzers/nilness"
	"github.com/vssa-go/vssa/analyzers/vssair"
)

func TestNilness(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), nilness.Analyzer, "a", "intests")
}

// TestContracts: what a function of another package promises of its
// results and parameters (vssair's facts) decides comparisons and
// makes passing nil a report; functions that accept nil, recover, may
// return nil or never return promise nothing.
func TestContracts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), nilness.Analyzer, "example.com/use")
}

// TestNoReturn: functions named by -vssair.noreturn end their block
// (the code after a call to one is not analysed, as after os.Exit).
func TestNoReturn(t *testing.T) {
	flags := &vssair.Analyzer.Flags
	if err := flags.Set("noreturn", "noret.fatal"); err != nil {
		t.Fatal(err)
	}
	defer flags.Set("noreturn", "")
	analysistest.Run(t, analysistest.TestData(), nilness.Analyzer, "noret")
}

// TestGated scores nilness on its labelled set of comparisons redundant only
// through the branch that led to a join (testdata/src/gated, whose
// look-alikes must not be reported): every report must be asked for, and
// at least minGated of the findings made.
func TestGated(t *testing.T) {
	r, err := wantscore.Score(nilness.Analyzer, "gated")
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

// minGated is the share (%) of the gated set nilness must find.
const minGated = 100

// TestNoReturnFacts: functions that never return, by their bodies
// (vssair's NoReturnFact, across packages and within one, called in a
// function literal too) or as testing's Fatal, end their block.
func TestNoReturnFacts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), nilness.Analyzer, "example.com/exituse")
}

// TestContractsReleased: with a dependency's syntax and type
// information released once vssair has exported its facts (as
// vssalint asks for the packages it analyses for their facts alone),
// its contracts still decide the comparisons of the package that
// imports it.
func TestContractsReleased(t *testing.T) {
	released := false
	vssair.ReleaseSyntax = func(path string) bool {
		if path == "example.com/lib" {
			released = true
			return true
		}
		return false
	}
	defer func() { vssair.ReleaseSyntax = nil }()
	analysistest.Run(t, analysistest.TestData(), nilness.Analyzer, "example.com/use")
	if !released {
		t.Error("example.com/lib was not released")
	}
}
