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
	if f.ungated == nil || slices.ContainsFunc(f.ungated.Decided, func(d validate.Decision) bool { return d.Block == b && d.Index == k }) {
		return "", token.NoPos // decided without gated facts
	}
	def := defs(f.IR)
	flags := f.flagBranches(def, b)
	// Paths on which a flag b is under takes the value that does not
	// lead to b do not explain it (after ok := i >= 0 && i < len(s),
	// i >= 0's false edge sets ok false).
	denied := f.deniedEdges(def, flags)
	cfg := f.IR.CFG()
	dom := cfg.Dom
	under := false // b is under a branch that is not a loop's test
	for d := dom.Idom(b); d >= 0; d = dom.Idom(d) {
		succs := f.IR.Blocks[d].Succs
		if len(succs) < 2 {
			continue
		}
		loopTest := slices.ContainsFunc(cfg.Graph.Preds[d], func(p int) bool { return dom.Dominates(d, p) })
		if !loopTest && slices.ContainsFunc(succs, func(s int) bool { return !f.reaches(s, b, d, false) }) {
			under = true
		}
		cmp := f.BranchCond(d)
		if cmp == nil || r.Comparisons[cmp.Pos] == nil {
			continue
		}
		for e, s := range succs {
			// An outcome explains b only if b is reached through it and
			// not straight from another outcome (after if x == 0 || y,
			// x == 0's arm runs into what follows unasked).
			other := func(o int) bool { return o != s && f.reaches(o, b, d, true) }
			if !dom.Dominates(s, b) && f.reachesAvoiding(s, b, d, denied) && !slices.ContainsFunc(succs, other) && impliesAll(rules, facts, rules.EdgeFacts(f.IR.Blocks[d], e), s) {
				return fmt.Sprintf("the condition it is under holds only where %s was %v", types.ExprString(r.Comparisons[cmp.Pos]), e == 0), cmp.Pos
			}
		}
	}
	if why, at := r.logicalFlagWhy(f, rules, facts, def, flags, b); why != "" {
		return why, at
	}
	if !under {
		// No branch but a loop's test decides whether it runs (i == 0
		// right after i++ in a loop): the facts come from what the
		// joins before it choose, on every path.
		return "every path to it sets values that make it so", token.NoPos
	}
	return "the condition it is under is set only with values that make it so", token.NoPos
}

// reaches reports whether a path from block s reaches block b without
// passing block avoid; with straight, only through blocks that do not
// branch (b itself may).
func (f *Form) reaches(s, b, avoid int, straight bool) bool {
	return f.search(s, b, avoid, straight, nil)
}

// reachesAvoiding reports whether a path from block s reaches block b
// without passing block avoid or an edge of denied.
func (f *Form) reachesAvoiding(s, b, avoid int, denied map[[2]int]bool) bool {
	return f.search(s, b, avoid, false, denied)
}

func (f *Form) search(s, b, avoid int, straight bool, denied map[[2]int]bool) bool {
	blocks := f.IR.Blocks
	seen := map[int]bool{avoid: true}
	work := []int{s}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == b {
			return true
		}
		if seen[x] || straight && len(blocks[x].Succs) > 1 {
			continue
		}
		seen[x] = true
		for _, y := range blocks[x].Succs {
			if !denied[[2]int{x, y}] {
				work = append(work, y)
			}
		}
	}
	return false
}
