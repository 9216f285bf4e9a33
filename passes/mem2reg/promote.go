// This file promotes promotable allocations to registers: the first
// half of mem2reg (Vellvm ch. 8: a promotable allocation is a local one
// whose address is only used as the address of loads and stores).

package mem2reg

import (
	"go/types"
	"slices"

	"github.com/vssa-go/vssa/ir"
)

// Facts promotableAllocs gathers about each register.
const (
	isAlloc = 1 << iota // defined by an alloc
	notAddr             // used other than as the address of a load or store, or after a panic
)

// promotableAllocs returns the registers holding the addresses of
// promotable allocations: defined once, by an alloc, used only as the
// address of loads and stores, and never in blocks reached only after a
// panic. It also returns the allocs, loads and stores, so that
// promotion need not scan the function again, and the registers with
// several definitions (parameters and free variables count as defined
// on entry), in increasing order.
//
// The full check of f, which SSA construction's input usually has had
// (the pass manager requires it of a pipeline's input), left the
// accesses and the counts that decide it without reading f: a register
// is used only as an address when its uses (mentions but definitions)
// are all address uses. Without them, or with a recover block (where a
// use after a panic disqualifies a variable), f is read.
func promotableAllocs(f *ir.Func, buf *buffers) ([]ir.Reg, []ir.Access, []ir.Reg) {
	if c := f.Counts(); c.Accesses != nil && f.Recover < 0 && len(c.Defs) == f.NumRegs() {
		var out []ir.Reg // the hints keep it
		for _, x := range c.Accesses {
			if r := x.Addr; x.Alloc && c.Defs[r] == 1 && c.Mentions[r]-1 == c.AddrUses[r] {
				out = append(out, r)
			}
		}
		return out, c.Accesses, c.Multi
	}
	defs := zeroed(&buf.defs, f.NumRegs())
	facts := zeroed(&buf.facts, f.NumRegs())
	for _, vs := range [2][]ir.Reg{f.Params, f.FreeVars} {
		for _, p := range vs {
			facts[p] |= notAddr
			defs[p]++
		}
	}
	accesses := buf.accesses[:0]
	var normal []bool // nil: all blocks (there is no recover block)
	if f.Recover >= 0 {
		normal = f.NormalReach()
	}
	for _, b := range f.Blocks {
		afterPanic := normal != nil && !normal[b.Index]
		for i, in := range b.Instrs {
			switch in.Op {
			case ir.OpAlloc:
				accesses = append(accesses, ir.Access{Block: int32(b.Index), Index: int32(i), Addr: in.Dsts()[0], Alloc: true})
				facts[in.Dsts()[0]] |= isAlloc
			case ir.OpLoad, ir.OpStore:
				accesses = append(accesses, ir.Access{Block: int32(b.Index), Index: int32(i), Addr: in.Args()[0]})
			}
			for _, d := range in.Dsts() {
				defs[d]++
			}
			for k, a := range in.Args() {
				if a != ir.NoReg && (afterPanic || !(k == 0 && (in.Op == ir.OpLoad || in.Op == ir.OpStore))) {
					facts[a] |= notAddr
				}
			}
		}
	}
	buf.accesses = accesses
	var out []ir.Reg // the hints keep it
	var multi []ir.Reg
	for r, fr := range facts {
		if fr == isAlloc && defs[r] == 1 {
			out = append(out, ir.Reg(r))
		}
		if defs[r] >= 2 {
			multi = append(multi, ir.Reg(r))
		}
	}
	return out, accesses, multi
}

// start is what SSA construction starts from: an RTL function, the
// registers it renames, where they are mentioned, and the function whose
// instructions it may share (see renaming.own).
type start struct {
	buf   *buffers
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
	buf := new(buffers)
	return start{buf, f, f, vars, mentioning(f, vars, buf)}
}

// mentioning returns the sites of the instructions of f that mention a
// register of vars (in increasing order).
func mentioning(f *ir.Func, vars []ir.Reg, buf *buffers) sites {
	at := sites{index: buf.siteIndex[:0], first: zeroed(&buf.siteFirst, len(f.Blocks)+1)}
	if len(vars) == 0 {
		return at
	}
	in := zeroed(&buf.mentioned, f.NumRegs())
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
			if mentions(ins.Regs()) {
				at.index = append(at.index, int32(i))
			}
		}
	}
	at.first[len(f.Blocks)] = int32(len(at.index))
	buf.siteIndex = at.index
	return at
}

// promote replaces the promotable allocations of f by registers,
// numbered after f's, and returns them (the variables, for the hints).
// With none, f itself is the result; else a copy of f sharing the
// instructions promotion leaves unchanged.
func promote(f *ir.Func, buf *buffers) (start, []ir.Reg) {
	allocs, accesses, multi := promotableAllocs(f, buf)
	multi = slices.Clip(multi) // appended to below: not into the counts' array
	if len(allocs) == 0 {
		return start{buf, f, f, multi, mentioning(f, multi, buf)}, allocs
	}
	// Unless an input register is renamed (rare: the bridge defines
	// registers once), the renamed registers are variables that are
	// stored to, mentioned only where promotion rewrites.
	inputRenamed := len(multi) > 0
	varOf := zeroed(&buf.varOf, f.NumRegs()) // address register → value register, NoReg if not promoted
	for i := range varOf {
		varOf[i] = ir.NoReg
	}
	for k, p := range allocs {
		varOf[p] = ir.Reg(f.NumRegs() + k)
	}
	rewritten := buf.rewritten[:0] // the accesses to variables
	regs := 0
	for _, x := range accesses {
		if varOf[x.Addr] != ir.NoReg {
			rewritten = append(rewritten, x)
			regs += 2
		}
	}
	buf.rewritten = rewritten
	// Unchanged instructions and the register types are shared.
	g := f.ShallowClone()
	for _, p := range allocs { // registers varOf[p], in this order
		g.NewReg(f.TypeOf(p).Underlying().(*types.Pointer).Elem())
	}
	// The accesses become copies (allocs constants), made in one arena
	// reserved to size.
	var a ir.Arena
	a.Reserve(len(rewritten), regs)
	stored := make([]bool, len(allocs)) // by v - f.NumRegs(): a store defines it again
	for _, x := range rewritten {
		v := varOf[x.Addr]
		instrs := g.Blocks[x.Block].Instrs
		in := instrs[x.Index]
		changed := a.Make(ir.OpCopy, in.Pos)
		switch in.Op {
		case ir.OpAlloc:
			changed.Op = ir.OpConst
			a.SetRegs(changed, []ir.Reg{v}, nil)
		case ir.OpLoad:
			a.SetRegs(changed, in.Dsts(), []ir.Reg{v})
		case ir.OpStore:
			a.SetRegs(changed, []ir.Reg{v}, in.Args()[1:2])
			stored[int(v)-f.NumRegs()] = true
		}
		instrs[x.Index] = changed
	}
	for i, yes := range stored {
		if yes {
			multi = append(multi, ir.Reg(f.NumRegs()+i))
		}
	}
	if inputRenamed {
		return start{buf, g, f, multi, mentioning(g, multi, buf)}, allocs
	}
	// A variable never stored to is not renamed, but its sites are few:
	// keeping them costs less than filtering them out.
	at := sites{index: zeroed(&buf.siteIndex, len(rewritten)), first: zeroed(&buf.siteFirst, len(f.Blocks)+1)}
	k := 0
	for bi := range f.Blocks {
		at.first[bi] = int32(k)
		for ; k < len(rewritten) && int(rewritten[k].Block) == bi; k++ {
			at.index[k] = rewritten[k].Index
		}
	}
	at.first[len(f.Blocks)] = int32(k)
	return start{buf, g, f, multi, at}, allocs
}

// multiDefs returns the registers of f with several definitions, in
// increasing order (for builders run without promotion).
func multiDefs(f *ir.Func) []ir.Reg {
	defs := make([]int32, f.NumRegs())
	for _, vs := range [2][]ir.Reg{f.Params, f.FreeVars} {
		for _, p := range vs {
			defs[p]++
		}
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, d := range in.Dsts() {
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
