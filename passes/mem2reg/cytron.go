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

// cytron converts s.f to pruned SSA form, renaming s.vars.
func cytron(s start) (*ir.Func, *validate.SSAHints, error) {
	rn := newRenaming(s)
	f := s.f
	if len(s.vars) == 0 {
		return rn.g, rn.hints(), nil
	}
	g := rn.g
	// A function of one block has no joins, hence no phis, and renaming
	// needs no dominator tree: half the functions of std are so.
	var dom *graph.DomTree
	if len(f.Blocks) > 1 {
		dom = placePhis(rn, f, g, s.buf)
	}
	// Renaming along the dominator tree, with one stack of versions per
	// renamed register and one stack of the registers pushed, so leaving
	// a block pops what entering it pushed.
	buf := s.buf
	stacks := buf.stacksFor(len(rn.vars))
	pushed := buf.pushed[:0]
	defer func() { buf.pushed = pushed[:0] }()
	push := func(r, v ir.Reg) {
		k := rn.index[r]
		stacks[k] = append(stacks[k], v)
		pushed = append(pushed, k)
	}
	top := func(r ir.Reg) (ir.Reg, bool) {
		s := stacks[rn.index[r]]
		if len(s) == 0 {
			return ir.NoReg, false
		}
		return s[len(s)-1], true
	}
	work := buf.work[:0]
	defer func() { buf.work = work[:0] }()
	renameFrom := func(root int) error {
		work = append(work[:0], visit{block: root})
		for len(work) > 0 {
			v := &work[len(work)-1]
			if v.inside {
				for len(pushed) > v.mark {
					k := pushed[len(pushed)-1]
					stacks[k] = stacks[k][:len(stacks[k])-1]
					pushed = pushed[:len(pushed)-1]
				}
				work = work[:len(work)-1]
				continue
			}
			v.inside, v.mark = true, len(pushed)
			bi := v.block
			b := g.Blocks[bi]
			for _, phi := range b.Phis {
				push(rn.origOf(phi.Dst()), phi.Dst())
			}
			for _, i := range rn.at.of(bi) {
				in := rn.own(b, int(i))
				args, dsts := in.Args(), in.Dsts()
				for k, a := range args {
					if !rn.renamed(a) {
						continue
					}
					cur, ok := top(a)
					if !ok {
						return fmt.Errorf("mem2reg: %s: b%d: %s may be used before it is defined", f.Name, bi, a)
					}
					args[k] = cur
				}
				for k, d := range dsts {
					if rn.renamed(d) {
						dsts[k] = rn.version(d)
						push(d, dsts[k])
					}
				}
			}
			for k, s := range b.Succs {
				succ := g.Blocks[s]
				idx := b.PredIndex(k, succ)
				for _, phi := range succ.Phis {
					r := rn.origOf(phi.Dst())
					cur, ok := top(r)
					if !ok {
						return fmt.Errorf("mem2reg: %s: %s is live into b%d but not defined on the edge from b%d", f.Name, r, s, bi)
					}
					phi.Args()[idx] = cur
				}
			}
			if dom == nil {
				continue
			}
			for _, c := range dom.Children(bi) {
				if c != f.Recover {
					work = append(work, visit{block: c})
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
		for k := range stacks {
			stacks[k] = stacks[k][:0]
		}
		pushed = pushed[:0]
		if err := renameFrom(f.Recover); err != nil {
			return nil, nil, err
		}
	}
	return g, rn.hints(), nil
}

// visit is a step of renaming's walk of the dominator tree.
type visit struct {
	block  int
	mark   int // len(pushed) on entry
	inside bool
}

// placePhis places pruned phis in g (renaming f) at the iterated
// dominance frontiers of the renamed registers' definitions, where they
// are live, and returns the dominator tree (its working arrays from buf).
func placePhis(rn *renaming, f, g *ir.Func, buf *buffers) *graph.DomTree {
	info := f.CFG()
	idf := &buf.idf
	idf.Reset(info.Dom, info.Graph)

	// One scan for the definition blocks of each renamed register (by
	// index in vars) and its liveness. The blocks are gathered as pairs,
	// then grouped by register in one array (a list per register was
	// allocated for each of them).
	defs := buf.defSites[:0]
	for _, vs := range [2][]ir.Reg{f.Params, f.FreeVars} {
		for _, p := range vs {
			if rn.renamed(p) {
				defs = append(defs, defBlock{rn.index[p], 0})
			}
		}
	}
	scan := &buf.live
	scan.Reset(f, rn.index, len(rn.vars))
	for _, b := range f.Blocks {
		for _, i := range rn.at.of(b.Index) {
			in := b.Instrs[i]
			scan.Instr(b.Index, in)
			for _, d := range in.Dsts() {
				if rn.renamed(d) {
					defs = append(defs, defBlock{rn.index[d], int32(b.Index)})
				}
			}
		}
	}
	buf.defSites = defs
	defBlocks := buf.groupDefs(len(rn.vars))
	live := &buf.liveness
	scan.SolveInto(info.Postorder, live)
	// Phis at the iterated frontier, where the register is live: first
	// where they go, then all made at once (one arena chunk for the
	// phis, one array for the blocks' lists of them). Each gets its
	// version now; rn.origOf tells which register it versions.
	joins, placed := buf.joins[:0], buf.placed[:0]
	regs := 0
	for k, r := range rn.vars {
		joins = idf.Compute(joins[:0], defBlocks.of(k))
		for _, j := range joins {
			if live.LiveIn(j, r) {
				placed = append(placed, defBlock{int32(k), int32(j)})
				regs += 1 + len(g.Blocks[j].Preds)
			}
		}
	}
	buf.joins, buf.placed = joins[:0], placed[:0]
	if len(placed) == 0 {
		return info.Dom
	}
	rn.arena.Reserve(len(placed), regs)
	lists := make([]*ir.Instr, len(placed))
	start := zeroed(&buf.phiStart, len(g.Blocks)+1)
	for _, p := range placed {
		start[p.block+1]++
	}
	for j := 1; j <= len(g.Blocks); j++ {
		start[j] += start[j-1]
	}
	for _, p := range placed { // in order of registers, in each block too
		b := g.Blocks[p.block]
		if b.Phis == nil {
			at, end := start[p.block], start[p.block+1]
			b.Phis = lists[at:at:end]
		}
		phi := rn.arena.MakePhi(f.Blocks[p.block].Instrs[0].Pos, rn.version(rn.vars[p.reg]), len(b.Preds))
		b.Phis = append(b.Phis, phi)
	}
	return info.Dom
}

// defBlock is a block where a renamed register (by index in vars) is
// defined, or has a phi.
type defBlock struct {
	reg, block int32
}

// groupDefs groups the definition blocks in b.defSites by register (n
// registers): the blocks of register k are of(k), in the order found.
func (b *buffers) groupDefs(n int) blockLists {
	start := zeroed(&b.defStart, n+1)
	for _, d := range b.defSites {
		start[d.reg+1]++
	}
	for k := 1; k <= n; k++ {
		start[k] += start[k-1]
	}
	blocks := zeroed(&b.defBlocks, len(b.defSites))
	next := zeroed(&b.defNext, n)
	copy(next, start[:n])
	for _, d := range b.defSites {
		blocks[next[d.reg]] = int(d.block)
		next[d.reg]++
	}
	return blockLists{start, blocks}
}

// blockLists are lists of blocks in one array: list k is
// blocks[start[k]:start[k+1]].
type blockLists struct {
	start  []int32
	blocks []int
}

func (l blockLists) of(k int) []int { return l.blocks[l.start[k]:l.start[k+1]] }
