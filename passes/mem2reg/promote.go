// This file promotes promotable allocations to registers: the first
// half of mem2reg (Vellvm ch. 8: a promotable allocation is a local one
// whose address is only used as the address of loads and stores).

package mem2reg

import (
	"go/types"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// promotableAllocs returns the registers holding the addresses of
// promotable allocations: defined once, by an alloc, used only as the
// address of loads and stores, and never in blocks reached only after a
// panic.
func promotableAllocs(f *ir.Func) []ir.Reg {
	defs := make([]int, len(f.Regs))
	isAlloc := make([]bool, len(f.Regs))
	bad := make([]bool, len(f.Regs))
	for _, p := range f.Params {
		bad[p] = true
	}
	for _, p := range f.FreeVars {
		bad[p] = true
	}
	normal := f.NormalReach()
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, d := range in.Dsts {
				defs[d]++
				if in.Op == ir.OpAlloc {
					isAlloc[d] = true
				}
			}
			for k, a := range in.Args {
				if a == ir.NoReg {
					continue
				}
				if !normal[b.Index] || !(k == 0 && (in.Op == ir.OpLoad || in.Op == ir.OpStore)) {
					bad[a] = true
				}
			}
		}
	}
	var out []ir.Reg
	for r := range f.Regs {
		if isAlloc[r] && defs[r] == 1 && !bad[r] {
			out = append(out, ir.Reg(r))
		}
	}
	return out
}

// promote replaces the promotable allocations of f by registers.
func promote(f *ir.Func) (*ir.Func, *validate.PromoteHints) {
	g := f.ShallowClone() // unchanged instructions are shared
	vars := map[ir.Reg]ir.Reg{}
	for _, p := range promotableAllocs(f) {
		vars[p] = g.NewReg(f.Regs[p].Underlying().(*types.Pointer).Elem())
	}
	for _, b := range g.Blocks {
		for i, in := range b.Instrs {
			switch in.Op {
			case ir.OpAlloc:
				if v, ok := vars[in.Dsts[0]]; ok {
					b.Instrs[i] = &ir.Instr{Op: ir.OpConst, Dsts: []ir.Reg{v}, Pos: in.Pos}
				}
			case ir.OpLoad:
				if v, ok := vars[in.Args[0]]; ok {
					b.Instrs[i] = &ir.Instr{Op: ir.OpCopy, Dsts: in.Dsts, Args: []ir.Reg{v}, Pos: in.Pos}
				}
			case ir.OpStore:
				if v, ok := vars[in.Args[0]]; ok {
					b.Instrs[i] = &ir.Instr{Op: ir.OpCopy, Dsts: []ir.Reg{v}, Args: []ir.Reg{in.Args[1]}, Pos: in.Pos}
				}
			}
		}
	}
	return g, &validate.PromoteHints{Vars: vars}
}
