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
// that promotion need not scan the function again.
func promotableAllocs(f *ir.Func) ([]ir.Reg, []site) {
	defs := make([]int32, len(f.Regs))
	isAlloc := make([]bool, len(f.Regs))
	bad := make([]bool, len(f.Regs))
	for _, p := range f.Params {
		bad[p] = true
	}
	for _, p := range f.FreeVars {
		bad[p] = true
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
	return out, sites
}

// promote replaces the promotable allocations of f by registers. With
// none, f itself is the result.
func promote(f *ir.Func) (*ir.Func, *validate.PromoteHints) {
	allocs, sites := promotableAllocs(f)
	h := &validate.PromoteHints{Vars: make(map[ir.Reg]ir.Reg, len(allocs))}
	if len(allocs) == 0 {
		return f, h
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
		default:
			continue
		}
		rewritten := ir.Instr{Op: op, Dsts: []ir.Reg{dst}, Pos: in.Pos}
		if arg != ir.NoReg {
			rewritten.Args = []ir.Reg{arg}
		}
		b.Instrs[s.index] = a.New(&rewritten)
	}
	return g, h
}
