// This file finds the Go toolchain whose GOROOT test suite is measured.

package goroot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/build"
	"go/version"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
)

// A Toolchain is the go command that builds the expected outputs, with
// the facts about it that the skip rules and the cache key depend on.
type Toolchain struct {
	Go      string // the go command, "go" to look it up in PATH
	GOROOT  string // `go env GOROOT`
	Version string // `go env GOVERSION`, e.g. "go1.26.8"
}

// FindToolchain asks the go command goCmd ("go" if empty) for its GOROOT
// and version.
func FindToolchain(goCmd string) (Toolchain, error) {
	if goCmd == "" {
		goCmd = "go"
	}
	cmd := exec.Command(goCmd, "env", "-json", "GOROOT", "GOVERSION")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return Toolchain{}, fmt.Errorf("%s env: %v: %s", goCmd, err, bytes.TrimSpace(stderr.Bytes()))
	}
	var env struct{ GOROOT, GOVERSION string }
	if err := json.Unmarshal(out, &env); err != nil {
		return Toolchain{}, fmt.Errorf("%s env: %v", goCmd, err)
	}
	if env.GOROOT == "" {
		return Toolchain{}, fmt.Errorf("%s env: empty GOROOT", goCmd)
	}
	return Toolchain{Go: goCmd, GOROOT: env.GOROOT, Version: env.GOVERSION}, nil
}

// ReleaseTags returns the release build tags go1.1 … go1.N of the
// toolchain's language version. For a version the go/version package
// cannot read (a development toolchain) it falls back to the tags of the
// Go that built vssa.
func (tc Toolchain) ReleaseTags() []string {
	lang := version.Lang(tc.Version) // "go1.26"
	minor, err := strconv.Atoi(strings.TrimPrefix(lang, "go1."))
	if !strings.HasPrefix(lang, "go1.") || err != nil {
		return build.Default.ReleaseTags
	}
	tags := make([]string, 0, minor)
	for i := 1; i <= minor; i++ {
		tags = append(tags, "go1."+strconv.Itoa(i))
	}
	return tags
}

// Platform is the string the cache key records next to the Go version:
// expected outputs are only valid for the platform they were run on.
func (tc Toolchain) Platform() string {
	return tc.Version + " " + runtime.GOOS + "/" + runtime.GOARCH
}
