package native

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestLoopInInlinedCallee checks that a function whose only loop is in
// a callee vssa inlines (strings.LastIndexByte's, in bytealg) is
// compiled, while one whose callee has no loop is still left to gc.
func TestLoopInInlinedCallee(t *testing.T) {
	src := fallback + `func Last(s string, c byte) int {
	return last(s, c)
}

func Twice(x int) int {
	return double(x)
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
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Last", "Twice"}})
	if err != nil {
		t.Fatalf("Last: %v", err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	if !strings.Contains(asm, "TEXT ·Last(SB)") {
		t.Errorf("Last is not compiled:\n%s", asm)
	}
	if strings.Contains(asm, "TEXT ·Twice(SB)") || !strings.Contains(strings.Join(out.Warnings, "\n"), "Twice: left to gc") {
		t.Errorf("Twice is not left to gc: %q\n%s", out.Warnings, asm)
	}
}
