package passes

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/vssa-go/vssa/ir"
)

var update = flag.Bool("update", false, "rewrite the expected output of the golden tests in testdata/<pass>/*.txtar")

// TestGolden runs each pass on the functions of testdata/<pass>/*.txtar
// and compares its results with the archive's expected output: an
// archive's comment says what it shows, its input.vssa is a module in
// the pass's input form, its output.vssa the module with every function
// replaced by the pass's result, which must pass its validator and the
// IR checker. go test -run Golden ./passes -update rewrites output.vssa
// from what the pass does now (read the diff before committing it).
func TestGolden(t *testing.T) {
	for _, p := range Table.Passes {
		files, err := filepath.Glob(filepath.Join("..", "testdata", p.Name, "*.txtar"))
		if err != nil {
			t.Fatal(err)
		}
		if len(files) < 3 {
			t.Errorf("pass %s has %d golden tests in testdata/%s, want a few (3 or more)", p.Name, len(files), p.Name)
		}
		for _, file := range files {
			t.Run(p.Name+"/"+filepath.Base(file), func(t *testing.T) { golden(t, p, file) })
		}
	}
}

func golden(t *testing.T, p *Pass, file string) {
	a, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var input, output *txtar.File
	for i := range a.Files {
		switch a.Files[i].Name {
		case "input.vssa":
			input = &a.Files[i]
		case "output.vssa":
			output = &a.Files[i]
		}
	}
	if input == nil || output == nil || strings.TrimSpace(string(a.Comment)) == "" {
		t.Fatalf("want a comment saying what the test shows, input.vssa and output.vssa")
	}
	m, err := ir.Parse(file+": input.vssa", string(input.Data))
	if err != nil {
		t.Fatal(err)
	}
	manager := &Manager{Pipeline: []*Pass{p}, In: p.In}
	for _, f := range m.Funcs {
		g, reports := manager.Run(f)
		if r := reports[0]; r.Outcome != Accepted {
			t.Fatalf("%v", r)
		}
		m.Add(g)
	}
	var got bytes.Buffer
	if err := m.Print(&got, ir.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	if *update {
		output.Data = got.Bytes()
		if err := os.WriteFile(file, txtar.Format(a), 0o666); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got.String() != string(output.Data) {
		t.Errorf("%s output differs from output.vssa (run with -update and read the diff):\n--- got:\n%s--- want:\n%s", p.Name, got.String(), output.Data)
	}
}
