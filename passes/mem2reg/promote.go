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

// start is what SSA construction starts from: an RTL function, the
// registers it renames, where they are mentioned, and the function whose
// instructions it may share (see renaming.own).
type start struct {
	f     *ir.Func
	input *ir.Func // f itself, or the function promotion copied f from
	vars  []ir.Reg // the registers of f with several definitions, in increasing order
	at    sites    // the instructions of f that mention a register of vars
}

// sites lists, block by block, the indices of some instructions: SSA
// construction reads and changes only the ones that mention a renamed
// register, most instructions of a function do not, and reading them is
// most of the cost of construction.
type sites struct {
	index []int32 // instruction indices, block after block
	first []int32 // those of block b are index[first[b]:first[b+1]]
}

func (s sites) of(b int) []int32 { return s.index[s.first[b]:s.first[b+1]] }

// unpromoted is the start of SSA construction from f as it is.
func unpromoted(f *ir.Func) start {
	vars := multiDefs(f)
	return start{f, f, vars, mentioning(f, vars)}
}

// mentioning returns the sites of the instructions of f that mention a
// register of vars (in increasing order).
func mentioning(f *ir.Func, vars []ir.Reg) sites {
	at := sites{first: make([]int32, len(f.Blocks)+1)}
	if len(vars) == 0 {
		return at
	}
	in := make([]bool, len(f.Regs))
	for _, r := range vars {
		in[r] = true
	}
	mentions := func(rs []ir.Reg) bool {
		for _, r := range rs {
			if r != ir.NoReg && in[r] {
				return true
			}
		}
		return false
	}
	for bi, b := range f.Blocks {
		at.first[bi] = int32(len(at.index))
		for i, ins := range b.Instrs {
			if mentions(ins.Args) || mentions(ins.Dsts) {
				at.index = append(at.index, int32(i))
			}
		}
	}
	at.first[len(f.Blocks)] = int32(len(at.index))
	return at
}

// promote replaces the promotable allocations of f by registers,
// numbered after f's. With none, f itself is the result; else a copy of
// f sharing the instructions promotion leaves unchanged.
func promote(f *ir.Func) (start, *validate.PromoteHints) {
	allocs, accesses, defs := promotableAllocs(f)
	h := &validate.PromoteHints{Vars: make(map[ir.Reg]ir.Reg, len(allocs))}
	var multi []ir.Reg
	for r, n := range defs {
		if n >= 2 {
			multi = append(multi, ir.Reg(r))
		}
	}
	if len(allocs) == 0 {
		return start{f, f, multi, mentioning(f, multi)}, h
	}
	// Unless an input register is renamed (rare: the bridge defines
	// registers once), the renamed registers are variables that are
	// stored to, mentioned only where promotion rewrites.
	inputRenamed := len(multi) > 0
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
	rewritten := accesses[:0] // the accesses rewritten (in place)
	for _, s := range accesses {
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
		changed := ir.Instr{Op: op, Dsts: []ir.Reg{dst}, Pos: in.Pos}
		if arg != ir.NoReg {
			changed.Args = []ir.Reg{arg}
		}
		b.Instrs[s.index] = a.New(&changed)
		rewritten = append(rewritten, s)
	}
	for i, yes := range stored {
		if yes {
			multi = append(multi, ir.Reg(len(f.Regs)+i))
		}
	}
	if inputRenamed {
		return start{g, f, multi, mentioning(g, multi)}, h
	}
	// A variable never stored to is not renamed, but its sites are few:
	// keeping them costs less than filtering them out.
	at := sites{index: make([]int32, len(rewritten)), first: make([]int32, len(f.Blocks)+1)}
	k := 0
	for bi := range f.Blocks {
		at.first[bi] = int32(k)
		for ; k < len(rewritten) && int(rewritten[k].block) == bi; k++ {
			at.index[k] = rewritten[k].index
		}
	}
	at.first[len(f.Blocks)] = int32(k)
	return start{g, f, multi, at}, h
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
