// This file is vssa zerochecks: the division checks checkelim removes
// next to those zce (the Sea of Nodes algorithm of paper 004 §4.3)
// removes, on the same inputs, and why one removes what the other
// keeps.

package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"sort"
	"strings"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/internal/ssaform"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/son"
	"github.com/vssa-go/vssa/passes"
	"github.com/vssa-go/vssa/passes/checkelim"
	"github.com/vssa-go/vssa/passes/zce"
	"github.com/vssa-go/vssa/validate"
)

func init() {
	var passList string
	var all, copies bool
	register(&command{
		name:  "zerochecks",
		usage: "[-passes=LIST] [-v] PATTERNS...",
		short: "compare the division checks checkelim and zce remove",
		long: `Zerochecks loads the packages (e.g. std), makes every function's input as
vssa check does with the passes of -passes (validated), and runs on that
one input both checkelim and zce (redundant zero-check elimination on
the Sea of Nodes graph, paper 004 §4.3), each result checked by its
validator. A function counts only when both results are accepted.
With -copies (the default) the input's copies are propagated first,
as gvn does and nothing else: mem2reg leaves a copy per use of a
variable, and checkelim's facts are about one register, so on its
output checkelim misses most of what a check of another copy says
(vssa's pipeline runs gvn first); -copies=false measures that.

For each function where either removes a divcheck it prints

  FUNC: divchecks N, checkelim removes A, zce removes B

(with -v, every function with a divcheck), and under it each divcheck one
removes and the other keeps, with its position. For those only zce
removes, the check covering it and whether that one's divisor is the
same register or a copy of it. For those only checkelim removes, why
zce keeps it (the divisor taken through copies):

  constant    the divisor is a constant (never zero)
  elsewhere   the divisor is checked by a check this one does not
              dominate, and none dominates this one (a join of checked
              arms, a loop's check before it on the back edge)
  branch      a branch compares the divisor (a condition such as x != 0)
  phi         the divisor is a phi (checkelim's facts of its arguments)
  other       none of these

It ends with the totals:

  zerochecks: N divchecks, checkelim removes A, zce B, both C; checkelim only D, zce only E

Exit status: 0, or 1 if a result was rejected or a pass crashed.`,
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&passList, "passes", "mem2reg", "the passes that make the input ("+passNames()+")")
			fs.BoolVar(&all, "v", false, "print every function with a divcheck")
			fs.BoolVar(&copies, "copies", true, "propagate the input's copies first (as gvn would, nothing else)")
		},
		run: func(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
			if len(args) == 0 {
				return badUsage(stderr, "zerochecks", "no packages given (std for the standard library)")
			}
			prefix, err := passes.Pipeline(passList)
			if err != nil {
				fmt.Fprintf(stderr, "vssa zerochecks: %v\n", err)
				return exitUsage
			}
			if err := missingGoFile(args); err != nil {
				fmt.Fprintf(stderr, "vssa zerochecks: %v\n", err)
				return exitFailure
			}
			prog, err := bridge.Load(bridge.Config{}, args...)
			if err != nil {
				fmt.Fprintf(stderr, "vssa zerochecks: %v\n", err)
				return exitFailure
			}
			z := &zeroChecks{prog: prog, manager: &passes.Manager{Pipeline: prefix}, all: all, copies: copies, reasons: map[string]int{}, zceReasons: map[string]int{}}
			for _, f := range prog.Module.Funcs {
				z.function(f, stdout)
			}
			z.report(stdout)
			if z.problems > 0 {
				return exitFailure
			}
			return exitOK
		},
	})
}

// zeroChecks is the state of one vssa zerochecks.
type zeroChecks struct {
	prog    *bridge.Program
	manager *passes.Manager
	all     bool
	copies  bool

	funcs, measured, problems int
	declined                  int // no SSA input: a pass declined
	// divchecks of the measured inputs; removed by each, by both, by one.
	checks, byElim, byZCE, both, elimOnly, zceOnly int
	reasons, zceReasons                            map[string]int // elimOnly and zceOnly by reason
}

// zceCovers returns the divcheck covering each that zce removes, by
// place in f: the walk's (the graph is built again).
func zceCovers(f *ir.Func) map[validate.CheckRemoval]validate.CheckRemoval {
	out := map[validate.CheckRemoval]validate.CheckRemoval{}
	g, err := son.Build(f)
	if err != nil {
		return out
	}
	place := func(n son.ID) validate.CheckRemoval {
		nd := g.Node(n)
		return validate.CheckRemoval{Block: nd.Block, Index: slices.Index(f.Blocks[nd.Block].Instrs, nd.Instr)}
	}
	for _, c := range son.RedundantZeroChecks(g) {
		out[place(c.Check)] = place(c.By)
	}
	return out
}

// function makes f's input, runs both passes on it and counts their
// removals when both are accepted.
func (z *zeroChecks) function(f *ir.Func, w io.Writer) {
	z.funcs++
	defer func() {
		if x := recover(); x != nil {
			z.problems++
			fmt.Fprintf(w, "CRASHED zerochecks: %s: %v\n%s", f.Name, x, debug.Stack())
		}
	}()
	if ir.Check(f, ir.RTL) != nil {
		return // vssa check reports the bridge's rejections
	}
	in, reports := z.manager.Run(f)
	for _, r := range reports {
		if r.Outcome != passes.Accepted && r.Outcome != passes.Skipped {
			z.problems++
			fmt.Fprintf(w, "%s %v\n", strings.ToUpper(r.Outcome.String()), r)
			return
		}
	}
	if ir.Check(in, ir.SSA) != nil {
		z.declined++ // a pass declined: no SSA input
		return
	}
	if z.copies {
		if in = ssaform.WithoutCopies(in); in == nil {
			z.problems++
			fmt.Fprintf(w, "REJECTED zerochecks: %s: not SSA without its copies\n", f.Name)
			return
		}
	}
	n := 0
	for _, b := range in.Blocks {
		for _, x := range b.Instrs {
			if x.Op == ir.OpDivCheck {
				n++
			}
		}
	}
	if n == 0 {
		return
	}
	eo, eh, err := checkelim.Run(in)
	if err == nil {
		err = validate.CheckElim(in, eo, eh)
	}
	zo, zh, zerr := zce.Run(in)
	if zerr == nil {
		zerr = validate.ZCE(in, zo, zh)
	}
	for _, r := range []struct {
		pass string
		err  error
	}{{"checkelim", err}, {"zce", zerr}} {
		if r.err != nil {
			z.problems++
			fmt.Fprintf(w, "REJECTED %s: %s: %v\n", r.pass, f.Name, r.err)
		}
	}
	if err != nil || zerr != nil {
		return
	}
	z.measured++
	z.checks += n
	byElim := map[validate.CheckRemoval]bool{}
	for _, r := range eh.Removed {
		if in.Blocks[r.Block].Instrs[r.Index].Op == ir.OpDivCheck {
			byElim[r] = true
		}
	}
	byZCE := map[validate.CheckRemoval]bool{}
	for _, r := range zh.Removed {
		byZCE[r] = true
	}
	z.byElim += len(byElim)
	z.byZCE += len(byZCE)
	var lines []string
	for r := range byElim {
		if byZCE[r] {
			z.both++
			continue
		}
		z.elimOnly++
		why := zeroReason(in, r)
		z.reasons[why]++
		lines = append(lines, fmt.Sprintf("  %s: b%d:%d divcheck r%d: checkelim only (%s)", z.pos(in, r), r.Block, r.Index, divisor(in, r), why))
	}
	covers := zceCovers(in)
	for r := range byZCE {
		if !byElim[r] {
			z.zceOnly++
			c := covers[r]
			why := "same register"
			if divisor(in, c) != divisor(in, r) {
				why = "a copy of the same register"
			}
			z.zceReasons[why]++
			lines = append(lines, fmt.Sprintf("  %s: b%d:%d divcheck r%d: zce only (under b%d:%d divcheck r%d, %s)", z.pos(in, r), r.Block, r.Index, divisor(in, r), c.Block, c.Index, divisor(in, c), why))
		}
	}
	if len(byElim)+len(byZCE) > 0 || z.all {
		sort.Strings(lines)
		fmt.Fprintf(w, "%s: divchecks %d, checkelim removes %d, zce removes %d\n", f.Name, n, len(byElim), len(byZCE))
		for _, l := range lines {
			fmt.Fprintln(w, l)
		}
	}
}

func (z *zeroChecks) pos(f *ir.Func, r validate.CheckRemoval) string {
	return z.prog.Fset.Position(f.Blocks[r.Block].Instrs[r.Index].Pos).String()
}

func divisor(f *ir.Func, r validate.CheckRemoval) ir.Reg {
	return f.Blocks[r.Block].Instrs[r.Index].Args()[0]
}

// zeroReason says why zce keeps the divcheck r of f that checkelim
// removes (see the command's documentation), from what defines and
// reads its divisor (through copies).
func zeroReason(f *ir.Func, r validate.CheckRemoval) string {
	root := ssaform.CopyRoots(f)
	x := root(divisor(f, r))
	dom := f.CFG().Dom
	// dominated reports whether the check at (b, k) comes after r's on
	// every path: r's does not say it may be zero there.
	dominated := func(b, k int) bool {
		return b == r.Block && k > r.Index || b != r.Block && dom.Dominates(r.Block, b)
	}
	var def *ir.Instr
	elsewhere, branch := false, false
	for bi, b := range f.Blocks {
		for _, phi := range b.Phis {
			if phi.Dsts()[0] == x {
				def = phi
			}
		}
		for k, in := range b.Instrs {
			for _, d := range in.Dsts() {
				if d == x {
					def = in
				}
			}
			if in.Op == ir.OpDivCheck && root(in.Args()[0]) == x && (bi != r.Block || k != r.Index) && !dominated(bi, k) {
				elsewhere = true
			}
			if isComparison(in.Op) && (root(in.Args()[0]) == x || root(in.Args()[1]) == x) {
				branch = true
			}
		}
	}
	switch {
	case def != nil && def.Op == ir.OpConst:
		return "constant"
	case elsewhere:
		return "elsewhere"
	case branch:
		return "branch"
	case def != nil && def.Op == ir.OpPhi:
		return "phi"
	}
	return "other"
}

func (z *zeroChecks) report(w io.Writer) {
	fmt.Fprintf(w, "functions: %d, without SSA form (a pass declined): %d, measured (both results accepted, with a divcheck): %d\n", z.funcs, z.declined, z.measured)
	fmt.Fprintf(w, "checkelim only, by reason: %s\n", byReason(z.reasons))
	fmt.Fprintf(w, "zce only, by reason: %s\n", byReason(z.zceReasons))
	fmt.Fprintf(w, "zerochecks: %d divchecks, checkelim removes %d, zce %d, both %d; checkelim only %d, zce only %d\n",
		z.checks, z.byElim, z.byZCE, z.both, z.elimOnly, z.zceOnly)
}

func isComparison(op ir.Op) bool {
	switch op {
	case ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe:
		return true
	}
	return false
}

// byReason prints counts by reason, in the reasons' order.
func byReason(m map[string]int) string {
	var rs []string
	for k, n := range m {
		rs = append(rs, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(rs)
	return strings.Join(rs, ", ")
}
