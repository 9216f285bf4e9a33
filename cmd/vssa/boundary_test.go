package main

import (
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/interp"
)

// TestBoundaryCorpus holds the rule at the standard library's boundary
// where the interpreter cannot be exact: each program of
// testdata/boundary must stop with exit status interp.ExitUnsupported and "vssa: unsupported:
// …", having printed a prefix of what the compiled program prints, never
// something else. (Programs that must run exactly are in testdata/run,
// compared by TestRunCorpus.) A case that starts to run exactly moves
// there.
func TestBoundaryCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds vssa and the corpus programs")
	}
	files, err := filepath.Glob("../../testdata/boundary/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no boundary programs (%v)", err)
	}
	exe := buildVSSA(t)
	bin := t.TempDir()
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			prog := filepath.Join(bin, strings.TrimSuffix(filepath.Base(file), ".go"))
			if out, err := exec.Command("go", "build", "-o", prog, file).CombinedOutput(); err != nil {
				t.Fatalf("go build: %v\n%s", err, out)
			}
			realOut, _, _ := runCommand(t, prog)
			out, errOut, code := runCommand(t, exe, "run", file)
			if code != interp.ExitUnsupported || !strings.HasPrefix(errOut, "vssa: unsupported: ") || !strings.HasPrefix(realOut, out) {
				t.Errorf("vssa run: exit %d, stdout:\n%s\nstderr:\n%s\nwant exit %d, \"vssa: unsupported: …\" and a prefix of the compiled program's stdout:\n%s", code, out, errOut, interp.ExitUnsupported, realOut)
			}
		})
	}
}

// runCommand runs a command and returns its stdout, stderr and exit status.
func runCommand(t *testing.T, name string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var o, e bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("%s: %v", name, err)
	}
	return o.String(), e.String(), code
}
