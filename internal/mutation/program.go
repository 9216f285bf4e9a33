// This file loads the corpus's programs and runs them under the
// reference interpreter, with a mutant in place of one function.

package mutation

import (
	"errors"
	"fmt"
	"go/constant"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/internal/goroot"
	"github.com/vssa-go/vssa/interp"
	"github.com/vssa-go/vssa/interp/stdlib"
	"github.com/vssa-go/vssa/ir"
)

// runLimits bound one interpreted run: in branches and calls (a mutant
// may loop forever) and in wall time (it may block forever). A run cut
// short leaves its goroutines behind, and one that loops goes on until
// the step limit, so sampled runs get tighter limits; a program is
// sampled only if its original run fits in them.
type runLimits struct {
	steps   int64
	timeout time.Duration
}

var (
	fullLimits   = runLimits{5_000_000, 10 * time.Second} // the original, the honest and the accepted mutants
	sampleLimits = runLimits{500_000, time.Second}        // sampled rejected mutants
)

// gorootPrograms are the GOROOT test programs of goroot.Sample in the
// corpus: ones that neither call os.Exit nor crash goroutines (the
// interpreter runs in the test process), with loops and local variables
// (phis and promotions), defer and recover.
var gorootPrograms = []string{
	"235.go", "complit.go", "convT2X.go", "ddd.go", "defer.go", "escape.go",
	"ken/range.go", "ken/rob2.go", "map.go", "recover2.go", "utf.go", "zerodivide.go",
}

// ProgramFile is a Go program of the corpus: a name for reports, how to
// load it and its path.
type ProgramFile struct {
	Name string
	cfg  bridge.Config
	path string
	skip string // why the program is left out before loading it; "" to load it
}

// Corpus lists the programs of the bridge's corpus and the GOROOT
// programs above.
func Corpus() ([]ProgramFile, error) {
	root, err := moduleRoot()
	if err != nil {
		return nil, err
	}
	corpus, err := filepath.Glob(filepath.Join(root, "bridge", "testdata", "corpus", "*.go"))
	if err != nil || len(corpus) == 0 {
		return nil, fmt.Errorf("no corpus in %s: %v", root, err)
	}
	var out []ProgramFile
	for _, f := range corpus {
		out = append(out, ProgramFile{"corpus/" + filepath.Base(f), bridge.Config{}, f, ""})
	}
	tc, err := goroot.FindToolchain("go")
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(tc.GOROOT, "test")
	cfg := bridge.Config{Dir: dir, Env: append(os.Environ(), "GO111MODULE=off", "GOFLAGS=")}
	// The toolchains GOTOOLCHAIN downloads have no GOROOT/test: the
	// suite runs on the rest of the corpus and says what it left out.
	skip := ""
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		skip = fmt.Sprintf("%s is not a directory (the toolchains GOTOOLCHAIN downloads have none)", dir)
	}
	for _, name := range gorootPrograms {
		if !slices.Contains(goroot.Sample, name) {
			return nil, fmt.Errorf("%s is not in goroot.Sample", name)
		}
		out = append(out, ProgramFile{"goroot/" + name, cfg, filepath.Join(dir, filepath.FromSlash(name)), skip})
	}
	return out, nil
}

// moduleRoot is the directory of vssa's go.mod, above the working
// directory (a package's, under go test).
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// program is one loaded program with the outcome of its original run.
type program struct {
	name string
	prog *bridge.Program
	main string // package path of main
	want goroot.Output

	// The module's functions and declarations after the original run.
	// Runs use copies of them: the bridge translates methods lazily into
	// its module when a run asks for them, and a run cut short may go on
	// doing so in the background.
	funcs   []*ir.Func
	globals map[string]types.Type
	externs map[string]*types.Signature

	sampleable bool // the original run fits in the sample limits
}

// errSkip marks a program unsuitable for in-process runs.
type errSkip struct{ why string }

func (e *errSkip) Error() string { return e.why }

// load loads a program and runs it once as it is.
func (r *runner) load(pf ProgramFile) (*program, error) {
	if pf.skip != "" {
		return nil, &errSkip{pf.skip}
	}
	if _, err := os.Stat(pf.path); err != nil {
		return nil, err
	}
	prog, err := bridge.Load(pf.cfg, pf.path)
	if err != nil {
		return nil, err
	}
	p := &program{name: pf.Name, prog: prog, main: prog.Packages[0].Pkg.Path()}
	if _, ok := prog.Module.Externs["os.Exit"]; ok {
		return nil, &errSkip{"calls os.Exit"}
	}
	// The first run uses the module itself: the bridge translates the
	// methods that dynamic calls need on the way.
	p.want = r.run(p, prog.Module, fullLimits)
	p.funcs = slices.Clone(prog.Module.Funcs)
	p.globals = maps.Clone(prog.Module.Globals)
	p.externs = maps.Clone(prog.Module.Externs)
	if again := r.run(p, p.with(nil), fullLimits); goroot.Compare(p.want, again) != "" {
		return nil, &errSkip{"not deterministic: " + goroot.Compare(p.want, again)}
	}
	if p.want.ExitCode == interp.ExitUndefined || p.want.ExitCode == interp.ExitUnsupported || p.want.ExitCode < 0 {
		return nil, &errSkip{fmt.Sprintf("the original run ends with status %d:\n%s", p.want.ExitCode, p.want.Stderr)}
	}
	p.sampleable = goroot.Compare(p.want, r.run(p, p.with(nil), sampleLimits)) == ""
	return p, nil
}

// with returns a copy of the program's module with f (if not nil) in
// place of the function of the same name. The functions are shallow
// copies, so that Module.Add, which sets their module, leaves the
// program's own functions alone.
func (p *program) with(f *ir.Func) *ir.Module {
	m := ir.NewModule()
	m.Fset = p.prog.Module.Fset
	m.Globals = p.globals
	m.Externs = p.externs
	for _, g := range p.funcs {
		m.Add(g.ShallowClone())
	}
	if f != nil {
		m.Add(f.ShallowClone())
	}
	return m
}

// run interprets the program's init and main in module m and returns
// its output. A goroutine crash ends the run with the crash's status, as
// it ends a Go process; a run that outlives its time limit (a deadlock,
// which Go's detector cannot see inside the test process) gets status
// -1.
func (r *runner) run(p *program, m *ir.Module, lim runLimits) goroot.Output {
	r.runs.Add(1)
	r.stdout.turn.Lock()
	defer r.stdout.turn.Unlock()
	r.stdout.cut() // drop what goroutines left behind by earlier runs wrote
	var stdout, stderr syncBuffer
	exited := make(chan int, 1)
	it := interp.New(m, interp.Options{
		Stderr:  &stderr,
		Methods: p.prog.Method, Externs: stdlib.Table{}, LookupType: p.prog.LookupType,
		StepLimit: lim.steps,
		Exit: func(status int) {
			select {
			case exited <- status:
			default:
			}
			runtime.Goexit() // only this goroutine: the test process goes on
		},
	})
	done := make(chan int, 1)
	go func() {
		defer func() {
			// The interpreter's own reporting may panic (a panic value
			// whose Error method panics): an internal error.
			if r := recover(); r != nil {
				fmt.Fprintf(&stderr, "mutation: the interpreter panicked: %v\n", r)
				done <- interp.ExitUnsupported
			}
		}()
		done <- it.RunMain(p.main+".init", p.main+".main")
	}()
	var status int
	select {
	case status = <-done:
	case status = <-exited:
	case <-time.After(lim.timeout):
		stderr.WriteString("mutation: the run did not end within " + lim.timeout.String())
		status = -1
	}
	// Goroutines left behind may still write: their output is dropped.
	out := append(stdout.close(), r.stdout.cut()...)
	return goroot.Output{Stdout: out, Stderr: stderr.close(), ExitCode: status}
}

// probeMessage is what the probe function panics with.
const probeMessage = "mutation probe"

// executes reports whether running the program calls f: with f replaced
// by a function that panics at once, its behaviour changes. (A program
// that recovers the panic silently hides a call; then f counts as not
// executed, so the count of executed functions is a lower bound.)
func (r *runner) executes(p *program, f *ir.Func) bool {
	probe := ir.NewFunc(f.Name)
	probe.Results, probe.Variadic, probe.Pos, probe.Wrapper, probe.Module = f.Results, f.Variadic, f.Pos, f.Wrapper, f.Module
	for _, r := range f.Params {
		probe.Params = append(probe.Params, probe.NewReg(f.TypeOf(r)))
	}
	for _, r := range f.FreeVars {
		probe.FreeVars = append(probe.FreeVars, probe.NewReg(f.TypeOf(r)))
	}
	str := probe.NewReg(types.Typ[types.String])
	iface := probe.NewReg(types.Universe.Lookup("any").Type())
	msg := ir.NewInstr(ir.OpConst, f.Pos, []ir.Reg{str}, nil)
	msg.SetConst(constant.MakeString(probeMessage))
	probe.NewBlock().Instrs = []*ir.Instr{
		msg,
		ir.NewInstr(ir.OpMakeInterface, f.Pos, []ir.Reg{iface}, []ir.Reg{str}),
		ir.NewInstr(ir.OpPanic, f.Pos, nil, []ir.Reg{iface}),
	}
	if err := ir.Check(probe, ir.RTL); err != nil {
		panic(fmt.Sprintf("probe of %s is ill-formed: %v", f.Name, err))
	}
	return goroot.Compare(p.want, r.run(p, p.with(probe), fullLimits)) != ""
}
