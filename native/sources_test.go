package native

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// compileAndWrite compiles funcs of the package in dir and writes the
// files as vssa compile does.
func compileAndWrite(t *testing.T, dir string, funcs ...string) {
	t.Helper()
	out, err := Compile(Request{Dir: dir, Prefix: "out", Funcs: funcs, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range out.Order {
		if err := os.WriteFile(path, out.Files[path], 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

// goTest runs go test with args in dir and returns its output and
// whether it passed.
func goTest(t *testing.T, dir string, args ...string) (string, bool) {
	cmd := exec.Command("go", append([]string{"test"}, args...)...)
	cmd.Dir = dir
	b, err := cmd.CombinedOutput()
	return string(b), err == nil
}

// TestEditedOriginal checks that the generated test fails when an
// original is edited after vssa compile, rather than passing while the
// package computes the old function on amd64.
func TestEditedOriginal(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building a generated package")
	}
	const src = fallback + "// F adds one.\nfunc F(x int) int {\n\treturn x + 1\n}\n"
	dir := writeModule(t, map[string]string{"p.go": src})
	compileAndWrite(t, dir, "F")
	if out, ok := goTest(t, dir, "-run", "Sources", "."); !ok {
		t.Fatalf("as compiled: %s", out)
	}
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(strings.Replace(src, "x + 1", "x + 2", 1)), 0o666); err != nil {
		t.Fatal(err)
	}
	out, ok := goTest(t, dir, "-run", "Sources", ".")
	if ok || !strings.Contains(out, "F in p.go is not the source its assembly was compiled from (edited, moved or removed since): regenerate with vssa compile") {
		t.Errorf("after an edit: passed %v, want the test to fail asking for vssa compile:\n%s", ok, out)
	}
}
