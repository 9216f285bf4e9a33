package main

import (
	"flag"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"

	"github.com/vssa-go/vssa/analyzers/vssair"
)

// releaseDependencies lets vssair release the syntax and type
// information of the packages the multichecker analyses for their
// facts alone: those not named on the command line (the checker runs
// nilness, cond and bce on the named ones only). The named ones are
// found once, when vssair first asks (the multichecker has parsed its
// flags by then), by their paths: a test variant has its package's
// path, and an external test package or test main (path_test,
// path.test) is never another's dependency. If they cannot be found,
// nothing is released.
func releaseDependencies() {
	var once sync.Once
	var named map[string]bool
	vssair.ReleaseSyntax = func(path string) bool {
		once.Do(func() { named = namedPackages(flag.Args()) })
		return releasable(named, path)
	}
}

// releasable reports whether the package of that path is analysed for
// its facts alone, given the paths named on the command line (nil:
// unknown, nothing is).
func releasable(named map[string]bool, path string) bool {
	if named == nil || strings.HasSuffix(path, "_test") || strings.HasSuffix(path, ".test") {
		return false
	}
	return !named[path]
}

// namedPackages are the paths of the packages patterns name, as the
// multichecker loads them (the same environment: GOFLAGS' tags too);
// nil if they cannot be listed.
func namedPackages(patterns []string) map[string]bool {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName}, patterns...)
	if err != nil {
		return nil
	}
	named := map[string]bool{}
	for _, p := range pkgs {
		named[p.PkgPath] = true
	}
	return named
}
