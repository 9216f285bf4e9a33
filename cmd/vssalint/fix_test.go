package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFixKeepsTests copies testdata/fixcorpus, whose tests pass, runs
// vssalint -fix on it as a user would, and runs its tests again: a
// suggested fix keeps what the program does wherever it did not panic,
// so they still pass. The fixes that keep behaviour are applied (the
// corpus changes), and -fix lists the reports it left and exits 1.
func TestFixKeepsTests(t *testing.T) {
	tool := buildTool(t)
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/fixcorpus")); err != nil {
		t.Fatal(err)
	}
	goTest := func(when string) {
		cmd := exec.Command("go", "test", ".")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go test %s: %v\n%s", when, err, out)
		}
	}
	goTest("before -fix")
	before, err := os.ReadFile(filepath.Join(dir, "loops.go"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tool, "-fix", "-test=false", "./...")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("vssalint -fix: %v, want exit status 1 (reports left)\n%s", err, out)
	}
	// MatchLen's loop may stop before b ends: its hint is named, not
	// applied, and the report is listed.
	if want := "loops.go:13:15: bounds check left in a loop"; !strings.Contains(string(out), want) {
		t.Errorf("vssalint -fix output lacks %q:\n%s", want, out)
	}
	after, err := os.ReadFile(filepath.Join(dir, "loops.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, hint := range []string{"\tdst = dst[:len(src)]\n", "\t_ = s[7]\n", "\ts = s[:len(a)]\n"} {
		if strings.Contains(string(before), hint) || !strings.Contains(string(after), hint) {
			t.Errorf("vssalint -fix did not insert %q", hint)
		}
	}
	goTest("after -fix")
}
