// This file reads VSSA_LONG and picks the samples of the default run.

package testlong

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// Var is the environment variable that asks for the long corpora.
const Var = "VSSA_LONG"

// Enabled reports whether VSSA_LONG is 1: tests run their corpora in
// full.
func Enabled() bool { return os.Getenv(Var) == "1" }

// Size returns how many items of a corpus a test runs: all when
// VSSA_LONG=1, else the sample size.
func Size(sample, all int) int {
	if Enabled() {
		return all
	}
	return min(sample, all)
}

// Seed returns the seed of t's sample: value, the value of the test's
// flag named name, if that flag was given on the command line or if
// VSSA_LONG=1 (the long run is the same every time), else one from the
// clock, different in every run. It logs the seed, and when t fails it
// logs the flag that replays the same sample.
func Seed(t testing.TB, name string, value uint64) uint64 {
	t.Helper()
	seed := value
	if !FlagSet(name) && !Enabled() {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("sample seed: -%s=%d", name, seed)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("%s failed with the sample of seed %d: replay it with -run='%s' -%s=%d", t.Name(), seed, runPattern(t.Name()), name, seed)
		}
	})
	return seed
}

// FlagSet reports whether the flag named name was given on the command
// line.
func FlagSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// Pick returns k of the indexes 0 … n-1, chosen by seed, in increasing
// order; all of them if k >= n.
func Pick(n, k int, seed uint64) []int {
	if k >= n {
		k = n
	}
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	idx := r.Perm(n)[:k]
	slices.Sort(idx)
	return idx
}

// PickNames returns k of names, chosen by seed, in their order; all of
// them if k >= len(names). It is Pick on a list.
func PickNames(names []string, k int, seed uint64) []string {
	var out []string
	for _, i := range Pick(len(names), k, seed) {
		out = append(out, names[i])
	}
	return out
}

// String describes a sample for a log line: "k of n (seed s)", or "all n"
// when it is the whole corpus.
func String(k, n int, seed uint64) string {
	if k >= n {
		return fmt.Sprintf("all %d", n)
	}
	return fmt.Sprintf("%d of %d (seed %d)", k, n, seed)
}

// runPattern is the -run pattern that selects exactly the test named
// name ("TestX/sub" is "^TestX$/^sub$").
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}
