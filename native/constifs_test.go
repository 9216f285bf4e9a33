package native

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConstantIfsFolded checks that the dead arm of a branch on a
// constant (s2's `if debug { fmt.Println(...) }`, sha3's `if
// cpu.BigEndian { ...; defer ... }`) is dropped before compiled code
// refuses what it holds, while the same arm under a variable is still
// refused, and that the generated test passes.
func TestConstantIfsFolded(t *testing.T) {
	src := fallback + `import "fmt"

func Sum(s []byte) int {
	n := 0
	for _, c := range s {
		if debug {
			fmt.Println(c)
		}
		n += int(c)
	}
	return n
}

func Swapped(a *[4]uint64) uint64 {
	if bigEndian {
		defer fmt.Println("done")
	}
	var x uint64
	for i := range a {
		x ^= a[i] << i
	}
	return x
}
`
	shared := "package p\n\nconst debug = false\n\nconst bigEndian = false\n\nvar verbose = false\n"
	dir := writeModule(t, map[string]string{"p.go": src, "g.go": shared})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Sum", "Swapped"}})
	if err != nil {
		t.Fatal(err)
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

	varSrc := strings.Replace(src, "if debug {", "if verbose {", 1)
	dir = writeModule(t, map[string]string{"p.go": varSrc, "g.go": shared})
	_, err = Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: []string{"Sum", "Swapped"}})
	if err == nil || !strings.Contains(err.Error(), "Sum: unsupported: a call of fmt.Println") {
		t.Errorf("Sum printing under a variable: got %v, want the refusal of fmt.Println", err)
	}
}
