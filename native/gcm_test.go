package native

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// passesWithoutGCM is the default pipeline before gcm joined it.
const passesWithoutGCM = "mem2reg,gvn,checkelim"

// TestGeneratedWithoutGCM compiles the kernels and the subset package
// without gcm, the default pipeline's last pass, in copies of their
// packages, and runs go vet and the generated tests there, which compare
// each function with gc's: -passes can leave gcm out, and the lowering
// must take blocks as the passes before gcm leave them as well. Some
// function's assembly must differ from the default pipeline's (the
// committed files), or the test shows nothing.
func TestGeneratedWithoutGCM(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds and runs the generated tests of two packages")
	}
	changed := 0
	for dir, prefix := range generatedDirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			tmp := t.TempDir()
			copyPackage(t, dir, tmp)
			funcs := generatedFuncs(t, dir)
			out, err := Compile(Request{Dir: tmp, Prefix: prefix, Funcs: funcs, Inlinable: true, Passes: passesWithoutGCM})
			if err != nil {
				t.Fatal(err)
			}
			for _, path := range out.Order {
				old, err := os.ReadFile(filepath.Join(dir, filepath.Base(path)))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(old, out.Files[path]) {
					changed++
				}
				if err := os.WriteFile(path, out.Files[path], 0o666); err != nil {
					t.Fatal(err)
				}
			}
			for _, args := range [][]string{{"vet", "."}, {"test", "-count=1", "."}} {
				cmd := exec.Command("go", args...)
				cmd.Dir = tmp
				if b, err := cmd.CombinedOutput(); err != nil {
					t.Errorf("go %s with -passes=%s: %v\n%s", strings.Join(args, " "), passesWithoutGCM, err, b)
				}
			}
		})
	}
	if changed == 0 {
		t.Errorf("-passes=%s changed no generated file", passesWithoutGCM)
	}
}

// copyPackage copies the Go files of dir into the empty directory tmp
// and makes it a module of its own.
func copyPackage(t *testing.T, dir, tmp string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in %s (%v)", dir, err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, filepath.Base(f)), b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte("module example.com/gcmcopy\n\ngo 1.26\n"), 0o666); err != nil {
		t.Fatal(err)
	}
}
