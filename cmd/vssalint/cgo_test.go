package main

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// TestCgo: a file that imports "C" is analysed, its reports at its own
// positions (drivers hand analyzers cmd/cgo's translation, marked
// generated), and gets no fix, which would edit the translation.
func TestCgo(t *testing.T) {
	tool := buildTool(t)
	if out, err := exec.Command("go", "env", "CGO_ENABLED").Output(); err != nil || strings.TrimSpace(string(out)) != "1" {
		t.Skip("go env CGO_ENABLED is not 1 (no C compiler): a file importing \"C\" cannot be built here")
	}
	cmd := exec.Command(tool, "-json", "./...")
	cmd.Dir = "testdata/cgo"
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) || err != nil {
		t.Fatalf("vssalint -json: %v\n%s", err, out)
	}
	for _, want := range []string{
		`c.go:10:6"`, `is always true: given the condition at c.go:9"`,
		`c.go:23:6"`, `"bounds check left in a loop`,
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("vssalint -json output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "suggested_fixes") {
		t.Errorf("a fix offered in cmd/cgo's translation:\n%s", out)
	}
}
