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
	f      *ir.Func
	offset []int   // block → its first instruction's place
	ver    []int32 // place → version seen
	exit   []int32 // block → the version it leaves, -1 before it is reached
	starts []bool  // block → a version starts at it
	rpoAt  []int32 // block → its position in reverse postorder
	fresh  []int   // joins where a version starts (the validator's hint)
	cyclic bool    // an edge goes back in reverse postorder
}

// newMemory lays out f's instruction places and finds whether an edge
// goes back in rpo; the versions are computed block by block (enter).
func newMemory(f *ir.Func, rpo []*ir.Block, s *scratch) *memory {
	nb := len(f.Blocks)
	m := &s.memory
	*m = memory{f: f, offset: sized(&s.offset, nb+1), starts: sized(&s.starts, nb)}
	for i, b := range f.Blocks {
		m.offset[i+1] = m.offset[i] + len(b.Instrs)
	}
	m.ver = sized(&s.ver, m.offset[nb])
	m.exit = filled(&s.exit, nb, -1)
	m.rpoAt = filled(&s.rpoAt, nb, -1)
	for i, b := range rpo {
		m.rpoAt[b.Index] = int32(i)
	}
	for i, b := range rpo {
		for _, succ := range b.Succs {
			if j := m.rpoAt[succ]; j >= 0 && int(j) <= i {
				m.cyclic = true
			}
		}
	}
	return m
}

// enter computes the versions b's instructions see from the versions
// its predecessors leave (those not reached yet ignored) and reports
// whether the version b leaves changed. A join starts a version when
// two predecessors leave different ones (once it does, it always does).
// Versions 0…len(blocks)-1 start at blocks, the others at writing
// instructions.
func (m *memory) enter(b *ir.Block) bool {
	cur := int32(b.Index)
	if !m.starts[b.Index] && len(b.Preds) > 0 {
		cur = -1
		for _, p := range b.Preds {
			switch {
			case m.exit[p] < 0:
			case cur < 0:
				cur = m.exit[p]
			case cur != m.exit[p]:
				m.starts[b.Index] = true
			}
		}
		if m.starts[b.Index] {
			cur = int32(b.Index)
		}
	}
	off := m.offset[b.Index]
	for k, in := range b.Instrs {
		m.ver[off+k] = cur
		if in.Op.WritesOldMemory() {
			cur = int32(len(m.exit) + off + k)
		}
	}
	changed := m.exit[b.Index] != cur
	m.exit[b.Index] = cur
	return changed
}

// fixpoint computes every block's versions by iterating enter in rpo
// until nothing changes (once, without a retreating edge).
func (m *memory) fixpoint(rpo []*ir.Block) {
	for changed := true; changed; {
		changed = false
		for _, b := range rpo {
			changed = m.enter(b) || changed
		}
		if !m.cyclic {
			break
		}
	}
	m.finish()
}

// finish lists the joins where a version starts, for the hints.
func (m *memory) finish() {
	for i, b := range m.f.Blocks {
		if m.starts[i] && len(b.Preds) > 0 {
			m.fresh = append(m.fresh, i)
		}
	}
}
