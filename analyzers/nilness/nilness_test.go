package nilness_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/vssa-go/vssa/analyzers/nilness"
)

func TestNilness(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), nilness.Analyzer, "a")
}
