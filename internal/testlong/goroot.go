// This file finds the programs of GOROOT/test, which not every Go
// installation has.

package testlong

import (
	"os"
	"path/filepath"
	"testing"
)

// GOROOTTest returns the directory goroot/test, GOROOT's test programs,
// or skips t if there is none: the toolchains that GOTOOLCHAIN downloads
// from the module proxy (golang.org/toolchain) leave it out, where a Go
// installed from a release archive or built from source has it.
func GOROOTTest(t testing.TB, goroot string) string {
	t.Helper()
	dir := filepath.Join(goroot, "test")
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Skipf("needs GOROOT's test programs, and %s is not a directory (the toolchains GOTOOLCHAIN downloads have none): %v", dir, err)
	}
	return dir
}
