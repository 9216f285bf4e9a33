package cond_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/vssa-go/vssa/analyzers/cond"
)

func TestCond(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), cond.Analyzer, "a", "gen")
}
