// This file tests the command line's answers to mistakes a newcomer
// makes (issue 47): where usage goes, what a missing argument or file
// says, how a load error reads.

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// vssaCmd runs vssa with args in-process and returns its status, stdout
// and stderr.
func vssaCmd(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	status := runMain(args, &stdout, &stderr)
	return status, stdout.String(), stderr.String()
}

// writeFiles writes files (name → content) under dir, making
// directories as needed.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

// As Go's tools do: a usage error prints the usage on stderr with
// status 2; asking for it with -h prints it on stdout with status 0.
func TestUsageStreams(t *testing.T) {
	status, stdout, stderr := vssaCmd()
	if status != exitUsage || stdout != "" || !strings.Contains(stderr, "Commands:") {
		t.Errorf("vssa: status %d, stdout %q, stderr %q; want %d, nothing on stdout, the usage on stderr", status, stdout, stderr, exitUsage)
	}
	status, stdout, stderr = vssaCmd("-h")
	if status != exitOK || stderr != "" || !strings.Contains(stdout, "Commands:") {
		t.Errorf("vssa -h: status %d, stdout %q, stderr %q; want %d, the usage on stdout, nothing on stderr", status, stdout, stderr, exitOK)
	}
}

// vssa stats and vssa bench need their packages named: std, which takes
// minutes, must be asked for.
func TestStatsBenchNeedPatterns(t *testing.T) {
	for _, name := range []string{"stats", "bench"} {
		status, stdout, stderr := vssaCmd(name)
		want := "vssa " + name + ": no packages given (std for the standard library)\nusage: vssa " + name
		if status != exitUsage || stdout != "" || !strings.HasPrefix(stderr, want) {
			t.Errorf("vssa %s: status %d, stdout %q, stderr %q; want %d and %q", name, status, stdout, stderr, exitUsage, want)
		}
	}
}

// Syntax errors are reported as gofmt reports them (go/parser's
// default mode: the first error of a line, each once), and no type
// errors after them: those of a file that did not parse are spurious,
// such as "declared and not used" of a variable whose use did not
// parse. The expected lines are gofmt's.
func TestRunSyntaxError(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ src, want string }{
		{"package main\n\nfunc main() {\n\tx := 1 +\n}\n", "F:5:1: expected operand, found '}'\n"},
		{"package main\n\nfunc main() {\n\tx := 1\n\tif x == 1 {\n\t\tprintln(\"a\"\n\t}\n}\n",
			"F:6:14: missing ',' before newline in argument list\nF:7:2: expected operand, found '}'\nF:8:3: missing ',' in argument list\n"},
	} {
		file := filepath.Join(dir, "syn.go")
		os.WriteFile(file, []byte(tc.src), 0o666)
		status, _, stderr := vssaCmd("run", file)
		want := "vssa run: " + strings.ReplaceAll(tc.want, "F:", file+":")
		if status != exitLoad || stderr != want {
			t.Errorf("vssa run of\n%s: status %d, stderr\n%s\nwant %d and\n%s", tc.src, status, stderr, exitLoad, want)
		}
	}
}

// A .go file that does not exist is said to be missing, inside a module
// or outside one, by every command that loads files (not "go.mod file
// not found", "directory not found" or "go get nonexist.go").
func TestMissingFile(t *testing.T) {
	cases := []struct {
		args   []string
		status int
	}{
		{[]string{"run", "nonexist.go"}, exitLoad},
		{[]string{"run", "nonexist.go", "arg"}, exitLoad},
		{[]string{"dump", "nonexist.go"}, exitFailure},
		{[]string{"check", "nonexist.go"}, exitFailure},
		{[]string{"checks", "nonexist.go"}, exitFailure},
		{[]string{"checks", "-gc", "nonexist.go"}, exitFailure},
		{[]string{"stats", "nonexist.go"}, exitFailure},
	}
	check := func(where string) {
		for _, tc := range cases {
			status, stdout, stderr := vssaCmd(tc.args...)
			want := "vssa " + tc.args[0] + ": nonexist.go: no such file\n"
			if status != tc.status || stdout != "" || stderr != want {
				t.Errorf("%s: vssa %s: status %d, stdout %q, stderr %q; want %d and %q", where, strings.Join(tc.args, " "), status, stdout, stderr, tc.status, want)
			}
		}
	}
	check("in a module")
	t.Chdir(t.TempDir())
	t.Setenv("GO111MODULE", "on")
	check("outside a module")
}
