package main

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/vssa-go/vssa/internal/goroot"
	"github.com/vssa-go/vssa/internal/progen"
	"github.com/vssa-go/vssa/internal/testlong"
	"github.com/vssa-go/vssa/interp"
)

var (
	progenN    = flag.Int("progen.n", 30, "how many random programs TestProgen generates and runs (with VSSA_LONG=1 or this flag; else progenSample)")
	progenSeed = flag.Uint64("progen.seed", 1, "the seed of TestProgen's first program, the others follow (with VSSA_LONG=1 or this flag; else from the clock)")
	progenDir  = flag.String("progen.dir", "", "write TestProgen's programs to this directory and keep them (default: a temporary directory)")
)

// progenPipelines are the pipelines of passes every random program runs
// with; "" is none.
var progenPipelines = []string{"", "mem2reg,outofssa", "mem2reg,gvn,checkelim,outofssa", "mem2reg-braun,gvn,gcm,outofssa"}

// sonPipeline is the pipeline of TestProgen's run of each program's
// Sea of Nodes graphs (sonRun): the passes before, and the only run
// with mem2reg alone, so its messages name it.
const sonPipeline = "mem2reg"

// progenSample is how many random programs TestProgen runs by default,
// from a seed that changes with every run; VSSA_LONG=1 runs -progen.n of
// them from -progen.seed.
const progenSample = 4

// progenTimeout bounds each run of a random program: they run in well
// under a second, compiled or interpreted, so a longer run is a hang.
const progenTimeout = 2 * time.Minute

// TestProgen is the differential test of issue 19: it generates random
// programs (internal/progen) for the seeds -progen.seed … +progen.n-1,
// and runs each compiled (the expected output is cached as vssa goroot
// caches it) and with vssa run, without passes and with each pipeline,
// comparing output, exit status and panic message exactly. An
// interpreted run that stops with exit status interp.ExitUnsupported and "vssa: unsupported:
// …", having printed a prefix of what the compiled program prints, is
// counted as unsupported, not as a failure; any other difference fails.
//
// By default it runs progenSample programs from a seed taken from the
// clock, logged, and replayed with -progen.seed; with VSSA_LONG=1 (see
// internal/testlong) it runs the -progen.n programs from -progen.seed,
// by default the 30 of seeds 1 … 30 (about 4 minutes on two cores
// shared with other work, much more than the README's test command can
// spend); run more with -progen.n=1000.
func TestProgen(t *testing.T) {
	n := *progenN
	if !testlong.Enabled() && !testlong.FlagSet("progen.n") {
		n = progenSample
	}
	if testing.Short() {
		t.Skipf("-short: builds vssa and %d random programs and runs each compiled and %d times interpreted", n, len(progenPipelines)+1)
	}
	first := testlong.Seed(t, "progen.seed", *progenSeed)
	dir := *progenDir
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	seeds := make(map[string]uint64)
	for i := range n {
		seed := first + uint64(i)
		src, err := progen.Generate(seed)
		if err != nil {
			t.Fatal(err)
		}
		name := progen.FileName(seed)
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o666); err != nil {
			t.Fatal(err)
		}
		seeds[name] = seed
	}
	exe := buildVSSA(t)
	tc, err := goroot.FindToolchain("go")
	if err != nil {
		t.Fatal(err)
	}
	cacheDir, err := goroot.DefaultCacheDir()
	if err != nil {
		// Without a user cache the pipelines still share the builds.
		cacheDir = t.TempDir()
	}
	for _, passes := range append(progenPipelines, sonPipeline) {
		run := goroot.VSSARun(exe)
		if passes == sonPipeline {
			run = sonRun(exe)
		}
		cfg := goroot.Config{
			Toolchain: tc,
			TestDir:   dir,
			CacheDir:  cacheDir,
			Passes:    passes,
			Timeout:   progenTimeout,
			Interp:    run,
		}
		var matched, mismatched int
		unsupported := map[string]int{}
		_, err := goroot.Run(context.Background(), cfg, func(r goroot.Result) {
			file := filepath.Join(dir, r.Test)
			switch {
			case r.Outcome == goroot.Pass:
				matched++
			case r.Outcome == goroot.Skip:
				// The generator must write programs that build and run.
				mismatched++
				t.Errorf("passes %q: %s (seed %d): not run: %s", passes, file, seeds[r.Test], r.Reason)
			default:
				if msg, ok := unsupportedStop(r); ok {
					unsupported[msg]++
					t.Logf("passes %q: %s (seed %d): %s", passes, file, seeds[r.Test], msg)
					return
				}
				mismatched++
				t.Errorf("passes %q: %s (seed %d): %s", passes, file, seeds[r.Test], r.Reason)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, n := range unsupported {
			total += n
		}
		t.Logf("passes %q: %d generated, %d matched, %d unsupported, %d mismatched", passes, len(seeds), matched, total, mismatched)
		if matched+total+mismatched != len(seeds) {
			t.Errorf("passes %q: %d results for %d programs", passes, matched+total+mismatched, len(seeds))
		}
		msgs := make([]string, 0, len(unsupported))
		for msg := range unsupported {
			msgs = append(msgs, msg)
		}
		sort.Strings(msgs)
		for _, msg := range msgs {
			t.Logf("passes %q: %4d × %s", passes, unsupported[msg], msg)
		}
	}
}

// unsupportedStop reports whether the failed result r is a stop on
// something vssa does not support, and returns the message: the
// interpreted run exited with status interp.ExitUnsupported after a line "vssa: unsupported:
// …" on stderr, and what it printed before (on stdout and on stderr)
// is a prefix of what the compiled program printed. Any other
// difference, or a stop without that message (an internal error), is a
// mismatch.
func unsupportedStop(r goroot.Result) (string, bool) {
	if r.Got == nil || r.Want == nil || r.Got.ExitCode != interp.ExitUnsupported {
		return "", false
	}
	const prefix = "vssa: unsupported: "
	stderr := string(r.Got.Stderr)
	i := strings.Index(stderr, prefix)
	if i < 0 || (i > 0 && stderr[i-1] != '\n') {
		return "", false
	}
	msg, _, _ := strings.Cut(stderr[i:], "\n")
	if !strings.HasPrefix(string(r.Want.Stdout), string(r.Got.Stdout)) || !strings.HasPrefix(string(r.Want.Stderr), stderr[:i]) {
		return "", false
	}
	return msg, true
}

// TestUnsupportedStop checks how TestProgen tells a stop on something
// unsupported from a mismatch.
func TestUnsupportedStop(t *testing.T) {
	want := &goroot.Output{Stdout: []byte("a\nb\nc\n"), Stderr: []byte("x\npanic: boom\n"), ExitCode: 2}
	stop := "vssa: unsupported: fmt.Printf: %#x of a value of type main.T\n"
	tests := []struct {
		name string
		got  goroot.Output
		msg  string // "" for a mismatch
	}{
		{"stop after a prefix", goroot.Output{Stdout: []byte("a\nb\n"), Stderr: []byte("x\n" + stop), ExitCode: interp.ExitUnsupported}, strings.TrimSuffix(stop, "\n")},
		{"stop at once", goroot.Output{Stderr: []byte(stop), ExitCode: interp.ExitUnsupported}, strings.TrimSuffix(stop, "\n")},
		{"wrong stdout before the stop", goroot.Output{Stdout: []byte("a\nB\n"), Stderr: []byte(stop), ExitCode: interp.ExitUnsupported}, ""},
		{"wrong stderr before the stop", goroot.Output{Stderr: []byte("y\n" + stop), ExitCode: interp.ExitUnsupported}, ""},
		{"internal error", goroot.Output{Stderr: []byte("vssa: internal error: runtime error: x\n"), ExitCode: interp.ExitUnsupported}, ""},
		{"unsupported without its exit status", goroot.Output{Stderr: []byte(stop), ExitCode: 2}, ""},
		{"message inside a line", goroot.Output{Stderr: []byte("x" + stop), ExitCode: interp.ExitUnsupported}, ""},
	}
	for _, tt := range tests {
		r := goroot.Result{Outcome: goroot.Fail, Want: want, Got: &tt.got}
		msg, ok := unsupportedStop(r)
		if msg != tt.msg || ok != (tt.msg != "") {
			t.Errorf("%s: unsupportedStop = %q, %v; want %q", tt.name, msg, ok, tt.msg)
		}
	}
	if _, ok := unsupportedStop(goroot.Result{Outcome: goroot.Fail, Reason: "timeout after 2m0s"}); ok {
		t.Errorf("a timeout counts as unsupported")
	}
}
