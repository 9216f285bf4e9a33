package native

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestForeignFields checks that a method whose receiver holds other
// packages' values (a sync.Mutex, whose field is of internal/sync; a
// strings.Builder; a struct of another package of the module with an
// unexported field of an unexported type, as huff0's Scratch holds an
// *fse.Scratch) gets a generated test that builds, passes and is clean
// under go vet (no lock copied), while the receiver's own fields are
// still filled and compared.
func TestForeignFields(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building a generated package")
	}
	const types = `package p

import (
	"strings"
	"sync"

	"example.com/p/q"
)

// Hist counts bytes.
type Hist struct {
	mu    sync.Mutex
	sb    strings.Builder
	enc   *q.Scratch
	count [256]uint32
}
`
	const qsrc = `package q

type byteReader struct{ b []byte; off int }

// Scratch is another package's state, with a field the test cannot name.
type Scratch struct {
	Out []byte
	br  byteReader
}
`
	const src = fallback + `// Add counts the bytes of in.
func (h *Hist) Add(in []byte) {
	for _, c := range in {
		h.count[c]++
	}
}
`
	dir := writeModule(t, map[string]string{"p.go": src, "types.go": types})
	if err := os.Mkdir(filepath.Join(dir, "q"), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "q", "q.go"), []byte(qsrc), 0o666); err != nil {
		t.Fatal(err)
	}
	compileAndWrite(t, dir, "(*Hist).Add")
	if out, ok := goTest(t, dir, "-run", "VSSA", "."); !ok {
		t.Fatalf("generated test: %s", out)
	}
	vet := exec.Command("go", "vet", ".")
	vet.Dir = dir
	if out, err := vet.CombinedOutput(); err != nil {
		t.Errorf("go vet: %v\n%s", err, out)
	}
	test, err := os.ReadFile(filepath.Join(dir, "out_vssa_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"p.count = ", "p.Out = "} {
		if !strings.Contains(string(test), want) {
			t.Errorf("the generated test does not fill a field the package can name (no %q)", want)
		}
	}
}
