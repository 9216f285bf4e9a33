package goroot

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestMain lets the test binary stand in for vssa: run with the
// arguments "fake-vssa run [-passes=LIST] FILE" it behaves as the
// interpreter would, per fakeRuns.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "fake-vssa" {
		os.Exit(fakeVSSA(os.Args[2:]))
	}
	os.Exit(m.Run())
}

// fakePasses is the -passes value the runner tests pass on; the fake
// interpreter checks that it arrives.
const fakePasses = "gvn,dce"

// A fakeRun is how the fake interpreter "runs" a program.
type fakeRun struct {
	stdout, stderr string
	exit           int
	hang           bool // sleep until killed
	cwd            bool // print the working directory after stdout
}

// fakeRuns maps the base names of the runner test programs to the fake
// interpreter's behaviour. Compare the programs in runner_test.go.
var fakeRuns = map[string]fakeRun{
	"hello.go":    {stdout: "hello\n", cwd: true},
	"panics.go":   {stderr: "panic: boom\n\ngoroutine 1 [running]:\n\tinterpreted frames\n", exit: 2},
	"deadlock.go": {stderr: "fatal error: all goroutines are asleep - deadlock!\n\ngoroutine 1 [select]:\n", exit: 2},
	"stdout.go":   {stdout: "one\nTWO\nthree\n"},
	"stderr.go":   {stderr: "warning: y\n"},
	"exit.go":     {exit: 0},
	"hang.go":     {hang: true},
}

// fakeVSSA implements the fake "vssa run" and returns its exit status.
func fakeVSSA(args []string) int {
	if len(args) != 3 || args[0] != "run" || args[1] != "-passes="+fakePasses || !filepath.IsAbs(args[2]) {
		fmt.Fprintf(os.Stderr, "fake vssa: bad arguments %q\n", args)
		return 99
	}
	r, ok := fakeRuns[filepath.Base(args[2])]
	if !ok {
		fmt.Fprintf(os.Stderr, "fake vssa: no behaviour for %s\n", args[2])
		return 98
	}
	if r.hang {
		time.Sleep(time.Hour)
	}
	fmt.Print(r.stdout)
	if r.cwd {
		wd, _ := os.Getwd()
		fmt.Println(wd)
	}
	fmt.Fprint(os.Stderr, r.stderr)
	return r.exit
}
