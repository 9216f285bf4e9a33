// This file is vssa checks: the run-time checks per source line, made
// by the bridge and left by the passes, and with -gc how that compares
// with what gc's errorcheck tests expect it to remove.

package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes"
)

// checkKinds are the check instructions, in report order.
var checkKinds = []ir.Op{ir.OpNilCheck, ir.OpBoundsCheck, ir.OpSliceCheck, ir.OpDivCheck, ir.OpShiftCheck, ir.OpLenCheck}

// checkCounts counts checks by kind (index in checkKinds).
type checkCounts [6]int

func checkIndex(op ir.Op) int {
	for i, k := range checkKinds {
		if k == op {
			return i
		}
	}
	return -1
}

// srcLine is a line of a source file.
type srcLine struct {
	file string
	line int
}

func init() {
	var passList string
	var gc bool
	register(&command{
		name:  "checks",
		usage: "[-passes=LIST] [-gc] PATTERNS|FILE.go",
		short: "count run-time checks per source line, before and after the passes",
		long: `Checks loads the packages (or one .go file), translates every function, and
runs the passes on it as vssa check does (validated; a rejected result
leaves the function as it was). For every source line of the named
packages with a check, it prints the checks the bridge made and those
left after the passes, by kind (nilcheck, boundscheck, slicecheck,
divcheck, shiftcheck, lencheck):

  FILE:LINE: nilcheck 2→0 boundscheck 1→1

then the totals by kind. Errors of the go command's own build of the
packages (such as gc's "missing function body" for a function declared
without one) are ignored when the type checker finds none.

With -gc, on one of the Go distribution's errorcheck files (such as
$(go env GOROOT)/test/nilptr3.go, prove.go, loopbce.go), it reads gc's
// ERROR expectations instead: a "removed nil check", "Proved IsNonNil",
"Proved IsInBounds" or "Proved IsSliceInBounds" is a check gc removes on
that line, a "generated nil check", "Found IsInBounds" or "Found
IsSliceInBounds" one it keeps. It lists the lines where gc removes a
check and vssa keeps it, the lines where vssa removes one gc keeps, and
ends with one line:

  gc: N removed; vssa: M of them (P%), plus K more

N: the checks gc removes; M: those of them vssa removes too (on each
line, at most as many as vssa removes of that kind there); K: the
checks vssa removes on lines where gc keeps one of that kind. gc
inlines, vssa does not, so a check in a function gc inlines counts where
the function is written.

Exit status: 0; 1 if the packages do not load or a pass's result is
rejected; 2 on bad usage (-gc needs one .go file).`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&passList, "passes", "mem2reg,gvn,checkelim", "comma-separated passes ("+passNames()+")")
			fs.BoolVar(&gc, "gc", false, "compare with the // ERROR expectations of a GOROOT errorcheck file")
		},
		run: func(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
			if len(args) == 0 {
				return badUsage(stderr, "checks", "no packages given")
			}
			if gc && (len(args) != 1 || !strings.HasSuffix(args[0], ".go")) {
				fmt.Fprintf(stderr, "vssa checks: -gc takes one .go file\n")
				return exitUsage
			}
			pipeline, err := passes.Pipeline(passList)
			if err != nil {
				fmt.Fprintf(stderr, "vssa checks: %v\n", err)
				return exitUsage
			}
			if err := missingGoFile(args); err != nil {
				fmt.Fprintf(stderr, "vssa checks: %v\n", err)
				return exitFailure
			}
			prog, err := bridge.Load(bridge.Config{BuildErrors: true}, args...)
			if err != nil {
				fmt.Fprintf(stderr, "vssa checks: %v\n", err)
				return exitFailure
			}
			before, after, rejected := countChecks(prog, &passes.Manager{Pipeline: pipeline}, stderr)
			if gc {
				src, err := os.ReadFile(args[0])
				if err != nil {
					fmt.Fprintf(stderr, "vssa checks: %v\n", err)
					return exitFailure
				}
				abs, _ := filepath.Abs(args[0])
				compareWithGC(stdout, args[0], abs, src, before, after)
			} else {
				printChecks(stdout, before, after)
			}
			if rejected > 0 {
				return exitFailure
			}
			return exitOK
		},
	})
}

// countChecks counts the checks of the named packages' functions by
// source line, as the bridge made them and after the passes; it
// returns how many functions had a pass's result rejected.
func countChecks(prog *bridge.Program, m *passes.Manager, stderr io.Writer) (before, after map[srcLine]*checkCounts, rejected int) {
	files := map[string]bool{}
	for _, p := range prog.Packages {
		for _, mem := range p.Members {
			if pos := prog.Fset.Position(mem.Pos()); pos.IsValid() {
				files[pos.Filename] = true
			}
		}
	}
	before, after = map[srcLine]*checkCounts{}, map[srcLine]*checkCounts{}
	count := func(f *ir.Func, into map[srcLine]*checkCounts) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				k := checkIndex(in.Op)
				if k < 0 {
					continue
				}
				pos := prog.Fset.Position(in.Pos)
				if !files[pos.Filename] {
					continue
				}
				l := srcLine{pos.Filename, pos.Line}
				if into[l] == nil {
					into[l] = &checkCounts{}
				}
				into[l][k]++
			}
		}
	}
	for _, f := range prog.Module.Funcs {
		if pos := prog.Fset.Position(f.Pos); !files[pos.Filename] || ir.Check(f, ir.RTL) != nil {
			continue
		}
		count(f, before)
		g, reports := m.Run(f)
		for _, r := range reports {
			if r.Outcome == passes.Rejected || r.Outcome == passes.Crashed || r.Outcome == passes.Corrupted {
				rejected++
				fmt.Fprintf(stderr, "%s %v\n", strings.ToUpper(r.Outcome.String()), r)
			}
		}
		count(g, after)
	}
	return before, after, rejected
}

func sortedLines(ms ...map[srcLine]*checkCounts) []srcLine {
	seen := map[srcLine]bool{}
	var ls []srcLine
	for _, m := range ms {
		for l := range m {
			if !seen[l] {
				seen[l] = true
				ls = append(ls, l)
			}
		}
	}
	sort.Slice(ls, func(i, j int) bool {
		if ls[i].file != ls[j].file {
			return ls[i].file < ls[j].file
		}
		return ls[i].line < ls[j].line
	})
	return ls
}

func countsAt(m map[srcLine]*checkCounts, l srcLine) checkCounts {
	if c := m[l]; c != nil {
		return *c
	}
	return checkCounts{}
}

func printChecks(w io.Writer, before, after map[srcLine]*checkCounts) {
	var total [2]checkCounts
	for _, l := range sortedLines(before) {
		b, a := countsAt(before, l), countsAt(after, l)
		fmt.Fprintf(w, "%s:%d:", l.file, l.line)
		for k, op := range checkKinds {
			if b[k] > 0 || a[k] > 0 {
				fmt.Fprintf(w, " %s %d→%d", op, b[k], a[k])
			}
			total[0][k] += b[k]
			total[1][k] += a[k]
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "checks by kind, made by the bridge → left after the passes:\n")
	for k, op := range checkKinds {
		b, a := total[0][k], total[1][k]
		share := 0.0
		if b > 0 {
			share = 100 * float64(b-a) / float64(b)
		}
		fmt.Fprintf(w, "  %-12s %7d → %7d (%.1f%% removed)\n", op, b, a, share)
	}
}

// gcExpectations are what errorcheck patterns say of a check on its
// line: whether gc removes or keeps one, and of which kind.
var gcExpectations = []struct {
	re      *regexp.Regexp
	kind    ir.Op
	removed bool
}{
	{regexp.MustCompile(`removed[^"]*nil check`), ir.OpNilCheck, true},
	{regexp.MustCompile(`Proved IsNonNil`), ir.OpNilCheck, true},
	{regexp.MustCompile(`generated nil check`), ir.OpNilCheck, false},
	{regexp.MustCompile(`Proved IsInBounds`), ir.OpBoundsCheck, true},
	{regexp.MustCompile(`Found IsInBounds`), ir.OpBoundsCheck, false},
	{regexp.MustCompile(`Proved IsSliceInBounds`), ir.OpSliceCheck, true},
	{regexp.MustCompile(`Found IsSliceInBounds`), ir.OpSliceCheck, false},
}

var (
	errorComment = regexp.MustCompile(`//\s*ERROR\s+(.*)$`)
	// errorPattern is one pattern of an ERROR comment, a Go string
	// literal; text after the patterns is commentary.
	errorPattern = regexp.MustCompile("\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`")
)

// gcLines reads the errorcheck expectations of src: per line, the
// checks gc removes and those it keeps, by kind.
func gcLines(src []byte) (removes, keeps map[int]*checkCounts) {
	removes, keeps = map[int]*checkCounts{}, map[int]*checkCounts{}
	for i, text := range strings.Split(string(src), "\n") {
		m := errorComment.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		for _, e := range gcExpectations {
			n := 0
			for _, p := range errorPattern.FindAllString(m[1], -1) {
				if e.re.MatchString(p) {
					n++
				}
			}
			if n == 0 {
				continue
			}
			into := keeps
			if e.removed {
				into = removes
			}
			if into[i+1] == nil {
				into[i+1] = &checkCounts{}
			}
			into[i+1][checkIndex(e.kind)] += n
		}
	}
	return removes, keeps
}

// compareWithGC compares the checks vssa leaves in the file name (abs,
// its absolute path) with gc's expectations in its source. On a line
// where gc removes c checks of a kind and keeps k, vssa removes as many
// of those c as it leaves no more than k checks of the kind there (a
// check it never made counts as removed); it removes more than gc where
// it leaves fewer than k, counting only checks it made.
func compareWithGC(w io.Writer, name, abs string, src []byte, before, after map[srcLine]*checkCounts) {
	removes, keeps := gcLines(src)
	var lines []int
	for line := range removes {
		lines = append(lines, line)
	}
	for line := range keeps {
		if removes[line] == nil {
			lines = append(lines, line)
		}
	}
	sort.Ints(lines)
	var n, m, more int
	var missed, extra []string
	for _, line := range lines {
		made, left := countsAt(before, srcLine{abs, line}), countsAt(after, srcLine{abs, line})
		gcRemoves, gcKeeps := checkCounts{}, checkCounts{}
		if c := removes[line]; c != nil {
			gcRemoves = *c
		}
		if c := keeps[line]; c != nil {
			gcKeeps = *c
		}
		for k, op := range checkKinds {
			if c := gcRemoves[k]; c > 0 {
				same := max(0, c-max(0, left[k]-gcKeeps[k]))
				n += c
				m += same
				if same < c {
					missed = append(missed, fmt.Sprintf("%s:%d: gc removes %d %s and keeps %d, vssa leaves %d of %d", name, line, c, op, gcKeeps[k], left[k], made[k]))
				}
			}
			if gcKeeps[k] > 0 && left[k] < gcKeeps[k] {
				if x := min(gcKeeps[k]-left[k], made[k]-left[k]); x > 0 {
					more += x
					extra = append(extra, fmt.Sprintf("%s:%d: gc keeps %d %s, vssa leaves %d of %d", name, line, gcKeeps[k], op, left[k], made[k]))
				}
			}
		}
	}
	fmt.Fprintf(w, "lines where gc removes a check and vssa keeps it:\n")
	for _, s := range missed {
		fmt.Fprintf(w, "  %s\n", s)
	}
	fmt.Fprintf(w, "lines where vssa removes a check gc keeps:\n")
	for _, s := range extra {
		fmt.Fprintf(w, "  %s\n", s)
	}
	share := 0.0
	if n > 0 {
		share = 100 * float64(m) / float64(n)
	}
	fmt.Fprintf(w, "gc: %d removed; vssa: %d of them (%.0f%%), plus %d more\n", n, m, share, more)
}
