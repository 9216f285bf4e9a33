// This file checks the zce pass: redundant zero-check elimination
// (../shared/papers/004 §4). Properties checked:
//
//   - structure: the result is the input without the removed
//     instructions (same signature, parameters, registers, blocks,
//     edges, phis, and the other instructions in order);
//   - hints: each removal names an instruction of the input, once;
//   - covered: each removed instruction is a divcheck, and a kept
//     divcheck of the same register strictly dominates it in the input
//     (Definition 4.1): earlier in its block, or in a block that
//     strictly dominates its block, the recover block's edge from the
//     entry excluded (a panic before the entry's check may take it).
//     Registers are the same through copies: in SSA a copy equals its
//     operand wherever it is defined, and the operand, whose
//     definition dominates the covering check, is not redefined
//     between the two.
//
// That is the premise of Corollary 4.2: on every path to the removed
// check the covering one ran last after the register's definition, and
// passed, so the register is not zero there. The validator recomputes
// dominance from the input; it does not run the pass's walk.

package validate

import "github.com/vssa-go/vssa/ir"

// ZCEHints are what zce gives its validator: the input's divchecks the
// result leaves out, by block and index in the block's Instrs.
type ZCEHints struct {
	Removed []CheckRemoval
}

// ZCE checks a zce result.
func ZCE(before, after *ir.Func, h *ZCEHints) error {
	r := rejecter{"zce", after}
	if err := r.missing(before, after); err != nil {
		return err
	}
	if h == nil {
		return r.fn(RuleHints, "hints are missing")
	}
	if !sameSignature(before, after) || !sameRegs(before.Params, after.Params) || !sameRegs(before.FreeVars, after.FreeVars) ||
		!sameCFG(before, after) || after.NumRegs() != before.NumRegs() {
		return r.fn(RuleStructure, "signature, parameters, blocks, registers or recover block differ from the input's")
	}
	if v := firstChangedType(before, after); v >= 0 {
		return typeChanged(r, before, after, v)
	}
	removed := make(map[place]bool, len(h.Removed))
	for _, m := range h.Removed {
		if m.Block < 0 || m.Block >= len(before.Blocks) || m.Index < 0 || m.Index >= len(before.Blocks[m.Block].Instrs) {
			return r.fn(RuleHints, "removal of instruction %d of b%d, which the input does not have", m.Index, m.Block)
		}
		p := place{int32(m.Block), int32(m.Index)}
		if removed[p] {
			return r.at(before.Blocks[m.Block], before.Blocks[m.Block].Instrs[m.Index], RuleHints, "removed twice, want once")
		}
		removed[p] = true
	}
	if err := sameButRemoved(r, before, after, removed); err != nil {
		return err
	}
	// copyOf[r]: the operand of the copy defining r.
	copyOf := map[ir.Reg]ir.Reg{}
	for _, b := range before.Blocks {
		for _, in := range b.Instrs {
			if in.Op == ir.OpCopy {
				copyOf[in.Dsts()[0]] = in.Args()[0]
			}
		}
	}
	root := func(x ir.Reg) ir.Reg {
		// In SSA the chain ends (a definition dominates its uses);
		// the bound is for a cycle of copies in unreachable code.
		for range len(copyOf) {
			y, ok := copyOf[x]
			if !ok {
				break
			}
			x = y
		}
		return x
	}
	// kept[b][x]: the index of the first kept divcheck of a copy of x
	// (or x) in block b.
	kept := make([]map[ir.Reg]int, len(before.Blocks))
	for i, b := range before.Blocks {
		for j, in := range b.Instrs {
			if in.Op != ir.OpDivCheck || removed[place{int32(i), int32(j)}] {
				continue
			}
			if kept[i] == nil {
				kept[i] = map[ir.Reg]int{}
			}
			if _, ok := kept[i][root(in.Args()[0])]; !ok {
				kept[i][root(in.Args()[0])] = j
			}
		}
	}
	dom := before.CFG().Dom
	for _, m := range h.Removed {
		b := before.Blocks[m.Block]
		in := b.Instrs[m.Index]
		if in.Op != ir.OpDivCheck {
			return r.at(b, in, RuleCovered, "removed, but it is not a divcheck")
		}
		if !covered(before, dom, kept, m.Block, m.Index, root(in.Args()[0])) {
			return r.at(b, in, RuleCovered, "removed, but no kept divcheck of r%d strictly dominates it", in.Args()[0])
		}
	}
	return nil
}

// covered reports whether a kept divcheck of x strictly dominates
// instruction i of block b: one before it in b, or one in a block
// above b in the dominator tree, not climbing from the recover block
// to the entry.
func covered(f *ir.Func, dom interface{ Idom(int) int }, kept []map[ir.Reg]int, b, i int, x ir.Reg) bool {
	if j, ok := kept[b][x]; ok && j < i {
		return true
	}
	for c := b; c != f.Recover; {
		c = dom.Idom(c)
		if c < 0 {
			return false
		}
		if _, ok := kept[c][x]; ok {
			return true
		}
	}
	return false
}
