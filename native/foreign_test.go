package native

import (
	"golang.org/x/tools/go/packages"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestForeignLeafInlined compiles a loop that reads its words through a
// small leaf function of another package, as md5's blockGeneric does
// through internal/byteorder: the leaf is inlined, so no call keeps the
// block's pointer from living across it (refused before), while a call
// of another package's function with a loop that calls another goes
// through a trampoline (a leaf with a loop is inlined too:
// loopcallees.go).
func TestForeignLeafInlined(t *testing.T) {
	src := fallback + "import \"example.com/p/q\"\n\nfunc Sum(p []byte) uint32 {\n\tvar s uint32\n\tfor len(p) >= 4 {\n\t\ts += q.Load32(p)\n\t\tp = p[4:]\n\t}\n\treturn s\n}\n\nfunc Count(p []byte) int {\n\tn := 0\n\tfor i := range p {\n\t\tif p[i] == 0 {\n\t\t\tn += q.Loop(i)\n\t\t}\n\t}\n\treturn n + q.Loop(len(p))\n}\n"
	dir := writeModule(t, map[string]string{"p.go": src})
	if err := os.Mkdir(filepath.Join(dir, "q"), 0o777); err != nil {
		t.Fatal(err)
	}
	leaf := "package q\n\nfunc Load32(b []byte) uint32 {\n\t_ = b[3]\n\treturn uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24\n}\n\nfunc Loop(n int) int {\n\tk := 0\n\tfor n > 0 {\n\t\tn /= 3\n\t\tk++\n\t}\n\treturn k + other()\n}\n\n//go:noinline\nfunc other() int { return 0 }\n"
	if err := os.WriteFile(filepath.Join(dir, "q", "q.go"), []byte(leaf), 0o666); err != nil {
		t.Fatal(err)
	}
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Sum", "Count"}})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	decls := string(out.Files[filepath.Join(dir, "out_amd64.go")])
	if strings.Contains(decls, "q.Load32(") {
		t.Errorf("q.Load32 is called through a trampoline, not inlined:\n%s", decls)
	}
	if !strings.Contains(decls, "q.Loop(") || !strings.Contains(asm, "CALL") {
		t.Errorf("q.Loop, which has a loop and calls, should be called through a trampoline:\n%s", decls)
	}
}

// TestStrippingError checks which errors of a package parsed without
// its bodies are the stripping's own, in Go 1.26's and 1.27's words:
// Go 1.27's "imported as x and not used" once left sync ill-typed, so
// go/ssa made no package of the compiled one and vssa compile crashed.
func TestStrippingError(t *testing.T) {
	for _, c := range []struct {
		msg  string
		kind packages.ErrorKind
		want bool
	}{
		{`"internal/runtime/atomic" imported and not used`, packages.TypeError, true},
		{`"internal/runtime/atomic" imported as rtatomic and not used`, packages.TypeError, true},
		{"declared and not used: x", packages.TypeError, true},
		{"undefined: x", packages.TypeError, false},
		{"x imported and not used", packages.ParseError, false},
	} {
		if got := strippingError(packages.Error{Msg: c.msg, Kind: c.kind}); got != c.want {
			t.Errorf("strippingError(%q, kind %v) = %v, want %v", c.msg, c.kind, got, c.want)
		}
	}
}

// TestForeignLeafCallsLeaf checks that a leaf of another package that
// calls another leaf of its package is inlined with it (as cmp.Less
// calls cmp.isNaN), and that what compiled code refuses in an inlined
// body (a pointer stored without a write barrier) is said at the user's
// call, not in the other package's file.
func TestForeignLeafCallsLeaf(t *testing.T) {
	src := fallback + "import \"example.com/p/q\"\n\nfunc Sum(p []byte) uint32 {\n\tvar s uint32\n\tfor len(p) >= 4 {\n\t\ts += q.Load32(p)\n\t\tp = p[4:]\n\t}\n\treturn s\n}\n"
	keep := fallback + "import \"example.com/p/q\"\n\nfunc Keep(pp []*int, p *int) {\n\tfor i := range pp {\n\t\tq.Set(&pp[i], p)\n\t}\n}\n"
	dir := writeModule(t, map[string]string{"p.go": src, "k.go": keep})
	if err := os.Mkdir(filepath.Join(dir, "q"), 0o777); err != nil {
		t.Fatal(err)
	}
	leaf := "package q\n\nfunc Load32(b []byte) uint32 {\n\treturn uint32(load16(b[0:2])) | uint32(load16(b[2:4]))<<16\n}\n\nfunc load16(b []byte) uint16 {\n\treturn uint16(b[0]) | uint16(b[1])<<8\n}\n\nfunc Set(pp **int, p *int) {\n\t*pp = p\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "q", "q.go"), []byte(leaf), 0o666); err != nil {
		t.Fatal(err)
	}
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Sum"}})
	if err != nil {
		t.Fatal(err)
	}
	if decls := string(out.Files[filepath.Join(dir, "out_amd64.go")]); strings.Contains(decls, "q.Load32(") || strings.Contains(decls, "q.load16(") {
		t.Errorf("q.Load32 or q.load16 is called through a trampoline, not inlined:\n%s", decls)
	}
	_, err = Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Keep"}})
	if err == nil || !strings.Contains(err.Error(), "k.go:9:") || strings.Contains(err.Error(), "q.go") {
		t.Errorf("Keep: got %v, want a refusal at k.go:9, q.Set's call", err)
	}
}
