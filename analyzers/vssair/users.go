package vssair

import (
	"flag"
	"sync"

	"github.com/vssa-go/vssa/validate"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// The analyzers that read a Result's functions (Complete, then Done),
// registered by their packages: the driver keeps every package's
// result until it ends (x/tools' checker), so a Result releases its
// functions once each of those the driver runs is done with them.
var (
	usersMu sync.Mutex
	users   []*analysis.Analyzer
)

// Uses records that a reads vssair's Result: it calls Complete and,
// once it no longer reads the functions, Done.
func Uses(a *analysis.Analyzer) {
	usersMu.Lock()
	defer usersMu.Unlock()
	users = append(users, a)
}

// expectedUsers is how many analyzers will call Done on a Result
// (-1: unknown).
var expectedUsers = func() int {
	usersMu.Lock()
	defer usersMu.Unlock()
	return enabledUsers(flag.CommandLine, users)
}

// enabledUsers counts those of users that a driver of x/tools'
// (multichecker, unitchecker: both register -NAME to enable an
// analyzer) runs, by fs's flags: if any -NAME is set true, those set
// true; else those not set false. -1 when a user has no such flag (a
// driver that chooses its analyzers some other way: golangci-lint,
// analysistest), so that nothing is released too soon.
func enabledUsers(fs *flag.FlagSet, users []*analysis.Analyzer) int {
	type state struct{ set, on bool }
	states := make([]state, len(users))
	anyTrue := false
	for i, a := range users {
		f := fs.Lookup(a.Name)
		if f == nil {
			return -1
		}
		g, ok := f.Value.(flag.Getter)
		if !ok {
			return -1
		}
		on, _ := g.Get().(bool)
		// x/tools' tri-state: Get is true only when set true, String
		// "false" only when set false.
		states[i] = state{set: on || f.Value.String() == "false", on: on}
		anyTrue = anyTrue || on
	}
	if f := fs.Lookup("vssair"); f != nil { // Analyzer.Name (an initialization cycle)
		if g, ok := f.Value.(flag.Getter); ok {
			if on, _ := g.Get().(bool); on {
				anyTrue = true
			}
		}
	}
	n := 0
	for _, s := range states {
		if anyTrue && s.on || !anyTrue && !(s.set && !s.on) {
			n++
		}
	}
	return n
}

// importedContracts is a book that reads the contracts exported as
// facts (the package's own too, once vssair derived them) and records
// none: a Result built again after a release assumes what the first
// build did.
type importedContracts struct{ pass *analysis.Pass }

func (b importedContracts) Contract(fn *ssa.Function) *validate.Contract {
	return factBook(b).Contract(fn)
}

func (importedContracts) Record(*ssa.Function, *validate.Contract) {}
