package goroot

import (
	"os"
	"path/filepath"
	"testing"
)

func TestStaticSkip(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"fixedbugs/issue1.dir/a.go", "fixedbugs/helper.go", "linkx.go", "chan/doubleselect.go"} {
		writeFile(t, dir, name, "package p\n")
	}
	ts := tagSet{goos: "linux", goarch: "amd64", release: Toolchain{Version: "go1.26.8"}.ReleaseTags()}
	tests := []struct {
		rel, src, want string
	}{
		{"ok.go", `package main; import "fmt"; func main() { fmt.Println("chan", "fixedbugs", "ok.go", "x.go") }`, ""},
		{"plan9.go", "// run\n\n//go:build plan9\n\npackage main\n", "build constraint not satisfied: //go:build plan9"},
		{"cgo.go", "// run\n\npackage main\n\nimport \"C\"\n\nfunc main() {}\n", `uses cgo (imports "C")`},
		{"fixedbugs/issue1.go", "package main\n\nimport \"path/filepath\"\n\nvar d = filepath.Join(\"fixedbugs\", \"issue1.dir\")\n",
			"needs other files of the test directory: line 5 names fixedbugs/issue1.dir"},
		{"fixedbugs/issue1b.go", "package main\n\nvar d = \"issue1b.dir\"\n",
			"needs other files of the test directory: line 3 names fixedbugs/issue1b.dir"},
		{"fixedbugs/issue2.go", "package main\n\nvar a, b = \"fixedbugs/\" + \"helper.go\", \"linkx.go\"\n",
			"needs other files of the test directory: line 3 names fixedbugs/helper.go (and 1 more)"},
		{"linkx_run.go", "package main\n\nvar a = \"linkx.go\"\n",
			"needs other files of the test directory: line 3 names linkx.go"},
		{"self.go", "package main\n\nvar a = `self.go`\n", ""},
		{"dirword.go", "package main\n\nvar a = \"chan\"\n", ""},
		{"harness.go", "package main\n\nimport \"os\"\n\nvar a = os.Getenv(\"STDLIB_IMPORTCFG\")\n",
			"needs the environment of cmd/internal/testdir: line 5 reads $STDLIB_IMPORTCFG"},
		{"syntax.go", "package main\n\nfunc main() {\n", ""}, // left to go build
	}
	for _, tt := range tests {
		if got := staticSkip(dir, tt.rel, []byte(tt.src), ts); got != tt.want {
			t.Errorf("%s: staticSkip = %q\nwant %q", tt.rel, got, tt.want)
		}
	}
}

func writeFile(t *testing.T, dir, rel, content string) {
	t.Helper()
	file := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(file), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(content), 0o666); err != nil {
		t.Fatal(err)
	}
}
