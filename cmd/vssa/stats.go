// This file is vssa stats: what GVN removes, by kind of instruction,
// next to what a pessimistic dominator walk removes.

package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes"
	"github.com/vssa-go/vssa/passes/gvn"
	"github.com/vssa-go/vssa/validate"
)

func init() {
	var passList string
	register(&command{
		name:  "stats",
		usage: "[-passes=LIST] PATTERNS...",
		short: "measure what GVN removes, against a pessimistic dominator walk",
		long: `Stats loads the packages (e.g. std), builds every function's GVN input
as vssa check -passes=mem2reg,gvn does (the passes of -passes before gvn,
through the pass manager with validation), and runs on that input both
gvn (optimistic numbering) and a pessimistic hash-based walk of the
dominator tree (gvn.Pessimistic: a phi reading a value not numbered yet,
around a loop, gets a number of its own), each result checked by
validate.GVN and the IR checker. A function counts only when both
results are accepted, so the two columns are over the same functions.

It counts the instructions of the inputs by kind and, for each variant,
those its result removed: arithmetic and logic, comparisons, conversions,
address arithmetic (fieldaddr, indexaddr), other pure operations (field,
index, slice, len, cap, typeassert, global, func), constants (equal
constants are one value), copies, loads, other memory reads (map lookups,
len of a map), each kind of check (covered by an equal dominating check),
phis, and the rest (calls, stores, allocations, terminators, never
removed), with subtotals ("= operations": the first five kinds; "= pure":
with constants and copies); the difference is what the optimistic
numbering adds. Counts are given with their share of the kind's
instructions in the input. Removed is everything a result leaves out,
what GVN made redundant and what was or became unused. Instructions
folded to a constant and kept as a const are counted apart (one folded
and then unused is removed). CompCertSSA's Table 1 follows for scale:
the Iop instructions (CompCert RTL's operations: arithmetic, comparisons,
conversions, constants, moves, addresses; no loads) of C benchmarks, and
those its LVN and GVN removed; the "= pure" row is the nearest to Iop.
On GSA form (-passes=mem2reg,gsa,gvn), gvn numbers gammas of different
joins together where their gates and arguments agree (gated value
numbering); it is then also run as gvn.Ungated, gammas numbered only
with those of their own join, on the same inputs, and a line before the
last says what gated numbering adds. It ends with one line:

  gvn: N instructions of M removed (P%), pessimistic walk: K (Q%)

M counts every instruction of the inputs, phis and terminators included.
Exit status: 0, or 1 if a result of any pass was rejected or a pass
crashed (reported as vssa check does).`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&passList, "passes", "mem2reg,gvn", "passes ending with gvn; those before it build its input ("+passNames()+")")
		},
		run: func(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
			if len(args) == 0 {
				// std takes minutes: it must be asked for.
				return badUsage(stderr, "stats", "no packages given (std for the standard library)")
			}
			prefix, err := statsPrefix(passList)
			if err != nil {
				fmt.Fprintf(stderr, "vssa stats: %v\n", err)
				return exitUsage
			}
			if err := missingGoFile(args); err != nil {
				fmt.Fprintf(stderr, "vssa stats: %v\n", err)
				return exitFailure
			}
			prog, err := bridge.Load(bridge.Config{}, args...)
			if err != nil {
				fmt.Fprintf(stderr, "vssa stats: %v\n", err)
				return exitFailure
			}
			s := newGVNStats(prefix, gvn.Run, gvn.Pessimistic)
			s.unsupported = len(prog.Unsupported)
			for _, f := range prog.Module.Funcs {
				s.function(f, stdout)
			}
			s.report(stdout, strings.Join(args, " "))
			if s.problems() {
				return exitFailure
			}
			return exitOK
		},
	})
}

// statsPrefix parses a pass list that ends with gvn and returns the
// passes before it.
func statsPrefix(list string) ([]*passes.Pass, error) {
	pipeline, err := passes.Pipeline(list)
	if err != nil {
		return nil, err
	}
	n := len(pipeline)
	if n == 0 || pipeline[n-1].Name != "gvn" {
		return nil, fmt.Errorf("-passes must end with gvn (the passes before it build its input), not %q", list)
	}
	for _, p := range pipeline[:n-1] {
		if p.Name == "gvn" {
			return nil, fmt.Errorf("-passes names gvn twice: %q", list)
		}
	}
	return pipeline[:n-1], nil
}

// gvnVariant is one of the two numberings, run by the pass manager as a
// pass that keeps what it was given and what it gave, for Count.
type gvnVariant struct {
	name     string
	pass     *passes.Pass
	in, out  *ir.Func
	hints    *validate.GVNHints
	stats    gvn.Stats
	rejected int
	crashed  int // crashed, or another outcome that should not happen
}

func newGVNVariant(name string, run func(*ir.Func) (*ir.Func, *validate.GVNHints, error)) *gvnVariant {
	v := &gvnVariant{name: name}
	v.pass = passes.New(name, "GVN, kept for counting", ir.SSA, ir.SSA, func(f *ir.Func) (*ir.Func, *validate.GVNHints, error) {
		v.in = f // before run, which may panic
		g, h, err := run(f)
		v.out, v.hints = g, h
		return g, h, err
	}, validate.GVN).AlsoGSA()
	return v
}

func (v *gvnVariant) reset() { v.in, v.out, v.hints = nil, nil, nil }

// outcome counts r, the variant's report, and says whether its result
// was accepted.
func (v *gvnVariant) outcome(r *passes.Report, w io.Writer) bool {
	switch r.Outcome {
	case passes.Accepted:
		return true
	case passes.Rejected:
		v.rejected++
	default:
		v.crashed++
	}
	fmt.Fprintf(w, "%s %v\n", strings.ToUpper(r.Outcome.String()), r)
	return false
}

// gvnStats is the state of one vssa stats.
type gvnStats struct {
	prefix    []*passes.Pass
	opt, pess *gvnVariant
	// The managers: the passes before gvn and gvn; the pessimistic walk
	// on what gvn was given.
	manager, pessManager *passes.Manager
	// On GSA form (a prefix ending with gsa), gvn without gated value
	// numbering (gvn.Ungated) on what gvn was given too: what gvn
	// removes over it is what gated numbering adds. Else nil.
	ungated        *gvnVariant
	ungatedManager *passes.Manager

	funcs       int // translated
	unsupported int // not translated by the bridge
	declined    int // a pass before gvn declined (unsupported)
	measured    int // both results accepted
	// Problems: the bridge's result or a pass before gvn rejected or
	// crashed, or this command crashed on a function.
	bridgeRejected, prefixRejected, prefixCrashed, statsCrashed int
}

// newGVNStats measures opt (gvn.Run) against pess (gvn.Pessimistic) on
// the results of the passes prefix.
func newGVNStats(prefix []*passes.Pass, opt, pess func(*ir.Func) (*ir.Func, *validate.GVNHints, error)) *gvnStats {
	s := &gvnStats{prefix: prefix, opt: newGVNVariant("gvn", opt), pess: newGVNVariant("gvn-pessimistic", pess)}
	s.manager = &passes.Manager{Pipeline: append(prefix[:len(prefix):len(prefix)], s.opt.pass)}
	s.pessManager = &passes.Manager{Pipeline: []*passes.Pass{s.pess.pass}, In: ir.SSA}
	if form := prefixForm(prefix); form == ir.GSA {
		s.pessManager.In = form
		s.ungated = newGVNVariant("gvn-ungated", gvn.Ungated)
		s.ungatedManager = &passes.Manager{Pipeline: []*passes.Pass{s.ungated.pass}, In: form}
	}
	return s
}

// prefixForm is the form the passes of prefix leave.
func prefixForm(prefix []*passes.Pass) ir.Discipline {
	form := ir.RTL
	for _, p := range prefix {
		form, _ = p.Takes(form)
	}
	return form
}

func (s *gvnStats) problems() bool {
	n := s.bridgeRejected + s.prefixRejected + s.prefixCrashed + s.statsCrashed +
		s.opt.rejected + s.opt.crashed + s.pess.rejected + s.pess.crashed
	if s.ungated != nil {
		n += s.ungated.rejected + s.ungated.crashed
	}
	return n > 0
}

// function builds f's GVN input, runs both variants on it, and counts
// their results if both are accepted.
func (s *gvnStats) function(f *ir.Func, w io.Writer) {
	s.funcs++
	defer func() {
		if x := recover(); x != nil {
			s.statsCrashed++
			fmt.Fprintf(w, "CRASHED stats: %s: %v\n%s", f.Name, x, debug.Stack())
		}
	}()
	if err := ir.Check(f, ir.RTL); err != nil {
		s.bridgeRejected++
		fmt.Fprintf(w, "REJECTED bridge: %v\n", err)
		return
	}
	s.opt.reset()
	s.pess.reset()
	if s.ungated != nil {
		s.ungated.reset()
	}
	_, reports := s.manager.Run(f)
	for _, r := range reports[:len(s.prefix)] {
		switch r.Outcome {
		case passes.Accepted:
			continue
		case passes.Failed, passes.Skipped:
			s.declined++
		case passes.Rejected:
			s.prefixRejected++
			fmt.Fprintf(w, "REJECTED %v\n", r)
		default:
			s.prefixCrashed++
			fmt.Fprintf(w, "%s %v\n", strings.ToUpper(r.Outcome.String()), r)
		}
		return
	}
	r := reports[len(reports)-1]
	optOK := s.opt.outcome(r, w)
	if r.Outcome == passes.Corrupted || s.opt.in == nil {
		return // the input is not to be trusted
	}
	in := s.opt.in
	_, reports = s.pessManager.Run(in)
	pessOK := s.pess.outcome(reports[0], w)
	if !optOK || !pessOK || s.pess.in != in {
		return
	}
	if s.ungated != nil {
		_, reports = s.ungatedManager.Run(in)
		if !s.ungated.outcome(reports[0], w) || s.ungated.in != in {
			return
		}
		u := gvn.Count(in, s.ungated.out, s.ungated.hints)
		s.ungated.stats.Add(&u)
	}
	o, p := gvn.Count(in, s.opt.out, s.opt.hints), gvn.Count(in, s.pess.out, s.pess.hints)
	s.opt.stats.Add(&o)
	s.pess.stats.Add(&p)
	s.measured++
}

func (s *gvnStats) report(w io.Writer, patterns string) {
	fmt.Fprintf(w, "GVN on %s, its input built by %s with validation:\n", patterns, pipelineNames(s.prefix))
	fmt.Fprintf(w, "  %d functions translated (%d more unsupported by the bridge): %d measured (both results accepted), %d declined by a pass before gvn\n",
		s.funcs, s.unsupported, s.measured, s.declined)
	fmt.Fprintf(w, "  gvn: %d rejected, %d crashed; pessimistic walk: %d rejected, %d crashed\n", s.opt.rejected, s.opt.crashed, s.pess.rejected, s.pess.crashed)
	if n := s.bridgeRejected + s.prefixRejected + s.prefixCrashed + s.statsCrashed; n > 0 {
		fmt.Fprintf(w, "  before gvn: %d rejected by the IR checker (bridge), %d rejected and %d crashed in passes; stats crashed on %d\n",
			s.bridgeRejected, s.prefixRejected, s.prefixCrashed, s.statsCrashed)
	}
	o, p := &s.opt.stats, &s.pess.stats
	fmt.Fprintf(w, "\nInstructions removed, by kind (and %% of the kind's instructions in the input):\n\n")
	fmt.Fprintf(w, "  %-16s %10s %18s %18s %18s\n", "kind", "input", "pessimistic walk", "gvn (optimistic)", "optimism adds")
	row := func(name string, keep func(gvn.Kind) bool) {
		in, pr, or := gvn.Sum(&o.Input, keep), gvn.Sum(&p.Removed, keep), gvn.Sum(&o.Removed, keep)
		fmt.Fprintf(w, "  %-16s %10d %18s %18s %18s\n", name, in, countPct(pr, in), countPct(or, in), fmt.Sprintf("%+d (%s)", or-pr, pct(or-pr, in)))
	}
	for k := range gvn.NumKinds {
		row(k.String(), func(x gvn.Kind) bool { return x == k })
		switch k {
		case gvn.KindOtherPure:
			row("= operations", func(x gvn.Kind) bool { return x <= gvn.KindOtherPure })
		case gvn.KindCopy:
			row("= pure (~Iop)", gvn.Kind.Pure)
		case gvn.KindLenCheck:
			row("= checks", gvn.Kind.Check)
		}
	}
	row("= all", nil)
	fmt.Fprintf(w, "\nFolded to a constant and kept as a const (not counted above): pessimistic walk %d, gvn %d\n",
		gvn.Sum(&p.Folded, nil), gvn.Sum(&o.Folded, nil))
	compCertTable1(w)
	total := gvn.Sum(&o.Input, nil)
	if u := s.ungated; u != nil {
		fmt.Fprintf(w, "\nOn GSA form, gvn without gated value numbering (gammas of one join only): %d rejected, %d crashed; it removes %d, gvn %d:\n",
			u.rejected, u.crashed, gvn.Sum(&u.stats.Removed, nil), gvn.Sum(&o.Removed, nil))
		fmt.Fprintf(w, "gated value numbering adds: %+d instructions (%+d phis, gammas and mus)\n",
			gvn.Sum(&o.Removed, nil)-gvn.Sum(&u.stats.Removed, nil), o.Removed[gvn.KindPhi]-u.stats.Removed[gvn.KindPhi])
	}
	n, k := gvn.Sum(&o.Removed, nil), gvn.Sum(&p.Removed, nil)
	fmt.Fprintf(w, "\ngvn: %d instructions of %d removed (%s), pessimistic walk: %d (%s)\n", n, total, pct(n, total), k, pct(k, total))
}

func pipelineNames(ps []*passes.Pass) string {
	var names []string
	for _, p := range ps {
		names = append(names, p.Name)
	}
	return strings.Join(names, ",")
}

// pct is n as a percentage of total (of its absolute value: a
// difference's sign is written with its count).
func pct(n, total int) string {
	if total == 0 {
		return "0.00%"
	}
	return fmt.Sprintf("%.2f%%", 100*float64(max(n, -n))/float64(total))
}

// countPct is "n (p%)".
func countPct(n, total int) string { return fmt.Sprintf("%d (%s)", n, pct(n, total)) }

// compCertRows is Table 1 of Barthe, Demange, Pichardie, "Formal
// Verification of an SSA-based Middle-end for CompCert" (TOPLAS 2014),
// §9.2: per backend and set of C benchmarks, the Iop instructions of the
// RTL functions, those CompCert's LVN-CSE removed, those their GVN-CSE
// removed right after LVN, and those GVN-CSE removed alone.
var compCertRows = []struct {
	backend, bench         string
	iop, lvn, gvn, gvnOnly int
}{
	{"x86", "c. kernels", 3494, 163, 55, 216},
	{"x86", "raytracer", 2303, 131, 29, 159},
	{"x86", "spass", 51640, 122, 19, 99},
	{"x86", "TOTAL", 57437, 416, 103, 474},
	{"PowerPC", "c. kernels", 3142, 422, 54, 472},
	{"PowerPC", "raytracer", 2755, 303, 21, 322},
	{"PowerPC", "spass", 52451, 392, 43, 306},
	{"PowerPC", "TOTAL", 58348, 1117, 118, 1100},
}

func compCertTable1(w io.Writer) {
	fmt.Fprintf(w, "\nFor scale, CompCertSSA (Barthe, Demange, Pichardie, TOPLAS 2014, §9.2, Table 1): the Iop instructions\n")
	fmt.Fprintf(w, "of C benchmarks' RTL, the paper's \"arithmetic operations\" (CompCert's operations: arithmetic, logic,\n")
	fmt.Fprintf(w, "comparisons, conversions, constants, moves, address computations; no loads, stores, calls or branches,\n")
	fmt.Fprintf(w, "and C has no checks), and those removed by CompCert's local value numbering (LVN), by CompCertSSA's\n")
	fmt.Fprintf(w, "GVN-CSE right after LVN, and by GVN-CSE alone; the nearest row above is \"= pure (~Iop)\":\n\n")
	fmt.Fprintf(w, "  %-8s %-11s %8s %15s %15s %15s\n", "backend", "benchmarks", "Iop", "LVN", "GVN after LVN", "GVN only")
	for _, r := range compCertRows {
		fmt.Fprintf(w, "  %-8s %-11s %8d %15s %15s %15s\n", r.backend, r.bench, r.iop,
			countPct(r.lvn, r.iop), countPct(r.gvn, r.iop), countPct(r.gvnOnly, r.iop))
	}
}
