package native

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestIndirectCalls checks that a call of a func value and a call of a
// method through an interface compile (crc64's update, sort's
// heapSort), each through a Go helper that makes the call as Go does,
// and that a function passing a pointer to such a helper, or to a
// compiled function that does, is not declared //go:noescape (the Go
// code may keep the pointer), while one that passes pointers to
// nothing is.
func TestIndirectCalls(t *testing.T) {
	src := fallback + "func Apply(f func(int) int, s []int) {\n\tfor i := range s {\n\t\ts[i] = f(s[i])\n\t}\n}\n\nfunc Sort(data Lesser, n int) {\n\tfor i := 1; i < n; i++ {\n\t\tfor j := i; j > 0 && data.Less(j, j-1); j-- {\n\t\t\tdata.Swap(j, j-1)\n\t\t}\n\t}\n}\n\nfunc SortTwice(data Lesser, n int) {\n\tfor k := 0; k < 2; k++ {\n\t\tSort(data, n)\n\t}\n}\n\nfunc Sum(s []int) int {\n\tn := 0\n\tfor _, v := range s {\n\t\tn += v\n\t}\n\treturn n\n}\n"
	shared := "package p\n\ntype Lesser interface {\n\tLess(i, j int) bool\n\tSwap(i, j int)\n}\n"
	dir := writeModule(t, map[string]string{"p.go": src, "g.go": shared})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Apply", "Sort", "SortTwice", "Sum"}})
	if err != nil {
		t.Fatal(err)
	}
	decls := string(out.Files[filepath.Join(dir, "out_amd64.go")])
	for _, helper := range []string{"return p0(p1)", "return p0.Less(p1, p2)", "p0.Swap(p1, p2)"} {
		if !strings.Contains(decls, helper) {
			t.Errorf("no helper %q:\n%s", helper, decls)
		}
	}
	for _, f := range []string{"Apply", "Sort", "SortTwice"} {
		if strings.Contains(decls, "//go:noescape\nfunc "+f+"(") {
			t.Errorf("%s passes pointers to Go code and is declared //go:noescape:\n%s", f, decls)
		}
	}
	if !strings.Contains(decls, "//go:noescape\nfunc Sum(") {
		t.Errorf("Sum keeps no pointer and is not declared //go:noescape:\n%s", decls)
	}
}

// TestIndirectCallsChecked checks that the generated test compares the
// calls made through an interface: it passes on the compiled code, and
// fails once the helper calling Less swaps its arguments (the results
// and the memory alone could not tell: the inputs' methods keep none).
func TestIndirectCallsChecked(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds and runs the generated test twice")
	}
	src := fallback + "func Sort(data Lesser, n int) {\n\tfor i := 1; i < n; i++ {\n\t\tfor j := i; j > 0 && data.Less(j, j-1); j-- {\n\t\t\tdata.Swap(j, j-1)\n\t\t}\n\t}\n}\n"
	shared := "package p\n\ntype Lesser interface {\n\tLess(i, j int) bool\n\tSwap(i, j int)\n}\n"
	dir := writeModule(t, map[string]string{"p.go": src, "g.go": shared})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Sort"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range out.Order {
		if err := os.WriteFile(path, out.Files[path], 0o666); err != nil {
			t.Fatal(err)
		}
	}
	run := func() (string, error) {
		cmd := exec.Command("go", "test", "-count=1", "-run", "TestVSSA", ".")
		cmd.Dir = dir
		b, err := cmd.CombinedOutput()
		return string(b), err
	}
	if out, err := run(); err != nil {
		t.Fatalf("the generated test fails on the compiled code: %v\n%s", err, out)
	}
	decls := filepath.Join(dir, "out_amd64.go")
	text := string(out.Files[decls])
	if !strings.Contains(text, "p0.Less(p1, p2)") {
		t.Fatalf("no helper calling Less:\n%s", text)
	}
	if err := os.WriteFile(decls, []byte(strings.Replace(text, "p0.Less(p1, p2)", "p0.Less(p2, p1)", 1)), 0o666); err != nil {
		t.Fatal(err)
	}
	if out, err := run(); err == nil || !strings.Contains(out, "calls") {
		t.Errorf("the generated test does not catch Less's arguments swapped: %v\n%s", err, out)
	}
}
