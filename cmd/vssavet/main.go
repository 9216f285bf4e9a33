package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/vssa-go/vssa/analyzers/bce"
	"github.com/vssa-go/vssa/analyzers/cond"
	"github.com/vssa-go/vssa/analyzers/nilness"
)

func main() { unitchecker.Main(nilness.Analyzer, cond.Analyzer, bce.Analyzer) }
