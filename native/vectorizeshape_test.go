package native

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// shapeSrc has two element-wise loops: Guarded's body is more than one
// block (a conditional store to a before the element-wise b[i]++), which
// the vector loop, made of the latch's instructions alone, must leave
// to the scalar loop; Plain's body is one block and is vectorised.
const shapeSrc = `func Guarded(a, b []int32, c bool) {
	for i := range b {
		if c {
			a[i] = 1
		}
		b[i] = b[i] + 1
	}
}

func Plain(b []int32) {
	for i := range b {
		b[i] = b[i] + 1
	}
}
`

// TestVectorizeOneBlockBodies runs the generated equivalence test of a
// loop whose body has a branch before its element-wise latch: the
// vector loop ran the latch alone, so a[i] = 1 was skipped for the
// elements it covered. It also checks that the one-block loop is still
// vectorised (PADDL), so that the test keeps testing a vectorising
// backend.
func TestVectorizeOneBlockBodies(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building a generated package")
	}
	funcs := []string{"Guarded", "Plain"}
	dir := writeModule(t, map[string]string{"p.go": fallback + shapeSrc})
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: funcs, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	plain := asm[strings.Index(asm, "TEXT ·Plain(SB)"):]
	if !strings.Contains(plain, "PADDL") {
		t.Errorf("Plain is no longer vectorised:\n%s", plain)
	}
	for path, b := range out.Files {
		if err := os.WriteFile(path, b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if msg, err := rfGo(dir, "test", "-count=1", "."); err != nil {
		t.Fatalf("go test: %v\n%s", err, msg)
	}
}
