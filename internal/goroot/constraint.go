// This file evaluates the build constraints of a test program.

package goroot

import (
	"go/build"
	"go/build/constraint"
	"runtime"
	"slices"
	"strings"
)

// unixOS are the GOOS values that satisfy the "unix" build tag (the list
// of go/build, which does not export it).
var unixOS = []string{"aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "linux", "netbsd", "openbsd", "solaris"}

// tagSet decides which build tags are satisfied, mirroring
// cmd/internal/testdir's context.match with cgo disabled and no
// optimisation-disabling GO_GCFLAGS.
type tagSet struct {
	goos, goarch string
	release      []string // go1.1 … go1.N
	tool         []string // goexperiment.* tags of the Go that built vssa
}

func newTagSet(tc Toolchain) tagSet {
	return tagSet{goos: runtime.GOOS, goarch: runtime.GOARCH, release: tc.ReleaseTags(), tool: build.Default.ToolTags}
}

// match reports whether the build tag name is satisfied.
func (ts tagSet) match(name string) bool {
	switch {
	case name == ts.goos, name == ts.goarch, name == "gc", name == "test_run":
		return true
	case name == "unix":
		return slices.Contains(unixOS, ts.goos)
	case strings.HasPrefix(name, "goexperiment."):
		return slices.Contains(ts.tool, name)
	}
	// Everything else is false: cgo, gccgo, gcflags_noopt, other
	// systems and architectures, unknown tags.
	return slices.Contains(ts.release, name)
}

// unsatisfied returns the first build constraint line of src ("//go:build"
// or "// +build") in the header before the package clause that ts does
// not satisfy, or "" if there is none.
func (ts tagSet) unsatisfied(src string) string {
	header, _, _ := strings.Cut(src, "\npackage")
	for _, line := range strings.Split(header, "\n") {
		expr, err := constraint.Parse(line)
		if err != nil {
			continue // not a constraint line
		}
		if !expr.Eval(ts.match) {
			return strings.TrimSpace(line)
		}
	}
	return ""
}
