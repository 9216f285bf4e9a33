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

// TestApplyFixes: each fix is made whole or not at all; the same edit
// carried by two reports is made once; a fix overlapping one taken, or
// inserting other text at the same place, is left, and its report is
// not counted fixed.
func TestApplyFixes(t *testing.T) {
	name := filepath.Join(t.TempDir(), "f.go")
	if err := os.WriteFile(name, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	fix := func(edits ...jsonEdit) report {
		var r report
		r.diag.SuggestedFixes = append(r.diag.SuggestedFixes, struct {
			Edits []jsonEdit `json:"edits"`
		}{edits})
		return r
	}
	ins := func(at int, s string) jsonEdit { return jsonEdit{name, at, at, s} }
	reports := []report{
		fix(ins(2, "a")),
		fix(ins(2, "a")),                            // the same edit: made once
		fix(ins(2, "b")),                            // another insertion there: left
		fix(jsonEdit{name, 4, 6, "X"}),              // a replacement
		fix(jsonEdit{name, 5, 7, "Y"}),              // overlapping it: left
		fix(ins(8, "c"), jsonEdit{name, 3, 5, "Z"}), // half overlapping: left whole
		{},               // no fix
		fix(ins(4, "d")), // at the replacement's start: before it
	}
	fixed, err := applyFixes(reports)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(name)
	if want := "01a23dX6789"; string(got) != want {
		t.Errorf("file %q, want %q", got, want)
	}
	for i, want := range []bool{true, true, false, true, false, false, false, true} {
		if fixed[i] != want {
			t.Errorf("report %d fixed: %v, want %v", i, fixed[i], want)
		}
	}
}
