package bce

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/vssa-go/vssa/ir"
)

// confirmGC is -bce.gc: report only the checks gc's own check_bce
// reports too, and keep only the hints after which it does not.
var confirmGC bool

func init() {
	Analyzer.Flags.BoolVar(&confirmGC, "gc", false, "report only the checks that gc keeps too, by its -d=ssa/check_bce output in a build of each package, and keep a hint only if gc removes the check with it too, in a build with the package's hints (go build -overlay; runs go build, or go test -c for test files, in the package's directory; on in vssalint)")
}

// A gcLine is a line of a file where gc reports a bounds check
// (IsInBounds) or a slice check (IsSliceInBounds) that it keeps. The
// file is named by its base name: a package's files are in one
// directory, and go replays a compilation's output from its cache with
// the names as the first build wrote them, relative to the directory
// it ran in, which need not be the package's.
type gcLine struct {
	file  string
	line  int
	slice bool
}

// A gcPos is where gc reports a check: its line and column (the
// index's or slice's '[', where vssa's checks stand too).
type gcPos struct {
	gcLine
	col int
}

// gcKept are the checks gc keeps in one build, or why they are unknown.
type gcKept struct {
	found map[gcPos]bool
	lines map[gcLine]bool
	err   error
}

// gcBuilds holds each build's result, by directory and whether it
// compiles the test files (a driver analyses a package and its test
// variant as two passes; go caches the compilations).
var gcBuilds sync.Map // gcBuild → *gcResult

type gcBuild struct {
	dir  string
	test bool
}

type gcResult struct {
	once sync.Once
	kept gcKept
}

// keptByGC returns those of the checks left that gc reports too, on the
// same line and of the same kind, in a build of the package with
// -gcflags=-d=ssa/check_bce. gc inlines small functions and proves
// more in some loops than check elimination does; what it removes is
// not in the binary the user ships, so a report of it would be noise.
// When the build cannot be read (no go command, a package that does not
// build alone), every check is kept and err says why.
func keptByGC(pass *analysis.Pass, left []leftCheck) ([]leftCheck, error) {
	if len(left) == 0 || len(pass.Files) == 0 {
		return left, nil
	}
	kept := gcBaseline(pass)
	if kept.err != nil {
		return left, kept.err
	}
	var out []leftCheck
	for _, c := range left {
		p := pass.Fset.Position(c.in.Pos)
		if kept.lines[gcLine{filepath.Base(p.Filename), p.Line, c.in.Op == ir.OpSliceCheck}] {
			out = append(out, c)
		}
	}
	return out, nil
}

// gcBaseline returns the checks gc keeps in the package as it is, from
// one build for the package (and one for its test variant).
func gcBaseline(pass *analysis.Pass) gcKept {
	b := buildOf(pass)
	v, _ := gcBuilds.LoadOrStore(b, new(gcResult))
	r := v.(*gcResult)
	r.once.Do(func() { r.kept = runGC(b, "") })
	return r.kept
}

// buildOf names the build that compiles the pass's files.
func buildOf(pass *analysis.Pass) gcBuild {
	b := gcBuild{dir: filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name())}
	for _, f := range pass.Files {
		b.test = b.test || strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go")
	}
	return b
}

// runGC builds the package in dir (with its test files if test) with
// gc's check_bce report and reads it, with the files an overlay (go
// build -overlay's JSON file, if not "") replaces. The flags apply to
// the packages named on the command line alone (and their test
// variants), so only they are compiled again.
func runGC(b gcBuild, overlay string) gcKept {
	args := []string{"build", "-o", os.DevNull, "-gcflags=-d=ssa/check_bce"}
	if b.test {
		args = []string{"test", "-c", "-o", os.DevNull, "-gcflags=-d=ssa/check_bce"}
	}
	if overlay != "" {
		args = append(args, "-overlay="+overlay)
	}
	args = append(args, ".")
	cmd := exec.Command("go", args...)
	cmd.Dir = b.dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return gcKept{err: fmt.Errorf("go %s in %s: %v\n%s", strings.Join(args, " "), b.dir, err, bytes.TrimSpace(out))}
	}
	found := parseCheckBCE(out)
	lines := map[gcLine]bool{}
	for p := range found {
		lines[p.gcLine] = true
	}
	return gcKept{found: found, lines: lines}
}

// checkBCELine is a line of check_bce's output: FILE:LINE:COL: Found
// IsInBounds (or IsSliceInBounds).
var checkBCELine = regexp.MustCompile(`^(.+\.go):(\d+):(\d+): Found Is(Slice)?InBounds$`)

// parseCheckBCE reads check_bce's output of a build.
func parseCheckBCE(out []byte) map[gcPos]bool {
	found := map[gcPos]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		m := checkBCELine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		found[gcPos{gcLine{filepath.Base(m[1]), n, m[4] != ""}, col}] = true
	}
	return found
}
