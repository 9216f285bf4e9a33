package nilness_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/vssa-go/vssa/analyzers/nilness"
	"github.com/vssa-go/vssa/analyzers/vssair"
)

func TestNilness(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), nilness.Analyzer, "a")
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
