package native

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFreshResultCapacity checks the generated test's comparison of a
// slice result (freshcaps.go). Upper builds its result by append from
// nil: gc 1.26 backs it on the stack and returns it at a capacity of its
// own (24 for 17 bytes), compiled code at append's (32), and both are
// right, so the generated test must pass. The comparison must still take
// the capacity where the result lies in an argument (Tail's s[i:]) and
// report a result allocated on one side only: fresh_test.go calls the
// generated helpers on such pairs.
func TestFreshResultCapacity(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building a generated package")
	}
	const src = fallback + `// Upper returns a copy of s with ASCII lower case letters made upper case.
func Upper(s []byte) []byte {
	var b []byte
	for _, c := range s {
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}

// Tail returns s from i on.
func Tail(s []byte, i int) []byte {
	for i > 0 && i < len(s) && s[i] == ' ' {
		i++
	}
	return s[i:]
}
`
	const helpers = `package p

import "testing"

func TestFreshHelpers(t *testing.T) {
	arg := make([]byte, 8, 16)
	// Both allocated by the call, at capacities 32 and 24: equal at their length.
	got, want := make([]byte, 17, 32), make([]byte, 17, 24)
	if rc, wc, ok := vssaOutFreshCaps(got, want, []vssaOutSpan{vssaOutSliceSpan(arg)}, []vssaOutSpan{vssaOutSliceSpan(arg)}); !ok || !vssaOutSame0(rc, wc) {
		t.Errorf("two fresh arrays of one length: ok %v, same %v; want both", ok, vssaOutSame0(rc, wc))
	}
	// Both in the argument, at capacities 14 and 13: compared as they are.
	if rc, wc, ok := vssaOutFreshCaps(arg[2:4], arg[3:5], []vssaOutSpan{vssaOutSliceSpan(arg)}, []vssaOutSpan{vssaOutSliceSpan(arg)}); !ok || vssaOutSame0(rc, wc) {
		t.Errorf("two results in the argument of capacities 14 and 13: ok %v, same %v; want ok and not same", ok, vssaOutSame0(rc, wc))
	}
	// In the argument on one side, allocated on the other.
	if _, _, ok := vssaOutFreshCaps(make([]byte, 2, 14), arg[2:4], []vssaOutSpan{vssaOutSliceSpan(arg)}, []vssaOutSpan{vssaOutSliceSpan(arg)}); ok {
		t.Errorf("a fresh array against a result in the argument: ok")
	}
	// A pointer argument's memory counts as the argument's.
	a := new([4]byte)
	if _, _, ok := vssaOutFreshCaps(a[1:], make([]byte, 3), []vssaOutSpan{vssaOutPtrSpan(a)}, nil); ok {
		t.Errorf("a result in a pointer argument's array against a fresh one: ok")
	}
}
`
	dir := writeModule(t, map[string]string{"p.go": src})
	compileAndWrite(t, dir, "Upper", "Tail")
	if out, ok := goTest(t, dir, "-run", "VSSAUpper|VSSATail", "."); !ok {
		t.Fatalf("generated test of Upper and Tail: %s", out)
	}
	if err := os.WriteFile(filepath.Join(dir, "fresh_test.go"), []byte(helpers), 0o666); err != nil {
		t.Fatal(err)
	}
	if out, ok := goTest(t, dir, "-run", "FreshHelpers", "."); !ok {
		t.Fatalf("the generated helpers: %s", out)
	}
}
