package native

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoopInInlinedCallee checks that a function whose only loop is in
// a callee vssa inlines, of its package or of another
// (strings.LastIndexByte's, in bytealg, whose bound calls len), is
// compiled, while one whose callee has no loop is still left to gc.
func TestLoopInInlinedCallee(t *testing.T) {
	src := strings.Replace(fallback, "package p\n", "package p\n\nimport \"example.com/p/q\"\n", 1) + `func Last(s string, c byte) int {
	return last(s, c)
}

func Twice(x int) int {
	return double(x)
}

func LastQ(s string, c byte) int {
	return q.Last(s, c)
}
`
	shared := `package p

func last(s string, c byte) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == c {
			return i
		}
	}
	return -1
}

func double(x int) int { return 2 * x }
`
	dir := writeModule(t, map[string]string{"p.go": src, "g.go": shared})
	if err := os.Mkdir(filepath.Join(dir, "q"), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "q", "q.go"), []byte(strings.Replace(shared, "package p", "package q", 1)+"\n// Last is last, exported.\nfunc Last(s string, c byte) int {\n\tfor i := len(s) - 1; i >= 0; i-- {\n\t\tif s[i] == c {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn -1\n}\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Last", "Twice", "LastQ"}})
	if err != nil {
		t.Fatalf("Last: %v", err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	for _, f := range []string{"Last", "LastQ"} {
		if text := textOf(asm, f); text == "" || strings.Count(text, "CALL ") != strings.Count(text, "Poll(SB)") {
			t.Errorf("%s is not compiled with its callee inlined:\n%s", f, asm)
		}
	}
	if strings.Contains(asm, "TEXT ·Twice(SB)") || !strings.Contains(strings.Join(out.Warnings, "\n"), "Twice: left to gc") {
		t.Errorf("Twice is not left to gc: %q\n%s", out.Warnings, asm)
	}
}
