package main

import (
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoVet builds vssavet and runs it under go vet on the example
// package: go vet exits 1 and prints each report with its reason.
func TestGoVet(t *testing.T) {
	tool := buildTool(t)
	cmd := exec.Command("go", "vet", "-vettool="+tool, "./examples/redundant")
	cmd.Dir = "../.."
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("go vet: %v, want exit status 1\n%s", err, out)
	}
	for _, want := range []string{
		"redundant.go:11:5: n != nil is always true: n was already dereferenced at redundant.go:10",
		"redundant.go:20:6: x > 5 is always true: given the condition at redundant.go:19",
		"redundant.go:31:6: i < len(s) is always true: given the condition at redundant.go:30",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("go vet output lacks %q:\n%s", want, out)
		}
	}
}

// buildTool builds vssavet into a temporary directory.
func buildTool(t *testing.T) string {
	if testing.Short() {
		t.Skip("-short: builds vssavet and runs go vet on packages")
	}
	tool := filepath.Join(t.TempDir(), "vssavet")
	if out, err := exec.Command("go", "build", "-o", tool, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return tool
}

// TestBadFlagOnce: a bad flag value under go vet, which runs vssavet
// once per package (the example's dependencies too), is said once,
// without the usage, and go vet fails.
func TestBadFlagOnce(t *testing.T) {
	tool := buildTool(t)
	cmd := exec.Command("go", "vet", "-vettool="+tool, "-vssair.contracts=bogus", "./examples/redundant")
	cmd.Dir = "../.."
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("go vet: %v, want exit status 1\n%s", err, out)
	}
	want := `vssavet: invalid value "bogus" for flag -vssair.contracts: want local, all or off, not "bogus"`
	if n := strings.Count(string(out), want); n != 1 || strings.Count(string(out), "\n") > 2 {
		t.Errorf("go vet output has the error %d times, want once, in at most 2 lines:\n%s", n, out)
	}
}

// TestGoVetCgo: under go vet too, a file that imports "C" is analysed
// (go vet hands the tool cmd/cgo's translation, marked generated), its
// reports at its own lines.
func TestGoVetCgo(t *testing.T) {
	tool := buildTool(t)
	if out, err := exec.Command("go", "env", "CGO_ENABLED").Output(); err != nil || strings.TrimSpace(string(out)) != "1" {
		t.Skip("go env CGO_ENABLED is not 1 (no C compiler): a file importing \"C\" cannot be built here")
	}
	cmd := exec.Command("go", "vet", "-vettool="+tool, "./...")
	cmd.Dir = "../vssalint/testdata/cgo"
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("go vet: %v, want exit status 1\n%s", err, out)
	}
	if want := "c.go:10:6: x > 5 is always true: given the condition at c.go:9"; !strings.Contains(string(out), want) {
		t.Errorf("go vet output lacks %q:\n%s", want, out)
	}
}
