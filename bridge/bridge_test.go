package bridge_test

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/internal/goroot"
	"github.com/vssa-go/vssa/internal/testlong"
	"github.com/vssa-go/vssa/interp"
	"github.com/vssa-go/vssa/interp/stdlib"
	"github.com/vssa-go/vssa/ir"
)

// corpus returns the test programs: testdata/corpus/*.go.
func corpus(t *testing.T) []string {
	files, err := filepath.Glob("testdata/corpus/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	for i, f := range files {
		files[i], _ = filepath.Abs(f)
	}
	return files
}

func load(t *testing.T, file string) *bridge.Program {
	t.Helper()
	prog, err := bridge.Load(bridge.Config{}, file)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return prog
}

// checkModule checks the bridge's invariants on every function: RTL
// well-formedness, and an exact print/parse round trip on its own.
func checkModule(t *testing.T, name string, prog *bridge.Program) {
	t.Helper()
	for fn, err := range prog.Unsupported {
		t.Errorf("%s: %s unsupported: %v", name, fn, err)
	}
	for _, f := range prog.Module.Funcs {
		if err := ir.Check(f, ir.RTL); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		text := f.Format(ir.PrintOptions{})
		g, err := ir.ParseFunc(text)
		if err != nil {
			t.Errorf("%s: %s does not parse back: %v\n%s", name, f.Name, err, text)
			continue
		}
		if g.String() != f.String() {
			t.Errorf("%s: %s prints differently after parsing:\n%s\nwant\n%s", name, f.Name, g.String(), f.String())
		}
	}
}

// ssaKinds are the go/ssa instruction kinds the corpus must exercise:
// all of them but DebugRef (built only in debug mode) and MultiConvert
// (only in generic bodies, which are translated instantiated).
var ssaKinds = []string{
	"Alloc", "BinOp", "Call", "ChangeInterface", "ChangeType", "Convert", "Defer", "Extract",
	"Field", "FieldAddr", "Go", "If", "Index", "IndexAddr", "Jump", "Lookup", "MakeChan",
	"MakeClosure", "MakeInterface", "MakeMap", "MakeSlice", "MapUpdate", "Next", "Panic", "Phi",
	"Range", "Return", "RunDefers", "Select", "Send", "Slice", "SliceToArrayPointer", "Store",
	"TypeAssert", "UnOp",
}

// TestCorpus translates the corpus and checks that it covers every
// go/ssa instruction kind and produces every kind of explicit check.
func TestCorpus(t *testing.T) {
	ssaSeen := map[string]bool{}
	irSeen := map[ir.Op]bool{}
	for _, file := range corpus(t) {
		prog := load(t, file)
		checkModule(t, filepath.Base(file), prog)
		for _, f := range prog.Module.Funcs {
			if fn := prog.SSAFunc(f.Name); fn != nil {
				for _, b := range fn.Blocks {
					for _, in := range b.Instrs {
						ssaSeen[reflect.TypeOf(in).Elem().Name()] = true
					}
				}
			}
			for _, b := range f.Blocks {
				for _, in := range b.Instrs {
					irSeen[in.Op] = true
				}
			}
		}
	}
	for _, k := range ssaKinds {
		if !ssaSeen[k] {
			t.Errorf("the corpus has no go/ssa %s instruction", k)
		}
	}
	for _, op := range ir.AllOps() {
		if op.Has(ir.IsCheck) && !irSeen[op] {
			t.Errorf("the corpus translation has no %s", op)
		}
	}
}

var _ = ssa.NaiveForm

// TestCorpusRuns interprets each corpus program and compares its output
// (print/println go to stderr) and exit status with the compiled
// program's.
func TestCorpusRuns(t *testing.T) {
	for _, file := range corpus(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			want := goRun(t, file)
			prog := load(t, file)
			var stdout, stderr bytes.Buffer
			it := interp.New(prog.Module, interp.Options{
				Stderr:  &stderr,
				Methods: prog.Method, Externs: stdlib.Table{}, LookupType: prog.LookupType,
			})
			main := prog.Packages[0].Pkg.Path()
			status := it.RunMain(main+".init", main+".main")
			got := goroot.Output{Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), ExitCode: status}
			if diff := goroot.Compare(want, got); diff != "" {
				t.Errorf("%s\n--- interpreted stderr:\n%s", diff, stderr.String())
			}
		})
	}
}

// goRun builds and runs a program with the go command.
func goRun(t *testing.T, file string) goroot.Output {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "prog")
	if out, err := exec.Command("go", "build", "-o", exe, file).CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", file, err, out)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(exe)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return goroot.Output{Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), ExitCode: code}
}

// gorootSampleSeed replays TestGOROOTSampleTranslates' sample.
var gorootSampleSeed = flag.Uint64("gorootsample.seed", 0, "the seed of TestGOROOTSampleTranslates' sample of goroot.Sample (default: from the clock; all with VSSA_LONG=1)")

// gorootSampleSize is how many of the GOROOT sample programs
// TestGOROOTSampleTranslates loads by default, other ones in every run;
// VSSA_LONG=1 loads them all (see internal/testlong).
const gorootSampleSize = 12

// TestGOROOTSampleTranslates checks the bridge's invariants on every
// function of the GOROOT sample programs (goroot.Sample), or of a
// sample of them.
func TestGOROOTSampleTranslates(t *testing.T) {
	tc, err := goroot.FindToolchain("go")
	if err != nil {
		t.Fatal(err)
	}
	dir := testlong.GOROOTTest(t, tc.GOROOT)
	seed := testlong.Seed(t, "gorootsample.seed", *gorootSampleSeed)
	names := testlong.PickNames(goroot.Sample, testlong.Size(gorootSampleSize, len(goroot.Sample)), seed)
	t.Logf("%s GOROOT sample programs", testlong.String(len(names), len(goroot.Sample), seed))
	for _, name := range names {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if _, err := os.Stat(file); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		prog, err := bridge.Load(bridge.Config{Dir: dir, Env: append(os.Environ(), "GO111MODULE=off", "GOFLAGS=")}, file)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		checkModule(t, name, prog)
	}
	_ = strings.TrimSpace
}
