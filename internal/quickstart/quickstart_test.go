package quickstart

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/vssa-go/vssa/internal/testlong"
)

// goEnv names the go command's settings a script's go needs from the
// test's: testscript starts from an empty environment (HOME=/no-home),
// and without them each script would fill a build and module cache of
// its own, from the network.
var goEnv = []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOPROXY", "GOSUMDB", "GONOSUMDB", "GOPRIVATE", "GOFLAGS", "GOINSECURE"}

// TestQuickStart runs testdata/*.txtar, each executing README.md's
// named blocks (see the package doc). $VSSA is this clone's root; the
// scripts' go is the toolchain running the test (go test puts its
// GOROOT/bin first in PATH), with GOTOOLCHAIN=local so that it never
// switches: under GOTOOLCHAIN=go1.27.3 the quick starts run with 1.27
// ($TEST_GOVERSION is the test's own Go version, for the scripts to
// check that).
func TestQuickStart(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := readmeBlocks(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", append([]string{"env"}, goEnv...)...).Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	values := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(values) != len(goEnv) {
		t.Fatalf("go env printed %d lines for %d variables", len(values), len(goEnv))
	}
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata",
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			env.Setenv("VSSA", root)
			env.Setenv("GOTOOLCHAIN", "local")
			env.Setenv("TEST_GOVERSION", runtime.Version())
			for i, name := range goEnv {
				env.Setenv(name, values[i])
			}
			dir := filepath.Join(env.WorkDir, "readme")
			if err := os.Mkdir(dir, 0o777); err != nil {
				return err
			}
			for _, b := range blocks {
				if err := os.WriteFile(filepath.Join(dir, b.fileName()), []byte(b.text), 0o666); err != nil {
					return err
				}
			}
			return nil
		},
		Condition: func(cond string) (bool, error) {
			if cond == "long" {
				return testlong.Enabled(), nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
	})
}
