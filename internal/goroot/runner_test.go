package goroot

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

// runnerTests are the programs of the fake test directory, with the
// outcome and reason Run must give them. The fake interpreter's side is in fakeRuns.
var runnerTests = []struct {
	rel, src        string
	outcome, reason string
}{
	{"hello.go", `// run

package main

import (
	"fmt"
	"os"
)

func main() {
	wd, _ := os.Getwd()
	fmt.Println("hello")
	fmt.Println(wd)
}
`, Pass, ""},
	{"panics.go", "// run\n\npackage main\n\nfunc main() { panic(\"boom\") }\n", Pass, ""},
	{"deadlock.go", "// run\n\npackage main\n\nfunc main() { c := make(chan int); <-c }\n", Pass, ""},
	{"ken/stdout.go", "// run\n\npackage main\n\nimport \"fmt\"\n\nfunc main() { fmt.Print(\"one\\ntwo\\nthree\\n\") }\n",
		Fail, `stdout line 2: got "TWO", want "two"`},
	{"ken/stderr.go", "// run\n\npackage main\n\nfunc main() { println(\"warning: x\") }\n",
		Fail, `stderr line 1: got "warning: y", want "warning: x"`},
	{"fixedbugs/exit.go", "// run\n\npackage main\n\nimport \"os\"\n\nfunc main() { os.Exit(3) }\n",
		Fail, "exit status 0, want 3"},
	{"fixedbugs/hang.go", "// run\n\npackage main\n\nfunc main() {}\n",
		Fail, "timeout after " + runnerTimeout.String()},
	{"fixedbugs/sleeper.go", "// run\n\npackage main\n\nimport \"time\"\n\nfunc main() { time.Sleep(time.Hour) }\n",
		Skip, "real program timed out after " + runnerTimeout.String()},
	{"builderr.go", "// run\n\npackage main\n\nfunc main() { missing() }\n",
		Skip, "go build failed: builderr.go:5:15: undefined: missing"},
	{"plan9.go", "// run\n\n//go:build plan9\n\npackage main\n\nfunc main() {}\n",
		Skip, "build constraint not satisfied: //go:build plan9"},
	{"cgo.go", "// run\n\npackage main\n\nimport \"C\"\n\nfunc main() {}\n",
		Skip, `uses cgo (imports "C")`},
	{"fixedbugs/multi.go", "// run\n\npackage main\n\nimport \"path/filepath\"\n\nvar dir = filepath.Join(\"fixedbugs\", \"multi.dir\")\n\nfunc main() {}\n",
		Skip, "needs other files of the test directory: line 7 names fixedbugs/multi.dir"},
	{"harness.go", "// run\n\npackage main\n\nimport \"os\"\n\nfunc main() { os.ReadFile(os.Getenv(\"STDLIB_IMPORTCFG\")) }\n",
		Skip, "needs the environment of cmd/internal/testdir: line 7 reads $STDLIB_IMPORTCFG"},
}

// runnerTimeout is the timeout of the runner tests: long enough for a
// tiny program on a loaded machine, short enough for a fast test.
const runnerTimeout = 2 * time.Second

// setupRunnerTests writes runnerTests, plus files that must not be
// selected, to a new test directory and returns a Config for it.
func setupRunnerTests(t *testing.T) Config {
	t.Helper()
	tc, err := FindToolchain("go")
	if err != nil {
		// Tests run under the go command, so it is there: not finding it
		// is a bug of FindToolchain.
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, tt := range runnerTests {
		writeFile(t, dir, tt.rel, tt.src)
	}
	writeFile(t, dir, "fixedbugs/multi.dir/a.go", "package a\n")
	writeFile(t, dir, "compile.go", "// compile\n\npackage main\n")
	writeFile(t, dir, "flags.go", "// run -gcflags=-N\n\npackage main\n\nfunc main() {}\n")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Config{
		Toolchain: tc,
		TestDir:   dir,
		CacheDir:  t.TempDir(),
		Passes:    fakePasses,
		Timeout:   runnerTimeout,
		Jobs:      4,
		Interp: func(file, passes string) []string {
			return append([]string{self, "fake-vssa"}, VSSARun("vssa")(file, passes)[1:]...)
		},
	}
}

func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds and runs a dozen small programs with the go command")
	}
	cfg := setupRunnerTests(t)
	var results []Result
	sum, err := Run(context.Background(), cfg, func(r Result) { results = append(results, r) })
	if err != nil {
		t.Fatal(err)
	}
	checkResults(t, results)
	if want := (Summary{Passed: 3, Failed: 4, Skipped: 6, Built: 9}); sum != want {
		t.Errorf("summary %+v, want %+v", sum, want)
	}
	if got, want := sum.String(), "3 passed, 4 failed, 6 skipped"; got != want {
		t.Errorf("summary line %q, want %q", got, want)
	}
	for _, r := range results {
		ran := r.Outcome != Skip
		if (r.Seconds > 0) != ran {
			t.Errorf("%s: %s in %v seconds", r.Test, r.Outcome, r.Seconds)
		}
		// A failed comparison carries both outputs; nothing else does.
		compared := r.Outcome == Fail && !strings.HasPrefix(r.Reason, "timeout")
		if (r.Want != nil && r.Got != nil) != compared || (r.Want == nil) != (r.Got == nil) {
			t.Errorf("%s: %s %q with outputs %v, %v", r.Test, r.Outcome, r.Reason, r.Want, r.Got)
		}
	}
	for _, r := range results {
		if r.Test == "fixedbugs/exit.go" && (r.Want.ExitCode != 3 || r.Got.ExitCode != 0) {
			t.Errorf("%s: exit statuses %d (real), %d (interpreted), want 3, 0", r.Test, r.Want.ExitCode, r.Got.ExitCode)
		}
	}

	// The second run finds every expected output in the cache.
	results = nil
	sum, err = Run(context.Background(), cfg, func(r Result) { results = append(results, r) })
	if err != nil {
		t.Fatal(err)
	}
	checkResults(t, results)
	if want := (Summary{Passed: 3, Failed: 4, Skipped: 6}); sum != want {
		t.Errorf("second run: summary %+v, want %+v", sum, want)
	}

	// -run selects by the path relative to the test directory.
	cfg.Filter = regexp.MustCompile("^ken/")
	sum, err = Run(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Summary{Failed: 2}); sum != want {
		t.Errorf("-run ken/: summary %+v, want %+v", sum, want)
	}
}

// checkResults checks results against runnerTests, which must also give
// their order (the listing is sorted).
func checkResults(t *testing.T, results []Result) {
	t.Helper()
	want := map[string]int{}
	for i, tt := range runnerTests {
		want[tt.rel] = i
	}
	var order []string
	for _, r := range results {
		t.Logf("%+v", r)
		order = append(order, r.Test)
		i, ok := want[r.Test]
		if !ok {
			t.Errorf("unexpected result %+v", r)
			continue
		}
		delete(want, r.Test)
		tt := runnerTests[i]
		if r.Outcome != tt.outcome || r.Reason != tt.reason {
			t.Errorf("%s: %s %q\nwant %s %q", r.Test, r.Outcome, r.Reason, tt.outcome, tt.reason)
		}
	}
	for rel := range want {
		t.Errorf("%s: no result", rel)
	}
	for i := 1; i < len(order); i++ {
		if order[i-1] >= order[i] {
			t.Errorf("results not in listing order: %q", order)
			break
		}
	}
}

func TestReports(t *testing.T) {
	results := []Result{
		{Test: "a.go", Outcome: Pass, Seconds: 0.25},
		{Test: "ken/b.go", Outcome: Fail, Reason: `stdout line 1: got "<x>", want EOF`, Seconds: 1},
		{Test: "fixedbugs/c.go", Outcome: Skip, Reason: "uses cgo"},
	}
	var text, js bytes.Buffer
	tr, jr := TextReport(&text), JSONReport(&js)
	for _, r := range results {
		tr(r)
		jr(r)
	}
	if want := "FAIL test/ken/b.go: stdout line 1: got \"<x>\", want EOF\n"; text.String() != want {
		t.Errorf("text report %q, want %q", text.String(), want)
	}
	lines := strings.Split(strings.TrimSuffix(js.String(), "\n"), "\n")
	if len(lines) != len(results) {
		t.Fatalf("JSON report has %d lines, want %d:\n%s", len(lines), len(results), js.String())
	}
	if want := `{"test":"a.go","outcome":"pass","reason":"","seconds":0.25}`; lines[0] != want {
		t.Errorf("JSON line %s, want %s", lines[0], want)
	}
	for i, line := range lines {
		var r Result
		if err := json.Unmarshal([]byte(line), &r); err != nil || r != results[i] {
			t.Errorf("JSON line %s decodes to %+v, %v; want %+v", line, r, err, results[i])
		}
	}
}

func TestVSSARun(t *testing.T) {
	if got, want := strings.Join(VSSARun("/bin/vssa")("/g/test/a.go", ""), " "), "/bin/vssa run /g/test/a.go"; got != want {
		t.Errorf("VSSARun without passes = %q, want %q", got, want)
	}
	if got, want := strings.Join(VSSARun("/bin/vssa")("/g/test/a.go", "gvn"), " "), "/bin/vssa run -passes=gvn /g/test/a.go"; got != want {
		t.Errorf("VSSARun with passes = %q, want %q", got, want)
	}
}

// A cancelled Run (Ctrl-C) stops, says so, reports nothing after the
// cancellation and caches nothing of the programs it stopped: a run
// after it gives every outcome as a full run does.
func TestRunCancelled(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds and runs small programs with the go command")
	}
	cfg := setupRunnerTests(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var reported int
	if _, err := Run(ctx, cfg, func(Result) { reported++ }); err != context.Canceled || reported > 0 {
		t.Errorf("Run cancelled before it starts: error %v and %d results, want %v and none", err, reported, context.Canceled)
	}
	ctx, cancel = context.WithCancel(context.Background())
	reported = 0
	_, err := Run(ctx, cfg, func(Result) {
		reported++
		cancel() // while other programs are being built and run
	})
	if err != context.Canceled || reported != 1 {
		t.Errorf("Run cancelled after its first result: error %v and %d results, want %v and 1", err, reported, context.Canceled)
	}
	var results []Result
	if _, err := Run(context.Background(), cfg, func(r Result) { results = append(results, r) }); err != nil {
		t.Fatal(err)
	}
	checkResults(t, results)
}

func TestRunBadConfig(t *testing.T) {
	if _, err := Run(context.Background(), Config{TestDir: t.TempDir()}, nil); err == nil {
		t.Errorf("Run without Interp: no error")
	}
}
