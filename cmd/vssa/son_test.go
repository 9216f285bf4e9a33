package main

import (
	"path/filepath"
	"testing"

	"github.com/vssa-go/vssa/internal/goroot"
	"github.com/vssa-go/vssa/internal/testlong"
)

// sonRun returns the command line that runs a program with vssa run
// -son -soncheck: every function in SSA form after the passes run as
// its Sea of Nodes graph (ir/son), with Theorem 3.7 checked.
func sonRun(exe string) func(file, passes string) []string {
	return func(file, passes string) []string {
		argv := goroot.VSSARun(exe)(file, passes)
		return append([]string{argv[0], argv[1], "-son", "-soncheck"}, argv[2:]...)
	}
}

// TestSeaOfNodesCorpus runs corpus programs (testdata/run) by their
// functions' Sea of Nodes graphs, after mem2reg and after the full
// pipeline but outofssa, and then after the full pipeline with gcm:
// each must do what the compiled program does, as each does in the
// interpreter (TestRunCorpus). A sample of runCorpusSize programs per
// pipeline, all with VSSA_LONG=1.
func TestSeaOfNodesCorpus(t *testing.T) {
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
	for i, passes := range []string{"mem2reg", "mem2reg,gvn,checkelim"} {
		names := testlong.PickNames(files, testlong.Size(runCorpusSize, len(files)), seed+uint64(i))
		t.Logf("-son -passes %q: %s corpus programs", passes, testlong.String(len(names), len(files), seed+uint64(i)))
		runPrograms(t, sonRun(exe), tc, dir, names, passes)
	}
	// gcm's results, run as functions.
	const gcm = "mem2reg,gvn,checkelim,gcm,outofssa"
	names := testlong.PickNames(files, testlong.Size(runCorpusSize, len(files)), seed+2)
	t.Logf("-passes %q: %s corpus programs", gcm, testlong.String(len(names), len(files), seed+2))
	runPrograms(t, goroot.VSSARun(exe), tc, dir, names, gcm)
}
