package native

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestReloadOnlyAfterReturningCalls checks that a function whose only
// calls lead to a panic keeps its pointer arguments in registers (the
// stack cannot move under code that runs after them: none does), while
// a pointer argument read after a call that returns, even on the way
// to a panic, is read again from the argument frame. (Helper calls
// tick, so that it stays a call: a leaf with a loop would be inlined,
// loopcallees.go.)
func TestReloadOnlyAfterReturningCalls(t *testing.T) {
	src := fallback + `func Panics(z, x []uint64) {
	if len(x) != len(z) {
		panic("len")
	}
	for i := range z {
		z[i] += x[i]
	}
}

func ReadsAfter(z, x []uint64) {
	if len(x) != len(z) {
		Helper()
		panic(x[0])
	}
	for i := range z {
		z[i] += x[i]
	}
}
`
	dir := writeModule(t, map[string]string{"p.go": src, "q.go": "package p\n\nvar N int\n\nfunc Helper() {\n\tfor i := 0; i < 3; i++ {\n\t\tN += i\n\t}\n\ttick()\n}\n\n//go:noinline\nfunc tick() {}\n"})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Panics", "ReadsAfter"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	if text := textOf(asm, "Panics"); strings.Count(text, "x_base+24(FP)") != 1 {
		t.Errorf("Panics reads x's pointer other than once:\n%s", text)
	}
	text := textOf(asm, "ReadsAfter")
	call := strings.Index(text, "\tCALL ")
	if call < 0 || !strings.Contains(text[call:], "x_base+24(FP)") {
		t.Errorf("ReadsAfter does not read x's pointer again after its call:\n%s", text)
	}
}

// TestArgsReloadedOnlyAfterCalls checks that a function that calls
// reads a pointer argument from the argument frame again only where a
// call may have moved the stack: its loop before the call reads the
// entry's load, and the use after the call a load of its own.
func TestArgsReloadedOnlyAfterCalls(t *testing.T) {
	dir := writeModule(t, map[string]string{"p.go": fallback + `func Sum(s []int) int {
	n := 0
	for _, v := range s {
		n += v
	}
	n = H(n)
	return n + s[0]
}

func H(k int) int {
	if k > 9 {
		return H(k - 9)
	}
	return k
}
`})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Sum", "H"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	var text string
	for _, path := range out.Order {
		if s := string(out.Files[path]); strings.Contains(s, "TEXT ·Sum(SB)") {
			text = s[strings.Index(s, "TEXT ·Sum(SB)"):]
			text = text[:strings.Index(text, "RET")]
		}
	}
	if !strings.Contains(text, "CALL") {
		t.Fatalf("Sum calls nothing: the test checks nothing\n%s", text)
	}
	if n := strings.Count(text, "s_base+0(FP)"); n != 2 {
		t.Errorf("s's pointer read %d times from the argument frame, want twice (at the entry and after the call):\n%s", n, text)
	}
}
