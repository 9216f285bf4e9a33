// This file takes an entry through vssa compile, go vet and go test, and
// compares what happened with what its list file records.

package realfuncs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
	"unicode"
)

// A Runner runs vssa compile and the go command on extracted packages.
type Runner struct {
	Vssa      string        // the vssa command, built from this repository
	GOROOT    string        // `go env GOROOT`: where std's sources are read
	GoVersion string        // the go line of the temporary modules ("1.26")
	Fuzztime  time.Duration // when testing, fuzz each function this long (0: not at all)
	Passes    string        // vssa compile's -passes ("": its default)
}

// testTimeout bounds a run of a generated test.
const testTimeout = 90 * time.Second

// A Result is what happened to an entry. State.Kind "compiled" means
// vssa compile succeeded and nothing more was run.
type Result struct {
	Dir    string // the temporary package
	State  State
	Output string // the output behind State
	Fuzzed bool   // with State ok: fuzzing ran too
}

// SourceDir returns the directory of the entry's package: in GOROOT for
// std, in the module cache (downloaded through the go command, so the
// module proxy) for a module.
func (r *Runner) SourceDir(e Entry) (string, error) {
	mod, version, dir, ok := e.Module()
	if !ok {
		return filepath.Join(r.GOROOT, "src", e.Pkg), nil
	}
	out, err := goCmd("", "mod", "download", "-json", mod+"@"+version)
	if err != nil {
		return "", err
	}
	var m struct{ Dir, Error string }
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		return "", fmt.Errorf("go mod download %s@%s: %v", mod, version, err)
	}
	if m.Error != "" {
		return "", fmt.Errorf("go mod download %s@%s: %s", mod, version, m.Error)
	}
	return filepath.Join(m.Dir, dir), nil
}

// Run extracts e into the empty directory dir and compiles it, and with
// test vets and tests it. An error is a failure of the harness or of
// the extraction, not a state.
func (r *Runner) Run(e Entry, dir string, test bool) (Result, error) {
	src, err := r.SourceDir(e)
	if err != nil {
		return Result{}, err
	}
	modPath := "example.com/realfuncs/" + ident(e.Name())
	if err := Extract(src, e.Funcs, Target{Dir: dir, Path: modPath, GoVersion: r.GoVersion, GOROOT: r.GOROOT}); err != nil {
		return Result{}, fmt.Errorf("%s: extracting: %v", e.Name(), err)
	}
	res := Result{Dir: dir}
	args := []string{"compile", "-o", "vssa"}
	if r.Passes != "" {
		args = append(args, "-passes", r.Passes)
	}
	cmd := exec.Command(r.Vssa, append(append(args, "."), e.Funcs...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if code := exitCode(err); code == 1 {
		msg := strings.ReplaceAll(strings.TrimSpace(string(out)), dir+string(filepath.Separator), "")
		res.State = State{Kind: "refused", Note: strings.TrimPrefix(firstLine(msg), "vssa compile: ")}
		if strings.HasPrefix(res.State.Note, "-: #") {
			// A load error: the go command's "# package" line, then the errors.
			res.State.Note = firstLine(msg[strings.Index(msg, "\n")+1:])
		}
		res.Output = msg
		return res, nil
	} else if err != nil {
		return res, fmt.Errorf("%s: vssa compile: %v\n%s", e.Name(), err, out)
	}
	res.State = State{Kind: "compiled"}
	if !test {
		return res, nil
	}
	// A generated test can loop for ever (a loop-count parameter
	// without //vssa:range): the timeouts make that a failure.
	steps := [][]string{{"vet", "."}, {"test", "-count=1", "-timeout", testTimeout.String(), "-run", "^TestVSSA", "."}}
	if r.Fuzztime > 0 {
		for _, f := range e.Funcs {
			steps = append(steps, []string{"test", "-run", "NONE", "-timeout", (r.Fuzztime + testTimeout).String(), "-fuzz", "^FuzzVSSA" + asmName(f) + "$", "-fuzztime", r.Fuzztime.String(), "."})
		}
	}
	for _, args := range steps {
		out, err := goCmd(dir, args...)
		if err == nil {
			continue
		}
		res.Output = out
		kind := "test-fails"
		if strings.Contains(out, "[build failed]") || strings.Contains(out, "[setup failed]") || args[0] == "vet" {
			kind = "build-fails"
		}
		note := failureLine(strings.TrimPrefix(out, "# "+modPath+"\n"))
		if args[0] == "test" && args[len(args)-2] == "-fuzztime" {
			note = "fuzz: " + note
		}
		res.State = State{Kind: kind, Note: note}
		return res, nil
	}
	res.State = State{Kind: "ok"}
	res.Fuzzed = r.Fuzztime > 0
	return res, nil
}

// failureLine returns the line of a go command's output that says what
// failed: a panic, or the line after the first "--- FAIL", or else the
// first line.
func failureLine(out string) string {
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "panic:") {
			return l
		}
		if strings.HasPrefix(l, "--- FAIL") && i+1 < len(lines) {
			return strings.TrimSpace(lines[i+1])
		}
	}
	return firstLine(out)
}

// Check returns an error saying how got differs from the state the list
// records for e, or nil. A result of "compiled" (tests not run) matches
// any recorded state but a refusal, and "ok" without fuzzing a failure
// that fuzzing found ("test-fails: fuzz: ...").
func Check(e Entry, got Result) error {
	want := e.State
	switch {
	case got.State.Kind == "compiled" && want.Kind != "refused":
		return nil
	case got.State.Kind == "ok" && !got.Fuzzed && want.Kind == "test-fails" && strings.HasPrefix(want.Note, "fuzz:"):
		// Only fuzzing finds it, and it did not run.
		return nil
	case got.State.Kind == want.Kind && want.Kind != "refused":
		return nil
	case got.State.Kind == "refused" && want.Kind == "refused" && strings.Contains(got.State.Note, want.Note):
		return nil
	case want.Kind == "refused" && got.State.Kind != "refused":
		return fmt.Errorf("line %d: %s: recorded as refused (%s), now compiles (%s): update the list file", e.Line, e.Name(), want.Note, got.State)
	}
	return fmt.Errorf("line %d: %s: recorded as %s, now %s\n%s", e.Line, e.Name(), want, got.State, got.Output)
}

// goCmd runs the go command in dir and returns its combined output. The
// temporary modules stand alone: no workspace.
func goCmd(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var b bytes.Buffer
	cmd.Stdout, cmd.Stderr = &b, &b
	err := cmd.Run()
	if err != nil {
		return b.String(), fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, b.String())
	}
	return b.String(), nil
}

func exitCode(err error) int {
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// ident keeps the letters and digits of s, as vssa compile names the
// tests of a function (FuzzVSSA<F>) and as a module path allows.
func ident(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
			return r
		}
		return -1
	}, s)
}

// asmName is the name vssa compile gives the assembly of f, which its
// fuzz target is named after: F, T_M for T.M and (*T).M, F_int_slice_uint8
// for F[int,[]byte] (byte and rune named uint8 and int32 in the list).
func asmName(f string) string {
	if strings.HasPrefix(f, "(") || !strings.Contains(f, "[") {
		return ident(strings.ReplaceAll(f, ".", "_"))
	}
	base, args, _ := strings.Cut(strings.TrimSuffix(f, "]"), "[")
	parts := []string{base}
	for _, a := range strings.Split(args, ",") {
		a = strings.TrimSpace(a)
		prefix := ""
		for strings.HasPrefix(a, "[]") {
			prefix += "slice_"
			a = a[2:]
		}
		parts = append(parts, prefix+a)
	}
	return strings.Join(parts, "_")
}
