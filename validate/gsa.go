// This file checks the gsa pass (SSA to Gated SSA), after CompCertGSA
// §5 (Herklotz, Demange, Blazy). Properties checked:
//
//   - structure (§5.3): the same CFG, signature and recover block;
//     each phi of the input is, at the
//     same place with the same result, a phi, a μ (two arguments) or a
//     γ with the same arguments; every other instruction is the input's,
//     after the leading ηs a block may gain; an η's result is a new
//     register (rename: its number is past the input's).
//   - rename (§5.4): an operand that differs from the input's is the
//     result of an η of the input's operand that strictly precedes the
//     use (a γ, μ or phi argument is used at the end of its predecessor).
//   - gates: the k-th gate of a γ at block j is the matrix entry
//     P(d, preds(j)[k]) of a row d that strictly dominates j; an η's gate
//     at block l is P(h, l) of a row h that strictly dominates l. P(d, d)
//     is true, and so is an entry the hints leave out.
//   - coherence (§5.2, Def. 5.2): for every row d and every block j that
//     d strictly dominates with an entry, the entry is true if j is the
//     recover block (entered from anywhere, its only strict dominator
//     the entry block), the entry mentions no register
//     defined in j (it is its own projection ↓j), and
//     (∨ over the edges k→j of P(d, k) ∧ c(k→j))↓j implies P(d, j), c
//     being the edge's branch condition (true after a jump).
//   - exclusive (Def. 5.4, 5.5): the gates of a γ are pairwise never
//     both 1.
//
// Why this suffices (the simulation of §5.6, in blocks): while control
// is in block j, every row d that strictly dominates j has P(d, j) = 1.
// On entry it follows from coherence, since the entry of the
// predecessor k was 1 at k's end and the edge's condition was 1; the
// merge writes only registers of j, which the projection removed from
// the antecedent, and predicates are negation-free, so projecting only
// raises them. Inside j it stays 1, since P(d, j) mentions no register
// j writes. So an η's gate is 1 where it runs, and on entering a join j
// from its k-th predecessor the k-th gate of each γ is 1 and, by
// exclusion, no other is: the γ takes the phi's argument. Renamed
// operands are equal to the originals: an η copies its argument, and
// the η's block strictly dominates the use while the argument's
// definition strictly dominates the η, so no path from the η to the
// use writes the argument again.
//
// Implications and exclusions are settled by the syntactic rules of
// ir/pred where they can, else refuted by a SAT solver whose certificate
// is checked (gsa_sat.go).

package validate

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/pred"
	"github.com/vssa-go/vssa/validate/sat"
)

// GSAHints are the predicate matrix the gates come from, and for each
// gate the row it was taken from.
type GSAHints struct {
	Rows []GSARow
	// Row[r] is the index in Rows of the row of the gates of the γ or
	// η defining r.
	Row map[ir.Reg]int
	// Solver answers the questions the syntactic rules do not settle;
	// nil: internal/cdcl. It is untrusted like the pass: an answer
	// counts only with a certificate sat.CheckRUP accepts (the mutation
	// suite gives one that lies).
	Solver sat.Solver
}

// GSARow is the row of the predicate matrix for dominator Dom: P[j] is
// the predicate of the paths from Dom to block j (j strictly dominated
// by Dom); a block it leaves out has true.
type GSARow struct {
	Dom int
	P   map[int]pred.Pred
}

// entry returns P(Dom, j).
func (row *GSARow) entry(j int) pred.Pred {
	if p, ok := row.P[j]; ok && j != row.Dom {
		return p
	}
	return pred.TruePred()
}

// GSA checks a gsa result.
func GSA(before, after *ir.Func, h *GSAHints) error {
	r := rejecter{"gsa", after}
	if err := r.missing(before, after); err != nil {
		return err
	}
	if !sameSignature(before, after) || !sameRegs(before.Params, after.Params) || !sameRegs(before.FreeVars, after.FreeVars) {
		return r.fn(RuleStructure, "signature or parameters differ from the input's")
	}
	if !sameCFG(before, after) {
		return r.fn(RuleStructure, "blocks or edges differ from the input's")
	}
	if after.NumRegs() < before.NumRegs() {
		return r.fn(RuleStructure, "%d registers, want at least the input's %d", after.NumRegs(), before.NumRegs())
	}
	if v := firstChangedType(before, after); v >= 0 {
		return typeChanged(r, before, after, v)
	}
	if h == nil {
		h = &GSAHints{}
	}
	v := &gsaCheck{r: r, before: before, after: after, h: h, dom: after.Analyze().Dom}
	return v.run()
}

type gsaCheck struct {
	r             rejecter
	before, after *ir.Func
	h             *GSAHints
	dom           interface {
		StrictlyDominates(a, b int) bool
	}
	etaBlock map[ir.Reg]int // η result → its block
	etaIndex map[ir.Reg]int // η result → its index among the instructions
	etaSrc   map[ir.Reg]ir.Reg
	defBlock []int // register → block defining it in after (-1: none or a parameter)
	gated    bool
}

func (v *gsaCheck) run() error {
	if err := v.structure(); err != nil {
		return err
	}
	if err := v.coherence(); err != nil {
		return err
	}
	return v.etaGates()
}

// structure checks the correspondence of blocks and instructions and
// the renaming, and collects the ηs.
func (v *gsaCheck) structure() error {
	v.defs()
	v.etaBlock, v.etaIndex, v.etaSrc = map[ir.Reg]int{}, map[ir.Reg]int{}, map[ir.Reg]ir.Reg{}
	for _, b := range v.after.Blocks {
		for i, in := range b.Instrs {
			if in.Op != ir.OpEta {
				continue
			}
			v.gated = true
			d, src := in.Dsts()[0], in.Args()[0]
			if int(d) < v.before.NumRegs() {
				return v.r.at(b, in, RuleRename, "eta result %s is a register of the input, want a new one", d)
			}
			if int(src) >= v.before.NumRegs() {
				return v.r.at(b, in, RuleRename, "eta argument %s is not a register of the input", src)
			}
			if _, dup := v.etaBlock[d]; dup {
				return v.r.at(b, in, RuleRename, "%s is the result of two etas", d)
			}
			if !sameType(v.after.TypeOf(d), v.after.TypeOf(src)) {
				return v.r.at(b, in, RuleTypes, "eta result and argument have different types")
			}
			v.etaBlock[d], v.etaIndex[d], v.etaSrc[d] = b.Index, i, src
		}
	}
	for i, bb := range v.before.Blocks {
		ab := v.after.Blocks[i]
		if len(ab.Phis) != len(bb.Phis) {
			return v.r.at(ab, nil, RuleStructure, "block has %d phis, gammas and mus, want the input's %d phis", len(ab.Phis), len(bb.Phis))
		}
		for k, bp := range bb.Phis {
			if err := v.merge(ab, bp, ab.Phis[k]); err != nil {
				return err
			}
		}
		e := 0
		for e < len(ab.Instrs) && ab.Instrs[e].Op == ir.OpEta {
			e++
		}
		if len(ab.Instrs)-e != len(bb.Instrs) {
			return v.r.at(ab, nil, RuleStructure, "block has %d instructions after its etas, want the input's %d", len(ab.Instrs)-e, len(bb.Instrs))
		}
		for k, bi := range bb.Instrs {
			ai := ab.Instrs[e+k]
			if ai.Op == ir.OpEta || !sameShape(bi, ai) || !sameRegList(bi.Dsts(), ai.Dsts()) {
				return v.r.at(ab, ai, RuleStructure, "instruction differs from the input's %s", ir.FormatInstr(v.before, bb, bi))
			}
			for n, a := range ai.Args() {
				if err := v.use(ab, ai, bi.Args()[n], a, ab.Index, e+k); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// defs records the block defining each register of after.
func (v *gsaCheck) defs() {
	v.defBlock = make([]int, v.after.NumRegs())
	for i := range v.defBlock {
		v.defBlock[i] = -1
	}
	for _, b := range v.after.Blocks {
		for _, list := range [2][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				for _, d := range in.Dsts() {
					v.defBlock[d] = b.Index
				}
			}
		}
	}
}

func sameRegList(a, b []ir.Reg) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// use checks that operand got, where the input has orig, read at index
// at of block b (at < 0: at the end of b), is orig or its η's result.
func (v *gsaCheck) use(ab *ir.Block, in *ir.Instr, orig, got ir.Reg, b, at int) error {
	if got == orig {
		return nil
	}
	src, ok := v.etaSrc[got]
	if !ok || src != orig {
		return v.r.at(ab, in, RuleRename, "operand %s, want %s or the result of an eta of it", got, orig)
	}
	eb := v.etaBlock[got]
	if eb == b && (at < 0 || v.etaIndex[got] < at) || eb != b && v.dom.StrictlyDominates(eb, b) {
		return nil
	}
	return v.r.at(ab, in, RuleRename, "operand %s is the result of an eta at b%d, which does not precede this use", got, eb)
}

// merge checks the phi, γ or μ am that stands for the input's phi bp.
func (v *gsaCheck) merge(ab *ir.Block, bp, am *ir.Instr) error {
	if bp.Op != ir.OpPhi {
		return v.r.at(ab, am, RuleStructure, "the input is not in SSA form")
	}
	if !sameRegList(bp.Dsts(), am.Dsts()) || len(bp.Args()) != len(am.Args()) || am.Pos != bp.Pos {
		return v.r.at(ab, am, RuleStructure, "differs from the input's %s", ir.FormatInstr(v.before, ab, bp))
	}
	for k, a := range am.Args() {
		if err := v.use(ab, am, bp.Args()[k], a, ab.Preds[k], -1); err != nil {
			return err
		}
	}
	switch am.Op {
	case ir.OpPhi:
		return nil
	case ir.OpMu:
		v.gated = true
		if len(am.Args()) != 2 {
			return v.r.at(ab, am, RuleStructure, "mu has %d arguments, want 2", len(am.Args()))
		}
		return nil
	case ir.OpGamma:
		v.gated = true
		return v.gamma(ab, am)
	}
	return v.r.at(ab, am, RuleStructure, "%s stands for a phi", am.Op)
}

// row returns the row the gates of the instruction defining d come
// from, which must strictly dominate block j.
func (v *gsaCheck) row(ab *ir.Block, in *ir.Instr, d ir.Reg, j int) (*GSARow, error) {
	i, ok := v.h.Row[d]
	if !ok || i < 0 || i >= len(v.h.Rows) {
		return nil, v.r.at(ab, in, RuleHints, "no row of the predicate matrix for the gates of %s", d)
	}
	row := &v.h.Rows[i]
	if row.Dom < 0 || row.Dom >= len(v.after.Blocks) || !v.dom.StrictlyDominates(row.Dom, j) {
		return nil, v.r.at(ab, in, RuleGates, "the gates' row b%d does not strictly dominate b%d", row.Dom, j)
	}
	return row, nil
}

// gamma checks a γ's gates: the row's entries of the predecessors, in
// order, pairwise exclusive.
func (v *gsaCheck) gamma(ab *ir.Block, g *ir.Instr) error {
	row, err := v.row(ab, g, g.Dsts()[0], ab.Index)
	if err != nil {
		return err
	}
	gates := g.Gates()
	if len(gates) != len(ab.Preds) {
		return v.r.at(ab, g, RuleGates, "gamma has %d gates, want one per predecessor (%d)", len(gates), len(ab.Preds))
	}
	for k, p := range ab.Preds {
		if !gates[k].Equal(row.entry(p)) {
			return v.r.at(ab, g, RuleGates, "gate %d is [%s], want the paths from b%d to predecessor b%d: [%s]", k, gates[k], row.Dom, p, row.entry(p))
		}
	}
	for k := range gates {
		for l := k + 1; l < len(gates); l++ {
			if !v.exclusive(gates[k], gates[l]) {
				return v.r.at(ab, g, RuleExclusive, "gates %d and %d may both be 1", k, l)
			}
		}
	}
	return nil
}

// coherence checks every row's entries, and the ηs' gates.
func (v *gsaCheck) coherence() error {
	// in[j] lists the edges into j with their conditions.
	type inEdge struct {
		from int
		cond pred.Pred
	}
	in := make([][]inEdge, len(v.after.Blocks))
	for _, b := range v.after.Blocks {
		t := b.Terminator()
		for s, succ := range b.Succs {
			c := pred.TruePred()
			if t != nil && t.Op == ir.OpIf {
				c = pred.Literal(int32(t.Args()[0]), s == 1)
			}
			in[succ] = append(in[succ], inEdge{b.Index, c})
		}
	}
	for i := range v.h.Rows {
		row := &v.h.Rows[i]
		if row.Dom < 0 || row.Dom >= len(v.after.Blocks) {
			return v.r.fn(RuleHints, "row %d is for block b%d, which does not exist", i, row.Dom)
		}
		for j, p := range row.P {
			if j < 0 || j >= len(v.after.Blocks) || !v.dom.StrictlyDominates(row.Dom, j) {
				return v.r.fn(RuleHints, "row b%d has an entry for b%d, which it does not strictly dominate", row.Dom, j)
			}
			b := v.after.Blocks[j]
			if j == v.after.Recover && !p.IsTrue() {
				// Entered from anywhere after a recovered panic: no
				// edge carries the invariant there.
				return v.r.at(b, nil, RuleCoherence, "P(b%d, b%d) = [%s] for the recover block, want true", row.Dom, j, p)
			}
			for _, a := range p.Regs() {
				if int(a) >= len(v.defBlock) || a < 0 {
					return v.r.at(b, nil, RuleCoherence, "P(b%d, b%d) names r%d, which does not exist", row.Dom, j, a)
				}
				if v.defBlock[a] == j {
					return v.r.at(b, nil, RuleCoherence, "P(b%d, b%d) names r%d, which b%d defines (want it projected)", row.Dom, j, a, j)
				}
			}
			var ante pred.Pred
			for _, e := range in[j] {
				ante = append(ante, pred.And(row.entry(e.from), e.cond)...)
			}
			ante = pred.Project(ante, func(a int32) bool { return int(a) < len(v.defBlock) && v.defBlock[a] == j })
			if !v.implies(ante, p) {
				return v.r.at(b, nil, RuleCoherence, "P(b%d, b%d) = [%s] does not follow from its predecessors' [%s]", row.Dom, j, p, ante)
			}
		}
	}
	return nil
}

// etaGates checks that each η's gate is its row's entry.
func (v *gsaCheck) etaGates() error {
	for d, b := range v.etaBlock {
		ab := v.after.Blocks[b]
		in := ab.Instrs[v.etaIndex[d]]
		row, err := v.row(ab, in, d, b)
		if err != nil {
			return err
		}
		if !in.Gates()[0].Equal(row.entry(b)) {
			return v.r.at(ab, in, RuleGates, "gate [%s], want the paths from b%d: [%s]", in.Gates()[0], row.Dom, row.entry(b))
		}
	}
	return nil
}
