package main

import (
	"context"
	"flag"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/internal/gorelease"
	"github.com/vssa-go/vssa/internal/goroot"
	"github.com/vssa-go/vssa/internal/testlong"
)

var (
	gorootSampleSeed = flag.Uint64("gorootsample.seed", 0, "the seed of TestGOROOTSample's sample of goroot.Sample (default: from the clock; all with VSSA_LONG=1)")
	corpusSeed       = flag.Uint64("corpus.seed", 0, "the seed of TestRunCorpus' sample of testdata/run (default: from the clock; all with VSSA_LONG=1)")
)

// The sizes of the samples that TestGOROOTSample and TestRunCorpus run
// (per pipeline) by default: a few programs each, different in every run
// (see internal/testlong); VSSA_LONG=1 runs them all.
const (
	gorootSampleSize = 4
	runCorpusSize    = 6
)

// TestGOROOTSample builds vssa and runs the GOROOT sample programs
// through "vssa run", comparing with the compiled programs exactly as
// "vssa goroot" does. Every sample program must pass.
func TestGOROOTSample(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds vssa and 36 GOROOT programs and runs each twice")
	}
	tc, err := goroot.FindToolchain("go")
	if err != nil {
		t.Fatal(err)
	}
	dir := testlong.GOROOTTest(t, tc.GOROOT)
	seed := testlong.Seed(t, "gorootsample.seed", *gorootSampleSeed)
	names := testlong.PickNames(goroot.Sample, testlong.Size(gorootSampleSize, len(goroot.Sample)), seed)
	t.Logf("%s GOROOT sample programs", testlong.String(len(names), len(goroot.Sample), seed))
	runPrograms(t, goroot.VSSARun(buildVSSA(t)), tc, dir, names, "")
}

// TestRunCorpus runs the programs of testdata/run (each a "// run"
// program, as GOROOT's tests) through "vssa run", without passes and
// with mem2reg, gvn, checkelim and outofssa, comparing each with the compiled program
// as "vssa goroot" does: output, exit status and panic message. They
// hold the semantics found wrong by comparing with gc. By default each
// pipeline runs a sample of runCorpusSize programs (-corpus.seed);
// VSSA_LONG=1 runs them all.
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
	tc, err := goroot.FindToolchain("go")
	if err != nil {
		t.Fatal(err)
	}
	seed := testlong.Seed(t, "corpus.seed", *corpusSeed)
	exe := buildVSSA(t)
	for i, passes := range []string{"", "mem2reg,gvn,checkelim,outofssa"} {
		// Each pipeline its own sample: more of the corpus per run.
		names := testlong.PickNames(files, testlong.Size(runCorpusSize, len(files)), seed+uint64(i))
		t.Logf("passes %q: %s corpus programs", passes, testlong.String(len(names), len(files), seed+uint64(i)))
		runPrograms(t, goroot.VSSARun(exe), tc, dir, names, passes)
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

// runPrograms runs the "// run" programs names (paths relative to
// testDir) with the command line run gives (goroot.VSSARun of a vssa
// executable, or sonRun) and the given passes; every one must pass.
func runPrograms(t *testing.T, run func(file, passes string) []string, tc goroot.Toolchain, testDir string, names []string, passes string) {
	t.Helper()
	quoted := make([]string, len(names))
	for i, s := range names {
		quoted[i] = regexp.QuoteMeta(s)
	}
	cacheDir, _ := goroot.DefaultCacheDir()
	cfg := goroot.Config{
		Toolchain: tc,
		TestDir:   testDir,
		CacheDir:  cacheDir,
		Filter:    regexp.MustCompile("^(" + strings.Join(quoted, "|") + ")$"),
		Passes:    passes,
		Interp:    run,
	}
	var results []goroot.Result
	sum, err := goroot.Run(context.Background(), cfg, func(r goroot.Result) { results = append(results, r) })
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != len(names) {
		t.Errorf("ran %d programs, want %d", len(results), len(names))
	}
	for _, r := range results {
		if why, ok := unsupportedHere()[r.Test]; ok {
			switch {
			case r.Outcome == goroot.Pass:
				t.Errorf("passes %q: %s passes under %s: take it off unsupportedHere", passes, r.Test, runtime.Version())
			case !strings.Contains(r.Reason, "unsupported"):
				t.Errorf("passes %q: %s: %s: %s (under %s it should stop with unsupported: %s)", passes, r.Test, r.Outcome, r.Reason, runtime.Version(), why)
			default:
				t.Logf("passes %q: %s stops with unsupported under %s, as known: %s", passes, r.Test, runtime.Version(), why)
			}
			continue
		}
		if r.Outcome != goroot.Pass {
			t.Errorf("passes %q: %s: %s: %s", passes, r.Test, r.Outcome, r.Reason)
		}
	}
	t.Log(sum)
}

// unsupportedHere returns the corpus programs that stop with
// "unsupported" under the running Go release, with the reason: the test
// checks that they still do (and says when one passes).
func unsupportedHere() map[string]string {
	if gorelease.Minor < 27 {
		return nil
	}
	const json = "Go 1.27's encoding/json is built on encoding/json/v2's internals (jsontext), which the interpreter neither loads from source nor has in its std table"
	return map[string]string{"jsonmethods.go": json, "jsonroundtrip.go": json}
}
