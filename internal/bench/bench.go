package bench

import (
	"fmt"
	"go/token"
	"io"
	"math"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes"
	"github.com/vssa-go/vssa/passes/checkelim"
	"github.com/vssa-go/vssa/passes/gvn"
	"github.com/vssa-go/vssa/passes/mem2reg"
	"github.com/vssa-go/vssa/passes/normalize"
	"github.com/vssa-go/vssa/validate"
)

// Result is one measurement run.
type Result struct {
	Funcs          int           // functions built by x/tools (with bodies)
	XNaive, XLift  time.Duration // x/tools builds: NaiveForm and default (lifted), wall time
	XLiftCPU       time.Duration // CPU time in x/tools' lift function during the lifted build (profile)
	XLiftAlloc     int64         // bytes allocated in x/tools' lift function
	XPhis          int           // phis in x/tools' lifted form
	IRFuncs        int           // functions translated by the bridge
	Normalize      time.Duration // vssa normalize, all functions (CPU in normalize.Run)
	NormalizeCheck time.Duration // CPU in validate.Normalize
	NormalizeIR    time.Duration // CPU in the IR checker on normalize's results (as the pass manager runs it)
	InputIR        time.Duration // the full check of each builder's input, right before it (as the manager's input has had)
	Read           time.Duration // CPU of reading every instruction's operands once (readAll)
	Analyze        time.Duration // CPU of the CFG analyses of normalize's results (analyzeAll)
	Builders       []Builder

	// The functions measured: those x/tools and vssa both have (by
	// name), and the share of x/tools' instructions they hold (x/tools'
	// figures cover all its functions).
	Measured      int
	MeasuredShare float64

	NormalizeAlloc int64 // bytes allocated by normalize (heap profile)

	// The pass manager running normalize and mem2reg (Cytron) on each
	// function: both passes, the input's fingerprint after each, both
	// validators, the IR checker after each (CPU in Manager.Run, and
	// timed call by call), and what it allocates. Its input is the
	// bridge's function, fully checked right before (not measured), as
	// vssa check does: the manager then relies on the checker's verdict.
	Pipeline, PipelineByCall time.Duration
	PipelineAlloc            int64
	PipelineRejected         int
	InputCheck               time.Duration // the full check of the bridge's function (CPU)
	// Where the pass manager's time goes: each part's CPU time within
	// Manager.Run, by the parts' names in pipelineParts.
	PipelineParts map[string]time.Duration

	// GVN on each result of mem2reg (Cytron) that is accepted, right
	// after it, and checkelim on each of GVN's (as in the pipeline
	// mem2reg,gvn,checkelim).
	GVN, CheckElim PassTimes
}

// PassTimes is the measurement of a pass on another's results.
type PassTimes struct {
	Pass, Validate, IRCheck  time.Duration // CPU of the pass, its validator, the IR checker on its results
	PassAlloc, ValidateAlloc int64
	// The pass and its validator timed together call by call (thread
	// CPU time, as BuildValidateByCall).
	PassValidateByCall  time.Duration
	Functions, Rejected int
	Removed             int // instructions the results leave out
	// Where gvn's time goes (CPU under the pass, by the function doing
	// it; zero for checkelim).
	Parts []time.Duration // by gvnParts
}

// gvnParts are the parts of gvn's work, by the function doing it.
var gvnParts = []struct{ name, fn string }{
	{"numbering in rounds (functions with a loop)", "github.com/vssa-go/vssa/passes/gvn.(*numbering).number"},
	{"the dominator tree walk (numbering loop-free functions, leaders, what each instruction becomes)", "github.com/vssa-go/vssa/passes/gvn.(*walk).walk"},
	{"dead code", "github.com/vssa-go/vssa/passes/gvn.(*walk).removeDead"},
	{"building the result", "github.com/vssa-go/vssa/passes/gvn.(*walk).result"},
	{"of which the copy (the unchanged blocks' lists, room for the others)", vCopyExcept},
}

// pipelineParts are the parts of the pass manager's work, by the
// function doing it.
var pipelineParts = []struct{ name, fn string }{
	{"normalize", vNormalize},
	{"its validator", vNormalizeCheck},
	{"mem2reg", vCytron},
	{"its validator", "github.com/vssa-go/vssa/validate.Mem2Reg"},
	{"IR checker", "github.com/vssa-go/vssa/ir.CheckWith"},
	{"input fingerprints", "github.com/vssa-go/vssa/ir.(*Func).Fingerprint"},
}

// Builder is the measurement of one SSA builder.
type Builder struct {
	Name                      string
	Build                     time.Duration // promotion + SSA construction (CPU in the builder)
	Validate                  time.Duration // validate.Mem2Reg: promotion + SSA-generation validators (CPU)
	IRCheck                   time.Duration // the IR checker on the results, as the pass manager runs it (CPU)
	BuildAlloc, ValidateAlloc int64         // bytes allocated by each
	// Build and validation together, timed call by call (the thread's
	// CPU time around the two calls, less what an empty interval
	// measures): no sampling error. Zero where the system does not tell
	// a thread's CPU time. (Not each call apart: a clock read between
	// the two, a system call, made the validator after it slower, by
	// some 15 ms over std, and the profile's split with it.)
	BuildValidateByCall time.Duration
	// Where the build's CPU time goes, from the same profile: promotion,
	// of which copying the input (the result is a new function: the
	// validator reads the input, and the pass manager falls back on it)
	// and finding the promotable allocations; then SSA construction
	// proper (phis and renaming).
	Promote, Copy, Scan, Construct time.Duration
	Phis                           int
	Rejected                       int
	Failed                         int
	Functions                      int
}

// The functions whose CPU time is measured.
const (
	xLift           = "golang.org/x/tools/go/ssa.lift"
	vNormalize      = "github.com/vssa-go/vssa/passes/normalize.Run"
	vNormalizeCheck = "github.com/vssa-go/vssa/validate.Normalize"
	vCytron         = "github.com/vssa-go/vssa/passes/mem2reg.Run"
	vBraun          = "github.com/vssa-go/vssa/passes/mem2reg.RunBraun"
	vIRCheck        = "github.com/vssa-go/vssa/ir.CheckStructure"
	vCheckCytron    = "github.com/vssa-go/vssa/internal/bench.checkCytron"
	vCheckBraun     = "github.com/vssa-go/vssa/internal/bench.checkBraun"
	vIRCheckCytron  = "github.com/vssa-go/vssa/internal/bench.irCheckCytron"
	vIRCheckBraun   = "github.com/vssa-go/vssa/internal/bench.irCheckBraun"
	vIRCheckInput   = "github.com/vssa-go/vssa/internal/bench.irCheckInput"
	vRead           = "github.com/vssa-go/vssa/internal/bench.readAll"
	vAnalyze        = "github.com/vssa-go/vssa/internal/bench.analyzeAll"
	vManager        = "github.com/vssa-go/vssa/passes.(*Manager).Run"
	vFullCheck      = "github.com/vssa-go/vssa/internal/bench.fullCheck"
	vBuilderRep     = "github.com/vssa-go/vssa/internal/bench.builderRep"
	vGVN            = "github.com/vssa-go/vssa/passes/gvn.Run"
	vCheckGVN       = "github.com/vssa-go/vssa/internal/bench.checkGVN"
	vIRCheckGVN     = "github.com/vssa-go/vssa/internal/bench.irCheckGVN"
	vCheckElim      = "github.com/vssa-go/vssa/passes/checkelim.Run"
	vCheckCE        = "github.com/vssa-go/vssa/internal/bench.checkCheckElim"
	vIRCheckCE      = "github.com/vssa-go/vssa/internal/bench.irCheckCheckElim"

	vPromote = "github.com/vssa-go/vssa/passes/mem2reg.promote"
	vCopy    = "github.com/vssa-go/vssa/ir.(*Func).ShallowClone"
	// gvn copies only the blocks it does not rebuild.
	vCopyExcept = "github.com/vssa-go/vssa/ir.(*Func).ShallowCloneExcept"
	vScan       = "github.com/vssa-go/vssa/passes/mem2reg.promotableAllocs"
	vSSACytron  = "github.com/vssa-go/vssa/passes/mem2reg.cytron"
	vSSABraun   = "github.com/vssa-go/vssa/passes/mem2reg.braun"
)

// readAll reads every operand and result of every instruction: the least
// a pass or validator that looks at each instruction once must do, as a
// yardstick for the others.
//
//go:noinline
func readAll(funcs []*ir.Func) (sum int) {
	for _, f := range funcs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				sum += int(in.Op)
				for _, r := range in.Args() {
					sum += int(r)
				}
				for _, r := range in.Dsts() {
					sum += int(r)
				}
			}
		}
	}
	return sum
}

// analyzeAll computes the CFG analyses (graph, dominator tree, postorder)
// of funcs. In the pass manager, the IR checker computes them for each
// input of mem2reg and keeps them on it, for the builder and the
// validator to read, so the builders' figures do not include them;
// x/tools' lift builds its dominator tree itself.
//
//go:noinline
func analyzeAll(funcs []*ir.Func) (n int) {
	for _, f := range funcs {
		n += len(f.Analyze().Postorder)
	}
	return n
}

// reps is how many times each measured loop runs inside its profile:
// profiles sample at 100 Hz, so the ~30 samples of one lifting of std
// would be ±20% noise.
const reps = 5

// builderReps is reps for the profile of the targets' two sides: x/tools'
// lifted build, the builders' loop and the pass manager's. The
// validators take a fifth of a build, some 30 ms on std, and 10
// repetitions gave them about 40 samples each (±15%): each run's
// val/build moved from 21% to 38%; and over 5 repetitions x/tools' lift
// measured 116-160 ms on std from run to run (over 20, 111-119).
const builderReps = 20

// XLifting is x/tools' lifting time as the difference of its two builds.
// It is not reliable: the NaiveForm build makes more instructions, which
// costs about as much as lifting saves (see XLiftCPU).
func (r *Result) XLifting() time.Duration { return r.XLift - r.XNaive }

// Measure loads the packages once and measures everything on them.
func Measure(patterns []string) (*Result, error) {
	cfg := &packages.Config{Mode: packages.LoadSyntax, Fset: token.NewFileSet()}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		return nil, fmt.Errorf("%d packages had errors", n)
	}
	res := &Result{}
	// x/tools, NaiveForm (no lifting), then default mode (lifting).
	var naive *ssa.Program
	var d time.Duration
	for range reps {
		naive, d = build(pkgs, ssa.NaiveForm|ssa.InstantiateGenerics)
		res.XNaive += d / reps
	}
	// One lifted build, not measured, for the functions it has and their
	// instructions; its lift is measured below, taking turns with vssa.
	lifted, _ := build(pkgs, ssa.InstantiateGenerics)
	lifted_ := map[string][]int{} // name → instruction counts of x/tools' functions of that name
	xInstrs := 0
	for fn := range ssautil.AllFunctions(lifted) {
		if fn.Blocks == nil {
			continue
		}
		res.Funcs++
		n := 0
		for _, b := range fn.Blocks {
			n += len(b.Instrs)
			for _, in := range b.Instrs {
				if _, ok := in.(*ssa.Phi); ok {
					res.XPhis++
				}
			}
		}
		lifted_[fn.String()] = append(lifted_[fn.String()], n)
		xInstrs += n
	}
	lifted = nil
	// vssa: translate the NaiveForm program (not timed: it corresponds to
	// x/tools' NaiveForm build), then normalize and build SSA.
	var ssaPkgs []*ssa.Package
	for _, p := range naive.AllPackages() {
		ssaPkgs = append(ssaPkgs, p)
	}
	prog := bridge.FromSSA(naive, ssaPkgs)
	res.IRFuncs = len(prog.Module.Funcs)
	// Only the functions x/tools lifts too are measured (the bridge
	// also makes wrappers that x/tools' program makes only on demand,
	// and names duplicates "name#2").
	var funcs []*ir.Func
	shared := 0
	for _, f := range prog.Module.Funcs {
		name, _, _ := strings.Cut(f.Name, "#")
		if ns := lifted_[name]; len(ns) > 0 {
			funcs = append(funcs, f)
			shared += ns[len(ns)-1]
			lifted_[name] = ns[:len(ns)-1]
		}
	}
	res.Measured, res.MeasuredShare = len(funcs), float64(shared)/float64(xInstrs)
	// Each pass is validated right after it runs on a function, and its
	// result then checked by the IR checker, as the pass manager does
	// (and as x/tools lifts a function right after building it); the
	// profile attributes the CPU time to the pass, its validator and the
	// checker. The checker leaves register counts on each function it
	// accepts, which the next pass's validator reads (ir.Func.Counts).
	var normal []*ir.Func
	runtime.GC()
	cpu, alloc, err := measure(func() {
		for range reps {
			normal = make([]*ir.Func, 0, len(funcs))
			for _, f := range funcs {
				g, h, err := normalize.Run(f)
				// As the manager, the checker runs only on a result that
				// is not the input itself.
				if err == nil && validate.Normalize(f, g, h) == nil && (g == f || ir.CheckStructure(g, ir.RTL) == nil) {
					normal = append(normal, g)
				}
			}
		}
	}, vNormalize, vNormalizeCheck, vIRCheck)
	if err != nil {
		return nil, err
	}
	res.Normalize, res.NormalizeCheck, res.NormalizeIR = cpu[vNormalize]/reps, cpu[vNormalizeCheck]/reps, cpu[vIRCheck]/reps
	res.NormalizeAlloc = alloc[vNormalize] / reps
	// The yardsticks, in one profile.
	runtime.GC()
	cpu, err = cpuOf(func() {
		for range reps {
			readAll(normal)
			analyzeAll(normal)
		}
	}, vRead, vAnalyze)
	if err != nil {
		return nil, err
	}
	res.Read, res.Analyze = cpu[vRead]/reps, cpu[vAnalyze]/reps
	// The targets' two sides are measured in one profile, taking turns
	// repetition by repetition, so that neither runs in conditions the
	// other does not (measured in profiles of their own, a minute apart,
	// x/tools' lift moved between 90 and 115 ms from run to run, and the
	// ratios with it): x/tools' lifted build (its lift), the two
	// builders with their validators, and the pass manager. Each starts
	// after a collection, as each x/tools build did on its own.
	//
	// The two builders also take turns, function by function (and which
	// goes first), so that neither runs in conditions the other does
	// not: measured one after the other, the one measured first had its
	// check up to 20% slower, whichever it was. Each builder's validator
	// and IR check are called through functions of their own, whose names
	// attribute their time; builderRep's name tells them from the pass
	// manager's calls of the same functions.
	loops := []*builderLoop{
		{Builder{Name: "mem2reg (Cytron)"}, vCytron, vCheckCytron, vIRCheckCytron, vSSACytron, mem2reg.Run, checkCytron, irCheckCytron, &res.GVN, &res.CheckElim},
		{Builder{Name: "mem2reg-braun (Braun)"}, vBraun, vCheckBraun, vIRCheckBraun, vSSABraun, mem2reg.RunBraun, checkBraun, irCheckBraun, nil, nil},
	}
	roots := []string{xLift, within(vBuilderRep, vIRCheckInput),
		within(vBuilderRep, vGVN), within(vBuilderRep, vCheckGVN), within(vBuilderRep, vIRCheckGVN),
		within(vBuilderRep, vCheckElim), within(vBuilderRep, vCheckCE), within(vBuilderRep, vIRCheckCE)}
	for _, part := range gvnParts {
		roots = append(roots, within(within(vBuilderRep, vGVN), part.fn))
	}
	for _, l := range loops {
		l.res.Functions = len(normal)
		for _, r := range append([]string{l.root, l.checkRoot, l.irRoot}, l.breakdown()...) {
			roots = append(roots, within(vBuilderRep, r))
		}
	}
	pipeline, err := passes.Pipeline("normalize,mem2reg")
	if err != nil {
		return nil, err
	}
	m := &passes.Manager{Pipeline: pipeline}
	roots = append(roots, vManager, vFullCheck)
	for _, part := range pipelineParts {
		roots = append(roots, within(vManager, part.fn))
	}
	lifted = nil
	runtime.GC()
	cpu, alloc, err = measure(func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		empty, timed := emptyInterval()
		for i := range builderReps {
			_, d := build(pkgs, ssa.InstantiateGenerics) // collects first
			res.XLift += d / builderReps
			runtime.GC()
			builderRep(loops, normal, i == builderReps-1, empty, timed)
			runtime.GC()
			pipelineRep(res, m, funcs, i == builderReps-1, empty, timed)
		}
	}, roots...)
	if err != nil {
		return nil, err
	}
	res.XLiftCPU, res.XLiftAlloc = cpu[xLift]/builderReps, alloc[xLift]/builderReps
	res.InputIR = cpu[within(vBuilderRep, vIRCheckInput)] / builderReps / time.Duration(len(loops))
	in := func(r string) string { return within(vBuilderRep, r) }
	for _, l := range loops {
		br := l.res
		br.Build, br.Validate, br.IRCheck = cpu[in(l.root)]/builderReps, cpu[in(l.checkRoot)]/builderReps, cpu[in(l.irRoot)]/builderReps
		parts := l.breakdown()
		br.Promote, br.Copy, br.Scan, br.Construct = cpu[in(parts[0])]/builderReps, cpu[in(parts[1])]/builderReps, cpu[in(parts[2])]/builderReps, cpu[in(parts[3])]/builderReps
		br.BuildValidateByCall /= builderReps
		br.BuildAlloc, br.ValidateAlloc = alloc[in(l.root)]/builderReps, alloc[in(l.checkRoot)]/builderReps
		res.Builders = append(res.Builders, br)
	}
	g := &res.GVN
	g.Pass, g.Validate, g.IRCheck = cpu[in(vGVN)]/builderReps, cpu[in(vCheckGVN)]/builderReps, cpu[in(vIRCheckGVN)]/builderReps
	g.PassAlloc, g.ValidateAlloc = alloc[in(vGVN)]/builderReps, alloc[in(vCheckGVN)]/builderReps
	g.PassValidateByCall /= builderReps
	for _, part := range gvnParts {
		g.Parts = append(g.Parts, cpu[within(in(vGVN), part.fn)]/builderReps)
	}
	ce := &res.CheckElim
	ce.Pass, ce.Validate, ce.IRCheck = cpu[in(vCheckElim)]/builderReps, cpu[in(vCheckCE)]/builderReps, cpu[in(vIRCheckCE)]/builderReps
	ce.PassAlloc, ce.ValidateAlloc = alloc[in(vCheckElim)]/builderReps, alloc[in(vCheckCE)]/builderReps
	ce.PassValidateByCall /= builderReps
	res.Pipeline, res.InputCheck = cpu[vManager]/builderReps, cpu[vFullCheck]/builderReps
	res.PipelineParts = map[string]time.Duration{}
	for _, part := range pipelineParts {
		res.PipelineParts[part.fn] = cpu[within(vManager, part.fn)] / builderReps
	}
	res.PipelineByCall /= builderReps
	res.PipelineAlloc = alloc[vManager] / builderReps
	return res, nil
}

// builderRep runs each builder once on each function of normal, with
// its validator and the IR checker on its result; the counts are taken
// in the last repetition.
//
// The pass manager runs all passes on one function before the next:
// mem2reg starts on a function the checker has just read, as x/tools
// lifts a function it has just built, and on the bridge's functions
// (which normalize returns as they are) that is the full check of the
// pipeline's input, whose counts list the accesses promotion needs. So
// each builder runs right after the full check of a fresh copy of its
// input (its own line, irCheckInput), and the builders take turns
// function by function.
//
// Each builder call and its validator call are also timed together by
// the thread's CPU time (the goroutine stays on its thread), a second
// opinion without sampling error. Each read of that clock is a system
// call, of which an interval holds about one's worth (empty). A system
// call costs more right after other work than back to back, and
// disturbs the caches, so these figures may run a little high; and none
// is made between the two calls, which slowed the validator after it.
//
//go:noinline
func builderRep(loops []*builderLoop, normal []*ir.Func, last bool, empty time.Duration, timed bool) {
	for j, f := range normal {
		for k := range loops {
			l := loops[(k+j)%len(loops)]
			f := fresh(f)
			irCheckInput(f)
			t0, _ := threadCPU()
			g, h, err := l.run(f)
			if err != nil {
				if last {
					l.res.Failed++
				}
				continue
			}
			rejected := l.check(f, g, h) != nil
			t1, _ := threadCPU()
			if timed {
				l.res.BuildValidateByCall += t1 - t0 - empty
			}
			rejected = rejected || l.irCheck(g) != nil
			if rejected && last {
				l.res.Rejected++
			}
			if l.gvn != nil && !rejected {
				gvnRep(l.gvn, l.checkElim, g, last, empty, timed)
			}
			if last {
				for _, blk := range g.Blocks {
					l.res.Phis += len(blk.Phis)
				}
			}
		}
	}
}

// pipelineRep runs the pass manager (normalize and mem2reg (Cytron)) on
// each of the bridge's functions, fully checked right before, as vssa
// check does (the check is measured apart): what the manager then does
// for a function is what a user of the passes pays on top of the
// bridge. Rejections are counted in the last repetition.
func pipelineRep(res *Result, m *passes.Manager, funcs []*ir.Func, last bool, empty time.Duration, timed bool) {
	for _, f := range funcs {
		in := fresh(f)
		if fullCheck(in) != nil {
			continue
		}
		t0, _ := threadCPU()
		_, reports := m.Run(in)
		t1, _ := threadCPU()
		if timed {
			res.PipelineByCall += t1 - t0 - empty
		}
		if last {
			for _, r := range reports {
				if r.Outcome != passes.Accepted {
					res.PipelineRejected++
					break
				}
			}
		}
	}
}

// gvnRep runs GVN on f, a result of mem2reg the IR checker has just
// accepted, then checkelim on GVN's result if it is accepted.
func gvnRep(res, ce *PassTimes, f *ir.Func, last bool, empty time.Duration, timed bool) {
	g := passRep(res, f, gvn.Run, checkGVN, irCheckGVN, func(h *validate.GVNHints) int { return len(h.Removed) }, last, empty, timed)
	if g != nil {
		passRep(ce, g, checkelim.Run, checkCheckElim, irCheckCheckElim, func(h *validate.CheckElimHints) int { return len(h.Removed) }, last, empty, timed)
	}
}

// passRep runs a pass on f and its validator, timed together by the
// thread's CPU time, then the IR checker on the result, counting into
// res in the last repetition (removed counts what the hints remove); it
// returns the result if it is accepted.
func passRep[H any](res *PassTimes, f *ir.Func, run func(*ir.Func) (*ir.Func, H, error), check func(before, after *ir.Func, h H) error,
	irCheck func(*ir.Func) error, removed func(H) int, last bool, empty time.Duration, timed bool) *ir.Func {
	t0, _ := threadCPU()
	g, h, err := run(f)
	if err != nil {
		if last {
			res.Rejected++
		}
		return nil
	}
	rejected := check(f, g, h) != nil
	t1, _ := threadCPU()
	if timed {
		res.PassValidateByCall += t1 - t0 - empty
	}
	rejected = irCheck(g) != nil || rejected
	if last {
		res.Functions++
		res.Removed += removed(h)
		if rejected {
			res.Rejected++
		}
	}
	if rejected {
		return nil
	}
	return g
}

//go:noinline
func checkGVN(before, after *ir.Func, h *validate.GVNHints) error {
	return validate.GVN(before, after, h)
}

//go:noinline
func irCheckGVN(f *ir.Func) error { return ir.CheckStructure(f, ir.SSA) }

//go:noinline
func checkCheckElim(before, after *ir.Func, h *validate.CheckElimHints) error {
	return validate.CheckElim(before, after, h)
}

//go:noinline
func irCheckCheckElim(f *ir.Func) error { return ir.CheckStructure(f, ir.SSA) }

// fresh returns a copy of f for one measured call, with its own blocks
// and register types whose room after f's registers no other result
// has claimed, as much as the bridge reserved. (Each repetition's
// result claims that room, and a later result of the same input copies
// the types instead of writing there, which the pass manager, running
// each function once, does not do.)
func fresh(f *ir.Func) *ir.Func {
	g := f.ShallowClone()
	g.ReserveForPasses()
	return g
}

// fullCheck is the full check of a pipeline's input (types included).
//
//go:noinline
func fullCheck(f *ir.Func) error { return ir.Check(f, ir.RTL) }

// builderLoop is the measurement of one builder: its result, the names
// of the functions its time is attributed to, and those functions.
type builderLoop struct {
	res                     Builder
	root, checkRoot, irRoot string
	ssaRoot                 string // the SSA construction proper
	run                     func(*ir.Func) (*ir.Func, *validate.Mem2RegHints, error)
	check                   func(before, after *ir.Func, h *validate.Mem2RegHints) error
	irCheck                 func(*ir.Func) error
	gvn, checkElim          *PassTimes // where GVN on the builder's results, and checkelim after it, are measured, if they are
}

// breakdown returns the roots of the parts of l's build: promotion,
// copying the input in promotion, finding the promotable allocations,
// and SSA construction.
func (l *builderLoop) breakdown() []string {
	promote := within(l.root, vPromote)
	return []string{promote, within(promote, vCopy), within(promote, vScan), within(l.root, l.ssaRoot)}
}

// The validator and the IR checker, called for one builder's results.
//
//go:noinline
func checkCytron(before, after *ir.Func, h *validate.Mem2RegHints) error {
	return validate.Mem2Reg(before, after, h)
}

//go:noinline
func checkBraun(before, after *ir.Func, h *validate.Mem2RegHints) error {
	return validate.Mem2Reg(before, after, h)
}

//go:noinline
func irCheckCytron(f *ir.Func) error { return ir.CheckStructure(f, ir.SSA) }

//go:noinline
func irCheckBraun(f *ir.Func) error { return ir.CheckStructure(f, ir.SSA) }

// irCheckInput is the full check of a builder's input, as the pass
// manager's input has had.
//
//go:noinline
func irCheckInput(f *ir.Func) error { return ir.Check(f, ir.RTL) }

func build(pkgs []*packages.Package, mode ssa.BuilderMode) (*ssa.Program, time.Duration) {
	runtime.GC()
	start := time.Now()
	// Packages, not AllPackages: dependencies outside the patterns come
	// from export data, without syntax to build (as in bridge.Load).
	prog, _ := ssautil.Packages(pkgs, mode)
	prog.Build()
	return prog, time.Since(start)
}

// Report prints the median of several runs, each figure from the same
// run as the others of its line.
func Report(w io.Writer, runs []*Result) {
	sort.Slice(runs, func(i, j int) bool { return runs[i].XLiftCPU < runs[j].XLiftCPU })
	r := runs[len(runs)/2]
	fmt.Fprintf(w, "functions: %d built by x/tools, %d translated by vssa (median of %d runs by x/tools lifting time)\n", r.Funcs, r.IRFuncs, len(runs))
	if r.Measured > 0 {
		fmt.Fprintf(w, "measured: the %d functions both have (by name), %.1f%% of x/tools' instructions; x/tools' figures are for all of its functions\n", r.Measured, 100*r.MeasuredShare)
	}
	fmt.Fprintf(w, "x/tools: NaiveForm build %v, lifted build %v (difference %v), CPU in lift %v, %d phis\n", r.XNaive.Round(time.Millisecond), r.XLift.Round(time.Millisecond), r.XLifting().Round(time.Millisecond), r.XLiftCPU.Round(time.Millisecond), r.XPhis)
	fmt.Fprintf(w, "vssa normalize: %v, its validator %v; reading every instruction's operands once: %v\n", r.Normalize.Round(time.Millisecond), r.NormalizeCheck.Round(time.Millisecond), r.Read.Round(time.Millisecond))
	fmt.Fprintf(w, "CFG analyses of normalize's results (graph, dominator tree, postorder): %v, not in the builders' figures (the IR checker computes them for the pass manager; x/tools' lift builds its dominator tree itself)\n", r.Analyze.Round(time.Millisecond))
	fmt.Fprintf(w, "%-22s %8s %9s %10s %15s %16s %7s %9s\n", "builder", "build", "validate", "val/build", "(build+val)/lift", "(all)/lift", "phis", "rejected")
	for _, b := range r.Builders {
		own := b.Build + b.Validate
		all := own + r.Normalize + r.NormalizeCheck
		fmt.Fprintf(w, "%-22s %8v %9v %10s %16s %16s %7d %9d\n", b.Name, b.Build.Round(time.Millisecond), b.Validate.Round(time.Millisecond),
			percent(b.Validate, b.Build), times(own, r.XLiftCPU), times(all, r.XLiftCPU), b.Phis, b.Rejected)
	}
	// The ratio that varies most from run to run, in every run, and
	// over all runs: one run's validator figure rests on some 80-90
	// profile samples, all runs together on that many per run.
	for k, b := range r.Builders {
		fmt.Fprintf(w, "%s val/build in each run:", b.Name)
		var build, validate time.Duration
		for _, run := range runs {
			rb := run.Builders[k]
			fmt.Fprintf(w, " %s", percent(rb.Validate, rb.Build))
			build, validate = build+rb.Build, validate+rb.Validate
		}
		fmt.Fprintf(w, "; over all runs: %s\n", percent(validate, build))
	}
	if r.Builders[0].BuildValidateByCall > 0 {
		fmt.Fprintf(w, "build and validation timed together call by call (thread CPU time), mean over all runs:")
		for k, b := range r.Builders {
			var sum time.Duration
			var each []string
			for _, run := range runs {
				rb := run.Builders[k]
				sum += rb.BuildValidateByCall
				each = append(each, rb.BuildValidateByCall.Round(time.Millisecond).String())
			}
			fmt.Fprintf(w, " %s %v (each run: %s);", b.Name, (sum / time.Duration(len(runs))).Round(time.Millisecond), strings.Join(each, " "))
		}
		fmt.Fprintf(w, "\n")
	}
	for _, b := range r.Builders {
		fmt.Fprintf(w, "%s build: promotion %v (copying the input %v, finding promotable allocations %v), SSA construction %v\n", b.Name,
			b.Promote.Round(time.Millisecond), b.Copy.Round(time.Millisecond), b.Scan.Round(time.Millisecond), b.Construct.Round(time.Millisecond))
	}
	fmt.Fprintf(w, "IR checker, as the pass manager runs it after each pass: on normalize's results %v (the full check of each builder's input %v)", r.NormalizeIR.Round(time.Millisecond), r.InputIR.Round(time.Millisecond))
	for _, b := range r.Builders {
		fmt.Fprintf(w, ", on %s's %v", b.Name, b.IRCheck.Round(time.Millisecond))
	}
	fmt.Fprintf(w, "\n")
	if r.Pipeline > 0 {
		fmt.Fprintf(w, "pass manager, normalize then mem2reg (Cytron): %v (timed call by call %v): both passes, the input's fingerprint after each, both validators, the IR checker after each; %d functions not accepted; the full check of its input before it, not in it: %v\n",
			r.Pipeline.Round(time.Millisecond), r.PipelineByCall.Round(time.Millisecond), r.PipelineRejected, r.InputCheck.Round(time.Millisecond))
		fmt.Fprintf(w, "pass manager's parts:")
		for i, part := range pipelineParts {
			if i > 0 {
				fmt.Fprintf(w, ",")
			}
			fmt.Fprintf(w, " %s %v", part.name, r.PipelineParts[part.fn].Round(time.Millisecond))
		}
		fmt.Fprintf(w, "\n")
	}
	if g := r.GVN; g.Functions > 0 {
		c := r.Builders[0]
		fmt.Fprintf(w, "gvn on %s's %d accepted results, right after each: pass %v, validator %v (%s of the pass), IR checker %v; %d instructions removed, %d results not accepted; pass+validator %s %s's build+validator",
			c.Name, g.Functions, g.Pass.Round(time.Millisecond), g.Validate.Round(time.Millisecond), percent(g.Validate, g.Pass),
			g.IRCheck.Round(time.Millisecond), g.Removed, g.Rejected, times(g.Pass+g.Validate, c.Build+c.Validate), c.Name)
		if g.PassValidateByCall > 0 {
			fmt.Fprintf(w, " (timed call by call: gvn %v, %s %v)", g.PassValidateByCall.Round(time.Millisecond), c.Name, c.BuildValidateByCall.Round(time.Millisecond))
		}
		fmt.Fprintf(w, "\n")
		if len(g.Parts) == len(gvnParts) {
			fmt.Fprintf(w, "gvn pass's parts:")
			for i, part := range gvnParts {
				sep := ","
				if i == 0 {
					sep = ""
				}
				fmt.Fprintf(w, "%s %s %v", sep, part.name, g.Parts[i].Round(time.Millisecond))
			}
			fmt.Fprintf(w, "\n")
		}
	}
	if ce := r.CheckElim; ce.Functions > 0 {
		fmt.Fprintf(w, "checkelim on gvn's %d accepted results, right after each: pass %v, validator %v (%s of the pass), IR checker %v; %d checks removed, %d results not accepted\n",
			ce.Functions, ce.Pass.Round(time.Millisecond), ce.Validate.Round(time.Millisecond), percent(ce.Validate, ce.Pass),
			ce.IRCheck.Round(time.Millisecond), ce.Removed, ce.Rejected)
	}
	fmt.Fprintf(w, "allocated per pass: x/tools' lift %s; normalize %s", mb(r.XLiftAlloc), mb(r.NormalizeAlloc))
	for _, b := range r.Builders {
		fmt.Fprintf(w, "; %s build %s, validate %s", b.Name, mb(b.BuildAlloc), mb(b.ValidateAlloc))
	}
	if r.GVN.Functions > 0 {
		fmt.Fprintf(w, "; gvn %s, validate %s", mb(r.GVN.PassAlloc), mb(r.GVN.ValidateAlloc))
	}
	if r.CheckElim.Functions > 0 {
		fmt.Fprintf(w, "; checkelim %s, validate %s", mb(r.CheckElim.PassAlloc), mb(r.CheckElim.ValidateAlloc))
	}
	fmt.Fprintf(w, "; the pass manager, normalize and mem2reg with validation, %s\n", mb(r.PipelineAlloc))
	fmt.Fprintf(w, "(all vssa figures and x/tools' lift are CPU time from profiles, normalize and the yardsticks run %d times in theirs,\n"+
		" x/tools' lifted build, the builders and the pass manager %d times, taking turns repetition by repetition in one profile\n"+
		" (the builders also function by function, each right after the IR checker read its input and counted its registers,\n"+
		" as in the pass manager), per run;\n"+
		" garbage collection in the background excluded, allocation assists included;\n"+
		" build = promotion + SSA construction; all = normalize + build + both validators;\n"+
		" validators read the register counts the IR checker leaves on their input;\n"+
		" allocated bytes from the heap profile's samples, per run;\n"+
		" timed call by call: the thread's CPU time around each call, less an empty interval, mean per run)\n", reps, builderReps)
	// The targets, from the profiles: X and Z each the median of its
	// ratio over the runs, Y, the most sampled least, from the samples
	// of every run. (The call-by-call times, without sampling error,
	// carry the clock reads' own disturbance: some 10% more.)
	var x, z []float64
	var build, validate time.Duration
	var each []string
	for _, run := range runs {
		c := run.Builders[0] // Cytron
		x = append(x, float64(c.Build+c.Validate)/float64(run.XLiftCPU))
		z = append(z, float64(run.Pipeline)/float64(run.XLiftCPU))
		build, validate = build+c.Build, validate+c.Validate
		each = append(each, fmt.Sprintf("lift %v: %s, %s", run.XLiftCPU.Round(time.Millisecond), times(c.Build+c.Validate, run.XLiftCPU), times(run.Pipeline, run.XLiftCPU)))
	}
	fmt.Fprintf(w, "in each run (by x/tools' lift), mem2reg+validate / lift and pipeline / lift: %s\n", strings.Join(each, "; "))
	// GVN's targets, the same way: the ratio to mem2reg the median over
	// the runs, the validator's share from the samples of every run.
	if r.GVN.Functions > 0 {
		var q []float64
		var pass, val time.Duration
		for _, run := range runs {
			c, g := run.Builders[0], run.GVN
			q = append(q, float64(g.Pass+g.Validate)/float64(c.Build+c.Validate))
			pass, val = pass+g.Pass, val+g.Validate
		}
		fmt.Fprintf(w, "gvn+validate / mem2reg+validate = %s, gvn validate / pass = %s\n", medianTimes(q), percent(val, pass))
	}
	if r.CheckElim.Functions > 0 {
		var pass, val time.Duration
		for _, run := range runs {
			pass, val = pass+run.CheckElim.Pass, val+run.CheckElim.Validate
		}
		fmt.Fprintf(w, "checkelim validate / pass = %s\n", percent(val, pass))
	}
	fmt.Fprintf(w, "mem2reg+validate / lift = %s, validate / build = %s\n", medianTimes(x), percent(validate, build))
	fmt.Fprintf(w, "pipeline / lift = %s\n", medianTimes(z))
}

// times formats a/b as a ratio, percent as a percentage; both are
// "n/a" when b is zero (too few profile samples: a tiny package set).
func times(a, b time.Duration) string {
	if b == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2fx", float64(a)/float64(b))
}

func percent(a, b time.Duration) string {
	if b == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(a)/float64(b))
}

// medianTimes formats the median of ratios, "n/a" if any is not a
// number (a zero denominator in some run).
func medianTimes(xs []float64) string {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "n/a"
		}
	}
	return fmt.Sprintf("%.2fx", median(xs))
}

// median returns the median of xs (the mean of the middle two of an
// even number).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func mb(n int64) string { return fmt.Sprintf("%.0f MB", float64(n)/(1<<20)) }
