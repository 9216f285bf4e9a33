// This file promotes promotable allocations to registers: the first
// half of mem2reg (Vellvm ch. 8: a promotable allocation is a local one
// whose address is only used as the address of loads and stores).

package mem2reg

import (
	"go/types"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// site is the position of an instruction: block, then index.
type site struct{ block, index int32 }

// promotableAllocs returns the registers holding the addresses of
// promotable allocations: defined once, by an alloc, used only as the
// address of loads and stores, and never in blocks reached only after a
// panic. It also returns where the allocs, loads and stores are, so
// that promotion need not scan the function again, and the number of
// definitions of each register (parameters and free variables count as
// defined on entry).
func promotableAllocs(f *ir.Func) ([]ir.Reg, []site, []int32) {
	defs := make([]int32, len(f.Regs))
	isAlloc := make([]bool, len(f.Regs))
	bad := make([]bool, len(f.Regs))
	for _, p := range f.Params {
		bad[p] = true
		defs[p]++
	}
	for _, p := range f.FreeVars {
		bad[p] = true
		defs[p]++
	}
	var sites []site
	normal := f.NormalReach()
	for _, b := range f.Blocks {
		for i, in := range b.Instrs {
			switch in.Op {
			case ir.OpAlloc, ir.OpLoad, ir.OpStore:
				sites = append(sites, site{int32(b.Index), int32(i)})
			}
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
	return out, sites, defs
}

// promote replaces the promotable allocations of f by registers. With
// none, f itself is the result. It also returns the registers of the
// result with several definitions, in increasing order: the ones SSA
// construction renames.
func promote(f *ir.Func) (*ir.Func, *validate.PromoteHints, []ir.Reg) {
	allocs, sites, defs := promotableAllocs(f)
	h := &validate.PromoteHints{Vars: make(map[ir.Reg]ir.Reg, len(allocs))}
	var multi []ir.Reg
	for r, n := range defs {
		if n >= 2 {
			multi = append(multi, ir.Reg(r))
		}
	}
	if len(allocs) == 0 {
		return f, h, multi
	}
	g := f.ShallowClone()                // unchanged instructions are shared
	varOf := make([]ir.Reg, len(f.Regs)) // address register → value register, NoReg if not promoted
	for i := range varOf {
		varOf[i] = ir.NoReg
	}
	for _, p := range allocs {
		v := g.NewReg(f.Regs[p].Underlying().(*types.Pointer).Elem())
		varOf[p] = v
		h.Vars[p] = v
	}
	stored := make([]bool, len(allocs)) // by v - len(f.Regs): a store defines it again
	var a ir.Arena
	for _, s := range sites {
		b := g.Blocks[s.block]
		in := b.Instrs[s.index]
		var op ir.Op
		var dst, arg ir.Reg
		switch {
		case in.Op == ir.OpAlloc && varOf[in.Dsts[0]] != ir.NoReg:
			op, dst, arg = ir.OpConst, varOf[in.Dsts[0]], ir.NoReg
		case in.Op == ir.OpLoad && varOf[in.Args[0]] != ir.NoReg:
			op, dst, arg = ir.OpCopy, in.Dsts[0], varOf[in.Args[0]]
		case in.Op == ir.OpStore && varOf[in.Args[0]] != ir.NoReg:
			op, dst, arg = ir.OpCopy, varOf[in.Args[0]], in.Args[1]
			stored[int(dst)-len(f.Regs)] = true
		default:
			continue
		}
		rewritten := ir.Instr{Op: op, Dsts: []ir.Reg{dst}, Pos: in.Pos}
		if arg != ir.NoReg {
			rewritten.Args = []ir.Reg{arg}
		}
		b.Instrs[s.index] = a.New(&rewritten)
	}
	for i, yes := range stored {
		if yes {
			multi = append(multi, ir.Reg(len(f.Regs)+i))
		}
	}
	return g, h, multi
}

// multiDefs returns the registers of f with several definitions, in
// increasing order (for builders run without promotion).
func multiDefs(f *ir.Func) []ir.Reg {
	defs := make([]int32, len(f.Regs))
	for _, vs := range [2][]ir.Reg{f.Params, f.FreeVars} {
		for _, p := range vs {
			defs[p]++
		}
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, d := range in.Dsts {
				defs[d]++
			}
		}
	}
	var out []ir.Reg
	for r, n := range defs {
		if n >= 2 {
			out = append(out, ir.Reg(r))
		}
	}
	return out
}
