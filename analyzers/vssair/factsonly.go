package vssair

import (
	"encoding/json"
	"os"
	"strings"
)

// factsOnly says that the driver runs the analyzers on this package only
// for its facts (FactsOnlyRun); onePackage that the process analyses
// one package (go vet's unitchecker), so the builder that derived the
// contracts may complete the functions too: no other package's result
// waits behind it.
var factsOnly, onePackage bool

// FactsOnlyRun tells, from a vet tool's arguments, whether go vet runs
// it on the package only for its facts (a dependency of the packages
// vetted: the .cfg file says VetxOnly), and if so makes the analyzers
// that read vssair's Result do nothing there. unitchecker runs every
// analyzer that requires one with facts in that mode, its diagnostics
// thrown away: vssa's analyzers would build every function of every
// dependency for nothing (go vet's cold run spent most of its time so).
func FactsOnlyRun(args []string) {
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return
	}
	data, err := os.ReadFile(args[len(args)-1])
	if err != nil {
		return // unitchecker reports it
	}
	var cfg struct{ VetxOnly bool }
	if json.Unmarshal(data, &cfg) == nil {
		factsOnly, onePackage = cfg.VetxOnly, true
	}
}
