package bce_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/vssa-go/vssa/analyzers/bce"
)

func TestBCE(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), bce.Analyzer, "a")
}
