package cond_test

import (
	"strings"
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

// TestDocNamesReasons: the help text (Analyzer.Doc, `vssavet help
// cond`) names each kind of reason the reports on the test data give.
func TestDocNamesReasons(t *testing.T) {
	named := map[string]string{ // reason as reported → as the help names it
		"given the condition":       "condition",
		"given the check":           "check",
		"given the division":        "division",
		"given the operands' types": "the operands' types",
		"given the values":          "the values a loop's",
		"given the conditions":      "the conditions",
	}
	seen := map[string]bool{}
	for _, r := range analysistest.Run(t, analysistest.TestData(), cond.Analyzer, "a") {
		for _, d := range r.Diagnostics {
			_, reason, ok := strings.Cut(d.Message, ": ")
			if !ok {
				t.Errorf("%s: no reason", d.Message)
				continue
			}
			kind := ""
			for k := range named {
				if strings.HasPrefix(reason, k) && len(k) > len(kind) {
					kind = k
				}
			}
			if kind == "" {
				t.Errorf("%s: a reason the help text does not name", d.Message)
				continue
			}
			seen[kind] = true
			if !strings.Contains(cond.Analyzer.Doc, named[kind]) {
				t.Errorf("the help text lacks %q, the reason of %q", named[kind], d.Message)
			}
		}
	}
	if len(seen) < 5 {
		t.Errorf("reasons seen %v, want most kinds", seen)
	}
}
