package bridge

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDroppedBody: only the type errors that dropping bodies causes are
// expected of the packages loaded from source; any other fails the load.
func TestDroppedBody(t *testing.T) {
	for msg, want := range map[string]bool{
		`"fmt" imported and not used`:               true,
		`"errors" imported as errpkg and not used`:  true,
		"generic function is missing function body": true,
		"func init must have a body":                true,
		"declared and not used: x":                  false,
		"missing return":                            false,
		`undefined: foo`:                            false,
		`cannot use "fmt" (untyped string constant) as int value in assignment and not used`: false,
		"generic function is missing function body here":                                     false,
	} {
		if got := droppedBody(msg); got != want {
			t.Errorf("droppedBody(%q) = %v, want %v", msg, got, want)
		}
	}
}

// TestStdSourceLoad: with StdSource, the instantiations of slices'
// functions a program uses have bodies, and so do fmt's functions and
// initializer; the functions of other standard packages and their
// initializers stay external; without it, all of those are external.
func TestStdSourceLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: type-checks the standard library from source")
	}
	const file, sortInts = "../testdata/run/stdgenerics.go", "slices.Sort[[]int, int]"
	for _, on := range []bool{true, false} {
		prog, err := Load(Config{StdSource: on}, file)
		if err != nil {
			t.Fatal(err)
		}
		m := prog.Module
		if got := m.Func(sortInts) != nil; got != on {
			t.Errorf("StdSource %v: %s has a body: %v, want %v", on, sortInts, got, on)
		}
		for _, name := range []string{"strings.init", "strings.Fields", "fmt.Println"} {
			interpreted := on && strings.HasPrefix(name, "fmt.")
			if got := m.Func(name) != nil; got != interpreted {
				t.Errorf("StdSource %v: %s has a body: %v, want %v", on, name, got, interpreted)
			}
			if _, ok := m.Externs[name]; !ok && !interpreted {
				t.Errorf("StdSource %v: %s is not declared external", on, name)
			}
		}
		if got := m.Func("fmt.init") != nil; got != on {
			t.Errorf("StdSource %v: fmt.init has a body: %v, want %v (fmt's variables are interpreted with it)", on, got, on)
		}
		if main := prog.Packages[0].Pkg.Path() + ".main"; m.Func(main) == nil {
			t.Errorf("StdSource %v: %s has no body", on, main)
		}
	}
}

// TestFmtFromSource: a program importing fmt is loaded from source only
// if it converts a value of a type it declares to an interface (fmt may
// be given it); else fmt's functions stay external, the faster load.
func TestFmtFromSource(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: type-checks the standard library from source")
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		body   string
		source bool
	}{
		{"fmt.Println(1, \"x\", []int{2})", false},
		{"fmt.Println(T{1})", true},
		{"var e error = &E{}; fmt.Println(e)", true},
		{"fmt.Println([]*T{{2}})", true},
		{"f := func() any { return map[string]T{} }; fmt.Println(f())", true},
	} {
		src := "package main\n\nimport \"fmt\"\n\ntype T struct{ x int }\n\ntype E struct{}\n\nfunc (*E) Error() string { return \"e\" }\n\nfunc main() { " + tc.body + " }\n"
		file := filepath.Join(dir, "main.go")
		if err := os.WriteFile(file, []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
		prog, err := Load(Config{StdSource: true}, file)
		if err != nil {
			t.Fatalf("%s: %v", tc.body, err)
		}
		if got := prog.Module.Func("fmt.Println") != nil; got != tc.source {
			t.Errorf("%s: fmt.Println has a body: %v, want %v", tc.body, got, tc.source)
		}
	}
}
