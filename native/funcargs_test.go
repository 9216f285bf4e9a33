package native

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// trimSrc is strings.TrimSpace's shape: an ASCII fast path, and a call
// of a function not compiled with it, given a named function as a
// value (unicode.IsSpace, or the package's own isDot), on the rest;
// Cut calls cut, a small function of the package whose call of
// strings.IndexByte, inlined, leaves the caller's s[i:] live across the
// call (kept in a slot the frame's pointer map marks: gcslots.go).
const trimSrc = `import (
	"strings"
	"unicode"
)

func Trim(s string) string {
	for lo := 0; lo < len(s); lo++ {
		c := s[lo]
		if c >= 0x80 {
			return strings.TrimFunc(s[lo:], unicode.IsSpace)
		}
		if c == '.' {
			return strings.TrimLeftFunc(s[lo:], isDot)
		}
		if c != ' ' {
			return s[lo:]
		}
	}
	return ""
}

func Cut(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '#' {
			return cut(s[i:])
		}
	}
	return s
}
`

const trimHelpers = `package p

import "strings"

func isDot(r rune) bool { return r == '.' || r == 'x' }

func cut(s string) string {
	i := strings.IndexByte(s, ',')
	if i < 0 {
		return s
	}
	return s[i:]
}
`

// TestNamedFuncArgs checks that a named function passed to a function
// not compiled with the caller is named by the trampoline itself, of
// another package as of the compiled one, that a callee whose inlined
// call leaves a pointer live across it is inlined all the same, and
// that the generated test passes.
func TestNamedFuncArgs(t *testing.T) {
	dir := writeModule(t, map[string]string{"p.go": fallback + trimSrc, "h.go": trimHelpers})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Trim", "Cut"}})
	if err != nil {
		t.Fatal(err)
	}
	decls := string(out.Files[filepath.Join(dir, "out_amd64.go")])
	for _, want := range []string{"strings.TrimFunc(p0, unicode.IsSpace)", "strings.TrimLeftFunc(p0, isDot)", "return strings.IndexByte(p0, p1)"} {
		if !strings.Contains(decls, want) {
			t.Errorf("no trampoline calls %s:\n%s", want, decls)
		}
	}
	for path, b := range out.Files {
		if err := os.WriteFile(path, b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"vet", "."}, {"test", "-count=1", "-run", "Test", "."}} {
		if msg, err := rfGo(dir, args...); err != nil {
			t.Fatalf("go %s: %v\n%s", args[0], err, msg)
		}
	}
}
