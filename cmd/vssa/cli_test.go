// This file tests the command line's answers to mistakes a newcomer
// makes (issue 47): where usage goes, what a missing argument or file
// says, how a load error reads.

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/interp"
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

// goModule writes a module example.com/m with files (name → content)
// in a new directory and makes it the current directory.
func goModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.26\n"
	writeFiles(t, dir, files)
	t.Chdir(dir)
	return dir
}

// methodsProg uses methods through fmt (String) and through an
// interface call; Go prints (with print, on stderr) methodsOut. The
// line that prints a slice of counts is added for the second test.
const (
	methodsProg = `package main

import "fmt"

type count struct {
	word string
	n    int
}

func (c count) String() string { return fmt.Sprintf("%s=%d", c.word, c.n) }

type shape interface{ area() int }

type square struct{ side int }

func (s *square) area() int { return s.side * s.side }

func main() {
	print(fmt.Sprint(count{"the", 3}), "\n")
	var s shape = &square{3}
	println(s.area())
	// slice
}
`
	methodsOut = "the=3\n9\n"
	// Go prints "[the=3 brown=1]", and so does vssa run of the program
	// (it loads fmt from source).
	sliceLine = `print(fmt.Sprint([]count{{"the", 3}, {"brown", 1}}), "\n")`
)

// dumpAndRun runs vssa dump src, then vssa run of what it wrote.
func dumpAndRun(t *testing.T, src string) (int, string) {
	t.Helper()
	status, dump, stderr := vssaCmd("dump", src)
	if status != exitOK {
		t.Fatalf("vssa dump %s: status %d: %s", src, status, stderr)
	}
	file := filepath.Join(t.TempDir(), "p.vssa")
	os.WriteFile(file, []byte(dump), 0o666)
	status, _, stderr = vssaCmd("run", file)
	return status, stderr
}

// What vssa dump writes, vssa run runs as vssa run runs the program:
// dumped from a file or from a package of a module, with the methods
// fmt and interface calls find.
func TestDumpThenRun(t *testing.T) {
	goModule(t, map[string]string{"prog/main.go": methodsProg})
	if status, _, stderr := vssaCmd("run", "./prog"); status != 0 || stderr != methodsOut {
		t.Errorf("vssa run ./prog: status %d, stderr %q; want 0 and %q", status, stderr, methodsOut)
	}
	for _, src := range []string{"prog/main.go", "./prog"} {
		if status, stderr := dumpAndRun(t, src); status != 0 || stderr != methodsOut {
			t.Errorf("vssa dump %s > p.vssa; vssa run p.vssa: status %d, stderr %q; want 0 and %q", src, status, stderr, methodsOut)
		}
	}
}

// fmt prints a String method of a value inside a slice only from
// source, which vssa run loads for it and vssa dump does not write: the
// run of the text refuses, loudly, rather than print the slice without
// the method.
func TestDumpThenRunRefusesCopiedMethods(t *testing.T) {
	goModule(t, map[string]string{"prog/main.go": strings.Replace(methodsProg, "// slice", sliceLine, 1)})
	want, why := methodsOut+"vssa: unsupported: fmt.Sprint: String method of type ", "count, inside a value the standard library copies without it"
	for _, src := range []string{"prog/main.go", "./prog"} {
		if status, stderr := dumpAndRun(t, src); status != interp.ExitUnsupported || !strings.HasPrefix(stderr, want) || !strings.Contains(stderr, why) {
			t.Errorf("vssa dump %s > p.vssa; vssa run p.vssa: status %d, stderr %q; want %d and %q…%q", src, status, stderr, interp.ExitUnsupported, want, why)
		}
	}
}

// The text carries the methods of the types of other packages of the
// module and of instances of generic types too: the run of the text
// finds them, or stops where vssa run of the program stops (a function
// of a package loaded from export data), never runs on without them.
// The stop ends the process (the call comes from the standard library,
// on another goroutine): vssa runs as a command.
func TestDumpCarriesOtherMethods(t *testing.T) {
	exe := buildVSSA(t)
	goModule(t, map[string]string{
		"lib/lib.go": "package lib\n\nimport \"fmt\"\n\ntype T struct{ N int }\n\nfunc (t T) String() string { return fmt.Sprintf(\"T%d\", t.N) }\n",
		"app/main.go": `package main

import (
	"fmt"

	"example.com/m/lib"
)

type box[E any] struct{ v E }

func (b box[E]) String() string { return fmt.Sprint("box ", b.v) }

func main() {
	print(fmt.Sprint(box[int]{7}), "\n")
	print(fmt.Sprint(lib.T{N: 4}), "\n")
}
`})
	want := "box 7\nvssa: unsupported: call of (example.com/m/lib.T).String, which is outside the program"
	if _, stderr, status := runCommand(t, exe, "run", "./app"); status != interp.ExitUnsupported || !strings.HasPrefix(stderr, want) {
		t.Errorf("vssa run ./app: status %d, stderr %q; want %d and %q", status, stderr, interp.ExitUnsupported, want)
	}
	dump, stderr, status := runCommand(t, exe, "dump", "./app")
	if status != exitOK {
		t.Fatalf("vssa dump ./app: status %d: %s", status, stderr)
	}
	file := filepath.Join(t.TempDir(), "p.vssa")
	os.WriteFile(file, []byte(dump), 0o666)
	if _, stderr, status := runCommand(t, exe, "run", file); status != interp.ExitUnsupported || !strings.HasPrefix(stderr, want) {
		t.Errorf("vssa dump ./app > p.vssa; vssa run p.vssa: status %d, stderr %q; want %d and %q", status, stderr, interp.ExitUnsupported, want)
	}
}

// vssa dump's FUNC finds the instances of a generic function, named as
// go/ssa names them (First[string]), by the function's name too; a
// generic function without an instance is said to be one.
func TestDumpGenericInstances(t *testing.T) {
	goModule(t, map[string]string{"gen/gen.go": `package gen

func First[T any](s []T) T { return s[0] }

func Last[T any](s []T) T { return s[len(s)-1] }

var _ = Last[int]

func Use() string { return First([]string{"a"}) }
`})
	for _, name := range []string{"First", "gen.First", "First[string]", "example.com/m/gen.First[string]"} {
		status, stdout, stderr := vssaCmd("dump", "./gen", name)
		if want := `func @"example.com/m/gen.First[string]"(r0 []string) string {`; status != exitOK || !strings.Contains(stdout, want) {
			t.Errorf("vssa dump ./gen %s: status %d, stdout %q, stderr %q; want 0 and %q", name, status, stdout, stderr, want)
		}
	}
	status, stdout, stderr := vssaCmd("dump", "./gen", "Last")
	want := "vssa dump: example.com/m/gen.Last is generic, and no instance of it is translated: go/ssa builds the instances that translated code uses (var _ = F[int] uses none)\n"
	if status != exitFailure || stdout != "" || stderr != want {
		t.Errorf("vssa dump ./gen Last: status %d, stdout %q, stderr %q; want %d and %q", status, stdout, stderr, exitFailure, want)
	}
}

// vssa run's own outcomes have statuses of their own, documented in vssa
// run -h, apart from the program's (0, os.Exit's argument, 2 after a
// panic): above the small statuses programs use, below the shell's 128+n
// for a signal; each comes with a "vssa" line on stderr. A program's
// os.Exit(3) is its own, with no such line.
func TestRunExitStatuses(t *testing.T) {
	own := map[string]int{} // documented: first word of the meaning → status
	_, table, ok := strings.Cut(commands["run"].long, "Exit statuses of vssa itself")
	if !ok {
		t.Fatal(`vssa run -h has no "Exit statuses of vssa itself"`)
	}
	seen := map[int]bool{}
	for _, line := range strings.Split(table, "\n") {
		var status int
		var what string
		if n, _ := fmt.Sscanf(line, "%d %s", &status, &what); n == 2 {
			own[what] = status
			if status < 100 || status >= 128 || seen[status] {
				t.Errorf("vssa run -h: status %d (%s) is not one of vssa's own, distinct, in [100, 128)", status, what)
			}
			seen[status] = true
		}
	}
	// The package documentation and vssa -h say them too.
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	_, usage, _ := vssaCmd("-h")
	for what, status := range own {
		line := fmt.Sprintf("%d %s", status, strings.TrimSuffix(what, ":"))
		if !strings.Contains(strings.Join(strings.Fields(string(doc)), " "), line) || !strings.Contains(usage, line) {
			t.Errorf("doc.go or vssa -h does not say %q", line)
		}
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"ub.vssa":     "func @main.main() {\nb0:\n    r0:*int = const nil\n    r1:int = load r0\n    call println(r1)\n    return\n}\n",
		"uns.vssa":    "declare @example.com/x.f func()\n\nfunc @main.main() {\nb0:\n    call @example.com/x.f()\n    return\n}\n",
		"exit3.go":    "package main\n\nimport \"os\"\n\nfunc main() { os.Exit(3) }\n",
		"broken.go":   "package main\n\nfunc main() { undefined() }\n",
		"nomain.vssa": "func @main.f() {\nb0:\n    return\n}\n",
	})
	for _, tc := range []struct {
		file, what, line string
	}{
		{"nonexist.go", "unloadable:", "vssa run: nonexist.go: no such file\n"},
		{"broken.go", "unloadable:", "vssa run: "},
		{"nomain.vssa", "unloadable:", "vssa run: "},
		{"ub.vssa", "undefined:", "vssa: undefined behaviour: "},
		{"uns.vssa", "unsupported:", "vssa: unsupported: "},
	} {
		want, ok := own[tc.what]
		if !ok {
			t.Fatalf("vssa run -h documents no status %q: %v", tc.what, own)
		}
		file := filepath.Join(dir, tc.file)
		if tc.file == "nonexist.go" {
			file = tc.file
		}
		status, _, stderr := vssaCmd("run", file)
		if status != want || !strings.HasPrefix(stderr, tc.line) {
			t.Errorf("vssa run %s: status %d, stderr %q; want %d and %q…", tc.file, status, stderr, want, tc.line)
		}
	}
	// os.Exit ends the process: vssa runs as a command.
	exe := buildVSSA(t)
	if _, stderr, status := runCommand(t, exe, "run", filepath.Join(dir, "exit3.go")); status != 3 || stderr != "" {
		t.Errorf("vssa run exit3.go: status %d, stderr %q; want 3 and nothing", status, stderr)
	}
}

// vssa check checks the instances of generic functions that code uses
// and says how many generic functions it could not check, for want of
// an instance, rather than skip them silently.
func TestCheckGenerics(t *testing.T) {
	goModule(t, map[string]string{"gen/gen.go": `package gen

func First[T any](s []T) T { return s[0] }

func Last[T any](s []T) T { return s[len(s)-1] }

func Mid[T any](s []T) T { return s[len(s)/2] }

var _ = Last[int]

func Use() string { return First([]string{"a"}) }
`})
	status, stdout, stderr := vssaCmd("check", "-v", "./gen")
	want := "not checked: example.com/m/gen.Last, generic without an instance\n" +
		"not checked: example.com/m/gen.Mid, generic without an instance\n" +
		"generic: 2 functions without an instance not checked (go/ssa builds the instances code uses)\n" +
		"checked 3 functions: 3 accepted, 0 rejected, 0 unsupported, 0 crashed\n"
	if status != exitOK || !strings.HasSuffix(stdout, want) {
		t.Errorf("vssa check -v ./gen: status %d, stdout %q, stderr %q; want 0 and …%q", status, stdout, stderr, want)
	}
}
