package ir

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRoundTrip parses every .vssa file of testdata, prints it, parses
// the print and prints again: the two prints must be identical.
func TestRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.vssa")
	more, _ := filepath.Glob("testdata/check/*.vssa")
	files = append(files, more...)
	if len(files) < 3 {
		t.Fatalf("found only %d test files", len(files))
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Parse(file, string(src))
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		first := m.String()
		m2, err := Parse("printed", first)
		if err != nil {
			t.Errorf("%s: printed form does not parse: %v\n%s", file, err, first)
			continue
		}
		if second := m2.String(); second != first {
			t.Errorf("%s: round trip differs:\n--- first\n%s\n--- second\n%s", file, first, second)
		}
		// Each function printed on its own with its declarations must
		// parse and print back too.
		for _, f := range m.Funcs {
			text := f.Format(PrintOptions{})
			g, err := ParseFunc(text)
			if err != nil {
				t.Errorf("%s: %s alone does not parse: %v\n%s", file, f.Name, err, text)
				continue
			}
			if g.String() != f.String() {
				t.Errorf("%s: %s alone prints differently:\n%s\nwant\n%s", file, f.Name, g.String(), f.String())
			}
		}
	}
}

// TestAllKinds checks that testdata/allkinds.vssa uses every instruction
// kind (and every call mode and flag), and is well formed: in RTL, except
// main.ssa, which is in SSA.
func TestAllKinds(t *testing.T) {
	m := parseFile(t, "testdata/allkinds.vssa")
	seen := map[Op]bool{}
	modes := map[CallMode]bool{}
	var flags Flags
	for _, f := range m.Funcs {
		d := disciplineOf(f)
		if err := Check(f, d); err != nil {
			t.Errorf("%s: %v", f.Name, err)
		}
		for _, b := range f.Blocks {
			for _, in := range slices.Concat(b.Phis, b.Instrs) {
				seen[in.Op] = true
				flags |= in.Flags
				if in.IsCall() {
					modes[in.CallMode] = true
				}
			}
		}
	}
	for _, op := range AllOps() {
		if !seen[op] {
			t.Errorf("allkinds.vssa does not use %s", op)
		}
	}
	for _, mode := range []CallMode{CallStatic, CallClosure, CallInvoke, CallBuiltin} {
		if !modes[mode] {
			t.Errorf("allkinds.vssa does not use call mode %d", mode)
		}
	}
	for _, fl := range []Flags{FlagHeap, FlagBlocking, FlagCapBound, FlagDeferStack, FlagStringIter} {
		if flags&fl == 0 {
			t.Errorf("allkinds.vssa does not use flag %d", fl)
		}
	}
}

// TestParseErrors checks that errors give line:col and say what was
// expected.
func TestParseErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"func @f() {\nb0:\n    return\n", `4:1: expected "}", found end of file`},
		{"func @f() {\nb0:\n    r1:int = frob r2\n}\n", `3:14: unknown instruction "frob"`},
		{"func @f() {\nb0:\n    r1:int = add r2, r2\n    return\n}\n", `3:18: register r2 is used but never defined`},
		{"func @f() {\nb0:\n    jump b7\n}\n", `3:10: undefined block b7`},
		{"func @f() {\nb0:\n    r1:main.T = const zero\n    return\n}\n", `3:8: undeclared type main.T`},
		{"type main.T struct{x int\n", `1:25: expected ";", found end of line`},
		{"global @g map[int\n", `1:18: expected "]", found end of line`},
		{"func @f() {\nb0:\n    r1:int = const 1\n    r1:string = const \"a\"\n    return\n}\n", `4:5: register r1 has type string here and int elsewhere`},
		{"func @f() {\nb0:\n    return\n    return\n}\n", `4:5: instruction after the terminator of b0`},
		{"func @f() {\nb0:\n    r1:int = add r2\n    return\n}\n", `3:14: add takes 2 operands, found 1`},
		{"func @f() {\n    return\n}\n", `2:5: expected block label, found "return"`},
		{"frob\n", `1:1: expected discipline, type, method, global, declare or func, found "frob"`},
		{"discipline ssa\ndiscipline rtl\n", `2:1: discipline declared twice`},
		{"discipline cps\n", `1:12: discipline must be rtl, ssa or gsa, not cps`},
		{"func @f() {\nb0:\n    r1:int = const \"unterminated\n}\n", `3:20: string literal not terminated`},
		{"func @f() {\nb0:\n    r1:int = const 1e999\n    return\n}\n", `3:20: malformed or out of range float`},
		{"type main.T main.T\n", `1:6: underlying type of main.T must be a type literal`},
		{"type T int\n", `1:6: type name must be qualified by its package path`},
		// A method line names a declared type, and a function of the
		// module whose receiver is the method's.
		{"method (main.U) M @f\n", `1:9: undeclared type main.U`},
		{"type main.T struct{}\nmethod (main.T) M @\"(main.T).M\"\n", `2:19: method M of main.T: no function (main.T).M`},
		{"type main.T struct{}\nmethod (*main.T) M @\"(main.T).M\"\n" + methodM, `2:20: method M of *main.T: (main.T).M's first parameter is main.T, not *main.T`},
		{"type main.T struct{}\nmethod (main.T) M @\"(main.T).M\"\nmethod (main.T) M @\"(main.T).M\"\n" + methodM, `3:17: method M of main.T declared twice`},
		{"type main.T interface{M()}\nmethod (main.T) M @\"(main.T).M\"\n" + methodM, `2:9: main.T is an interface: its methods are in its type`},
		{"type main.T struct{}\nmethod (main.T) M @f\ndeclare @f func()\n", `2:19: method M of main.T: f has no receiver parameter`},
		{"type main.P *int\nmethod (main.P) M @f\ndeclare @f func(main.P)\n", `2:9: main.P is a pointer type: it has no methods`},
	}
	for _, tc := range cases {
		_, err := Parse("", tc.src)
		if err == nil {
			t.Errorf("%q: parsed without error, want %q", tc.src, tc.want)
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("%q:\n got %q\nwant %q", tc.src, err.Error(), tc.want)
		}
	}
}

// TestParseFilename checks that the file name prefixes errors.
func TestParseFilename(t *testing.T) {
	_, err := Parse("x.vssa", "frob\n")
	if err == nil || !strings.HasPrefix(err.Error(), "x.vssa:1:1: ") {
		t.Errorf("got %v", err)
	}
}

// parseFile parses an IR text file of the tests.
func parseFile(t *testing.T, name string) *Module {
	t.Helper()
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse(name, string(src))
	if err != nil {
		t.Fatal(err)
	}
	return m
}
