package main

import (
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildTool builds vssalint into a temporary directory.
func buildTool(t *testing.T) string {
	if testing.Short() {
		t.Skip("-short: builds vssalint and runs it on packages")
	}
	tool := filepath.Join(t.TempDir(), "vssalint")
	if out, err := exec.Command("go", "build", "-o", tool, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return tool
}

// TestExitStatus builds vssalint and runs it as CI would: exit status 1
// with the reports on the example package (go vet's, where the
// multichecker says 3), 0 with -json, 0 on a package with nothing to
// report, 1 on one that does not load.
func TestExitStatus(t *testing.T) {
	tool := buildTool(t)
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"./examples/redundant"}, 1, "redundant.go:11:5: n != nil is always true: n was already dereferenced at redundant.go:10"},
		{[]string{"-json", "./examples/redundant"}, 0, `"message": "n != nil is always true`},
		{[]string{"./cmd/vssalint"}, 0, ""},
		{[]string{"./examples/nosuch"}, 1, "nosuch"},
		{[]string{"-vssair.contracts=bogus", "./examples/redundant"}, 2, "vssalint: invalid value \"bogus\" for flag -vssair.contracts: want local, all or off, not \"bogus\"\n"},
	} {
		cmd := exec.Command(tool, c.args...)
		cmd.Dir = "../.."
		out, err := cmd.CombinedOutput()
		status := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			status = exit.ExitCode()
		} else if err != nil {
			t.Fatalf("vssalint %v: %v", c.args, err)
		}
		if status != c.status || !strings.Contains(string(out), c.want) || status == 2 && string(out) != c.want {
			t.Errorf("vssalint %v: exit status %d, want %d; output (want %q):\n%s", c.args, status, c.status, c.want, out)
		}
	}
}
