package bridge_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/ir"
)

// An instruction has at most ir.MaxDsts results: a call of a function
// with more is an unsupported construct, reported as such, and one with
// exactly that many translates.
func TestCallResultsLimit(t *testing.T) {
	for _, n := range []int{ir.MaxDsts, ir.MaxDsts + 1} {
		results := strings.TrimSuffix(strings.Repeat("int, ", n), ", ")
		values := strings.TrimSuffix(strings.Repeat("0, ", n), ", ")
		src := fmt.Sprintf("package main\n\nfunc many() (%s) { return %s }\n\nfunc main() { many() }\n", results, values)
		dir := t.TempDir()
		file := filepath.Join(dir, "main.go")
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		prog := load(t, file)
		var err error
		for name, e := range prog.Unsupported {
			if !strings.HasSuffix(name, ".main") {
				t.Errorf("%d results: %s unsupported: %v", n, name, e)
			}
			err = e
		}
		if n <= ir.MaxDsts {
			if err != nil {
				t.Errorf("%d results: %v", n, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), "unsupported: 256 results") {
			t.Errorf("%d results: got %v, want unsupported: 256 results", n, err)
		}
	}
}
