package native

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// digitsSrc is ParseUint's shape: an empty string refused first, then
// a range over []byte(s), the copy gc does not make.
const digitsSrc = `func Digits(s string, base int) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	var n uint64
	for _, c := range []byte(s) {
		d := c - '0'
		if d >= 10 {
			return n, false
		}
		n = n*uint64(base) + uint64(d)
	}
	return n, s != ""
}

func Tail(s string) int {
	b := []byte(s)
	n := 0
	for i := len(b) - 1; i > 0 && b[i] == ' '; i-- {
		n++
	}
	return n + len(b[1:])
}
`

// TestStringEmptyAndBytes checks that s == "", s != "" and a []byte(s)
// only read are compiled, over s's own bytes, and that the generated
// test, which compares them with their Go originals on edge cases (the
// empty string among them) and random strings, passes.
func TestStringEmptyAndBytes(t *testing.T) {
	dir := writeModule(t, map[string]string{"p.go": fallback + digitsSrc})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Digits", "Tail"}})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	if strings.Contains(asm, "CALL") && strings.Contains(asm, "makeslice") {
		t.Errorf("[]byte(s) copies:\n%s", asm)
	}
	for path, b := range out.Files {
		if err := os.WriteFile(path, b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if msg, err := rfGo(dir, "test", "-count=1", "-run", "Test", "."); err != nil {
		t.Fatalf("the generated test fails: %v\n%s", err, msg)
	}
}
