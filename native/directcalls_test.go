package native

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// directSrc calls functions of its own package that are not compiled
// with it: emit after its loop, a slice in and an int out (the ABI0
// frame as declared; emit calls tick, or, a leaf with a loop, it would
// be inlined, loopcallees.go),
// and count on string(b), which its trampoline converts.
const directSrc = `func Encode(dst, src []byte) int {
	d := 0
	for i := 0; i+4 <= len(src); i += 4 {
		if src[i] == src[i+1] {
			d += int(src[i+2])
		}
	}
	return emit(dst, d, len(src))
}

func Count(b []byte) int {
	n := 0
	for i := range b {
		if b[i] == '#' {
			n += count(string(b[i:]))
		}
	}
	return n
}
`

const directHelpers = `package p

func emit(dst []byte, offset, length int) int {
	i := 0
	for length >= 68 {
		dst[i] = byte(offset)
		i++
		length -= 64
	}
	dst[i] = byte(length)
	tick()
	return i + 1
}

//go:noinline
func tick() {}

func count(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '#' {
			n++
		}
	}
	return n
}
`

// TestDirectCalls checks that a function of the package not compiled
// with its caller is called directly in ABI0 where its declaration is
// the call's (emit), through a trampoline where an argument is
// converted (count), and that the
// generated package vets and passes its test.
func TestDirectCalls(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building a generated package")
	}
	dir := writeModule(t, map[string]string{"p.go": fallback + directSrc, "h.go": directHelpers})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Encode", "Count"}})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	decls := string(out.Files[filepath.Join(dir, "out_amd64.go")])
	if !strings.Contains(asm, "CALL ·emit(SB)") || strings.Contains(decls, "return emit(") {
		t.Errorf("emit not called directly:\n%s\n%s", asm, decls)
	}
	if !strings.Contains(decls, "return count(string(p0))") {
		t.Errorf("count not called through its trampoline:\n%s", decls)
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
