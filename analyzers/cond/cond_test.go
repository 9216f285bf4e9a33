package cond_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/vssa-go/vssa/analyzers/cond"
)

func TestCond(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), cond.Analyzer, "a", "gen")
}

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
