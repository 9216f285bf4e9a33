package native

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestPackageChecks checks that what would leave the generated package
// wrong without a word is refused, with the way out named.
func TestPackageChecks(t *testing.T) {
	const f = "func F(x int) int {\n\treturn x + 1\n}\n"
	cases := []struct {
		name  string
		files map[string]string
		funcs []string
		want  string // "" for none
	}{
		{"unnamed function", map[string]string{"p.go": fallback + f + "\nfunc G(x int) int { return x }\n"}, []string{"F"},
			"p.go, which holds the Go originals and is not built on amd64, also declares G: they would be undefined on amd64. Name them on the command line too"},
		{"unnamed method and type", map[string]string{"p.go": fallback + f + "\ntype T int\n\nfunc (t *T) M() {}\n"}, []string{"F"},
			"also declares (*T).M: they would be undefined on amd64. Name them on the command line too"},
		{"cgo", map[string]string{"p.go": fallback + f, "c.go": "package p\n\nimport \"C\"\n"}, []string{"F"},
			`c.go:3:8: the package uses cgo (c.go imports "C"), and go build refuses Go assembly in a package that uses cgo`},
		{"generate in the originals' file", map[string]string{"p.go": fallback + "//go:generate vssa compile -o out . F\n\n" + f}, []string{"F"},
			"p.go:5:1: this //go:generate line is in p.go, which is not built on amd64, so go generate on amd64 skips it"},
		{"generate elsewhere", map[string]string{"p.go": fallback + f, "doc.go": "package p\n\n//go:generate vssa compile -o out . F\n"}, []string{"F"}, ""},
		{"misspelt directive", map[string]string{"p.go": fallback + "//vssa:rang n 0 10\n" + f}, []string{"F"},
			"p.go:5:1: unknown directive //vssa:rang (vssa compile knows //vssa:range PARAM LO HI)"},
		{"detached directive", map[string]string{"p.go": fallback + "//vssa:range x 0 10\n\n" + f}, []string{"F"},
			"p.go:5:1: //vssa:range is read only in the doc comment of the function whose parameter it bounds (no blank line between them); here it does nothing"},
	}
	for _, tc := range cases {
		dir := writeModule(t, tc.files)
		_, err := Compile(Request{Dir: dir, Prefix: "out", Funcs: tc.funcs, Inlinable: true})
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: got %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
}

// TestLoopCounts checks that an integer parameter bounding a loop
// without a //vssa:range gets a range, with a warning, unless the loop
// bounds it itself.
func TestLoopCounts(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"loop count", "func L(n int) int {\n\ts := 0\n\tfor i := 0; i < n; i++ {\n\t\ts += i\n\t}\n\treturn s\n}\n",
			"p.go:7:18: warning: L: the integer parameter n bounds a loop and has no //vssa:range: the generated test draws it in [-1, 1024]"},
		{"range over a count", "func L(n uint8) int {\n\ts := 0\n\tfor i := range n {\n\t\ts += int(i)\n\t}\n\treturn s\n}\n",
			"p.go:7:17: warning: L: the integer parameter n bounds a loop and has no //vssa:range: the generated test draws it in [0, 255]"},
		{"loop count with a range", "//vssa:range n 0 100\nfunc L(n int) int {\n\ts := 0\n\tfor i := 0; i < n; i++ {\n\t\ts += i\n\t}\n\treturn s\n}\n", ""},
		{"loop count masked", "func L(n int, s []int) int {\n\tc := 0\n\tfor i := 0; i < n&63 && i < s[n]; i++ {\n\t\tc++\n\t}\n\treturn c\n}\n", ""},
		{"loop state", "func L(x uint) int {\n\tc := 0\n\tfor x != 0 {\n\t\tx &= x - 1\n\t\tc++\n\t}\n\treturn c\n}\n", ""},
		// sort's heapSort: the count is a local computed from two.
		{"loop count through locals", "func L(a, b int) int {\n\thi := b - a\n\tc := 0\n\tfor i := (hi - 1) / 2; i >= 0; i-- {\n\t\tc++\n\t}\n\treturn c\n}\n",
			"p.go:6:8: warning: L: the integer parameter b bounds a loop"},
		{"loop state copied", "func L(y uint) int {\n\tc := 0\n\tx := y\n\tfor x != 0 {\n\t\tx &= x - 1\n\t\tc++\n\t}\n\treturn c\n}\n", ""},
	}
	for _, tc := range cases {
		dir := writeModule(t, map[string]string{"p.go": fallback + tc.src})
		out, err := Compile(Request{Dir: dir, Prefix: "out", Funcs: []string{"L"}, Inlinable: true})
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		got := strings.Join(out.Warnings, "\n")
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%s: warnings %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestPrefixInDir checks that -o is a path in DIR, whatever the working
// directory.
func TestPrefixInDir(t *testing.T) {
	dir := writeModule(t, map[string]string{"p.go": fallback + "func F(x int) int { return x + 1 }\n"})
	out, err := Compile(Request{Dir: dir, Prefix: "out", Funcs: []string{"F"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range out.Order {
		if filepath.Dir(path) != dir {
			t.Errorf("%s is not in %s", path, dir)
		}
	}
}

// TestOldSet checks that a set written with another -o for the same
// functions is removed, and one that compiled others too is named.
func TestOldSet(t *testing.T) {
	dir := writeModule(t, map[string]string{"p.go": fallback + "func F(x int) int { return x + 1 }\n", "q.go": fallback + "func G(x int) int { return x - 1 }\n"})
	write := func(prefix string, funcs ...string) {
		out, err := Compile(Request{Dir: dir, Prefix: prefix, Funcs: funcs, Inlinable: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range out.Order {
			if err := os.WriteFile(path, out.Files[path], 0o666); err != nil {
				t.Fatal(err)
			}
		}
	}
	write("old", "F", "G")
	out, err := Compile(Request{Dir: dir, Prefix: "new", Funcs: []string{"F", "G"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out.Remove)
	if got, want := strings.Join(baseNames(out.Remove), " "), "old_amd64.go old_amd64.s old_vssa_test.go"; got != want {
		t.Errorf("to remove: %s, want %s", got, want)
	}
	// Compiling again with the same -o replaces the set: nothing to
	// remove.
	if out, err := Compile(Request{Dir: dir, Prefix: "old", Funcs: []string{"F", "G"}, Inlinable: true}); err != nil || len(out.Remove) > 0 {
		t.Errorf("same -o: %v, removing %v", err, out.Remove)
	}
	_, err = Compile(Request{Dir: dir, Prefix: "new", Funcs: []string{"F"}, Inlinable: true})
	if err == nil || !strings.Contains(err.Error(), "old_amd64.go, written by vssa compile with -o old, compiles F too, and also G: remove its files (old_amd64.s, old_amd64.go, old_vssa_test.go) or compile with -o old") {
		t.Errorf("got %v, want the old set named", err)
	}
}

// TestLoadErrors checks that an error of the package is reported once,
// at its position, without go list's copy of the compiler's output
// ("-: # example.com/p") or the errors that follow from it.
func TestLoadErrors(t *testing.T) {
	const f = "func F(x int) int {\n\treturn x + y\n}\n"
	cases := []struct {
		name  string
		files map[string]string
		want  string // the whole message, after the directory
	}{
		{"type error", map[string]string{"p.go": fallback + f}, "p.go:6:13: undefined: y"},
		{"syntax error", map[string]string{"p.go": fallback + "func F(x int) int { return x }\n", "q.go": "package p\n\nfunc G( {\n"}, "q.go:3:9: expected ')', found '{'"},
		{"missing package", map[string]string{"p.go": fallback + f, "q.go": "package p\n\nimport \"nosuch.example/x\"\n\nvar _ = x.Y\n"}, "q.go:3:8: no required module provides package nosuch.example/x"},
	}
	for _, tc := range cases {
		dir := writeModule(t, tc.files)
		_, err := Compile(Request{Dir: dir, Prefix: "out", Funcs: []string{"F"}, Inlinable: true})
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		msg := strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
		// go list's message for a missing package has a second line,
		// "\tgo get nosuch.example/x".
		if !strings.HasPrefix(msg, tc.want) || strings.Count(msg, "\n") > strings.Count(tc.name, "missing") || strings.Contains(msg, "-:") {
			t.Errorf("%s: got %q, want %q once", tc.name, msg, tc.want)
		}
	}
}

// TestSetBesideAnother checks that a function of the originals' file
// that another set compiles is not undefined on amd64.
func TestSetBesideAnother(t *testing.T) {
	dir := writeModule(t, map[string]string{"p.go": fallback + "func F(x int) int { return x + 1 }\n"})
	compileAndWrite(t, dir, "F")
	if err := os.Rename(filepath.Join(dir, "out_amd64.go"), filepath.Join(dir, "f_amd64.go")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(fallback+"func F(x int) int { return x + 1 }\n\nfunc G(x int) int { return x - 1 }\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if out, err := Compile(Request{Dir: dir, Prefix: "g", Funcs: []string{"G"}, Inlinable: true}); err != nil || len(out.Remove) > 0 {
		t.Errorf("a set beside another: %v", err)
	}
}
