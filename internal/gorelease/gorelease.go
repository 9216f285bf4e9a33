// This file reads the running toolchain's release.

package gorelease

import (
	"runtime"
	"strconv"
	"strings"
)

// Minor is the minor release of the running toolchain (27 for
// go1.27.3), a large number for a development version.
var Minor = minor(runtime.Version())

// minor returns the minor release of Go version v, a large number for
// a development version.
func minor(v string) int {
	rest, ok := strings.CutPrefix(v, "go1.")
	if !ok {
		return 1 << 30 // devel …
	}
	if i := strings.IndexAny(rest, ".-+ rcbeta"); i >= 0 {
		rest = rest[:i]
	}
	n, err := strconv.Atoi(rest)
	if err != nil {
		return 1 << 30
	}
	return n
}
