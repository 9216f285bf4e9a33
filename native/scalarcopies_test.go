package native

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// spanTypes declares the struct the tests below copy, in a file built
// everywhere (the compiled functions and their tests share it).
const spanTypes = "package p\n\ntype Span struct{ Lo, Hi, Stride uint32 }\n"

// spanFuncs copies Spans out of a slice: In as unicode's is32 does in its
// binary search (range_ := ranges[m], then its fields read), Bump
// writing a field of its copy, Swap reading two copies.
const spanFuncs = fallback + `func In(spans []Span, r uint32) bool {
	lo, hi := 0, len(spans)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		s := spans[m]
		if s.Lo <= r && r <= s.Hi {
			return s.Stride == 1 || (r-s.Lo)%s.Stride == 0
		}
		if r < s.Lo {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return false
}

func Bump(spans []Span, n int) uint32 {
	var t uint32
	for i := 0; i < n && i < len(spans); i++ {
		s := spans[i]
		s.Lo += t
		t += s.Lo ^ s.Hi
	}
	return t
}

func Swap(spans []Span) uint32 {
	var t uint32
	for i := 1; i < len(spans); i++ {
		a, b := spans[i-1], spans[i]
		spans[i-1].Lo = b.Hi
		t += a.Lo*3 + b.Stride
	}
	return t
}
`

// compileSpans compiles spanFuncs, writes the generated files beside
// them and returns the module's directory and the assembly.
func compileSpans(t *testing.T) (string, string) {
	t.Helper()
	dir := writeModule(t, map[string]string{"p.go": spanFuncs, "types.go": spanTypes})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"In", "Bump", "Swap"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range out.Order {
		if err := os.WriteFile(path, out.Files[path], 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir, string(out.Files[filepath.Join(dir, "out_amd64.s")])
}

// funcText returns fn's part of asm, from its TEXT line to the next.
func funcText(asm, fn string) string {
	text := asm[strings.Index(asm, "TEXT ·"+fn+"(SB)"):]
	if i := strings.Index(text[1:], "\nTEXT "); i >= 0 {
		text = text[:i+1]
	}
	return text
}

// TestStructCopyFieldsInRegisters: a struct copied out of a slice and
// read field by field is read from the slice into registers, with no
// local in the frame: In neither zeroes a copy each iteration (MOVOU
// X15) nor stores a 32-bit field to the frame to read it back; Swap's
// copies, read after a store to the slice, keep the values read before
// it. Bump's copy, whose field is written, stays a local. The generated
// test checks the three against their Go originals.
func TestStructCopyFieldsInRegisters(t *testing.T) {
	dir, asm := compileSpans(t)
	for _, fn := range []string{"In", "Swap"} {
		text := funcText(asm, fn)
		if strings.Contains(text, "X15") {
			t.Errorf("%s zeroes its copy in the frame:\n%s", fn, text)
		}
		if m := regexp.MustCompile(`MOVL [^\n]*\(SP\)`).FindString(text); m != "" {
			t.Errorf("%s: a field goes through the frame (%s):\n%s", fn, m, text)
		}
	}
	if text := funcText(asm, "Bump"); !strings.Contains(text, "X15") {
		t.Errorf("Bump's written copy is not a zeroed local any more:\n%s", text)
	}
	if b, err := rfGo(dir, "test", "-count=1", "-timeout=300s", "."); err != nil {
		t.Fatalf("go test: %v\n%s", err, b)
	}
}
