// This file builds and runs the real program to learn the expected
// output, going through the cache.

package goroot

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// buildTimeout bounds one go build; it is not the program's -timeout.
const buildTimeout = 10 * time.Minute

// expect returns what the real program rel does: from the cache if it
// is there, else by building it with the toolchain and running it in the
// test directory with the timeout (and then caching the result). built
// reports whether it was built. The error is for failures of the
// harness itself (the go command cannot be started, a temporary
// directory cannot be made), which are not cached.
func (r *runner) expect(ctx context.Context, rel string, src []byte) (e *expectation, built bool, err error) {
	sum := sourceSHA(src)
	platform := r.cfg.Toolchain.Platform()
	if e, ok := loadExpectation(r.cfg.CacheDir, r.testDir, rel, sum, platform, r.cfg.Timeout); ok {
		return e, false, nil
	}
	e = &expectation{TestDir: r.testDir, Test: rel, SourceSHA: sum, Platform: platform}
	if err := r.buildAndRun(ctx, e); err != nil {
		return nil, true, err
	}
	if err := ctx.Err(); err != nil {
		// Killed midway: what it printed is not the program's output.
		return nil, true, err
	}
	if err := storeExpectation(r.cfg.CacheDir, e); err != nil {
		r.warn("cache: %v", err)
	}
	return e, true, nil
}

// buildAndRun fills in e by building the program with
//
//	go build -o TMP/test.exe FILE
//
// in a fresh temporary directory TMP, in GOPATH mode (GO111MODULE=off)
// with GOFLAGS cleared, GOENV=off, CGO_ENABLED=0 and GOOS/GOARCH those of
// vssa, so that the file builds as a single-file main package with the
// newest language version, like cmd/internal/testdir builds it; and then
// running the executable in the test directory.
func (r *runner) buildAndRun(ctx context.Context, e *expectation) error {
	tmp, err := os.MkdirTemp("", "vssa-goroot-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	exe := filepath.Join(tmp, "test.exe")
	file := r.file(e.Test)
	env := append(runEnv(r.cfg.Env, tmp), "GO111MODULE=off", "CGO_ENABLED=0", "GOOS="+runtime.GOOS, "GOARCH="+runtime.GOARCH)
	b, err := runCommand(ctx, []string{r.cfg.Toolchain.Go, "build", "-o", exe, file}, tmp, env, buildTimeout)
	switch {
	case err != nil:
		return fmt.Errorf("go build: %v", err)
	case b.TimedOut:
		return fmt.Errorf("go build %s: timed out after %v", e.Test, buildTimeout)
	case b.ExitCode != 0:
		e.Skip = "go build failed: " + r.buildError(b, tmp)
		return nil
	}
	run, err := runCommand(ctx, []string{exe}, r.testDir, runEnv(r.cfg.Env, r.testDir), r.cfg.Timeout)
	if err != nil {
		return fmt.Errorf("running the real program: %v", err)
	}
	e.Output = run.Output
	e.Seconds = run.Elapsed.Seconds()
	e.TimedOut = run.TimedOut
	e.Timeout = r.cfg.Timeout.String()
	return nil
}

// buildError returns the first error line of a failed go build run in
// dir, with file names made relative to the test directory (the go
// command writes them relative to dir or absolute), cut to 200
// characters.
func (r *runner) buildError(b run, dir string) string {
	prefixes := []string{r.testDir + string(filepath.Separator)}
	if rel, err := filepath.Rel(dir, r.testDir); err == nil {
		prefixes = append(prefixes, rel+string(filepath.Separator))
	}
	out := string(b.Stderr) + string(b.Stdout)
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		for _, p := range prefixes {
			line = strings.ReplaceAll(line, p, "")
		}
		return truncate(line, 200)
	}
	return fmt.Sprintf("exit status %d, no output", b.ExitCode)
}
