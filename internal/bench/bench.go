package bench

import (
	"fmt"
	"go/token"
	"io"
	"runtime"
	"sort"
	"time"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/mem2reg"
	"github.com/vssa-go/vssa/passes/normalize"
	"github.com/vssa-go/vssa/validate"
)

// Result is one measurement run.
type Result struct {
	Funcs          int           // functions built by x/tools (with bodies)
	XNaive, XLift  time.Duration // x/tools builds: NaiveForm and default (lifted)
	XPhis          int           // phis in x/tools' lifted form
	IRFuncs        int           // functions translated by the bridge
	Normalize      time.Duration // vssa normalize, all functions
	NormalizeCheck time.Duration
	Builders       []Builder
}

// Builder is the measurement of one SSA builder.
type Builder struct {
	Name      string
	Build     time.Duration // promotion + SSA construction
	Validate  time.Duration // validate.Mem2Reg (promotion + SSA-generation validators)
	Phis      int
	Rejected  int
	Failed    int
	Functions int
}

// XLifting is x/tools' lifting time.
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
	naive, d := build(pkgs, ssa.NaiveForm|ssa.InstantiateGenerics)
	res.XNaive = d
	lifted, d := build(pkgs, ssa.InstantiateGenerics)
	res.XLift = d
	for fn := range ssautil.AllFunctions(lifted) {
		if fn.Blocks == nil {
			continue
		}
		res.Funcs++
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if _, ok := in.(*ssa.Phi); ok {
					res.XPhis++
				}
			}
		}
	}
	lifted = nil
	// vssa: translate the NaiveForm program (not timed: it corresponds to
	// x/tools' NaiveForm build), then normalize and build SSA.
	var ssaPkgs []*ssa.Package
	for _, p := range naive.AllPackages() {
		ssaPkgs = append(ssaPkgs, p)
	}
	prog := bridge.FromSSA(naive, ssaPkgs)
	funcs := prog.Module.Funcs
	res.IRFuncs = len(funcs)
	normal := make([]*ir.Func, 0, len(funcs))
	runtime.GC()
	start := time.Now()
	type pair struct {
		in, out *ir.Func
		h       *validate.NormalizeHints
	}
	var pairs []pair
	for _, f := range funcs {
		g, h, err := normalize.Run(f)
		if err == nil {
			pairs = append(pairs, pair{f, g, h})
		}
	}
	res.Normalize = time.Since(start)
	start = time.Now()
	for _, p := range pairs {
		if validate.Normalize(p.in, p.out, p.h) == nil {
			normal = append(normal, p.out)
		}
	}
	res.NormalizeCheck = time.Since(start)
	for _, b := range []struct {
		name string
		run  func(*ir.Func) (*ir.Func, *validate.Mem2RegHints, error)
	}{{"mem2reg (Cytron)", mem2reg.Run}, {"mem2reg-braun (Braun)", mem2reg.RunBraun}} {
		br := Builder{Name: b.name, Functions: len(normal)}
		type built struct {
			in, out *ir.Func
			h       *validate.Mem2RegHints
		}
		results := make([]built, 0, len(normal))
		runtime.GC()
		start := time.Now()
		for _, f := range normal {
			g, h, err := b.run(f)
			if err != nil {
				br.Failed++
				continue
			}
			results = append(results, built{f, g, h})
		}
		br.Build = time.Since(start)
		runtime.GC()
		start = time.Now()
		for _, r := range results {
			if validate.Mem2Reg(r.in, r.out, r.h) != nil {
				br.Rejected++
			}
		}
		br.Validate = time.Since(start)
		for _, r := range results {
			for _, blk := range r.out.Blocks {
				br.Phis += len(blk.Phis)
			}
		}
		res.Builders = append(res.Builders, br)
	}
	return res, nil
}

func build(pkgs []*packages.Package, mode ssa.BuilderMode) (*ssa.Program, time.Duration) {
	runtime.GC()
	start := time.Now()
	prog, _ := ssautil.AllPackages(pkgs, mode)
	prog.Build()
	return prog, time.Since(start)
}

// Report prints the median of several runs, each figure from the same
// run as the others of its line.
func Report(w io.Writer, runs []*Result) {
	sort.Slice(runs, func(i, j int) bool { return runs[i].XLifting() < runs[j].XLifting() })
	r := runs[len(runs)/2]
	fmt.Fprintf(w, "functions: %d built by x/tools, %d translated by vssa (median of %d runs by x/tools lifting time)\n", r.Funcs, r.IRFuncs, len(runs))
	fmt.Fprintf(w, "x/tools: NaiveForm build %v, lifted build %v, lifting %v, %d phis\n", r.XNaive.Round(time.Millisecond), r.XLift.Round(time.Millisecond), r.XLifting().Round(time.Millisecond), r.XPhis)
	fmt.Fprintf(w, "vssa normalize: %v, its validator %v\n", r.Normalize.Round(time.Millisecond), r.NormalizeCheck.Round(time.Millisecond))
	fmt.Fprintf(w, "%-24s %12s %12s %10s %14s %10s %9s\n", "builder", "build", "validate", "val/build", "build+val/lift", "phis", "rejected")
	for _, b := range r.Builders {
		total := r.Normalize + b.Build + r.NormalizeCheck + b.Validate
		fmt.Fprintf(w, "%-24s %12v %12v %9.0f%% %13.2fx %10d %9d\n", b.Name, b.Build.Round(time.Millisecond), b.Validate.Round(time.Millisecond),
			100*float64(b.Validate)/float64(b.Build), float64(total)/float64(r.XLifting()), b.Phis, b.Rejected)
	}
	fmt.Fprintf(w, "(build = promotion + SSA construction; build+val/lift = (normalize + build + both validators) / x/tools lifting)\n")
}
