package main

import (
	"bytes"
	"errors"
	"fmt"
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
	// A program of two files, and one that does not compile.
	two := filepath.Join(dir, "two")
	os.Mkdir(two, 0o777)
	first, second := filepath.Join(two, "a.go"), filepath.Join(two, "b.go")
	os.WriteFile(first, []byte("package main\n\nfunc main() { println(helper(2)) }\n"), 0o666)
	os.WriteFile(second, []byte("package main\n\nfunc helper(x int) int { return 21 * x }\n"), 0o666)
	irMain := filepath.Join(dir, "main.vssa")
	os.WriteFile(irMain, []byte("func @main.main() {\nb0:\n    r0:int = const 42\n    call println(r0)\n    return\n}\n"), 0o666)
	unused := filepath.Join(dir, "unused.go")
	os.WriteFile(unused, []byte("package main\n\nfunc main() { x := 1 }\n"), 0o666)
	cases := []struct {
		args     []string
		status   int
		out, err string // substrings of stdout and stderr
	}{
		{nil, exitUsage, "", "Commands:"},
		{[]string{"-h"}, exitOK, "Commands:", ""},
		{[]string{"frob"}, exitUsage, "", `unknown command "frob"`},
		{[]string{"ir", "-h"}, exitOK, "usage: vssa ir", ""},
		{[]string{"run", "-h"}, exitOK, "usage: vssa run", ""},
		{[]string{"run", "-frob", prog}, exitUsage, "", "flag provided but not defined: -frob\nusage: vssa run"},
		{[]string{"ir", good}, exitOK, "func @main.f", ""},
		{[]string{"ir", bad}, exitFailure, "", "3:12: register r9 is used but never defined"},
		{[]string{"ir", "-discipline=frob", good}, exitUsage, "", "-discipline must be"},
		{[]string{"ir", filepath.Join(dir, "missing.vssa")}, exitFailure, "", "no such file"},
		{[]string{"run", "-passes=frob", prog}, exitUsage, "", `unknown pass "frob"`},
		{[]string{"run", prog}, 2, "", "panic: boom"},
		{[]string{"run", "-passes=mem2reg,outofssa", prog}, 2, "", "hi\npanic: boom"},
		{[]string{"check", "-passes=outofssa", prog}, exitUsage, "", "needs mem2reg or mem2reg-braun"},
		{[]string{"check", prog}, exitOK, "checked 2 functions: 2 accepted, 0 rejected, 0 unsupported, 0 crashed", ""},
		{[]string{"dump", prog, "nosuchfunc"}, exitFailure, "", "no function nosuchfunc; candidates:\n\tcommand-line-arguments.init\n\tcommand-line-arguments.main\n"},
		{[]string{"dump", prog, "main.main"}, exitOK, "discipline rtl\nfunc @command-line-arguments.main()", ""},
		{[]string{"dump", "-passes=mem2reg", prog, "main.main"}, exitOK, "discipline ssa\nfunc @command-line-arguments.main()", ""},
		{[]string{"run"}, exitUsage, "", "vssa run: no program given\nusage: vssa run"},
		{[]string{"compile", "-o", "k", filepath.Join(dir, "nosuch"), "Sum"}, exitFailure, "", "vssa compile: package directory: stat"},
		{[]string{"help", "run"}, exitOK, "usage: vssa run", ""},
		{[]string{"help", "nosuch"}, exitUsage, "", `vssa help: unknown command "nosuch"`},
		{[]string{"goroot", "-passes=frob"}, exitUsage, "", `vssa goroot: -passes: unknown pass "frob"`},
		{[]string{"run", first, second}, exitOK, "", "42\n"},
		{[]string{"run", first, second, "arg.go.txt"}, exitOK, "", "42\n"},
		{[]string{"run", unused}, exitLoad, "", "unused.go:3:15: declared and not used: x\n"},
		{[]string{"run", irMain}, exitOK, "", "42\n"},
		{[]string{"run", good}, exitLoad, "", "no function main.main"},
		{[]string{"run", "-passes=mem2reg", irMain}, exitUsage, "", "unsupported: -passes with a .vssa file"},
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
		// A load error is printed once, as the go command prints it.
		if strings.Count(stderr.String(), "declared and not used") > 1 || strings.Contains(stderr.String(), "-: ") {
			t.Errorf("vssa %s: stderr %q repeats the error or has go list's \"-: \"", name, stderr.String())
		}
	}
}

// The package documentation lists every command as vssa -h does.
func TestDocListsCommands(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range commands {
		if line := fmt.Sprintf("//\t%-8s %s\n", name, c.short); !strings.Contains(string(doc), line) {
			t.Errorf("doc.go does not list command %s as %q", name, line)
		}
	}
}

// Output that cannot be written is a failure, said on stderr: a script
// must not take a truncated listing for a complete one.
func TestWriteErrorFails(t *testing.T) {
	good := filepath.Join(t.TempDir(), "good.vssa")
	os.WriteFile(good, []byte("func @main.f(r0 int) int {\nb0:\n    return r0\n}\n"), 0o666)
	var stderr bytes.Buffer
	status := runMain([]string{"ir", good}, failingWriter{}, &stderr)
	if status != exitFailure || !strings.Contains(stderr.String(), "vssa ir: writing output: disk full") {
		t.Errorf("vssa ir > full disk: status %d, stderr %q; want %d and the write error", status, stderr.String(), exitFailure)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

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

// Outside a module, a package pattern fails as the go command says.
func TestRunWithoutModule(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("GO111MODULE", "on")
	var stdout, stderr bytes.Buffer
	status := runMain([]string{"run", "."}, &stdout, &stderr)
	want := "go: go.mod file not found in current directory or any parent directory; see 'go help modules'"
	if status != exitLoad || !strings.Contains(stderr.String(), want) {
		t.Errorf("status %d, stderr %q; want %d and %q", status, stderr.String(), exitLoad, want)
	}
}

// vssa dump's output is a module vssa ir parses, checks with its
// defaults (in the discipline dump declares) and prints back as it is,
// whatever passes ran.
func TestDumpIRRoundTrip(t *testing.T) {
	prog := filepath.Join(t.TempDir(), "p.go")
	os.WriteFile(prog, []byte("package main\n\nfunc main() {\n\tx := 0\n\tfor i := 0; i < 3; i++ {\n\t\tx += i\n\t}\n\tprintln(x)\n}\n"), 0o666)
	for _, list := range []string{"", "mem2reg", "mem2reg,outofssa", "mem2reg-braun"} {
		var dump, stderr bytes.Buffer
		if status := runMain([]string{"dump", "-passes=" + list, prog}, &dump, &stderr); status != exitOK {
			t.Fatalf("vssa dump -passes=%s: status %d: %s", list, status, stderr.String())
		}
		want := "discipline rtl\n"
		if strings.HasPrefix(list, "mem2reg") && !strings.HasSuffix(list, "outofssa") {
			want = "discipline ssa\n"
		}
		if !strings.HasPrefix(dump.String(), want) {
			t.Errorf("vssa dump -passes=%s starts %q, want %q", list, strings.SplitAfter(dump.String(), "\n")[0], want)
		}
		file := filepath.Join(t.TempDir(), "dump.vssa")
		os.WriteFile(file, dump.Bytes(), 0o666)
		var printed bytes.Buffer
		stderr.Reset()
		if status := runMain([]string{"ir", file}, &printed, &stderr); status != exitOK {
			t.Errorf("vssa dump -passes=%s | vssa ir: status %d: %s", list, status, stderr.String())
		}
		if printed.String() != dump.String() {
			t.Errorf("vssa dump -passes=%s | vssa ir prints another module:\n%s\nwant\n%s", list, printed.String(), dump.String())
		}
		var out bytes.Buffer
		stderr.Reset()
		if status := runMain([]string{"run", file}, &out, &stderr); status != exitOK || stderr.String() != "3\n" {
			t.Errorf("vssa dump -passes=%s, then vssa run of the module: status %d, stderr %q, want 0 and %q", list, status, stderr.String(), "3\n")
		}
	}
}
