package realfuncs

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestExtract takes a function and a method out of testdata/extract and
// checks that each is copied as written into HotFile, that DepsFile
// holds what it needs and nothing else, and that the module builds.
func TestExtract(t *testing.T) {
	src, err := os.ReadFile("testdata/extract/p.go")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	between := func(from, to string) string {
		i := strings.Index(text, from)
		j := strings.Index(text[i:], to)
		return text[i : i+j+len(to)]
	}
	tests := []struct {
		funcs   []string
		hot     string   // the function as written
		deps    []string // in DepsFile
		notDeps []string // not in DepsFile
	}{{
		funcs: []string{"Hot"},
		hot:   between("// Hot is", "\n}\n"),
		deps: []string{`"errors"`, `"math/bits"`, "const (\n\ta = iota", "type T uint8",
			"func (t T) Error() string", "var table = [4]uint8", "var errX", "func helper(x uint)"},
		notDeps: []string{"strings", "Unused", "helper2", "Inc", "other", "Unrelated", "func Hot"},
	}, {
		funcs:   []string{"(*T).Inc"},
		hot:     "func (t *T) Inc() { *t += T(unusedConst) }",
		deps:    []string{"type T uint8", "const unusedConst = 1"},
		notDeps: []string{"func (t T) Error", "table", "errors", "func Hot"},
	}}
	for _, tt := range tests {
		dir := t.TempDir()
		if err := Extract("testdata/extract", tt.funcs, Target{Dir: dir, Path: "example.com/p", GoVersion: "1.22"}); err != nil {
			t.Fatal(err)
		}
		read := func(name string) string {
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			return string(b)
		}
		hot, deps := read(HotFile), read(DepsFile)
		if !strings.HasPrefix(hot, "//go:build !amd64 || purego\n") {
			t.Errorf("%v: %s does not start with the fallback's constraint:\n%s", tt.funcs, HotFile, hot)
		}
		if !strings.Contains(hot, tt.hot) {
			t.Errorf("%v: %s does not hold\n%s\nas written; it is\n%s", tt.funcs, HotFile, tt.hot, hot)
		}
		for _, s := range tt.deps {
			if !strings.Contains(deps, s) {
				t.Errorf("%v: %s misses %q:\n%s", tt.funcs, DepsFile, s, deps)
			}
		}
		for _, s := range tt.notDeps {
			if strings.Contains(deps, s) {
				t.Errorf("%v: %s holds %q, which is not needed:\n%s", tt.funcs, DepsFile, s, deps)
			}
		}
		// Both files together, as the purego build sees them.
		cmd := exec.Command("go", "vet", "-tags", "purego", ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%v: the extracted module does not build: %v\n%s", tt.funcs, err, out)
		}
	}
}

// TestExtractInternal takes a std function that imports an internal
// package: the package is copied into the module, which builds.
func TestExtractInternal(t *testing.T) {
	r := toolchain(t)
	dir := t.TempDir()
	if err := Extract(filepath.Join(r.GOROOT, "src", "crypto/md5"), []string{"blockGeneric"}, Target{Dir: dir, Path: "example.com/md5", GoVersion: r.GoVersion, GOROOT: r.GOROOT}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "vet", "-tags", "purego", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("the extracted module does not build: %v\n%s", err, out)
	}
}

// TestExtractIntrinsicOnly takes a std function whose internal import
// gc replaces by instructions: extracting it is refused, as a copy would
// run the panicking Go bodies on both sides.
func TestExtractIntrinsicOnly(t *testing.T) {
	r := toolchain(t)
	err := Extract(filepath.Join(r.GOROOT, "src", "crypto/internal/fips140/subtle"), []string{"ConstantTimeCompare"}, Target{Dir: t.TempDir(), Path: "example.com/subtle", GoVersion: r.GoVersion, GOROOT: r.GOROOT})
	if err == nil || !strings.Contains(err.Error(), "crypto/internal/constanttime") {
		t.Fatalf("Extract = %v, want the refusal naming crypto/internal/constanttime", err)
	}
}

// TestExtractInternalWithAssembly takes std functions that import an
// internal package with assembly, which cannot be copied whole: only
// what the code uses of it is copied (bytealg's LastIndexByteString,
// fips140deps/cpu's BigEndian and the internal/goarch it needs), and the
// module builds. A function that needs one of its assembly functions is
// refused, naming it.
func TestExtractInternalWithAssembly(t *testing.T) {
	r := toolchain(t)
	cases := []struct {
		pkg, fn string
		copied  string // a file of the module, which holds want
		want    string
		notWant string // not copied: the rest of the package
	}{
		{"strings", "LastIndexByte", "internal/std_internal_bytealg/extracted.go", "func LastIndexByteString(", "func IndexByteString("},
		{"crypto/internal/fips140/sha3", "keccakF1600Generic", "internal/std_crypto_internal_fips140deps_cpu/extracted.go", "BigEndian", "HasAVX2"},
	}
	for _, c := range cases {
		dir := t.TempDir()
		if err := Extract(filepath.Join(r.GOROOT, "src", c.pkg), []string{c.fn}, Target{Dir: dir, Path: "example.com/x", GoVersion: r.GoVersion, GOROOT: r.GOROOT}); err != nil {
			t.Errorf("%s.%s: %v", c.pkg, c.fn, err)
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, c.copied))
		if err != nil {
			t.Errorf("%s.%s: %v", c.pkg, c.fn, err)
			continue
		}
		if !strings.Contains(string(b), c.want) || strings.Contains(string(b), c.notWant) {
			t.Errorf("%s.%s: %s should hold %q and not %q:\n%s", c.pkg, c.fn, c.copied, c.want, c.notWant, b)
		}
		cmd := exec.Command("go", "vet", "-tags", "purego", "./...")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s.%s: the extracted module does not build: %v\n%s", c.pkg, c.fn, err, out)
		}
	}
	err := Extract(filepath.Join(r.GOROOT, "src", "strings"), []string{"IndexByte"}, Target{Dir: t.TempDir(), Path: "example.com/x", GoVersion: r.GoVersion, GOROOT: r.GOROOT})
	if err == nil || !strings.Contains(err.Error(), "internal/bytealg.IndexByteString, which the code uses, has no Go body") {
		t.Errorf("strings.IndexByte: Extract = %v, want the refusal naming bytealg's IndexByteString", err)
	}
}

// TestExtractOwnModule takes a module's function that imports another
// package of its module: only what the code uses of it is copied (its
// table and constant, not the variable that needs another module), and
// the extracted module builds.
func TestExtractOwnModule(t *testing.T) {
	dir := t.TempDir()
	if err := Extract("testdata/extractmod/a", []string{"Sum"}, Target{Dir: dir, Path: "example.com/x", GoVersion: "1.22"}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "internal/mod_example_com_m_b/extracted.go"))
	if err != nil {
		t.Fatal(err)
	}
	if text := string(b); !strings.Contains(text, "var Table") || !strings.Contains(text, "const K = 7") || strings.Contains(text, "cpuid") {
		t.Errorf("the copy of example.com/m/b should hold Table and K and not cpuid:\n%s", text)
	}
	cmd := exec.Command("go", "vet", "-tags", "purego", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("the extracted module does not build: %v\n%s", err, out)
	}
}
