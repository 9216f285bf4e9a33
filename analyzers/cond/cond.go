package cond

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/vssa-go/vssa/analyzers/vssair"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Analyzer reports integer conditions that are always true or always
// false.
var Analyzer = &analysis.Analyzer{
	Name:     "cond",
	Doc:      "report integer conditions that are always true or always false\n\nA comparison of integers is reported when the conditions that dominate\nit, the checks that passed before it and the ranges of its operands fix\nits outcome on every target, with its reason: the condition, check or\ndivision that gives it, the operands' types, the values a loop's\ncounter takes or a variable holds after branches, the conditions\ntogether, or a condition it is under that holds only where an earlier\none did (a flag or a length set under a branch, a flag that holds a && or\n|| of comparisons), or values that every\npath to it sets. Not reported: comparisons with named constants (they may\ndiffer by target or build tags), of two constants, and a bound of a\nswitch's case that its earlier cases make redundant (a range switch),\nunless the case is dead. Each report is backed by a certificate vssa's\nvalidator accepted.",
	URL:      "https://github.com/vssa-go/vssa",
	Requires: []*analysis.Analyzer{vssair.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[vssair.Analyzer].(*vssair.Result)
	defer res.Done()
	if res.FactsOnly {
		return nil, nil // no one reads the diagnostics
	}
	if err := res.Complete(); err != nil {
		return nil, err
	}
	res.Decisions(func(d *vssair.Decided) bool {
		if !d.Form.OnEveryTarget(d.Decision) || len(d.Facts) == 0 || !validate.FactLE.AppliesTo(d.Form.IR.TypeOf(d.Instr.Args()[0])) {
			return false // not on every target (gvn's form may be), or not of integers (nil comparisons are nilness's)
		}
		if byConstruction(pass, d.Expr) || pinned(d.Rules, d.Form, d.Instr, d.Decision) {
			return true // decided, but not a finding in any form
		}
		why, at := explain(d.Form, d.Rules, d.Facts, d.Decision.Block, d.Decision.Index)
		if why == "" {
			why, at = res.GatedWhy(d.Form, d.Rules, d.Facts, d.Decision.Block, d.Decision.Index)
		}
		if why == "" {
			why = fallback(pass, d.Form.IR, d.Instr, d.Expr)
		}
		if styleOfSwitch(pass, d.Expr, d.Decision.Outcome, why, at) {
			return true // decided, but a range switch's bound: style
		}
		vssair.Report(pass, d.Node, vssair.Always(d.Expr, d.Decision.Outcome), why, at)
		return true
	})
	return nil, nil
}

// byConstruction reports whether an operand of e is a constant other
// than a literal (vssair.NotLiteral): its value may be another on
// another target or with other build tags (goarch.PtrSize, a size of
// the C library), so a comparison with it is constant by construction
// there, not a finding.
func byConstruction(pass *analysis.Pass, e *ast.BinaryExpr) bool {
	return vssair.NotLiteral(pass, e.X) || vssair.NotLiteral(pass, e.Y)
}

// pinned reports whether the operands of the comparison in are both
// constants (variables that only ever hold one), or one is a length with
// one value where it stands: of a literal, of an array whose size is a
// constant. Its
// outcome is then fixed by data the author wrote or by the target (an
// array sized by the number of argument registers), a guard on that
// data, not a finding.
func pinned(rules *validate.FactRules, form *vssair.Form, in *ir.Instr, d validate.Decision) bool {
	avail := form.FactsBefore(rules, d.Block, d.Index)
	constants := 0
	for _, r := range in.Args() {
		if _, ok := rules.Constant(r, d.Block); ok {
			constants++ // a literal operand is what the comparison is about; two are folding
			continue
		}
		if def := definition(form.IR, r); def == nil || def.Op != ir.OpLen && def.Op != ir.OpCap {
			continue // a value pinned by a condition the author wrote is a finding
		}
		for _, a := range avail {
			if a.Kind != validate.FactLE || a.If.Kind != 0 || a.Reg != r {
				continue
			}
			bound := a.C // r ≤ bound: pinned if r ≥ bound too
			if a.Y != ir.NoReg {
				k, ok := rules.Constant(a.Y, d.Block)
				if !ok {
					continue
				}
				bound += k
			}
			if rules.Implied(validate.Fact{Kind: validate.FactLE, Reg: ir.NoReg, Y: r, C: -bound}, avail, d.Block) {
				return true
			}
		}
	}
	return constants == len(in.Args())
}

// explain names the nearest dominating condition, check or division
// that alone gives the decided comparison's facts, and its position;
// the operands' types when those give them without any; none when no
// one of them does (the facts come from several, or from a loop's
// phis).
func explain(f *vssair.Form, rules *validate.FactRules, facts []validate.Fact, b, k int) (string, token.Pos) {
	implies := func(given []validate.Fact) bool {
		for _, c := range facts {
			if !rules.Implied(c, given, b) {
				return false
			}
		}
		return true
	}
	if implies(nil) {
		// The operands' types and constants give the facts: a condition
		// met on the way, which any would imply, is not the reason.
		return "given the operands' types", token.NoPos
	}
	why, at := "", token.NoPos
	f.Dominating(rules, b, k, func(in *ir.Instr, guard []validate.Fact, guardAt token.Pos) bool {
		switch in.Op {
		case ir.OpIf:
			if guardAt.IsValid() && guard != nil && implies(guard) {
				why, at = "given the condition", guardAt
				return false
			}
		case ir.OpBoundsCheck, ir.OpSliceCheck, ir.OpShiftCheck, ir.OpLenCheck:
			if in.Pos.IsValid() && implies(rules.Gens(in, nil, b)) {
				why, at = "given the check", in.Pos
				return false
			}
		case ir.OpDivCheck, ir.OpDiv, ir.OpRem:
			if in.Pos.IsValid() && implies(rules.Gens(in, nil, b)) {
				why, at = "given the division", in.Pos
				return false
			}
		}
		return true
	})
	return why, at
}

// definition returns the instruction that defines r in f, if any.
func definition(f *ir.Func, r ir.Reg) *ir.Instr {
	in, _ := definitionBlock(f, r)
	return in
}

// The analyzer reads vssair's functions: vssair releases them once it
// is done (Result.Done).
func init() { vssair.Uses(Analyzer) }
