package nilness_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/vssa-go/vssa/analyzers/nilness"
)

func TestNilness(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), nilness.Analyzer, "a")
}

// TestContracts: what a function of another package promises of its
// results and parameters (vssair's facts) decides comparisons and
// makes passing nil a report; functions that accept nil, recover, may
// return nil or never return promise nothing.
func TestContracts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), nilness.Analyzer, "use")
}
