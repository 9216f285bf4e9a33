package native

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// spinSrc loops for ever where the distance is 0, as flate's writeCopy
// does (its "0 < dist" is a comment, not a //vssa:range): the
// generated test draws 0 among its edge cases.
const spinSrc = `func Spin(dst []byte, dist int) int {
	pos := 0
	for pos < len(dst) {
		pos += copy(dst[pos:], dst[pos-dist:pos])
	}
	return pos
}

func Spin2(dst []byte, dist int) int {
	return Spin(dst, dist) + 1
}
`

// TestLoopingOriginalLeftOut checks that the generated test leaves out
// an input on which the Go original's loop does not end, and says so,
// instead of running for ever (its copy counts its loops' rounds,
// stepcopy.go), as its counting copy calls the counting copy of another
// compiled function, and that it still compares the other inputs.
func TestLoopingOriginalLeftOut(t *testing.T) {
	dir := writeModule(t, map[string]string{"p.go": fallback + spinSrc})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Spin", "Spin2"}, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	for path, b := range out.Files {
		if err := os.WriteFile(path, b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	msg, err := rfGo(dir, "test", "-count=1", "-timeout=300s", "-v", "-run", "TestVSSA", ".")
	if err != nil {
		t.Fatalf("the generated test fails: %v\n%s", err, msg)
	}
	for _, fn := range []string{"Spin", "Spin2"} {
		i := strings.Index(msg, "=== RUN   TestVSSA"+fn+"\n")
		if i < 0 || !strings.Contains(msg[i:], "inputs left out: vssa: the Go original ran more than") {
			t.Errorf("%s: no input said to be left out:\n%s", fn, msg)
		}
	}
}
