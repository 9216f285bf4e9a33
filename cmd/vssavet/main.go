package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/vssa-go/vssa/analyzers/bce"
	"github.com/vssa-go/vssa/analyzers/cond"
	"github.com/vssa-go/vssa/analyzers/nilness"
	"github.com/vssa-go/vssa/analyzers/vssair"
	"github.com/vssa-go/vssa/internal/driverflags"
)

func main() {
	analyzers := []*analysis.Analyzer{vssair.Analyzer, nilness.Analyzer, cond.Analyzer, bce.Analyzer}
	if err := driverflags.Check(analyzers, os.Args[1:]); err != nil {
		os.Exit(badFlag(err))
	}
	// On a dependency, go vet wants the facts alone.
	vssair.FactsOnlyRun(os.Args[1:])
	unitchecker.Main(analyzers...)
}

// badFlag reports a bad flag value once per go vet: go vet runs vssavet
// once per package, each of which would print it with the usage, and
// go vet adds a line for each that fails. The first run says it and
// fails (so does go vet); the others, silent, leave an empty facts file
// and succeed, as nothing depends on them once one failed. Run by hand
// (no config file), it always says it.
func badFlag(err error) int {
	args := os.Args[1:]
	cfg := ""
	if n := len(args); n > 0 && strings.HasSuffix(args[n-1], ".cfg") {
		cfg, args = args[n-1], args[:n-1]
	}
	if cfg == "" || driverflags.First(strings.Join(args, "\x00")) {
		fmt.Fprintln(os.Stderr, "vssavet:", err)
		return 1
	}
	var config struct{ VetxOutput string }
	if data, err := os.ReadFile(cfg); err == nil && json.Unmarshal(data, &config) == nil && config.VetxOutput != "" {
		if err := os.WriteFile(config.VetxOutput, nil, 0o666); err != nil {
			return 1
		}
	}
	return 0
}
