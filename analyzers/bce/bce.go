package bce

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/vssa-go/vssa/analyzers/vssair"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
	"github.com/vssa-go/vssa/validate"
)

// Analyzer reports bounds and slice checks left in loops.
var Analyzer = &analysis.Analyzer{
	Name:     "bce",
	Doc:      "report bounds and slice checks left inside loops\n\nIn functions whose doc comment has a //vssa:bce line (an assertion that\nno such check remains), or in every function with -bce.all, each bounds\nor slice check inside a loop that check elimination could not remove is\nreported with the fact it could not prove, and with a hint that removes it\nwhere check elimination confirms one: a suggested fix (s = s[:len(x)] or\n_ = s[c-1] before the loop) where it keeps what the program does wherever\nit did not panic, else _ = s[n-1] named in the message only.\nWith -bce.gc (on in vssalint) gc's check_bce confirms each hint too, in a\nbuild of the package with its hints inserted: a hint after which gc keeps\nits check (or adds one) gives way to the reslice s = s[:n], or is named\nwith \"gc keeps its check with this hint\" and offered as no fix.",
	URL:      "https://github.com/vssa-go/vssa",
	Requires: []*analysis.Analyzer{vssair.Analyzer},
	Run:      run,
}

var all bool

func init() {
	Analyzer.Flags.BoolVar(&all, "all", false, "report checks left in loops of every function, not only of those marked //vssa:bce")
}

// directive marks a function whose loops must keep no bounds check.
const directive = "//vssa:bce"

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[vssair.Analyzer].(*vssair.Result)
	defer res.Done()
	if res.FactsOnly {
		return nil, nil // no one reads the diagnostics
	}
	if err := res.Complete(); err != nil {
		return nil, err
	}
	// The checks left are found function by function; their hints are
	// chosen over the package, so that gc judges them in one build.
	type found struct {
		f    *vssair.Func
		left []leftCheck
	}
	var funcs []found
	p := newPlan(pass)
	var gcErr error
	for _, f := range res.Funcs() {
		if !all && !marked(f) {
			continue
		}
		left := leftIn(pass, f)
		if confirmGC {
			var err error
			if left, err = keptByGC(pass, left); err != nil && gcErr == nil {
				gcErr = err
				pass.Reportf(pass.Files[0].Name.Pos(), "bce: the checks reported in this package and their hints are not confirmed by gc's: %v", err)
			}
		}
		p.add(f, left)
		funcs = append(funcs, found{f, left})
	}
	if confirmGC && gcErr == nil && len(p.order) > 0 {
		p.confirmByGC(gcBaseline(pass))
	}
	for _, fl := range funcs {
		report(pass, p, fl.left)
	}
	return nil, nil
}

// leftIn returns the bounds and slice checks left in f's loops, each
// with the fact check elimination did not prove.
func leftIn(pass *analysis.Pass, f *vssair.Func) []leftCheck {
	var left []leftCheck
	form := f.Forms[len(f.Forms)-1]
	removed := map[validate.CheckRemoval]bool{}
	if form.Checks != nil {
		for _, m := range form.Checks.Removed {
			removed[m] = true
		}
	}
	rules := form.Rules()
	inLoop := loops(form.IR)
	for b, block := range form.IR.Blocks {
		if !inLoop[b] || !form.Live[b] {
			continue
		}
		for k, in := range block.Instrs {
			if in.Op != ir.OpBoundsCheck && in.Op != ir.OpSliceCheck || removed[validate.CheckRemoval{Block: b, Index: k}] || !in.Pos.IsValid() {
				continue
			}
			why := unproved(form, rules, b, k, in)
			if why == notNonNegative {
				if note := wrapNote(pass, in.Pos); note != "" {
					why = note
				}
			}
			left = append(left, leftCheck{in, why})
		}
	}
	return left
}

// A leftCheck is a check left in a loop, and why.
type leftCheck struct {
	in  *ir.Instr
	why string
}

// report reports the checks left in a function's loops, each bounds
// check with the hint the plan chose for it, if any: one gc rejected
// is named, with gc's reason, in the message only.
func report(pass *analysis.Pass, p *plan, left []leftCheck) {
	for _, c := range left {
		d := analysis.Diagnostic{Pos: c.in.Pos, Message: fmt.Sprintf("%s left in a loop: %s", checkName(c.in), c.why)}
		h, rejected := p.chosen(c.in.Pos)
		if rejected != nil {
			d.Message += fmt.Sprintf("; %s before the loop removes it in vssa's view, not in gc's (not offered as a fix: %s)", rejected.h.text(), rejected.gc.reason(c.in.Pos))
		}
		if h != nil {
			d.Message += fmt.Sprintf("; %s before the loop removes it", h.text())
			if !h.fix() {
				// Drivers apply fixes unread: one that may panic
				// where the program did not is only named.
				d.Message += fmt.Sprintf(" (not offered as a fix: %s)", h.caveat())
			} else {
				d.SuggestedFixes = []analysis.SuggestedFix{{
					Message:   fmt.Sprintf("Insert %s before the loop (it keeps what the program does: %s)", h.text(), h.why()),
					TextEdits: []analysis.TextEdit{h.edit()},
				}}
			}
		}
		pass.Report(d)
	}
}

// marked reports whether f's declaration's doc comment has the
// directive.
func marked(f *vssair.Func) bool {
	return vssair.HasDirective(f.SSA, directive)
}

func checkName(in *ir.Instr) string {
	if in.Op == ir.OpSliceCheck {
		return "slice bounds check"
	}
	return "bounds check"
}

// notNonNegative is unproved's reason for an index check elimination
// did not prove non-negative.
const notNonNegative = "the index is not known to be non-negative"

// unproved says which of the check's facts does not follow where it
// stands (all of them when checkelim's result was rejected).
func unproved(form *vssair.Form, rules *validate.FactRules, b, k int, in *ir.Instr) string {
	if form.Checks == nil {
		return "check elimination's result for this function was rejected by its validator"
	}
	avail := form.FactsBefore(rules, b, k)
	facts := validate.CheckFacts(form.IR, in)
	for i, c := range facts {
		if rules.Implied(c, avail, b) {
			continue
		}
		if in.Op == ir.OpBoundsCheck {
			if i == 0 {
				return notNonNegative
			}
			return "the index is not known to be below the length"
		}
		return "the bounds are not known to be in order within the capacity"
	}
	return "its facts hold, but the pass did not find them"
}

// loops marks the blocks of natural loops: for each back edge t → h (h
// dominates t), h and the blocks that reach t without passing h.
func loops(f *ir.Func) []bool {
	cfg := f.CFG()
	in := make([]bool, len(f.Blocks))
	for b, d := range graph.LoopDepths(cfg.Graph, cfg.Dom) {
		in[b] = d > 0
	}
	return in
}

// The analyzer reads vssair's functions: vssair releases them once it
// is done (Result.Done).
func init() { vssair.Uses(Analyzer) }
