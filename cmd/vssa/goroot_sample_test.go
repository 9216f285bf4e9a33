package main

import (
	"context"
	"os"
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
	exe := filepath.Join(t.TempDir(), "vssa")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	tc, err := goroot.FindToolchain("go")
	if err != nil {
		t.Fatal(err)
	}
	quoted := make([]string, len(goroot.Sample))
	for i, s := range goroot.Sample {
		quoted[i] = regexp.QuoteMeta(s)
	}
	cacheDir, _ := goroot.DefaultCacheDir()
	cfg := goroot.Config{
		Toolchain: tc,
		CacheDir:  cacheDir,
		Filter:    regexp.MustCompile("^(" + strings.Join(quoted, "|") + ")$"),
		Interp:    goroot.VSSARun(exe),
	}
	var results []goroot.Result
	sum, err := goroot.Run(context.Background(), cfg, func(r goroot.Result) { results = append(results, r) })
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != len(goroot.Sample) {
		t.Errorf("ran %d programs, want %d", len(results), len(goroot.Sample))
	}
	for _, r := range results {
		if r.Outcome != goroot.Pass {
			t.Errorf("%s: %s: %s", r.Test, r.Outcome, r.Reason)
		}
	}
	t.Log(sum)
	_ = os.Getenv
}
