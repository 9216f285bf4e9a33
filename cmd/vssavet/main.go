package main

import (
	"os"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/vssa-go/vssa/analyzers/bce"
	"github.com/vssa-go/vssa/analyzers/cond"
	"github.com/vssa-go/vssa/analyzers/nilness"
	"github.com/vssa-go/vssa/analyzers/vssair"
)

func main() {
	// On a dependency, go vet wants the facts alone.
	vssair.FactsOnlyRun(os.Args[1:])
	unitchecker.Main(vssair.Analyzer, nilness.Analyzer, cond.Analyzer, bce.Analyzer)
}
