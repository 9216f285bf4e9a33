package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/vssa-go/vssa/analyzers/bce"
	"github.com/vssa-go/vssa/analyzers/cond"
	"github.com/vssa-go/vssa/analyzers/nilness"
	"github.com/vssa-go/vssa/analyzers/vssair"
)

func main() { unitchecker.Main(vssair.Analyzer, nilness.Analyzer, cond.Analyzer, bce.Analyzer) }
