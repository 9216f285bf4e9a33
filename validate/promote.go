// This file checks the promotion of variables to registers (the first
// half of mem2reg). Properties checked:
//
//   - both functions have the same signature, parameters, blocks, edges
//     and recover block (the result is then well-formed RTL if the
//     input is, given the correspondence below);
//   - every promoted variable p (a register of the input, per the hints)
//     is defined once, by an alloc, and used only as the address operand
//     of loads and stores (so its memory is never observed otherwise), and
//     never in blocks reached only after a panic (the recover block reads
//     variables at the point of the panic, which registers in SSA form
//     cannot express);
//   - its register v is fresh (not a register of the input), distinct
//     per variable, of the variable's type;
//   - instruction by instruction, "p = alloc" became "v = const zero",
//     "x = load p" became "x = copy v", "store p, y" became "v = copy y",
//     and every other instruction is unchanged.

package validate

import (
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// PromoteHints map each promoted variable (the register holding its
// address in the input) to the register that holds its value in the
// result.
type PromoteHints struct {
	Vars map[ir.Reg]ir.Reg
}

// Promote checks a promotion result.
func Promote(before, after *ir.Func, h *PromoteHints) error {
	return promote(before, after, h)
}

// promote checks a promotion result.
func promote(before, after *ir.Func, h *PromoteHints) error {
	r := rejecter{"promote", after}
	if !sameCFG(before, after) {
		return r.fn("structure", "blocks, edges or recover block changed")
	}
	// The result's well-formedness follows from the input's (a
	// precondition) and the instruction-by-instruction correspondence
	// checked below: same CFG, fresh typed variables defined by their
	// const, copies in place of loads and stores.
	if h == nil {
		return r.fn("hints", "no hints")
	}
	if before == after && len(h.Vars) == 0 {
		return nil // nothing promoted: the result is the input itself
	}
	if !sameSignature(before, after) || !sameRegs(before.Params, after.Params) || !sameRegs(before.FreeVars, after.FreeVars) ||
		before.Recover != after.Recover || len(before.Blocks) != len(after.Blocks) {
		return r.fn("structure", "signature, parameters, blocks or recover block changed")
	}
	if len(after.Regs) < len(before.Regs) {
		return r.fn("registers", "result has fewer registers than the input")
	}
	for i, t := range before.Regs {
		// A variable's address, which the result no longer mentions, may
		// lose its type; no other register may.
		_, promoted := h.Vars[ir.Reg(i)]
		if after.Regs[i] == nil && (promoted || t == nil) {
			continue
		}
		if t == nil || after.Regs[i] == nil || !types.Identical(t, after.Regs[i]) {
			return r.fn("registers", "type of r%d changed", i)
		}
	}
	// varOf[p] is the register of variable p, NoReg for other registers.
	varOf := make([]ir.Reg, len(before.Regs))
	for i := range varOf {
		varOf[i] = ir.NoReg
	}
	for p, v := range h.Vars {
		if p < 0 || int(p) >= len(before.Regs) || before.Regs[p] == nil || v < 0 || int(v) >= len(after.Regs) || after.Regs[v] == nil {
			return r.fn("hints", "bad promotion %s → %s", p, v)
		}
		ptr, ok := before.Regs[p].Underlying().(*types.Pointer)
		if !ok || !types.Identical(ptr.Elem(), after.Regs[v]) {
			return r.fn("types", "register %s has type %s, want the type of variable %s", v, ir.TypeString(after.Regs[v]), p)
		}
		varOf[p] = v
	}
	// Fresh: a register the input does not have, one per variable.
	seenVar := map[ir.Reg]bool{}
	for p, v := range h.Vars {
		if int(v) < len(before.Regs) || seenVar[v] {
			return r.fn("fresh", "register %s of variable %s is not fresh", v, p)
		}
		seenVar[v] = true
	}
	// One walk over both functions checks the correspondence and that
	// the variables are promotable.
	pr, err := newPromotability(r, before, varOf)
	if err != nil {
		return err
	}
	for bi, b := range before.Blocks {
		ab := after.Blocks[bi]
		if !sameInts(b.Preds, ab.Preds) || !sameInts(b.Succs, ab.Succs) || len(ab.Phis) > 0 || len(b.Instrs) != len(ab.Instrs) {
			return r.at(ab, nil, "structure", "block differs from input block b%d in edges or length", bi)
		}
		for k, in := range b.Instrs {
			if err := pr.instr(b, in); err != nil {
				return err
			}
			out := ab.Instrs[k]
			if !promotedPair(in, out, varOf) {
				return r.at(ab, out, "instruction", "instruction %d is not the input's %q with variables promoted", k, ir.FormatInstr(before, b, in))
			}
		}
	}
	return pr.finish()
}

// promotability checks that each variable is defined by one alloc and
// only used as the address of loads and stores, outside the recover
// region: instr is given every instruction of the input, then finish.
type promotability struct {
	r      rejecter
	f      *ir.Func
	varOf  []ir.Reg
	defs   []int
	normal []bool // blocks reachable without a panic; computed when needed
}

func newPromotability(r rejecter, f *ir.Func, varOf []ir.Reg) (*promotability, error) {
	pr := &promotability{r: r, f: f, varOf: varOf, defs: make([]int, len(varOf))}
	for _, vs := range [2][]ir.Reg{f.Params, f.FreeVars} {
		for _, p := range vs {
			if pr.isVar(p) {
				return nil, r.fn("promotable", "%s is a parameter or free variable", p)
			}
		}
	}
	return pr, nil
}

func (pr *promotability) isVar(x ir.Reg) bool {
	return x >= 0 && int(x) < len(pr.varOf) && pr.varOf[x] != ir.NoReg
}

func (pr *promotability) instr(b *ir.Block, in *ir.Instr) error {
	for _, d := range in.Dsts {
		if pr.isVar(d) {
			pr.defs[d]++
			if in.Op != ir.OpAlloc {
				return pr.r.at(b, in, "promotable", "%s is not defined by an alloc", d)
			}
		}
	}
	for k, a := range in.Args {
		if !pr.isVar(a) {
			continue
		}
		if pr.normal == nil {
			pr.normal = pr.f.NormalReach()
		}
		if !pr.normal[b.Index] {
			return pr.r.at(b, in, "promotable", "variable %s is used where only a panic leads", a)
		}
		if !(k == 0 && (in.Op == ir.OpLoad || in.Op == ir.OpStore)) {
			return pr.r.at(b, in, "promotable", "the address %s is used other than to load or store", a)
		}
	}
	return nil
}

func (pr *promotability) finish() error {
	for p, v := range pr.varOf {
		if v != ir.NoReg && pr.defs[p] != 1 {
			return pr.r.fn("promotable", "variable r%d has %d definitions, want 1 alloc", p, pr.defs[p])
		}
	}
	return nil
}

// promotedPair reports whether out is in with its variables promoted.
func promotedPair(in, out *ir.Instr, varOf []ir.Reg) bool {
	if out == nil || in.Pos != out.Pos {
		return false
	}
	variable := func(x ir.Reg) ir.Reg {
		if x < 0 || int(x) >= len(varOf) {
			return ir.NoReg
		}
		return varOf[x]
	}
	switch in.Op {
	case ir.OpAlloc:
		if v := variable(in.Dsts[0]); v != ir.NoReg {
			return out.Op == ir.OpConst && out.Const == nil && len(out.Args) == 0 && sameRegs(out.Dsts, []ir.Reg{v}) && out.Flags == 0
		}
	case ir.OpLoad:
		if v := variable(in.Args[0]); v != ir.NoReg {
			return out.Op == ir.OpCopy && sameRegs(out.Args, []ir.Reg{v}) && sameRegs(out.Dsts, in.Dsts) && out.Flags == 0
		}
	case ir.OpStore:
		if v := variable(in.Args[0]); v != ir.NoReg {
			return out.Op == ir.OpCopy && sameRegs(out.Args, []ir.Reg{in.Args[1]}) && sameRegs(out.Dsts, []ir.Reg{v}) && out.Flags == 0
		}
	}
	return in == out || (sameShape(in, out) && sameRegs(in.Args, out.Args) && sameRegs(in.Dsts, out.Dsts))
}
