package main

import (
	"context"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/internal/goroot"
)

// TestGOROOTSample builds vssa and runs the GOROOT sample programs
// through "vssa run", comparing with the compiled programs exactly as
// "vssa goroot" does. Every sample program must pass.
func TestGOROOTSample(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds vssa and 36 GOROOT programs and runs each twice")
	}
	quoted := make([]string, len(goroot.Sample))
	for i, s := range goroot.Sample {
		quoted[i] = regexp.QuoteMeta(s)
	}
	runPrograms(t, "", regexp.MustCompile("^("+strings.Join(quoted, "|")+")$"), len(goroot.Sample), "")
}

// TestRunCorpus runs the programs of testdata/run (each a "// run"
// program, as GOROOT's tests) through "vssa run", without passes and
// with mem2reg, gvn, checkelim and outofssa, comparing each with the compiled program
// as "vssa goroot" does: output, exit status and panic message. They
// hold the semantics found wrong by comparing with gc.
func TestRunCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds vssa and the corpus programs")
	}
	dir, err := filepath.Abs("../../testdata/run")
	if err != nil {
		t.Fatal(err)
	}
	files, err := goroot.List(dir, nil)
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus programs in %s (%v)", dir, err)
	}
	for _, passes := range []string{"", "mem2reg,gvn,checkelim,outofssa"} {
		runPrograms(t, dir, nil, len(files), passes)
	}
}

// buildVSSA builds the vssa command into a temporary directory and
// returns the executable's path.
func buildVSSA(t *testing.T) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "vssa")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return exe
}

// runPrograms builds vssa and runs the "// run" programs of testDir
// (GOROOT's tests if "") that filter keeps (all if nil) with the given
// passes; there must be want of them, and every one must pass.
func runPrograms(t *testing.T, testDir string, filter *regexp.Regexp, want int, passes string) {
	t.Helper()
	exe := buildVSSA(t)
	tc, err := goroot.FindToolchain("go")
	if err != nil {
		t.Fatal(err)
	}
	cacheDir, _ := goroot.DefaultCacheDir()
	cfg := goroot.Config{
		Toolchain: tc,
		TestDir:   testDir,
		CacheDir:  cacheDir,
		Filter:    filter,
		Passes:    passes,
		Interp:    goroot.VSSARun(exe),
	}
	var results []goroot.Result
	sum, err := goroot.Run(context.Background(), cfg, func(r goroot.Result) { results = append(results, r) })
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != want {
		t.Errorf("ran %d programs, want %d", len(results), want)
	}
	for _, r := range results {
		if r.Outcome != goroot.Pass {
			t.Errorf("passes %q: %s: %s: %s", passes, r.Test, r.Outcome, r.Reason)
		}
	}
	t.Log(sum)
}
