package son_test

import (
	"path/filepath"
	"sort"
	"testing"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/internal/ssaform"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/son"
)

// corpusFuncs returns the SSA form of the functions of a sample of the
// corpus programs (testdata/run): those the bridge translates and
// mem2reg takes.
func corpusFuncs(t *testing.T, n int) []*ir.Func {
	t.Helper()
	files, err := filepath.Glob("../../testdata/run/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus programs (%v)", err)
	}
	sort.Strings(files)
	if n < len(files) {
		// Spread over the corpus, deterministically.
		step := len(files) / n
		var sample []string
		for i := 0; i < len(files) && len(sample) < n; i += step {
			sample = append(sample, files[i])
		}
		files = sample
	}
	var fs []*ir.Func
	for _, file := range files {
		prog, err := bridge.Load(bridge.Config{}, file)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, f := range prog.Module.Funcs {
			if g := ssaform.Of(f); g != nil {
				fs = append(fs, g)
			}
		}
	}
	if len(fs) == 0 {
		t.Fatal("no SSA functions")
	}
	return fs
}

// TestBuildScheduleCorpus builds the graph of every function of a
// corpus sample, checks it, and schedules it back twice: every data
// node where it was, and every data node as early as it can go. Both
// must be well-formed SSA (Schedule checks).
func TestBuildScheduleCorpus(t *testing.T) {
	fs := corpusFuncs(t, 12)
	var nodes, data, moved int
	for _, f := range fs {
		g, err := son.Build(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := son.Check(g); err != nil {
			t.Errorf("%s: %v\n%s", f.Name, err, f.Format(ir.PrintOptions{}))
			continue
		}
		if _, err := g.Schedule(g.Original()); err != nil {
			t.Errorf("%s: original placement: %v", f.Name, err)
		}
		early, err := g.Early()
		if err != nil {
			t.Errorf("%s: %v", f.Name, err)
			continue
		}
		if _, err := g.Schedule(early); err != nil {
			t.Errorf("%s: early placement: %v", f.Name, err)
		}
		nodes += len(g.Nodes)
		for i, nd := range g.Nodes {
			if nd.Kind == son.Data {
				data++
				if early[i] != nd.Home {
					moved++
				}
			}
		}
	}
	t.Logf("%d functions, %d nodes, %d data nodes, %d placed elsewhere by schedule early", len(fs), nodes, data, moved)
	if moved == 0 {
		t.Errorf("schedule early moved no data node: the test sees no floating")
	}
}
