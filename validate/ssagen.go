// This file is the SSA-generation validator of CompCertSSA (Barthe,
// Demange, Pichardie, TOPLAS 2014, §5), for vssa's IR. Properties
// checked:
//
// Structure (the paper's structural_spec and well-formedness checks):
//   - the result is well-formed SSA (unique definitions, strictness,
//     phis only at joins with one argument per predecessor, normalised
//     CFG, reachability); the input is well-formed RTL (a precondition);
//   - erasing phis and mapping every result register to the input
//     register it is a version of (the hint) gives back the input
//     exactly: same blocks, edges, instructions, parameters, recover
//     block; each version has the type of its register.
//
// Typing (the paper's Figure 10, with type inference in one pass as in
// its §5.5): a local typing maps each input register to its current
// version. Blocks are visited in reverse postorder; a block's typing on
// entry comes from the first visited predecessor, updated by its phis.
//   - use: every operand is the current version of its register;
//   - def: a definition makes its version current;
//   - phi-use: phi argument k is the version current at the end of
//     predecessor k;
//   - phi-missing: a register without a phi at a join that is live there
//     (liveness of the input, so pruned SSA is accepted) has the same
//     current version at the end of every predecessor;
//   - entry: parameters and free variables are their own versions.
//
// Registers with a single version in the result (defined once in the
// input and never by a phi) need no typing: structure maps each of their
// uses to that version, and SSA strictness makes its definition dominate
// every use, which is what the typing would establish. Only registers
// with several versions are tracked, so the checker's memory is
// blocks × renamed registers.
//
// Versions of renamed registers may not be used in blocks reached only
// after a panic (the recover block): their current version there is not
// static.

package validate

import (
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// SSAHints give, for each register of the SSA result, the input register
// it is a version of (NoReg for registers that are not versions of any).
type SSAHints struct {
	Orig []ir.Reg
}

// SSAGen checks an SSA construction result.
func SSAGen(before, after *ir.Func, h *SSAHints) error {
	return ssaGen(before, after, h, nil)
}

// ssaGen checks an SSA construction result; cfg, if not nil, holds the
// analyses of before's CFG.
func ssaGen(before, after *ir.Func, h *SSAHints, cfg *ir.CFGInfo) error {
	r := rejecter{"ssagen", after}
	if !sameCFG(before, after) {
		return r.fn("structure", "blocks, edges or recover block changed")
	}
	if cfg == nil {
		cfg = before.Analyze()
	}
	if h == nil || len(h.Orig) != len(after.Regs) {
		return r.fn("hints", "hints do not cover the %d registers", len(after.Regs))
	}
	orig := h.Orig
	// Each version has the type of its register.
	for v, o := range orig {
		if o == ir.NoReg {
			continue
		}
		if o < 0 || int(o) >= len(before.Regs) || before.Regs[o] == nil || after.Regs[v] == nil ||
			!types.Identical(before.Regs[o], after.Regs[v]) {
			return r.fn("types", "r%d is said to be a version of %s, but their types differ or it does not exist", v, o)
		}
	}
	vs, err := ssaStructure(r, before, after, orig)
	if err != nil {
		return err
	}
	return ssaTyping(r, before, after, orig, vs, cfg)
}

// versions describes the registers of the input that have several
// versions in the result (or a phi): the only ones the typing tracks.
type versions struct {
	renamed []ir.Reg // those registers
	slot    []int    // input register → index in renamed, or -1
}

// ssaStructure checks, in one walk over both functions, that erasing
// phis and versions gives the input, and the SSA rules that neither the
// input's well-formedness nor this correspondence implies: every
// register is defined at most once; phis sit at join blocks, one
// argument per predecessor; the CFG (the input's) is normalised.
//
// The other rules of well-formed SSA follow. Blocks, edges, terminators,
// operand counts and register validity follow from erasure to the
// well-formed input (every operand maps to a valid input register; every
// version is typed). Strictness: a version of a renamed register is used
// only where it is current, which the typing establishes, and the
// definition of a current version dominates (CompCertSSA's def_gamma); a
// register that is not renamed has one definition in the input, the same
// instruction, which dominates its uses by the input's RTL strictness
// rule.
func ssaStructure(r rejecter, before, after *ir.Func, orig []ir.Reg) (*versions, error) {
	if !sameSignature(before, after) || before.Recover != after.Recover || len(before.Blocks) != len(after.Blocks) {
		return nil, r.fn("structure", "signature, blocks or recover block changed")
	}
	erases := func(vs, rs []ir.Reg) bool {
		if len(vs) != len(rs) {
			return false
		}
		for i, v := range vs {
			if v == ir.NoReg || rs[i] == ir.NoReg {
				if v != rs[i] {
					return false
				}
				continue
			}
			if !validIn(v, orig) || orig[v] != rs[i] {
				return false
			}
		}
		return true
	}
	if !erases(after.Params, before.Params) || !erases(after.FreeVars, before.FreeVars) {
		return nil, r.fn("structure", "parameters are not versions of the input's")
	}
	// Definitions: each result register at most once; per input
	// register, how many versions and whether one is a phi.
	defined := make([]bool, len(after.Regs))
	count := make([]int32, len(before.Regs))
	phiDef := make([]bool, len(before.Regs))
	def := func(b *ir.Block, in *ir.Instr, d ir.Reg) error {
		if !validIn(d, orig) {
			return r.at(b, in, "structure", "result %s is not a register of the function", d)
		}
		if defined[d] {
			return r.at(b, in, "unique-def", "%s is defined more than once", d)
		}
		defined[d] = true
		if o := orig[d]; o != ir.NoReg {
			count[o]++
		}
		return nil
	}
	for _, vs := range [2][]ir.Reg{after.Params, after.FreeVars} {
		for _, p := range vs {
			if err := def(nil, nil, p); err != nil {
				return nil, err
			}
		}
	}
	for i, b := range before.Blocks {
		ab := after.Blocks[i]
		if !sameInts(b.Preds, ab.Preds) || !sameInts(b.Succs, ab.Succs) || len(b.Instrs) != len(ab.Instrs) {
			return nil, r.at(ab, nil, "structure", "block differs from the input in edges or length")
		}
		if len(ab.Phis) > 0 && len(ab.Preds) < 2 {
			return nil, r.at(ab, nil, "phi-join", "phis in a block with %d predecessors", len(ab.Preds))
		}
		if len(ab.Preds) >= 2 {
			for _, p := range ab.Preds {
				if t := before.Blocks[p].Terminator(); t == nil || t.Op != ir.OpJump {
					return nil, r.at(ab, nil, "normalised", "edge from b%d into this join does not come from a jump", p)
				}
			}
		}
		for _, phi := range ab.Phis {
			if phi.Op != ir.OpPhi || len(phi.Dsts) != 1 || len(phi.Args) != len(ab.Preds) {
				return nil, r.at(ab, phi, "phi-arity", "phi must have one result and %d arguments", len(ab.Preds))
			}
			d := phi.Dsts[0]
			if !validIn(d, orig) || orig[d] == ir.NoReg {
				return nil, r.at(ab, phi, "structure", "phi result is not a version of any register")
			}
			for _, a := range phi.Args {
				if !validIn(a, orig) || orig[a] != orig[d] {
					return nil, r.at(ab, phi, "structure", "phi argument %s is not a version of %s", a, orig[d])
				}
			}
			if err := def(ab, phi, d); err != nil {
				return nil, err
			}
			phiDef[orig[d]] = true
		}
		for k, in := range b.Instrs {
			out := ab.Instrs[k]
			if !sameShape(in, out) || !erases(out.Args, in.Args) || !erases(out.Dsts, in.Dsts) {
				return nil, r.at(ab, out, "structure", "instruction %d does not erase to the input's %q", k, ir.FormatInstr(before, b, in))
			}
			for _, d := range out.Dsts {
				if err := def(ab, out, d); err != nil {
					return nil, err
				}
			}
		}
	}
	vs := &versions{slot: make([]int, len(before.Regs))}
	for reg, n := range count {
		vs.slot[reg] = -1
		if n >= 2 || phiDef[reg] {
			vs.slot[reg] = len(vs.renamed)
			vs.renamed = append(vs.renamed, ir.Reg(reg))
		}
	}
	return vs, nil
}

// ssaTyping infers the local typings of renamed registers and checks
// uses, phis and joins.
func ssaTyping(r rejecter, before, after *ir.Func, orig []ir.Reg, vs *versions, cfg *ir.CFGInfo) error {
	renamed, slot := vs.renamed, vs.slot
	if len(renamed) == 0 {
		return nil
	}
	const unknown = ir.NoReg // no version is current (not yet defined, or after a panic)
	n := len(after.Blocks)
	entryTyping := make([]ir.Reg, len(renamed))
	for i := range entryTyping {
		entryTyping[i] = unknown
	}
	for _, vs := range [][]ir.Reg{after.Params, after.FreeVars} {
		for _, v := range vs {
			if s := slot[orig[v]]; s >= 0 {
				entryTyping[s] = v
			}
		}
	}
	in := make([][]ir.Reg, n) // typing on entry to each block, after its phis
	in[0] = entryTyping
	if after.Recover >= 0 {
		// After a panic no renamed register has a static version.
		t := make([]ir.Reg, len(renamed))
		for i := range t {
			t[i] = unknown
		}
		in[after.Recover] = t
	}
	live := before.LivenessOfCFG(renamed, cfg)
	hasPhi := make([]bool, len(renamed)) // at the join being checked, by slot
	cur := make([]ir.Reg, len(renamed))
	for _, b := range after.ReversePostorderOf(cfg) {
		if in[b.Index] == nil {
			return r.at(b, nil, "order", "no predecessor visited before this block")
		}
		copy(cur, in[b.Index])
		for _, ins := range b.Instrs {
			for _, a := range ins.Args {
				if a == ir.NoReg {
					continue
				}
				if s := slot[orig[a]]; s >= 0 && cur[s] != a {
					if cur[s] == unknown {
						return r.at(b, ins, "use", "%s is a version of %s, but no version of it is current here", a, orig[a])
					}
					return r.at(b, ins, "use", "%s is a version of %s, but the current version is %s", a, orig[a], cur[s])
				}
			}
			for _, d := range ins.Dsts {
				if s := slot[orig[d]]; s >= 0 {
					cur[s] = d
				}
			}
		}
		// Edges out of b.
		for k, s := range b.Succs {
			succ := after.Blocks[s]
			predIndex := edgeIndex(b, k, succ)
			if in[s] == nil {
				t := append([]ir.Reg(nil), cur...)
				for _, phi := range succ.Phis {
					t[slot[orig[phi.Dsts[0]]]] = phi.Dsts[0]
				}
				in[s] = t
			}
			for _, phi := range succ.Phis {
				arg := phi.Args[predIndex]
				if want := cur[slot[orig[arg]]]; arg != want {
					return r.at(succ, phi, "phi-use", "argument %d is %s, but the version of %s current at the end of b%d is %s", predIndex, arg, orig[arg], b.Index, want)
				}
			}
			if len(succ.Preds) < 2 {
				continue
			}
			for _, phi := range succ.Phis {
				hasPhi[slot[orig[phi.Dsts[0]]]] = true
			}
			for i, reg := range renamed {
				if hasPhi[i] || !live.LiveIn(s, reg) {
					continue
				}
				if cur[i] != in[s][i] {
					return r.at(succ, nil, "phi-missing", "%s is live here without a phi, but its version is %s from b%d and %s from another predecessor", reg, cur[i], b.Index, in[s][i])
				}
			}
			for _, phi := range succ.Phis {
				hasPhi[slot[orig[phi.Dsts[0]]]] = false
			}
		}
	}
	return nil
}

// edgeIndex returns the index in succ.Preds of the k-th successor edge
// of b (b may reach succ by several edges).
func edgeIndex(b *ir.Block, k int, succ *ir.Block) int {
	n := 0
	for _, s := range b.Succs[:k] {
		if s == succ.Index {
			n++
		}
	}
	for j, p := range succ.Preds {
		if p == b.Index {
			if n == 0 {
				return j
			}
			n--
		}
	}
	return -1
}

// Mem2RegHints are the hints of mem2reg: the function after promotion
// (RTL) and the hints of each half.
type Mem2RegHints struct {
	Promoted *ir.Func
	Promote  *PromoteHints
	SSA      *SSAHints
}

// Mem2Reg checks a mem2reg result: the promotion, then the SSA
// construction from the promoted function.
func Mem2Reg(before, after *ir.Func, h *Mem2RegHints) error {
	if h == nil || h.Promoted == nil {
		return rejecter{"mem2reg", after}.fn("hints", "no hints")
	}
	if !sameCFG(before, h.Promoted) || !sameCFG(before, after) {
		return rejecter{"mem2reg", after}.fn("structure", "blocks, edges or recover block changed")
	}
	if err := promote(before, h.Promoted, h.Promote); err != nil {
		return err
	}
	return ssaGen(h.Promoted, after, h.SSA, nil)
}

// validIn reports whether v is a register of the result (hints cover
// exactly the result's registers).
func validIn(v ir.Reg, orig []ir.Reg) bool { return v >= 0 && int(v) < len(orig) }
