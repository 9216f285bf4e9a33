package progen

import (
	"bytes"
	"flag"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

var writeDir = flag.String("progen.write", "", "write the programs of the checked seeds to this directory")

// kindComment matches the comment naming the kind of a function after
// main's call of it.
var kindComment = regexp.MustCompile(`(?m)\) // (\w+)$`)

// checkedSeeds is how many programs TestTypeCheck checks: type checking
// is fast, so more than TestProgen runs.
const checkedSeeds = 200

// TestDeterministic checks that a seed always gives the same program and
// that different seeds give different ones.
func TestDeterministic(t *testing.T) {
	a, err := Generate(1)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Generate(1)
	c, _ := Generate(2)
	if !bytes.Equal(a, b) {
		t.Error("seed 1 gave two different programs")
	}
	if bytes.Equal(a, c) {
		t.Error("seeds 1 and 2 gave the same program")
	}
	if !bytes.HasPrefix(a, []byte("// run\n")) {
		t.Errorf("program does not start with \"// run\": %.40q", a)
	}
}

// TestTypeCheck checks that the programs of many seeds type-check (so
// that they compile: gc and go/types agree on what is an error) and
// that the generator exercises every kind of function.
func TestTypeCheck(t *testing.T) {
	imp := importer.Default()
	kinds := map[string]int{}
	for seed := range uint64(checkedSeeds) {
		src, err := Generate(seed)
		if err != nil {
			t.Fatal(err)
		}
		if *writeDir != "" {
			if err := os.WriteFile(filepath.Join(*writeDir, FileName(seed)), src, 0o666); err != nil {
				t.Fatal(err)
			}
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, FileName(seed), src, 0)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		conf := types.Config{Importer: imp}
		if _, err := conf.Check("main", fset, []*ast.File{file}, nil); err != nil {
			t.Errorf("seed %d: %v", seed, err)
			continue
		}
		for _, m := range kindComment.FindAllSubmatch(src, -1) {
			kinds[string(m[1])]++
		}
	}
	for _, k := range funcKinds {
		if kinds[k.name] == 0 {
			t.Errorf("no program of the %d seeds has a function of kind %s", checkedSeeds, k.name)
		}
	}
	if kinds["final"] == 0 {
		t.Errorf("no program of the %d seeds ends with a panic or os.Exit", checkedSeeds)
	}
	t.Log("functions of each kind:", kinds)
}
