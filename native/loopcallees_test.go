package native

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// loopLeafSrc calls put, a leaf with a loop of its own (snappy's
// emitCopy's shape), in Encode's loop and after Tail's, and cut, a
// function with a loop that calls another, in Cut's loop.
const loopLeafSrc = `func Encode(dst, src []byte) int {
	d := 0
	for i := 0; i+4 <= len(src); i += 4 {
		if src[i] == src[i+1] {
			d += put(dst[d:], i, int(src[i+2]))
		}
	}
	return d
}

func Tail(dst []byte, n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i
	}
	return put(dst, s, n)
}

func Cut(dst []byte, src []byte) int {
	n := 0
	for i := range src {
		if src[i] == '#' {
			n += cut(dst, int(src[i]))
		}
	}
	return n
}
`

const loopLeafHelpers = `package p

func put(dst []byte, offset, length int) int {
	i := 0
	for length >= 68 {
		dst[i] = byte(offset)
		i++
		length -= 64
	}
	dst[i] = byte(length)
	return i + 1
}

func cut(dst []byte, n int) int {
	for n > 40 {
		n = half(n)
	}
	dst[0] = byte(n)
	return 1
}

//go:noinline
func half(n int) int { return n / 2 }
`

// TestLoopLeafInlined checks that a leaf with a loop is inlined where
// its caller calls it in a loop, and out of a loop too where it is
// small (Tail: as gc inlines a small function with a loop, strconv's
// trim in decimal.Assign), and called where it calls another function
// itself, and that the generated package vets and passes its
// equivalence test.
func TestLoopLeafInlined(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building a generated package")
	}
	dir := writeModule(t, map[string]string{"p.go": fallback + loopLeafSrc, "h.go": loopLeafHelpers})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Encode", "Tail", "Cut"}})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	text := func(name string) string {
		s := asm[strings.Index(asm, "TEXT ·"+name+"(SB)"):]
		if j := strings.Index(s[1:], "\nTEXT "); j >= 0 {
			s = s[:j+1]
		}
		return s
	}
	if s := text("Encode"); strings.Contains(s, "CALL ·put(SB)") {
		t.Errorf("Encode calls put in its loop:\n%s", s)
	}
	if s := text("Tail"); strings.Contains(s, "CALL ·put(SB)") {
		t.Errorf("Tail calls put after its loop, though put is within maxInlineIR:\n%s", s)
	}
	if s := text("Cut"); !strings.Contains(s, "CALL ·cut(SB)") {
		t.Errorf("Cut does not call cut, which calls half:\n%s", s)
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
