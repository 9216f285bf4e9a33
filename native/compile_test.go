package native

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeModule writes a module of one package, p, with the given files.
func writeModule(t *testing.T, files map[string]string) string {
	dir := t.TempDir()
	files["go.mod"] = "module example.com/p\n\ngo 1.24\n"
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const fallback = "//go:build !amd64 || purego\n\npackage p\n\n"

// TestRefused checks that functions outside the subset are refused with
// their position and the construct named, and that nothing is refused
// for want of the build constraint silently.
func TestRefused(t *testing.T) {
	cases := []struct {
		name, src, want string
		with            []string // compiled together with name
	}{
		{"Call", "import \"fmt\"\n\nfunc Call(x int) {\n\tif x > 0 {\n\t\tfmt.Println(x)\n\t}\n}\n", "p.go:9:14: Call: unsupported: a call of fmt.Println whose arguments compiled code would have to allocate", nil},
		{"Defer", "func Defer(p *int) {\n\t*p = 1\n\tdefer H(*p)\n}\n\nfunc H(k int) {}\n", "p.go:7:2: Defer: unsupported: defer: compiled code runs no deferred calls; make the call at each return instead", []string{"H"}},
		{"Map", "func Map(m map[int]int) int {\n\treturn m[1]\n}\n", "p.go:5:10: Map: unsupported: a value of type map[int]int: use a slice or an array indexed by the key", nil},
		{"StorePtr", "func StorePtr(p **int, q *int) {\n\t*p = q\n}\n", "p.go:6:2: StorePtr: unsupported: a store of a value of type *int (it would need the garbage collector's write barrier)", nil},
		// A func value is called (indirectcalls.go); one made of a
		// named function is only passed to a function not compiled
		// with it, whose trampoline names it (funcargs.go), not
		// returned.
		{"FuncValue", "import \"unicode\"\n\nfunc FuncValue(s []rune) func(rune) bool {\n\tif len(s) > 0 {\n\t\treturn unicode.IsSpace\n\t}\n\treturn nil\n}\n", "p.go:9:3: FuncValue: unsupported: a function value: call functions by name, or pass the function in as a parameter", nil},
		// Go ranges over a copy, which the loop's writes do not change.
		{"RangeWritten", "func RangeWritten(b []byte) (n int) {\n\tfor i, r := range string(b) {\n\t\tn += int(r)\n\t\tb[len(b)-1-i] = 0xc3\n\t}\n\treturn n\n}\n", "RangeWritten: unsupported: a conversion of []byte to string: it allocates a copy", nil},
		{"BytesToString", "func BytesToString(p []byte) int {\n\treturn len(string(p[1:]))\n}\n", "p.go:6:19: BytesToString: unsupported: a conversion of []byte to string: it allocates a copy", nil},
		{"(*Node).Bad", "func (n *Node) Bad(m map[int]int) int {\n\treturn m[n.V]\n}\n", "p.go:5:20: (*Node).Bad: unsupported: a value of type map[int]int", nil},
		{"SameTable", "func SameTable(a, b *[17]uint64, s []int) int {\n\tn := 0\n\tfor range s {\n\t\tif *a == *b {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\n", "p.go:8:9: SameTable: unsupported: a comparison of values of type [17]uint64, too large for compiled code to hold (at most 16 components)", nil},
		// Only s == "" and s != "" are compiled (stringcompare.go);
		// the refusal is at the comparison, not the function's line.
		{"StrEq", "func StrEq(s, t string) int {\n\tn := 0\n\tif s == t {\n\t\tn++\n\t}\n\treturn n\n}\n", "p.go:7:7: StrEq: unsupported: a comparison of strings other than s == \"\" or s != \"\"", nil},
		{"StrLess", "func StrLess(s string) bool {\n\treturn s < \"b\"\n}\n", "p.go:6:11: StrLess: unsupported: a comparison of strings other than", nil},
		// []byte(s) is s's bytes only where nothing writes them
		// (stringbytes.go).
		{"BytesWritten", "func BytesWritten(s string) byte {\n\tb := []byte(s)\n\tb[0] = 1\n\treturn b[0]\n}\n", "p.go:6:13: BytesWritten: unsupported: a conversion of string to []byte: it allocates a copy", nil},
		// Sum calls G, so it is no leaf the inliner takes into
		// BytesPassed (where nothing would write the bytes).
		{"BytesPassed", "func BytesPassed(s string) int {\n\treturn Sum([]byte(s))\n}\n\nfunc Sum(b []byte) int {\n\tn := G()\n\tfor _, c := range b {\n\t\tn += int(c)\n\t}\n\treturn n\n}\n", "BytesPassed: unsupported: a conversion of string to []byte: it allocates a copy", []string{"Sum"}},
		// Compiled, its generated test did not build (xxh3's
		// accumScalar).
		{"UnsafeParam", "import \"unsafe\"\n\nfunc UnsafeParam(p unsafe.Pointer, n int) (s uint64) {\n\tfor i := 0; i < n; i++ {\n\t\ts += uint64(*(*byte)(unsafe.Pointer(uintptr(p) + uintptr(i))))\n\t}\n\treturn s\n}\n", "UnsafeParam: unsupported: an unsafe.Pointer parameter beside the integer parameter n, which has no //vssa:range", nil},
		{"Slice3Array", "func Slice3Array(a *[8]int, i int) []int {\n\treturn a[1:i:5]\n}\n", "p.go:6:10: Slice3Array: unsupported: a three-index slice of an array", nil},
		// An unsafe.Pointer beside an unranged integer: the test could not keep the reads within its buffer.
		{"UnsafeUnranged", "import \"unsafe\"\n\nfunc UnsafeUnranged(p unsafe.Pointer, n int) (s byte) {\n\tfor i := 0; i < n; i++ {\n\t\ts += *(*byte)(unsafe.Add(p, i))\n\t}\n\treturn s\n}\n", "UnsafeUnranged: unsupported: an unsafe.Pointer parameter beside the integer parameter n, which has no //vssa:range", nil},
		{"UnsafeResult", "import \"unsafe\"\n\nfunc UnsafeResult(p unsafe.Pointer, s []byte) unsafe.Pointer {\n\tfor range s {\n\t\tp = unsafe.Add(p, 1)\n\t}\n\treturn p\n}\n", "UnsafeResult: unsupported: a result of type unsafe.Pointer", nil},
		// One byte over the 16 components held by value: refused, saying how many are.
		{"Sum17", "func Sum17(s []byte) (a [17]byte) {\n\tfor i := range s {\n\t\ta[i%17] += s[i]\n\t}\n\treturn a\n}\n", "Sum17: unsupported: a value of type [17]byte: an array by value is supported up to 16 components", nil},
	}
	for _, tc := range cases {
		dir := writeModule(t, map[string]string{"p.go": fallback + tc.src, "g.go": "package p\n\nfunc G() int { return 1 }\n\nfunc L(n int) int {\n\tfor n > 9 {\n\t\tn /= 2\n\t}\n\treturn n\n}\n\ntype Node struct {\n\tNext *Node\n\tV    int\n}\n\nfunc (n *Node) Len() int {\n\tk := 0\n\tfor n != nil {\n\t\tn = n.Next\n\t\tk++\n\t}\n\treturn k\n}\n"})
		_, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: append([]string{tc.name}, tc.with...), Inlinable: true})
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "name it too") {
			t.Errorf("%s: got %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
}

func TestOriginalMustBeFallback(t *testing.T) {
	dir := writeModule(t, map[string]string{"p.go": "package p\n\nfunc F(x int) int { return x + 1 }\n"})
	_, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"F"}})
	if err == nil || !strings.Contains(err.Error(), "//go:build !amd64 || purego") {
		t.Errorf("got %v, want an explanation of the build constraint", err)
	}
	dir = writeModule(t, map[string]string{"p.go": fallback + "type T struct{ X int }\n\nfunc G(t *T) int { return t.X }\n"})
	_, err = Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"G"}})
	if err == nil || !strings.Contains(err.Error(), "it refers to T, declared in p.go, which is not built on amd64") {
		t.Errorf("got %v, want the shared declaration explained", err)
	}
	_, err = Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Nope"}})
	if err == nil || !strings.Contains(err.Error(), "no function Nope") {
		t.Errorf("got %v, want no function Nope", err)
	}
	_, err = Compile(Request{Dir: dir, Prefix: filepath.Join(t.TempDir(), "out"), Funcs: []string{"G"}})
	if err == nil || !strings.Contains(err.Error(), "is not in the package directory") {
		t.Errorf("got %v, want the prefix outside the package refused", err)
	}
}

// TestLeftToGC checks that a function gc inlines and without a loop is
// refused, saying why, unless Inlinable is set, and that one with a
// loop is compiled.
func TestLeftToGC(t *testing.T) {
	// In files of their own: each file of originals is compiled whole.
	dir := writeModule(t, map[string]string{"p.go": fallback + "func Small(x int) int {\n\treturn x*3 + 1\n}\n", "q.go": fallback + "func Loop(s []int) int {\n\tn := 0\n\tfor _, v := range s {\n\t\tn += v\n\t}\n\treturn n\n}\n"})
	_, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Small"}})
	if err == nil || !strings.Contains(err.Error(), "p.go:5:1: Small: left to gc: gc inlines it into its callers and it has no loop") {
		t.Errorf("Small: got %v, want it left to gc", err)
	}
	if _, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Small"}, Inlinable: true}); err != nil {
		t.Errorf("Small with Inlinable: %v", err)
	}
	if _, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Loop"}}); err != nil {
		t.Errorf("Loop: %v", err)
	}
	// Named with a function that compiles, it is kept as Go, with a
	// warning, and its caller inlines it.
	dir = writeModule(t, map[string]string{"p.go": fallback + "func abs(x int) int {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n\nfunc SumAbs(s []int) int {\n\tn := 0\n\tfor _, v := range s {\n\t\tn += abs(v)\n\t}\n\treturn n\n}\n"})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"SumAbs", "abs"}})
	if err != nil {
		t.Fatalf("SumAbs and abs: %v", err)
	}
	decls := string(out.Files[filepath.Join(dir, "out_amd64.go")])
	if !strings.Contains(decls, "func abs(x int) int {") || len(out.Warnings) != 1 || !strings.Contains(out.Warnings[0], "abs: left to gc") {
		t.Errorf("abs not kept as Go with a warning: warnings %q, declarations:\n%s", out.Warnings, decls)
	}
	if asm := string(out.Files[filepath.Join(dir, "out_amd64.s")]); strings.Contains(asm, "Call0(SB)") || strings.Contains(asm, "·abs(SB)") {
		t.Errorf("SumAbs calls abs instead of inlining it:\n%s", asm)
	}
}

// TestLeftToGCNoLoop checks that a function without a loop that gc
// does not inline (math/bits' Mul64, just over gc's inlining budget) is
// left to gc too, with its own reason: it is not inlined, its call
// passes its arguments in registers, and the call of assembly costs
// more than its code saves.
func TestLeftToGCNoLoop(t *testing.T) {
	const mul = "func Mul(x, y uint64) (hi, lo uint64) {\n\tconst mask32 = 1<<32 - 1\n\tx0 := x & mask32\n\tx1 := x >> 32\n\ty0 := y & mask32\n\ty1 := y >> 32\n\tw0 := x0 * y0\n\tt := x1*y0 + w0>>32\n\tw1 := t & mask32\n\tw2 := t >> 32\n\tw1 += x0 * y1\n\thi = x1*y1 + w2 + w1>>32\n\tlo = x * y\n\treturn\n}\n"
	dir := writeModule(t, map[string]string{"p.go": fallback + mul})
	inl, err := gcInlinable(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if inl["Mul"] {
		t.Fatalf("gc inlines Mul: the test needs a function it does not")
	}
	_, err = Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Mul"}})
	if err == nil || !strings.Contains(err.Error(), "p.go:5:1: Mul: left to gc: "+leftNoLoop) {
		t.Errorf("Mul: got %v, want it left to gc, having no loop", err)
	}
	if _, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Mul"}, Inlinable: true}); err != nil {
		t.Errorf("Mul with Inlinable: %v", err)
	}
}

// TestGenericRefused checks what vssa compile says of the generic
// functions and instantiations it does not compile, at the generic
// function's position, and that nothing is written then.
func TestGenericRefused(t *testing.T) {
	const gen = "func Id[T any](x T) T {\n\treturn x\n}\n\nfunc Sum[T int | int64 | float64](s []T) T {\n\tvar n T\n\tfor _, v := range s {\n\t\tn += v\n\t}\n\treturn n\n}\n\ntype Box[T any] struct{ v T }\n\nfunc (b *Box[T]) Get() T { return b.v }\n"
	cases := []struct {
		funcs []string
		uses  string // a file built everywhere that instantiates them
		want  string
	}{
		{[]string{"Id", "Sum"}, "", "p.go:5:1: Id is generic and the package instantiates it at no basic type arguments: name the ones to compile, as Id[int64]"},
		{[]string{"Id", "Sum"}, "func U(p *int) *int { return Id(p) }\n", "p.go:5:1: Id is generic and the package instantiates it only as Id[*int], which compiled code cannot take"},
		{[]string{"Id[*int]", "Sum"}, "", "p.go:5:1: Id[*int]: unsupported: *int is a pointer: compiled instantiations take basic types (integers, floats, bool, string), the package's types defined on them, and slices of those; at other type arguments Id runs its Go original"},
		{[]string{"Id[[]*byte]", "Sum"}, "", "p.go:5:1: Id[[]*byte]: unsupported: []*byte is a slice whose elements are a pointer"},
		{[]string{"Id[map[int]int]", "Sum"}, "", "p.go:5:1: Id[map[int]int]: unsupported: map[int]int is a map"},
		{[]string{"Id[int]", "Sum[string]"}, "", "Sum[string]: the type arguments named on the command line: string does not satisfy int | int64 | float64"},
		{[]string{"Id[int]", "Sum[nope]"}, "", "Sum[nope]: the type arguments named on the command line: undefined: nope"},
		{[]string{"Id[int]", "Sum[int]", "(*Box).Get"}, "", "(*Box).Get: unsupported: a method of a generic type"},
	}
	for _, tc := range cases {
		files := map[string]string{"p.go": fallback + gen}
		if tc.uses != "" {
			files["u.go"] = "package p\n\n" + tc.uses
		}
		dir := writeModule(t, files)
		_, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: tc.funcs, Inlinable: true})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.funcs, err, tc.want)
		}
	}
}

// TestGenericInstances checks which instantiations a generic function
// named alone compiles (those the package uses at basic type arguments,
// with a warning for the others) and that the wrapper dispatches to
// them.
func TestGenericInstances(t *testing.T) {
	src := "func Sum[T int | int64 | *int](s []T) int {\n\tn := 0\n\tfor range s {\n\t\tn++\n\t}\n\treturn n\n}\n"
	uses := "package p\n\ntype Word int\n\nfunc U(a []int64, b []*int) int { return Sum(a) + Sum(b) }\n"
	dir := writeModule(t, map[string]string{"p.go": fallback + src, "u.go": uses})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Sum", "Sum[int]"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Warnings) != 1 || !strings.Contains(out.Warnings[0], "p.go:5:1: Sum[*int] is left to its Go original") {
		t.Errorf("warnings %q, want one for Sum[*int]", out.Warnings)
	}
	decls := string(out.Files[filepath.Join(dir, "out_amd64.go")])
	for _, want := range []string{"func Sum_int(", "func Sum_int64(", "case int:", "case int64:", "return vssaOutGoSum(p0)", "func vssaOutGoSum[T int | int64 | *int](s []T) int {"} {
		if !strings.Contains(decls, want) {
			t.Errorf("no %q in the declarations:\n%s", want, decls)
		}
	}
}

// TestGenericLeftToGC checks that a generic function gc inlines and
// without a loop is left to gc as the others are: refused alone, kept
// as Go, once, beside functions that compile.
func TestGenericLeftToGC(t *testing.T) {
	src := "func Abs[T int | int64](x T) T {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n\nfunc Sum(s []int) int {\n\tn := 0\n\tfor _, v := range s {\n\t\tn += v\n\t}\n\treturn n\n}\n"
	dir := writeModule(t, map[string]string{"p.go": fallback + src})
	_, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Abs[int]", "Abs[int64]"}})
	if err == nil || !strings.Contains(err.Error(), "p.go:5:1: Abs[int]: left to gc: gc inlines it") {
		t.Errorf("Abs alone: got %v, want it left to gc", err)
	}
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Abs[int]", "Abs[int64]", "Sum"}})
	if err != nil {
		t.Fatal(err)
	}
	decls := string(out.Files[filepath.Join(dir, "out_amd64.go")])
	if strings.Count(decls, "func Abs[T int | int64](x T) T {") != 1 || strings.Contains(decls, "Abs_int") {
		t.Errorf("Abs not kept as Go once:\n%s", decls)
	}
}

// TestCmpInlined checks that cmp.Less and cmp.Compare at numeric type
// arguments are inlined (foreign.go: Less calls cmp.isNaN, another
// leaf), not called through a trampoline for each comparison, and that
// at string, whose comparison compiled code does not lower, they stay
// calls.
func TestCmpInlined(t *testing.T) {
	src := "import \"cmp\"\n\nfunc Sorted(x []float64) bool {\n\tfor i := len(x) - 1; i > 0; i-- {\n\t\tif cmp.Less(x[i], x[i-1]) {\n\t\t\treturn false\n\t\t}\n\t}\n\treturn true\n}\n\nfunc Order(x []int32, y int32) int {\n\tn := 0\n\tfor _, v := range x {\n\t\tn += cmp.Compare(v, y)\n\t}\n\treturn n\n}\n\nfunc Words(x []string) int {\n\tn := 0\n\tfor i := 1; i < len(x); i++ {\n\t\tn += cmp.Compare(x[i-1], x[i])\n\t}\n\treturn n\n}\n"
	dir := writeModule(t, map[string]string{"p.go": fallback + src})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Sorted", "Order", "Words"}})
	if err != nil {
		t.Fatal(err)
	}
	decls := string(out.Files[filepath.Join(dir, "out_amd64.go")])
	for _, call := range []string{"cmp.Less[float64]", "cmp.Compare[int32]"} {
		if strings.Contains(decls, call) {
			t.Errorf("%s is called through a trampoline:\n%s", call, decls)
		}
	}
	if !strings.Contains(decls, "cmp.Compare[string]") {
		t.Errorf("cmp.Compare[string] is not called:\n%s", decls)
	}
}

// TestGenericCallRefused checks the refusal of a call of a generic
// function at type arguments compiled code cannot call: in the source's
// terms, without "name it", which cannot help.
func TestGenericCallRefused(t *testing.T) {
	// Big calls another function: no leaf, it is not inlined in
	// UseStruct's loop (loopcallees.go).
	shared := "package p\n\ntype Node struct{ V int }\n\nfunc Big[T any](xs []T) int {\n\tn := 0\n\tfor range xs {\n\t\tn++\n\t}\n\treturn n + other()\n}\n\n//go:noinline\nfunc other() int { return 0 }\n"
	src := "func UseStruct(ns [][]Node) int {\n\tk := 0\n\tfor _, n := range ns {\n\t\tk += Big(n)\n\t}\n\treturn k\n}\n"
	dir := writeModule(t, map[string]string{"p.go": fallback + src, "g.go": shared})
	_, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"UseStruct"}})
	want := "p.go:8:11: UseStruct: unsupported: a call of Big[Node]: compiled code calls generic functions at basic type arguments only"
	if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "name it") {
		t.Errorf("got %v, want an error containing %q", err, want)
	}
}

// TestLeftToGCShortLoops checks that a function gc inlines whose loop
// runs a few iterations a call (encoding/binary's PutUvarint: x >>= 7
// while x >= 0x80) is left to gc, saying why, and that one whose loop
// is not short by the rule (a signed x) is compiled.
func TestLeftToGCShortLoops(t *testing.T) {
	const body = "(buf []byte, x %s) int {\n\ti := 0\n\tfor x >= 0x80 {\n\t\tbuf[i] = byte(x) | 0x80\n\t\tx >>= 7\n\t\ti++\n\t}\n\tbuf[i] = byte(x)\n\treturn i + 1\n}\n"
	for _, tc := range []struct {
		name, typ string
		left      bool
	}{{"PutUvarint", "uint64", true}, {"Signed", "int64", false}} {
		dir := inlinedModule(t, tc.name, "func "+tc.name+fmt.Sprintf(body, tc.typ))
		_, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{tc.name}})
		switch {
		case tc.left && (err == nil || !strings.Contains(err.Error(), tc.name+": left to gc: "+leftInlinedShort)):
			t.Errorf("%s: got %v, want it left to gc, its loop short", tc.name, err)
		case !tc.left && err != nil:
			// A signed x >>= 7 stays negative: not short by the rule.
			t.Errorf("%s: %v, want it compiled", tc.name, err)
		}
	}
}
