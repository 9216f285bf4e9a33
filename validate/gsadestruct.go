// This file checks the gsa-destruct pass (Gated SSA back to SSA), which
// CompCertGSA trusts without proof. Properties checked:
//
//   - structure: the same CFG, signature, registers and types; each γ,
//     μ or phi of the input is, at the same place, a phi with the same
//     result and the same arguments in the same order; each η is a copy
//     of its argument to its result; every other instruction is the
//     input's.
//   - gates, coherence, exclusive (as validate.GSA, on the input, with
//     the predicate matrix of the hints): a γ's k-th gate is the entry
//     of its k-th predecessor in a coherent matrix row that strictly
//     dominates it, and its gates are pairwise exclusive.
//
// Why this suffices: by the invariant validate.GSA's doc argues, on
// entering a γ's block from its k-th predecessor the k-th gate is 1 and
// no other is, so the γ takes argument k, as the phi does; a μ is a
// phi; an η, where its gate is 1, copies, and where it is not is
// undefined behaviour, which the copy refines.

package validate

import "github.com/vssa-go/vssa/ir"

// GSADestruct checks a gsa-destruct result; the hints are the predicate
// matrix of the input's γs.
func GSADestruct(before, after *ir.Func, h *GSAHints) error {
	r := rejecter{"gsa-destruct", after}
	if err := r.missing(before, after); err != nil {
		return err
	}
	if !sameSignature(before, after) || !sameRegs(before.Params, after.Params) || !sameRegs(before.FreeVars, after.FreeVars) {
		return r.fn(RuleStructure, "signature or parameters differ from the input's")
	}
	if !sameCFG(before, after) || after.NumRegs() != before.NumRegs() {
		return r.fn(RuleStructure, "blocks, edges or registers differ from the input's")
	}
	if v := firstChangedType(before, after); v >= 0 {
		return typeChanged(r, before, after, v)
	}
	gammas := false
	for i, bb := range before.Blocks {
		ab := after.Blocks[i]
		if len(ab.Phis) != len(bb.Phis) || len(ab.Instrs) != len(bb.Instrs) {
			return r.at(ab, nil, RuleStructure, "block has %d phis and %d instructions, want the input's %d and %d", len(ab.Phis), len(ab.Instrs), len(bb.Phis), len(bb.Instrs))
		}
		for k, bp := range bb.Phis {
			ap := ab.Phis[k]
			if ap.Op != ir.OpPhi || !bp.Op.IsMerge() || ap.Pos != bp.Pos || !sameRegList(ap.Dsts(), bp.Dsts()) || !sameRegList(ap.Args(), bp.Args()) {
				return r.at(ab, ap, RuleStructure, "want a phi with the results and arguments, in order, of %s", ir.FormatInstr(before, bb, bp))
			}
			gammas = gammas || bp.Op == ir.OpGamma
		}
		for k, bi := range bb.Instrs {
			ai := ab.Instrs[k]
			same := sameShape(bi, ai)
			if bi.Op == ir.OpEta {
				same = ai.Op == ir.OpCopy && ai.Pos == bi.Pos && ai.Flags == 0 && (ai.Aux == nil || ai.Sym() == "" && ai.Const() == nil)
			}
			if !same || !sameRegList(ai.Dsts(), bi.Dsts()) || !sameRegList(ai.Args(), bi.Args()) {
				return r.at(ab, ai, RuleStructure, "instruction differs from the input's %s", ir.FormatInstr(before, bb, bi))
			}
		}
	}
	if !gammas {
		return nil
	}
	if before.Recover != -1 {
		return r.fn(RuleStructure, "gammas in a function with a recover block")
	}
	if h == nil {
		h = &GSAHints{}
	}
	v := &gsaCheck{r: r, before: before, after: before, h: h, dom: before.Analyze().Dom}
	v.defs()
	for _, b := range before.Blocks {
		for _, in := range b.Phis {
			if in.Op == ir.OpGamma {
				if len(in.Gates()) != len(in.Args()) {
					return r.at(b, in, RuleGates, "gamma has %d gates for %d arguments", len(in.Gates()), len(in.Args()))
				}
				if err := v.gamma(b, in); err != nil {
					return err
				}
			}
		}
	}
	return v.coherence()
}
