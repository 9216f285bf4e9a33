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
	if testing.Short() {
		t.Skip("-short: builds vssavet and runs go vet on the example package")
	}
	tool := filepath.Join(t.TempDir(), "vssavet")
	if out, err := exec.Command("go", "build", "-o", tool, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
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
