package native

import (
	"strings"
	"testing"
)

// TestFramedArrays checks that a local array that is sliced, which
// go/ssa marks as escaping, stays in the frame where its slices only
// reach loads, stores, copy and append's elements (framearrays.go):
// Itoa (strconv's formatBits's digits, appended), Twice (a slice of
// the array live across a call, in a slot the frame's pointer map
// marks) and Window (a table copied out) compile, and their generated
// tests pass with the stack moved at every call of Go code
// (-d=maymorestack), so that a pointer into the frame left stale by a
// move would be read. (With GODEBUG=efence=1, which faults a freed
// stack, Twice's passed too, by hand.) A slice of the
// array returned, passed to another function or appended to is still
// refused.
func TestFramedArrays(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building a generated package")
	}
	const src = fallback + `// Itoa appends u in decimal.
func Itoa(dst []byte, u uint64) []byte {
	var a [20]byte
	i := len(a)
	for u >= 10 {
		i--
		a[i] = byte('0' + u%10)
		u /= 10
	}
	i--
	a[i] = byte('0' + u)
	return append(dst, a[i:]...)
}

// Twice appends u in decimal twice, the digits' slice kept across the first append.
func Twice(dst []byte, u uint64) []byte {
	var a [20]byte
	i := len(a)
	for u >= 10 {
		i--
		a[i] = byte('0' + u%10)
		u /= 10
	}
	i--
	a[i] = byte('0' + u)
	s := a[i:]
	dst = append(dst, s...)
	dst = append(dst, '-')
	for k := range s {
		s[k] ^= 1
	}
	return append(dst, s...)
}

// Window counts the bytes of in in a table and copies its first n counts out.
func Window(dst []byte, in []byte, n int) int {
	var a [16]byte
	for _, c := range in {
		a[c&15]++
	}
	return copy(dst, a[:n&15])
}
`
	dir := writeModule(t, map[string]string{"p.go": src})
	compileAndWrite(t, dir, "Itoa", "Twice", "Window")
	if out, ok := goTest(t, dir, "-gcflags=all=-d=maymorestack=runtime.mayMoreStackMove", "-run", "VSSA", "."); !ok {
		t.Fatalf("generated test, the stack moved at each call: %s", out)
	}

	for _, c := range []struct{ name, body, want string }{
		{"Returned", "func Returned(n int) []byte {\n\tvar a [8]byte\n\tfor i := range n & 7 {\n\t\ta[i] = byte(i)\n\t}\n\treturn a[:n&7]\n}\n", "p.go:10:2: Returned: unsupported: a local array whose address or a slice of it is returned: compiled code keeps a local array in its frame only where"},
		{"Passed", "import \"bytes\"\n\nfunc Passed(n int) int {\n\tvar a [8]byte\n\tfor i := range n & 7 {\n\t\ta[i] = byte(i)\n\t}\n\treturn bytes.IndexByte(a[:], 3)\n}\n", "p.go:12:24: Passed: unsupported: a local array whose address or a slice of it is passed to bytes.IndexByte, which may keep it"},
		{"AppendedTo", "func AppendedTo(n int) int {\n\tvar a [8]byte\n\tb := a[:0]\n\tfor i := range n & 7 {\n\t\tb = append(b, byte(i))\n\t}\n\treturn int(a[1]) + len(b)\n}\n", "p.go:9:13: AppendedTo: unsupported: a local array whose address or a slice of it is appended to"},
	} {
		dir := writeModule(t, map[string]string{"p.go": fallback + c.body})
		_, err := Compile(Request{Dir: dir, Prefix: "out", Funcs: []string{c.name}, Inlinable: true})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one holding %q", c.name, err, c.want)
		}
	}
}
