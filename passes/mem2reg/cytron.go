// This file builds SSA form with the algorithm of Cytron, Ferrante,
// Rosen, Wegman and Zadeck (TOPLAS 1991): phis at the iterated dominance
// frontiers of each register's definitions, pruned by liveness, then
// renaming along the dominator tree.
//
// Preconditions: f is well-formed RTL with a normalised CFG (the
// normalize pass) and every register is defined before it is used on
// every path (otherwise construction fails).

package mem2reg

import (
	"fmt"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
	"github.com/vssa-go/vssa/validate"
)

// renaming is what both builders share: which registers are renamed and
// the result under construction.
type renaming struct {
	f       *ir.Func // input
	g       *ir.Func // result
	orig    []ir.Reg // result register → input register
	renamed []bool   // input register → has several definitions
}

func newRenaming(f *ir.Func) *renaming {
	rn := &renaming{f: f, g: f.ShallowClone(), renamed: make([]bool, len(f.Regs))}
	defs := make([]int, len(f.Regs))
	for _, p := range f.Params {
		defs[p]++
	}
	for _, p := range f.FreeVars {
		defs[p]++
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, d := range in.Dsts {
				defs[d]++
			}
		}
	}
	for r, n := range defs {
		rn.renamed[r] = n >= 2
	}
	rn.orig = make([]ir.Reg, len(f.Regs))
	for r := range rn.orig {
		rn.orig[r] = ir.Reg(r)
		if rn.renamed[r] {
			rn.orig[r] = ir.NoReg // replaced by its versions (unless a parameter)
		}
	}
	for _, p := range append(append([]ir.Reg(nil), f.Params...), f.FreeVars...) {
		rn.orig[p] = p
	}
	return rn
}

// own returns the instruction at index i of block b of the result,
// cloned first if it mentions a renamed register (instructions are
// shared with the input until renaming changes them).
func (rn *renaming) own(b *ir.Block, i int) *ir.Instr {
	in := b.Instrs[i]
	for _, r := range in.Args {
		if r != ir.NoReg && rn.renamed[r] {
			b.Instrs[i] = in.Clone()
			return b.Instrs[i]
		}
	}
	for _, r := range in.Dsts {
		if rn.renamed[r] {
			b.Instrs[i] = in.Clone()
			return b.Instrs[i]
		}
	}
	return in
}

// version makes a new version of input register r.
func (rn *renaming) version(r ir.Reg) ir.Reg {
	v := rn.g.NewReg(rn.f.Regs[r])
	rn.orig = append(rn.orig, r)
	return v
}

func (rn *renaming) hints() *validate.SSAHints { return &validate.SSAHints{Orig: rn.orig} }

// cytron converts f to pruned SSA form.
func cytron(f *ir.Func) (*ir.Func, *validate.SSAHints, error) {
	rn := newRenaming(f)
	g := rn.g
	info := f.Analyze()
	cfg, dom := info.Graph, info.Dom
	idf := graph.NewIDF(dom.Frontiers(cfg))

	var renamedRegs []ir.Reg
	for r, yes := range rn.renamed {
		if yes {
			renamedRegs = append(renamedRegs, ir.Reg(r))
		}
	}
	live := f.LivenessOfCFG(renamedRegs, info)
	// Definition blocks of each renamed register.
	defBlocks := map[ir.Reg][]int{}
	addDef := func(r ir.Reg, b int) {
		if bs := defBlocks[r]; len(bs) == 0 || bs[len(bs)-1] != b {
			defBlocks[r] = append(bs, b)
		}
	}
	for _, p := range append(append([]ir.Reg(nil), f.Params...), f.FreeVars...) {
		if rn.renamed[p] {
			addDef(p, 0)
		}
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, d := range in.Dsts {
				if rn.renamed[d] {
					addDef(d, b.Index)
				}
			}
		}
	}
	// Phis at the iterated frontier, where the register is live.
	phiReg := map[*ir.Instr]ir.Reg{}
	var joins []int
	for r := ir.Reg(0); int(r) < len(f.Regs); r++ {
		if !rn.renamed[r] {
			continue
		}
		joins = idf.Compute(joins[:0], defBlocks[r])
		for _, j := range joins {
			if !live.LiveIn(j, r) {
				continue
			}
			b := g.Blocks[j]
			phi := &ir.Instr{Op: ir.OpPhi, Args: make([]ir.Reg, len(b.Preds)), Pos: f.Blocks[j].Instrs[0].Pos}
			b.Phis = append(b.Phis, phi)
			phiReg[phi] = r
		}
	}
	// Renaming along the dominator tree, with one stack per register.
	stacks := make([][]ir.Reg, len(f.Regs))
	for _, p := range append(append([]ir.Reg(nil), f.Params...), f.FreeVars...) {
		stacks[p] = append(stacks[p], p)
	}
	top := func(r ir.Reg) (ir.Reg, bool) {
		s := stacks[r]
		if len(s) == 0 {
			return ir.NoReg, false
		}
		return s[len(s)-1], true
	}
	type visit struct {
		block  int
		pushed []ir.Reg // registers whose stacks to pop when leaving
		done   bool
	}
	renameFrom := func(root int) error {
		work := []*visit{{block: root}}
		for len(work) > 0 {
			v := work[len(work)-1]
			if v.done {
				for _, r := range v.pushed {
					stacks[r] = stacks[r][:len(stacks[r])-1]
				}
				work = work[:len(work)-1]
				continue
			}
			v.done = true
			b := g.Blocks[v.block]
			for _, phi := range b.Phis {
				r := phiReg[phi]
				nv := rn.version(r)
				phi.Dsts = []ir.Reg{nv}
				stacks[r] = append(stacks[r], nv)
				v.pushed = append(v.pushed, r)
			}
			for i := range b.Instrs {
				in := rn.own(b, i)
				for k, a := range in.Args {
					if a == ir.NoReg || !rn.renamed[a] {
						continue
					}
					cur, ok := top(a)
					if !ok {
						return fmt.Errorf("mem2reg: %s: b%d: %s may be used before it is defined", f.Name, b.Index, a)
					}
					in.Args[k] = cur
				}
				for k, d := range in.Dsts {
					if !rn.renamed[d] {
						continue
					}
					nv := rn.version(d)
					in.Dsts[k] = nv
					stacks[d] = append(stacks[d], nv)
					v.pushed = append(v.pushed, d)
				}
			}
			for k, s := range b.Succs {
				succ := g.Blocks[s]
				idx := predIndex(b, k, succ)
				for _, phi := range succ.Phis {
					cur, ok := top(phiReg[phi])
					if !ok {
						return fmt.Errorf("mem2reg: %s: %s is live into b%d but not defined on the edge from b%d", f.Name, phiReg[phi], s, b.Index)
					}
					phi.Args[idx] = cur
				}
			}
			for _, c := range dom.Children(v.block) {
				if c != f.Recover {
					work = append(work, &visit{block: c})
				}
			}
		}
		return nil
	}
	if err := renameFrom(0); err != nil {
		return nil, nil, err
	}
	if f.Recover >= 0 {
		// The recover block is entered after a panic, from anywhere: no
		// version of a renamed register is known there.
		for r := range stacks {
			stacks[r] = nil
		}
		for _, p := range append(append([]ir.Reg(nil), f.Params...), f.FreeVars...) {
			if !rn.renamed[p] {
				stacks[p] = append(stacks[p], p)
			}
		}
		if err := renameFrom(f.Recover); err != nil {
			return nil, nil, err
		}
	}
	return g, rn.hints(), nil
}

// predIndex returns the index in succ.Preds of b's k-th successor edge.
func predIndex(b *ir.Block, k int, succ *ir.Block) int {
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
