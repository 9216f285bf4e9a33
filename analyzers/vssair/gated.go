package vssair

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"github.com/vssa-go/vssa/validate"
)

// GatedWhy explains a decision of form f that takes gated facts
// (validate's facts_gated.go, found by checkelim.Gate: facts that hold
// under a condition, across the join that set them): the nearest
// comparison written in the source that ran before instruction k of
// block b on every path and whose branch gives facts there only on an
// edge that does not lead to it alone ("p != nil was true"), with its
// position. "" when the certificate without gated facts decides it; without a
// position when no such branch gives them (they come from values set
// at the join, a mode with its pointer, or, with no comparison on the
// way, from what every path sets).
func (r *Result) GatedWhy(f *Form, rules *validate.FactRules, facts []validate.Fact, b, k int) (string, token.Pos) {
	implies := func(given []validate.Fact, use int) bool {
		for _, c := range facts {
			if !rules.Implied(c, given, use) {
				return false
			}
		}
		return true
	}
	if f.ungated == nil || slices.ContainsFunc(f.ungated.Decided, func(d validate.Decision) bool { return d.Block == b && d.Index == k }) {
		return "", token.NoPos // decided without gated facts
	}
	dom := f.IR.CFG().Dom
	underComparison := false
	for d := dom.Idom(b); d >= 0; d = dom.Idom(d) {
		cmp := f.BranchCond(d)
		if cmp == nil || r.Comparisons[cmp.Pos] == nil {
			continue
		}
		underComparison = true
		for e, s := range f.IR.Blocks[d].Succs {
			if !dom.Dominates(s, b) && implies(rules.EdgeFacts(f.IR.Blocks[d], e), s) {
				return fmt.Sprintf("the condition it is under holds only where %s was %v", types.ExprString(r.Comparisons[cmp.Pos]), e == 0), cmp.Pos
			}
		}
	}
	if !underComparison {
		// No comparison of the source is on the way to it (i == 0
		// right after i++ in a loop): the facts come from what the
		// joins before it choose, on every path.
		return "every path to it sets values that make it so", token.NoPos
	}
	return "the condition it is under is set only with values that make it so", token.NoPos
}
