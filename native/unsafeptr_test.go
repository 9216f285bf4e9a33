package native

import (
	"path/filepath"
	"strings"
	"testing"
)

// unsafeSrc reads through unsafe.Pointer parameters as xxh3's
// accumScalar does (unsafe.Pointer(uintptr(p)+n)), and through
// unsafe.Add, with the integers that bound it ranged; Plain takes a
// *uint64 and converts nothing.
const unsafeSrc = fallback + `import "unsafe"

// Sum8 adds n little-endian words at p.
//
//vssa:range n 0 500
func Sum8(p unsafe.Pointer, n int) uint64 {
	var s uint64
	for i := 0; i < n; i++ {
		s += *(*uint64)(unsafe.Pointer(uintptr(p) + uintptr(8*i)))
	}
	return s
}

// Fill writes n bytes at off from p.
//
//vssa:range off 0 2000
//vssa:range n 0 2000
func Fill(p unsafe.Pointer, off int32, n int) {
	for i := 0; i < n; i++ {
		*(*byte)(unsafe.Add(p, off+int32(i))) = byte(i)
	}
}

func Plain(p *[64]uint64, n int) uint64 {
	var s uint64
	for i := 0; i < n && i < 64; i++ {
		s += p[i]
	}
	return s
}
`

// TestUnsafePointerParams compiles unsafe.Pointer parameters (refused
// before: the test had no input for them): declared with their type, so
// the garbage collector sees the argument, and never //go:noescape, an
// address held as an integer being one the stack copier would not move
// (a *[64]uint64 read as such still is).
func TestUnsafePointerParams(t *testing.T) {
	dir := writeModule(t, map[string]string{"p.go": unsafeSrc})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Sum8", "Fill", "Plain"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	decls := string(out.Files[filepath.Join(dir, "out_amd64.go")])
	for _, want := range []string{"func Sum8(p unsafe.Pointer, n int) uint64", "func Fill(p unsafe.Pointer, off int32, n int)", "//go:noescape\nfunc Plain("} {
		if !strings.Contains(decls, want) {
			t.Errorf("no %q in the declarations:\n%s", want, decls)
		}
	}
	for _, f := range []string{"Sum8", "Fill"} {
		if strings.Contains(decls, "//go:noescape\nfunc "+f+"(") {
			t.Errorf("%s holds addresses as integers and is declared //go:noescape:\n%s", f, decls)
		}
	}
	test := string(out.Files[filepath.Join(dir, "out_vssa_test.go")])
	if !strings.Contains(test, "unsafe.Slice((*byte)(x), 4096)") {
		t.Errorf("the generated test does not compare the 4096 bytes an unsafe.Pointer points at:\n%s", test)
	}
}

// TestUnsafePointerAlias compiles xxh3's shape: the parameter's type is
// an alias of unsafe.Pointer declared in another file, and the original
// does not name package unsafe; the generated test, which converts and
// slices the pointer, must import it all the same.
func TestUnsafePointerAlias(t *testing.T) {
	src := fallback + `// Sum adds n bytes at p.
//
//vssa:range n 0 100
func Sum(p ptr, n int) (s byte) {
	for i := 0; i < n; i++ {
		s += *(*byte)(ptr(ui(p) + ui(i)))
	}
	return s
}
`
	shared := "package p\n\nimport \"unsafe\"\n\ntype (\n\tptr = unsafe.Pointer\n\tui  = uintptr\n)\n"
	dir := writeModule(t, map[string]string{"p.go": src, "g.go": shared})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Sum"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	test := string(out.Files[filepath.Join(dir, "out_vssa_test.go")])
	head, _, _ := strings.Cut(test, "\n)\n")
	if !strings.Contains(head+"\n", "\n\t\"unsafe\"\n") {
		t.Errorf("the generated test does not import unsafe:\n%s", head)
	}
}
