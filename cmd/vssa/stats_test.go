package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/gvn"
	"github.com/vssa-go/vssa/validate"
)

// statsProgram has a repeated sum, a field loaded twice with nothing
// written between, and two counters stepping together, which only the
// optimistic numbering finds equal.
const statsProgram = `package main

type T struct{ n int }

func f(a, b int, p *T, xs []int) int {
	x := a + b
	y := b + a
	s := 0
	i, j := 0, 0
	for i < len(xs) {
		s += xs[i] + xs[j] + p.n + p.n
		i++
		j++
	}
	return x + y + s
}

func main() { println(f(1, 2, &T{3}, []int{1, 2, 3})) }
`

var statsSummary = regexp.MustCompile(`(?m)^gvn: (\d+) instructions of (\d+) removed \((\d+\.\d\d)%\), pessimistic walk: (\d+) \((\d+\.\d\d)%\)\n\z`)

func writeStatsProgram(t *testing.T) string {
	prog := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(prog, []byte(statsProgram), 0o666); err != nil {
		t.Fatal(err)
	}
	return prog
}

// vssa stats ends with its summary line, exit status 0, and the
// optimistic numbering removes more than the pessimistic walk.
func TestStatsCommand(t *testing.T) {
	prog := writeStatsProgram(t)
	for _, list := range []string{"", "mem2reg-braun,gvn"} {
		args := []string{"stats", prog}
		if list != "" {
			args = []string{"stats", "-passes=" + list, prog}
		}
		var stdout, stderr bytes.Buffer
		if status := runMain(args, &stdout, &stderr); status != exitOK {
			t.Fatalf("vssa %s: status %d, want 0; stderr %q", strings.Join(args, " "), status, stderr.String())
		}
		out := stdout.String()
		m := statsSummary.FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("vssa %s: no summary line at the end:\n%s", strings.Join(args, " "), out)
		}
		n, _ := strconv.Atoi(m[1])
		total, _ := strconv.Atoi(m[2])
		k, _ := strconv.Atoi(m[4])
		if total == 0 || n <= k || n > total {
			t.Errorf("vssa %s: gvn removed %d of %d, the pessimistic walk %d; want the optimistic numbering to remove more (twin counters)", strings.Join(args, " "), n, total, k)
		}
		if p, _ := strconv.ParseFloat(m[3], 64); p < 100*float64(n)/float64(total)-0.01 || p > 100*float64(n)/float64(total)+0.01 {
			t.Errorf("vssa %s: %d of %d given as %s%%", strings.Join(args, " "), n, total, m[3])
		}
		for _, want := range []string{"gvn: 0 rejected, 0 crashed; pessimistic walk: 0 rejected, 0 crashed", "= pure (~Iop)", "nilcheck", "phi",
			"x86      TOTAL          57437     416 (0.72%)     103 (0.18%)     474 (0.83%)"} {
			if !strings.Contains(out, want) {
				t.Errorf("vssa %s: output lacks %q:\n%s", strings.Join(args, " "), want, out)
			}
		}
		if list != "" && !strings.Contains(out, "built by normalize,mem2reg-braun ") {
			t.Errorf("vssa %s: output does not name the builder:\n%s", strings.Join(args, " "), out)
		}
	}
}

func TestStatsCommandLine(t *testing.T) {
	prog := writeStatsProgram(t)
	broken := filepath.Join(t.TempDir(), "broken.go")
	os.WriteFile(broken, []byte("package main\n\nfunc main() { x := 1 }\n"), 0o666)
	cases := []struct {
		args     []string
		status   int
		out, err string
	}{
		{[]string{"stats", "-h"}, exitOK, "usage: vssa stats [-passes=LIST] PATTERNS...", ""},
		{[]string{"stats", "-h"}, exitOK, "gvn: N instructions of M removed (P%), pessimistic walk: K (Q%)", ""},
		{[]string{"help", "stats"}, exitOK, "CompCertSSA's Table 1", ""},
		{[]string{"stats", "-passes=frob", prog}, exitUsage, "", `unknown pass "frob"`},
		{[]string{"stats", "-passes=mem2reg", prog}, exitUsage, "", "-passes must end with gvn"},
		{[]string{"stats", "-passes=gvn", prog}, exitUsage, "", "needs mem2reg or mem2reg-braun"},
		{[]string{"stats", "-frob", prog}, exitUsage, "", "flag provided but not defined: -frob"},
		{[]string{"stats", broken}, exitFailure, "", "declared and not used: x"},
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

// A variant whose results are rejected, or which panics, is counted so,
// contributes nothing, and makes the command fail; the other variant's
// results are not counted either.
func TestStatsRejectedAndCrashed(t *testing.T) {
	prog, err := bridge.Load(bridge.Config{}, writeStatsProgram(t))
	if err != nil {
		t.Fatal(err)
	}
	prefix, err := statsPrefix("mem2reg,gvn")
	if err != nil {
		t.Fatal(err)
	}
	// Run's result, claiming to remove nothing: rejected wherever it
	// removed something.
	lying := func(f *ir.Func) (*ir.Func, *validate.GVNHints, error) {
		g, h, err := gvn.Run(f)
		h.Removed = nil
		return g, h, err
	}
	crashing := func(f *ir.Func) (*ir.Func, *validate.GVNHints, error) { panic("boom") }
	s := newGVNStats(prefix, lying, crashing)
	var out bytes.Buffer
	for _, f := range prog.Module.Funcs {
		s.function(f, &out)
	}
	if s.funcs == 0 || s.opt.rejected == 0 || s.pess.crashed != s.funcs || s.measured != 0 || !s.problems() {
		t.Errorf("%d functions: gvn rejected %d, pessimistic crashed %d, %d measured, problems %v; want some rejected, all crashed, none measured, problems\n%s",
			s.funcs, s.opt.rejected, s.pess.crashed, s.measured, s.problems(), out.String())
	}
	if n := gvn.Sum(&s.opt.stats.Input, nil) + gvn.Sum(&s.pess.stats.Input, nil); n != 0 {
		t.Errorf("%d instructions counted from rejected or crashed results, want 0", n)
	}
	if !strings.Contains(out.String(), "REJECTED gvn: ") || !strings.Contains(out.String(), "CRASHED gvn-pessimistic: ") {
		t.Errorf("the rejection and the crash are not reported:\n%s", out.String())
	}
	s.report(io.Discard, "p.go")
}
