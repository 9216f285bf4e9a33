package quickstart

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// readmeKeeps are commands README.md must show as they are: .ci/run
// greps for the test command, and a fresh machine's first run is the
// analyzers on their example.
var readmeKeeps = []string{
	"go vet ./... && go test ./...",
	"go vet -vettool=$(go tool -n vssavet) ./examples/redundant",
}

// scriptRef finds a script's use of a README block.
var scriptRef = regexp.MustCompile(`\$WORK/readme/([A-Za-z0-9_-]+)\.(sh|go)`)

// TestReadmeBlocksUsed checks that README.md and the scripts agree: every
// named block is used by a script, every block a script uses exists,
// and the commands others rely on are still there. Without it, a block
// renamed in the README would silently leave its quick start untested
// (a script skipped without VSSA_LONG would not notice either).
func TestReadmeBlocksUsed(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	readme := filepath.Join(root, "README.md")
	blocks, err := readmeBlocks(readme)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) == 0 {
		t.Fatal("README.md has no block named test:NAME")
	}
	scripts, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]string{} // file name -> script using it
	for _, s := range scripts {
		data, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range scriptRef.FindAllStringSubmatch(string(data), -1) {
			used[m[1]+"."+m[2]] = s
		}
	}
	var written []string
	for _, b := range blocks {
		if b.lang != "sh" && b.lang != "go" {
			t.Errorf("README.md:%d: block test:%s is %q, want sh or go", b.line, b.name, b.lang)
		}
		written = append(written, b.fileName())
		if used[b.fileName()] == "" {
			t.Errorf("README.md:%d: block test:%s is run by no script in testdata", b.line, b.name)
		}
	}
	for f, s := range used {
		if !slices.Contains(written, f) {
			t.Errorf("%s uses $WORK/readme/%s, but README.md has no block test:%s", s, f, strings.TrimSuffix(f, filepath.Ext(f)))
		}
	}
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range readmeKeeps {
		if !strings.Contains(string(data), cmd) {
			t.Errorf("README.md no longer shows %s", cmd)
		}
	}
}
