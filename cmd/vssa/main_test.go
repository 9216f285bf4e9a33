package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/passes"
)

// TestCommandLine checks exit statuses and messages of the command line:
// usage errors exit 2, problems found exit 1, success 0, and -h explains.
func TestCommandLine(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.vssa")
	os.WriteFile(good, []byte("func @main.f(r0 int) int {\nb0:\n    return r0\n}\n"), 0o666)
	bad := filepath.Join(dir, "bad.vssa")
	os.WriteFile(bad, []byte("func @main.f(r0 int) int {\nb0:\n    return r9\n}\n"), 0o666)
	prog := filepath.Join(dir, "p.go")
	os.WriteFile(prog, []byte("package main\n\nfunc main() { println(\"hi\"); panic(\"boom\") }\n"), 0o666)
	cases := []struct {
		args     []string
		status   int
		out, err string // substrings of stdout and stderr
	}{
		{nil, exitUsage, "Commands:", ""},
		{[]string{"-h"}, exitOK, "Commands:", ""},
		{[]string{"frob"}, exitUsage, "", `unknown command "frob"`},
		{[]string{"ir", "-h"}, exitOK, "", "usage: vssa ir"},
		{[]string{"ir", good}, exitOK, "func @main.f", ""},
		{[]string{"ir", bad}, exitFailure, "", "3:12: register r9 is used but never defined"},
		{[]string{"ir", "-discipline=frob", good}, exitUsage, "", "-discipline must be"},
		{[]string{"ir", filepath.Join(dir, "missing.vssa")}, exitFailure, "", "no such file"},
		{[]string{"run", "-passes=frob", prog}, exitUsage, "", `unknown pass "frob"`},
		{[]string{"run", prog}, 2, "", "panic: boom"},
		{[]string{"run", "-passes=mem2reg,outofssa", prog}, 2, "", "hi\npanic: boom"},
		{[]string{"check", "-passes=outofssa", prog}, exitUsage, "", "needs mem2reg or mem2reg-braun"},
		{[]string{"check", prog}, exitOK, "checked 2 functions: 2 accepted, 0 rejected, 0 unsupported, 0 crashed", ""},
		{[]string{"dump", prog, "nosuchfunc"}, exitFailure, "", "no function nosuchfunc"},
	}
	for _, tc := range cases {
		var stdout, stderr bytes.Buffer
		status := runMain(tc.args, &stdout, &stderr)
		name := strings.Join(tc.args, " ")
		if status != tc.status {
			t.Errorf("vssa %s: status %d, want %d (stderr %q)", name, status, tc.status, stderr.String())
		}
		if !strings.Contains(stdout.String(), tc.out) {
			t.Errorf("vssa %s: stdout %q, want it to contain %q", name, stdout.String(), tc.out)
		}
		if !strings.Contains(stderr.String(), tc.err) {
			t.Errorf("vssa %s: stderr %q, want it to contain %q", name, stderr.String(), tc.err)
		}
	}
}

// vssa -h lists every pass of the table with its description.
func TestHelpListsPasses(t *testing.T) {
	var stdout bytes.Buffer
	runMain([]string{"-h"}, &stdout, &stdout)
	for _, p := range passes.Table.Passes {
		if !strings.Contains(stdout.String(), "  "+p.Name+" ") || !strings.Contains(stdout.String(), p.Doc) {
			t.Errorf("vssa -h does not list pass %s: %s", p.Name, p.Doc)
		}
	}
}

// TestRunArgs checks that the interpreted program sees its own
// arguments in os.Args.
func TestRunArgs(t *testing.T) {
	prog := filepath.Join(t.TempDir(), "args.go")
	os.WriteFile(prog, []byte("package main\n\nimport \"os\"\n\nfunc main() { println(len(os.Args), os.Args[1], os.Args[2]) }\n"), 0o666)
	saved := os.Args
	defer func() { os.Args = saved }()
	var stdout, stderr bytes.Buffer
	if status := runMain([]string{"run", prog, "x", "y"}, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	if got := stderr.String(); got != "3 x y\n" {
		t.Errorf("program printed %q, want %q", got, "3 x y\n")
	}
}
