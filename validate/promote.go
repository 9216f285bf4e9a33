// This file lets the SSA-generation check see through promotion, the
// first half of mem2reg, so that mem2reg is validated in one step from
// its RTL input (no intermediate function is built or trusted). Mem2Reg
// checks the SSA result against the input read with its promoted
// variables as registers. Properties checked here:
//
//   - every promoted variable p (a register of the input, per the hints)
//     is defined once, by an alloc, and used only as the address operand
//     of loads and stores (so its memory is never observed otherwise),
//     and never in blocks reached only after a panic (the recover block
//     reads variables at the point of the panic, which registers in SSA
//     form cannot express);
//   - its register v is fresh: the hints number the variables' registers
//     after the input's, one per variable (a variable listed twice is
//     rejected), and v has the variable's type;
//   - the input is read through the promotion: "p = alloc" as
//     "v = const zero", "x = load p" as "x = copy v", "store p, y" as
//     "v = copy y", every other instruction as itself. The SSA check
//     (ssagen.go) compares the result with what it reads.

package validate

import (
	"go/types"
	"slices"

	"github.com/vssa-go/vssa/ir"
)

// PromoteHints name the promoted variables: Vars[k] is the register
// holding the address of variable k in the input, and register n+k of
// the promoted input (n being the input's number of registers) holds its
// value. So the variables' registers are fresh by construction.
type PromoteHints struct {
	Vars []ir.Reg
}

// promotion is the input of mem2reg read through its promotion hints.
type promotion struct {
	r      rejecter
	f      *ir.Func
	vars   []ir.Reg // the hints: variable k's address
	varOf  []ir.Reg // input register → its variable's register, or 0 if it is no variable (variables' registers come after the input's)
	defs   []int32  // variable register - f.NumRegs() → definitions viewed
	normal []bool   // blocks reachable without a panic; computed when needed (with a recover block)
	viewed int      // occurrences of variables in the instructions viewed so far
}

// reading is promotion's reading of an access it rewrites: "dst = const
// zero" (op const, arg NoReg) for an alloc, "dst = copy arg" for a load
// or a store, at the access's position.
type reading struct {
	op       ir.Op
	dst, arg ir.Reg
}

// start checks the hints of a promotion of f and makes p the reading of
// f through them (its arrays from sc); checkTypes checks the variables'
// types. p is the caller's, so that it can live on the caller's stack
// (see scratch).
func (p *promotion) start(r rejecter, f *ir.Func, h *PromoteHints, sc *scratch) error {
	n := f.NumRegs()
	*p = promotion{r: r, f: f, vars: h.Vars, varOf: take(&sc.regs, n), defs: take(&sc.counts, len(h.Vars))}
	for k, a := range h.Vars {
		if !f.HasReg(a) {
			return r.fn(RuleHints, "variable %s is not a register of the input", a)
		}
		if p.varOf[a] != 0 {
			return r.fn(RuleHints, "variable %s is listed twice, want it once", a)
		}
		p.varOf[a] = ir.Reg(n + k)
	}
	for _, vs := range [2][]ir.Reg{f.Params, f.FreeVars} {
		for _, a := range vs {
			if p.isVar(a) {
				return r.fn(RulePromotable, "variable %s is a parameter or free variable, want a local allocation", a)
			}
		}
	}
	return nil
}

// regs is the number of registers of the promoted input.
func (p *promotion) regs() int { return p.f.NumRegs() + len(p.vars) }

// checkTypes checks that each variable's address is a pointer, and
// that the variable's register has the type it points to in the result,
// if the result has that register (else the SSA check rejects it).
func (p *promotion) checkTypes(result rejecter, after *ir.Func) error {
	n := p.f.NumRegs()
	for k, a := range p.vars {
		ptr, ok := p.f.TypeOf(a).Underlying().(*types.Pointer)
		if !ok {
			return p.r.fn(RulePromotable, "variable %s has type %s, want a pointer", a, ir.TypeString(p.f.TypeOf(a)))
		}
		if n+k < after.NumRegs() && !sameType(ptr.Elem(), after.TypeOf(ir.Reg(n+k))) {
			return result.fn(RuleTypes, "r%d has type %s, want %s (its variable's)", n+k, ir.TypeString(after.TypeOf(ir.Reg(n+k))), ir.TypeString(ptr.Elem()))
		}
	}
	return nil
}

func (p *promotion) isVar(x ir.Reg) bool {
	return x >= 0 && int(x) < len(p.varOf) && p.varOf[x] != 0
}

// view checks that instruction in of block b of the input uses its
// variables as promotion allows, and tells how promotion reads it: as an
// access it rewrites (access true: acc), or as itself.
//
// An access in its usual shape (an alloc of a variable; a load from or a
// store to one, of nothing else that is one, outside a function with a
// recover block) is read at once; every other instruction takes the
// general way (viewAny), which reaches the same verdict on those.
func (p *promotion) view(b *ir.Block, in *ir.Instr) (acc reading, access bool, err error) {
	if p.f.Recover < 0 {
		switch {
		case in.Op == ir.OpLoad && len(in.Dsts()) == 1 && len(in.Args()) == 1:
			if a, d := in.Args()[0], in.Dsts()[0]; p.isVar(a) && !p.isVar(d) {
				p.viewed++
				return reading{ir.OpCopy, d, p.varOf[a]}, true, nil
			}
		case in.Op == ir.OpStore && len(in.Dsts()) == 0 && len(in.Args()) == 2:
			if a, v := in.Args()[0], in.Args()[1]; p.isVar(a) && !p.isVar(v) {
				p.viewed++
				return reading{ir.OpCopy, p.varOf[a], v}, true, nil
			}
		case in.Op == ir.OpAlloc && len(in.Dsts()) == 1 && len(in.Args()) == 0:
			if d := in.Dsts()[0]; p.isVar(d) {
				p.viewed++
				p.defs[int(p.varOf[d])-len(p.varOf)]++
				return reading{ir.OpConst, p.varOf[d], ir.NoReg}, true, nil
			}
		}
	}
	return p.viewAny(b, in)
}

// viewAny is view for any instruction.
func (p *promotion) viewAny(b *ir.Block, in *ir.Instr) (acc reading, access bool, err error) {
	mentions := false // a variable is defined or accessed: in must be rewritten
	for _, d := range in.Dsts() {
		if p.isVar(d) {
			mentions = true
			p.viewed++
			p.defs[int(p.varOf[d])-p.f.NumRegs()]++
			if in.Op != ir.OpAlloc {
				return reading{}, false, p.r.at(b, in, RulePromotable, "variable %s is defined by a %s, want an alloc", d, in.Op)
			}
		}
	}
	for k, a := range in.Args() {
		if !p.isVar(a) {
			continue
		}
		mentions = true
		p.viewed++
		// Without a recover block, every block the SSA check visits is
		// reached without a panic (it checks that all are reachable).
		if p.f.Recover >= 0 {
			if p.normal == nil {
				p.normal = p.f.NormalReach()
			}
			if !p.normal[b.Index] {
				return reading{}, false, p.r.at(b, in, RulePromotable, "variable %s is used where only a panic leads, want it used where the program runs on", a)
			}
		}
		if !(k == 0 && (in.Op == ir.OpLoad || in.Op == ir.OpStore)) {
			return reading{}, false, p.r.at(b, in, RulePromotable, "variable %s is operand %d of a %s, want only the address of a load or store", a, k, in.Op)
		}
	}
	switch {
	case !mentions:
		return reading{}, false, nil
	case in.Op == ir.OpAlloc && len(in.Dsts()) == 1:
		return reading{ir.OpConst, p.varOf[in.Dsts()[0]], ir.NoReg}, true, nil
	case in.Op == ir.OpLoad && len(in.Dsts()) == 1 && len(in.Args()) == 1:
		return reading{ir.OpCopy, in.Dsts()[0], p.varOf[in.Args()[0]]}, true, nil
	case in.Op == ir.OpStore && len(in.Args()) == 2:
		return reading{ir.OpCopy, p.varOf[in.Args()[0]], in.Args()[1]}, true, nil
	}
	return reading{}, false, p.r.at(b, in, RulePromotable, "access to a variable has %d results and %d operands, want those of its kind", len(in.Dsts()), len(in.Args()))
}

// finish checks, once the SSA check has viewed every instruction that
// mentions a variable, that each variable had exactly one definition.
func (p *promotion) finish() error {
	for k, n := range p.defs {
		if n == 1 {
			continue
		}
		v := ir.Reg(p.f.NumRegs() + k)
		a := slices.Index(p.varOf, v) // the hints name every variable's address
		return p.r.fn(RulePromotable, "variable r%d has %d definitions, want one alloc", a, n)
	}
	return nil
}
