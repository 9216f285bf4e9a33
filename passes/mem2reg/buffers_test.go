package mem2reg

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/normalize"
	"github.com/vssa-go/vssa/validate"
)

// TestResultsOutliveBuffers checks that no result or hint lives in the
// pooled working arrays: the results of the corpus functions, built one
// after the other (each run reusing the arrays the one before gave back),
// print after all were built as they did right after each was.
func TestResultsOutliveBuffers(t *testing.T) {
	files, err := filepath.Glob("../../bridge/testdata/corpus/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	type built struct {
		g     *ir.Func
		h     *validate.Mem2RegHints
		print string
	}
	show := func(g *ir.Func, h *validate.Mem2RegHints) string {
		return fmt.Sprintf("%s\nvars %v\norig %v\n", g, h.Promote.Vars, h.SSA.Orig)
	}
	var all []built
	for _, path := range files {
		prog, err := bridge.Load(bridge.Config{}, path)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range prog.Module.Funcs {
			n, _, err := normalize.Run(f)
			if err != nil {
				t.Fatalf("%s: %v", f.Name, err)
			}
			for _, run := range []func(*ir.Func) (*ir.Func, *validate.Mem2RegHints, error){Run, RunBraun} {
				g, h, err := run(n)
				if err != nil {
					t.Fatalf("%s: %v", f.Name, err)
				}
				all = append(all, built{g, h, show(g, h)})
			}
		}
	}
	if len(all) < 100 {
		t.Fatalf("only %d results", len(all))
	}
	for _, b := range all {
		if now := show(b.g, b.h); now != b.print {
			t.Fatalf("%s changed after later runs:\nthen:\n%s\nnow:\n%s", b.g.Name, b.print, now)
		}
	}
}
