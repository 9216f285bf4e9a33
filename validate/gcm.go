// This file checks the gcm pass: the result must be a legal schedule of
// the input's Sea of Nodes graph (ir/son). Properties checked:
//
//   - structure: signature, parameters, registers' types, blocks and
//     edges are the input's;
//   - effects: every block has the input's phis, effects and control,
//     in the same order (so loads, stores, calls, checks and panics run
//     as in the input on every path), and the result has the input's
//     data nodes, each defining the same registers by the same
//     instruction, and no other;
//   - place: the result's graph is strict (son.Check): every data node
//     is defined, through its inputs, where each use is — which says
//     that nothing was sunk below a use or hoisted above an input;
//   - anchor: an unchecked data node comes after its input anchor in
//     the result: in a block the anchor's strictly dominates, or in
//     the anchor's block after it. The input's anchor is the highest
//     dominating check that implies the node's precondition (a
//     shiftcheck of its count, a boundscheck of its index against its
//     slice's len, a nilcheck of its pointer), or else the effect
//     before it in its block, which the check came before; none when
//     its operands' definitions imply the precondition (a constant
//     divisor, a count non-negative by its definition). A data node
//     that is not unchecked is pure and cannot panic, so evaluating it
//     on a path where the input did not is unobservable;
//   - recover: a data node that the blocks the recover block reaches
//     see is defined after as many instructions of the entry that may
//     panic as in the input (gcm_recover.go): a panic there enters the
//     recover block with the entry's later registers reading as zero,
//     which the graph, where the entry dominates the recover block,
//     does not say.
//
// It rebuilds both graphs itself; the pass's placement is not trusted.

package validate

import (
	"errors"
	"fmt"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/son"
)

// GCM checks a gcm result (the pass gives no hints).
func GCM(before, after *ir.Func, _ struct{}) error {
	r := rejecter{"gcm", after}
	if err := r.missing(before, after); err != nil {
		return err
	}
	if !sameSignature(before, after) || !sameRegs(before.Params, after.Params) || !sameRegs(before.FreeVars, after.FreeVars) || !sameCFG(before, after) {
		return r.fn(RuleStructure, "signature, parameters or CFG differ from the input's")
	}
	if after.NumRegs() != before.NumRegs() {
		return r.fn(RuleStructure, "%d registers, want the input's %d", after.NumRegs(), before.NumRegs())
	}
	if v := firstChangedType(before, after); v >= 0 {
		return typeChanged(r, before, after, v)
	}
	gb, err := son.Build(before)
	if err != nil {
		return r.fn(RuleStructure, "the input is not well-formed SSA")
	}
	if err := ir.Check(after, ir.SSA); err != nil {
		// A use its definition does not dominate, most likely: say
		// which, without the function's name (the report gives it).
		var es ir.CheckErrors
		if errors.As(err, &es) && len(es) > 0 {
			e := es[0]
			return &Error{Validator: "gcm", Rule: RulePlace, Block: e.Block, Context: e.Context, Msg: fmt.Sprintf("not well-formed SSA: %s [%s]", e.Msg, e.Rule)}
		}
		return r.fn(RulePlace, "not well-formed SSA")
	}
	ga, err := son.Build(after)
	if err != nil {
		return r.fn(RulePlace, "not well-formed SSA")
	}
	for bi, b := range after.Blocks {
		if !sameInstrs(before.Blocks[bi].Phis, b.Phis) {
			return r.at(b, nil, RuleEffects, "phis differ from the input's")
		}
		eb, ea := gb.Chains[bi], ga.Chains[bi]
		if len(eb) != len(ea) {
			return r.at(b, nil, RuleEffects, "%d effects, want the input's %d in its order", len(ea), len(eb))
		}
		for k := range ea {
			if !sameInstr(gb.Nodes[eb[k]].Instr, ga.Nodes[ea[k]].Instr) {
				return r.at(b, ga.Nodes[ea[k]].Instr, RuleEffects, "effect %d is not the input's (%s)", k, ir.FormatInstr(before, before.Blocks[bi], gb.Nodes[eb[k]].Instr))
			}
		}
		if !sameInstr(gb.Nodes[gb.Controls[bi]].Instr, ga.Nodes[ga.Controls[bi]].Instr) {
			return r.at(b, ga.Nodes[ga.Controls[bi]].Instr, RuleEffects, "control is not the input's")
		}
	}
	// The same data nodes: each register a data node of the input
	// defines is defined in the result by the same instruction, and the
	// result has no other.
	var nb, na int
	for i, nd := range gb.Nodes {
		if nd.Kind != son.Data {
			continue
		}
		nb++
		d := ga.Def[nd.Instr.Dsts()[0]]
		if d == son.None || ga.Nodes[d].Kind != son.Data || !sameInstr(nd.Instr, ga.Nodes[d].Instr) {
			return r.fn(RuleEffects, "%s of the input is not a data node of the result", gb.String(son.ID(i)))
		}
	}
	for _, nd := range ga.Nodes {
		if nd.Kind == son.Data {
			na++
		}
	}
	if na != nb {
		return r.fn(RuleEffects, "%d data nodes, want the input's %d", na, nb)
	}
	if err := son.Check(ga); err != nil {
		return r.fn(RulePlace, "%v", err)
	}
	for _, nd := range gb.Nodes {
		if nd.Kind != son.Data || nd.Ctl == son.None {
			continue
		}
		x := &ga.Nodes[ga.Def[nd.Instr.Dsts()[0]]]
		if x.Ctl == son.None {
			// Its operands' definitions are the input's, and son
			// anchors by them alone or by position: not by them here.
			return r.at(ga.Func.Blocks[x.Home], x.Instr, RuleAnchor, "has no anchor, where the input's is %s", gb.String(nd.Ctl))
		}
		was, is := gb.Nodes[nd.Ctl], ga.Nodes[x.Ctl]
		after := is.Block
		if was.Block == after {
			if was.Kind == son.Effect && (is.Kind != son.Effect || is.Pos < was.Pos) {
				return r.at(ga.Func.Blocks[after], x.Instr, RuleAnchor, "placed before %s, which it followed in the input", ir.FormatInstr(before, before.Blocks[was.Block], was.Instr))
			}
			continue
		}
		if !ga.Dom.StrictlyDominates(was.Block, after) {
			return r.at(ga.Func.Blocks[after], x.Instr, RuleAnchor, "placed in b%d, out of the blocks b%d (where it followed its guard) dominates", after, was.Block)
		}
	}
	if before.Recover > 0 {
		return gcmRecoverSide(r, before, after, gb, ga)
	}
	return nil
}

func sameInstrs(a, b []*ir.Instr) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameInstr(a[i], b[i]) {
			return false
		}
	}
	return true
}
