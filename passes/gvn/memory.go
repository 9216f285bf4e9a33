// This file gives memory versions: like an SSA variable for the whole
// memory, a new version at every instruction that may write memory that
// existed before it, and at joins whose predecessors leave different
// versions.

package gvn

import "github.com/vssa-go/vssa/ir"

// memory is the memory version every instruction of a function sees
// (by its place: the block's offset plus its index), and the blocks
// where a version starts.
type memory struct {
	offset []int   // block → its first instruction's place
	ver    []int32 // place → version seen
	fresh  []int   // joins where a version starts (the validator's hint)
	cyclic bool    // an edge goes back in reverse postorder
}

// memoryVersions computes f's memory versions by iterating to a
// fixpoint: a join starts a version when two predecessors leave
// different ones (once it does, it always does). Versions 0…len(blocks)-1
// start at blocks, the others at writing instructions.
func memoryVersions(f *ir.Func, rpo []*ir.Block, s *scratch) *memory {
	nb := len(f.Blocks)
	m := &memory{offset: sized(&s.offset, nb+1)}
	for i, b := range f.Blocks {
		m.offset[i+1] = m.offset[i] + len(b.Instrs)
	}
	m.ver = sized(&s.ver, m.offset[nb])
	exit := sized(&s.exit, nb)
	for i := range exit {
		exit[i] = -1
	}
	// Without a retreating edge every predecessor comes first in rpo,
	// and one round is final.
	at := sized(&s.rpoAt, nb)
	for i := range at {
		at[i] = -1
	}
	for i, b := range rpo {
		at[b.Index] = int32(i)
	}
	for i, b := range rpo {
		for _, succ := range b.Succs {
			if j := at[succ]; j >= 0 && int(j) <= i {
				m.cyclic = true
			}
		}
	}
	fresh := sized(&s.fresh, nb)
	for changed := true; changed; {
		changed = false
		for _, b := range rpo {
			cur := int32(b.Index)
			if !fresh[b.Index] && len(b.Preds) > 0 {
				cur = -1
				for _, p := range b.Preds {
					switch {
					case exit[p] < 0:
					case cur < 0:
						cur = exit[p]
					case cur != exit[p]:
						fresh[b.Index], changed = true, true
					}
				}
				if fresh[b.Index] {
					cur = int32(b.Index)
				}
			}
			for k, in := range b.Instrs {
				m.ver[m.offset[b.Index]+k] = cur
				if in.Op.WritesOldMemory() {
					cur = int32(nb + m.offset[b.Index] + k)
				}
			}
			if exit[b.Index] != cur {
				exit[b.Index], changed = cur, true
			}
		}
		if !m.cyclic {
			break
		}
	}
	for i, b := range f.Blocks {
		if fresh[i] && len(b.Preds) > 0 {
			m.fresh = append(m.fresh, i)
		}
	}
	return m
}
