package native

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// genPkg compiles funcs of src (the fallback file) into a module that
// holds extra too (test files), and returns its directory, the output
// and each function's TEXT block by name.
func genPkg(t *testing.T, src string, extra map[string]string, funcs []string) (string, *Output, map[string]string) {
	t.Helper()
	files := map[string]string{"p.go": fallback + src}
	for name, text := range extra {
		files[name] = text
	}
	dir := writeModule(t, files)
	out, err := Compile(Request{Dir: dir, Prefix: filepath.Join(dir, "out"), Funcs: funcs, Inlinable: true})
	if err != nil {
		t.Fatal(err)
	}
	asm := string(out.Files[filepath.Join(dir, "out_amd64.s")])
	texts := map[string]string{}
	for _, name := range funcs {
		text := asm[strings.Index(asm, "TEXT ·"+name+"(SB)"):]
		if i := strings.Index(text[1:], "\nTEXT "); i >= 0 {
			text = text[:i+1]
		}
		texts[name] = text
	}
	return dir, out, texts
}

// runGenPkg writes out's files into dir and runs the tests matching
// run there (not with -short).
func runGenPkg(t *testing.T, dir string, out *Output, run string) {
	t.Helper()
	if testing.Short() {
		return
	}
	for path, b := range out.Files {
		if err := os.WriteFile(path, b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if msg, err := rfGo(dir, "test", "-count=1", "-run", run, "."); err != nil {
		t.Fatalf("go test: %v\n%s", err, msg)
	}
}
