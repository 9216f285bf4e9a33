package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes"
)

// viewProgram has a loop whose multiplication is loop-invariant (gcm
// moves it out) and whose variables are all promoted by mem2reg.
const viewProgram = `package main

func sum(xs []int, k int) int {
	s := 0
	for i := 0; i < len(xs); i++ {
		y := k * 3
		s += xs[i] + y
	}
	return s
}

func main() { println(sum([]int{1, 2}, 4)) }
`

func writeViewProgram(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sum.go")
	if err := os.WriteFile(path, []byte(viewProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// viewColumn returns the HTML of the column of pass name in page.
func viewColumn(t *testing.T, page, name string) string {
	t.Helper()
	_, rest, ok := strings.Cut(page, `data-pass="`+name+`"`)
	if !ok {
		t.Fatalf("no column %s in the page", name)
	}
	col, _, _ := strings.Cut(rest, "</section>")
	return col
}

// viewLines returns the instruction lines of a column whose text
// matches re.
func viewLines(col string, re *regexp.Regexp) []string {
	var out []string
	for _, l := range strings.SplitAfter(col, "</p>") {
		l = strings.TrimPrefix(l, `<div class="ch">`)
		l = strings.TrimPrefix(l, "</div>")
		l = strings.TrimPrefix(l, "<pre>")
		if strings.HasPrefix(l, "<p") && !strings.Contains(l, `class="bl"`) && re.MatchString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(l, "")) {
			out = append(out, l)
		}
	}
	return out
}

func TestViewPage(t *testing.T) {
	src := writeViewProgram(t)
	var stdout, stderr bytes.Buffer
	if code := runMain([]string{"view", "-o", "-", src, "sum"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	page := stdout.String()
	// A column per step: the translation, normalize (inserted before
	// mem2reg), then the passes given.
	for _, name := range []string{"start", "normalize", "mem2reg", "gvn", "checkelim", "gcm", "outofssa"} {
		viewColumn(t, page, name)
	}
	// mem2reg promotes every variable of sum: every alloc of its input
	// (normalize's column) is struck through as removed by it.
	allocs := viewLines(viewColumn(t, page, "normalize"), regexp.MustCompile(`= alloc`))
	if len(allocs) == 0 {
		t.Fatal("no alloc in normalize's column")
	}
	for _, l := range allocs {
		if !strings.Contains(l, "removed") || !strings.Contains(l, `title="removed by mem2reg"`) {
			t.Errorf("alloc not marked removed by mem2reg: %s", l)
		}
	}
	// gcm moves k*3 out of the loop: marked moved in its column.
	muls := viewLines(viewColumn(t, page, "gcm"), regexp.MustCompile(`= mul `))
	if len(muls) != 1 || !strings.Contains(muls[0], "moved") || !strings.Contains(muls[0], "by gcm") {
		t.Errorf("gcm's column: the multiplication is %q, want one, marked moved by gcm", muls)
	}
	// Positions link to the source column's lines: line 6 is y := k * 3.
	if !strings.Contains(page, `<p id="L6"><n>6</n>`) || !strings.Contains(page, `y := k * 3`) {
		t.Error("the source column has no line 6 with y := k * 3")
	}
	if len(regexp.MustCompile(`<a href="#L6">sum.go:6:`).FindAllString(page, -1)) < 7 {
		t.Error("the multiplication's position does not link to line 6 in every column")
	}
	if !strings.Contains(page, `<svg id="son"`) || !strings.Contains(page, "graph after outofssa") && !strings.Contains(page, "graph after gcm") {
		t.Error("no Sea of Nodes graph of gcm's result (the last SSA step)")
	}
}

func TestViewOutputNeverReplacesUnasked(t *testing.T) {
	src := writeViewProgram(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	keep := filepath.Join(tmp, "vssa-view-keep.html")
	if err := os.WriteFile(keep, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := runMain([]string{"view", src, "sum"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	name := strings.TrimSpace(stdout.String())
	if filepath.Dir(name) != tmp || name == keep {
		t.Fatalf("without -o the page went to %q, want a new file in %s", name, tmp)
	}
	if data, err := os.ReadFile(name); err != nil || !bytes.Contains(data, []byte("<svg")) {
		t.Errorf("the printed file %s has no page (%v)", name, err)
	}
	if data, _ := os.ReadFile(keep); string(data) != "mine" {
		t.Errorf("an existing file was changed")
	}
	// -o names the file: it is replaced.
	stdout.Reset()
	if code := runMain([]string{"view", "-o", keep, src, "sum"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	if data, _ := os.ReadFile(keep); !bytes.Contains(data, []byte("<svg")) || stdout.Len() != 0 {
		t.Errorf("-o %s: not replaced by the page, or something printed: %q", keep, stdout.String())
	}
}

func TestViewErrors(t *testing.T) {
	src := writeViewProgram(t)
	bad := filepath.Join(t.TempDir(), "bad.go")
	os.WriteFile(bad, []byte("package main\n\nfunc main() { x := 1 }\n"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"view", src}, exitUsage, "usage: vssa view"},
		{[]string{"view", "-passes=nosuch", src, "sum"}, exitUsage, `unknown pass "nosuch"`},
		{[]string{"view", src, "nosuch"}, exitFailure, "no function nosuch"},
		{[]string{"view", "-o", filepath.Join(t.TempDir(), "no", "dir.html"), src, "sum"}, exitFailure, "no such file or directory"},
		// Load errors come with their positions.
		{[]string{"view", bad, "main"}, exitFailure, "bad.go:3:15"},
	} {
		var stdout, stderr bytes.Buffer
		code := runMain(tc.args, &stdout, &stderr)
		if code != tc.code || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("vssa %s: exit %d, stderr %q; want exit %d and %q", strings.Join(tc.args, " "), code, stderr.String(), tc.code, tc.want)
		}
	}
}

func TestViewTokens(t *testing.T) {
	fn, err := ir.ParseFunc(`func @f(r0 int) string {
b0:
    r1:string = const "r0 b0"
    return r1
}
`)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{`r1:string = const "r0 b0"`, `<v>r1</v>:string = const &#34;r0 b0&#34;`},
		{"return r1, r9", `return <v>r1</v>, r9`}, // r9 is no register of f
		{"jump b0", `jump <k>b0</k>`},
		{"call @p.r0(r0)", `call @p.r0(<v>r0</v>)`},
	} {
		if got := tokens(tc.in, fn); got != tc.want {
			t.Errorf("tokens(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestViewDiff(t *testing.T) {
	before, err := ir.ParseFunc(`func @f(r0 int) int {
b0:
    r1:int = const 3
    r4:*int = alloc
    jump b1
b1: <- b0
    r2:int = mul r0, r1
    store r4, r2
    r3:int = add r2, r1
    return r3
}
`)
	if err != nil {
		t.Fatal(err)
	}
	// The multiplication moved up, the store and r3 gone, r5 new; the
	// return reads another value but is the same instruction.
	after, err := ir.ParseFunc(`func @f(r0 int) int {
b0:
    r1:int = const 3
    r4:*int = alloc
    r2:int = mul r0, r1
    jump b1
b1: <- b0
    r5:int = add r2, r2
    return r5
}
`)
	if err != nil {
		t.Fatal(err)
	}
	text := func(f *ir.Func, set map[*ir.Instr]bool) []string {
		var out []string
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if set[in] {
					out = append(out, ir.FormatInstr(f, b, in))
				}
			}
		}
		return out
	}
	c := diffFuncs(before, after)
	if got, want := strings.Join(text(before, c.Removed), "; "), "store r4, r2; r3:int = add r2, r1"; got != want {
		t.Errorf("removed %q, want %q", got, want)
	}
	if got, want := strings.Join(text(after, c.Added), "; "), "r5:int = add r2, r2"; got != want {
		t.Errorf("added %q, want %q", got, want)
	}
	moved := map[*ir.Instr]bool{}
	for in, from := range c.Moved {
		moved[in] = true
		if from != 1 {
			t.Errorf("moved from b%d, want b1", from)
		}
	}
	if got, want := strings.Join(text(after, moved), "; "), "r2:int = mul r0, r1"; got != want {
		t.Errorf("moved %q, want %q", got, want)
	}
}

// TestViewRefusedPasses checks that a pass that fails or is rejected is
// a column with its reason and the IR it was given, that the passes
// after it take that IR, and that a rejection is said with the
// function's position.
func TestViewRefusedPasses(t *testing.T) {
	f, err := ir.ParseFunc(`func @f(r0 int) int {
b0:
    r1:int = add r0, r0
    return r1
}
`)
	if err != nil {
		t.Fatal(err)
	}
	fails := passes.New("fails", "always fails", ir.RTL, ir.SSA,
		func(f *ir.Func) (*ir.Func, struct{}, error) { return nil, struct{}{}, errors.New("no reason") },
		func(before, after *ir.Func, _ struct{}) error { return nil })
	rejected := passes.New("rejected", "gives a result its validator rejects", ir.RTL, ir.RTL,
		func(f *ir.Func) (*ir.Func, struct{}, error) { return f.Clone(), struct{}{}, nil },
		func(before, after *ir.Func, _ struct{}) error { return errors.New("not equivalent") })
	gvn := passes.Table.Passes[slices.IndexFunc(passes.Table.Passes, func(p *passes.Pass) bool { return p.Name == "gvn" })]
	steps, err := viewSteps(f, []*passes.Pass{fails, rejected, gvn})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name, note string
		problem    bool
	}{
		{"start", "", false},
		{"fails", "fails: f: failed: no reason", false},
		{"rejected", "rejected: f: rejected: not equivalent", true},
		{"gvn", "gvn: f: skipped: function is in rtl form, gvn takes ssa", false},
	}
	if len(steps) != len(want) {
		t.Fatalf("%d steps, want %d", len(steps), len(want))
	}
	for i, w := range want {
		s := steps[i]
		if s.Name != w.name || !strings.EqualFold(s.Note, w.note) || s.Problem != w.problem || s.Func != f {
			t.Errorf("step %d: %s %q problem %v (its input: %v), want %s %q problem %v, f itself", i, s.Name, s.Note, s.Problem, s.Func == f, w.name, w.note, w.problem)
		}
	}
	var page bytes.Buffer
	writeViewPage(&page, nil, steps)
	if !strings.Contains(page.String(), "not equivalent (the column shows its input)") {
		t.Error("the page does not show the rejection")
	}
}
