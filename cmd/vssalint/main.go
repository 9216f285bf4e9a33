package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/vssa-go/vssa/analyzers/bce"
	"github.com/vssa-go/vssa/analyzers/cond"
	"github.com/vssa-go/vssa/analyzers/nilness"
)

func main() { multichecker.Main(nilness.Analyzer, cond.Analyzer, bce.Analyzer) }
