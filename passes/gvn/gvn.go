// This file runs the pass: numbering, then a walk of the dominator tree
// that picks each class's leader and replaces, removes and folds.

package gvn

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Run numbers f's values optimistically and replaces every redundant
// one by its dominating leader.
func Run(f *ir.Func) (*ir.Func, *validate.GVNHints, error) { return run(f, false, false) }

// Pessimistic numbers f's values in one walk, a phi reading a value not
// numbered yet (around a loop) having its own number: the hash-based
// numbering of a dominator walk, for measuring what the optimistic
// iteration adds.
func Pessimistic(f *ir.Func) (*ir.Func, *validate.GVNHints, error) { return run(f, true, false) }

// Ungated numbers a gamma, like a phi, only with those of its own
// join: GVN without gated value numbering, for measuring what that
// adds on GSA form (vssa stats).
func Ungated(f *ir.Func) (*ir.Func, *validate.GVNHints, error) { return run(f, false, true) }

func run(f *ir.Func, pessimistic, ungated bool) (*ir.Func, *validate.GVNHints, error) {
	s := scratches.Get().(*scratch)
	defer s.release()
	cfg := f.CFG()
	s.rpo = f.AppendReversePostorder(s.rpo[:0], cfg)
	rpo := s.rpo
	mem := newMemory(f, rpo, s)
	n := &s.numbering
	*n = numbering{f: f, mem: mem, pessimistic: pessimistic, s: s, gated: newGated(f, cfg.Dom, ungated)}
	// Without a retreating edge, the walk numbers each block as it
	// reaches it (see walk.fused); else the rounds come first.
	fused := !mem.cyclic
	if fused {
		n.start()
	} else {
		mem.fixpoint(rpo)
		if !n.number(rpo) {
			return f, identity(f, mem), nil
		}
	}
	w := newWalk(f, n, cfg, fused)
	w.walk()
	if fused {
		mem.finish()
		n.finish()
	}
	w.removeDead()
	g, rm := w.result()
	return g, &validate.GVNHints{Number: n.num, MemFresh: mem.fresh, Removed: rm}, nil
}

// identity is the hints of a result that is the input.
func identity(f *ir.Func, mem *memory) *validate.GVNHints {
	num := make([]ir.Reg, f.NumRegs())
	for i := range num {
		num[i] = ir.Reg(i)
	}
	return &validate.GVNHints{Number: num, MemFresh: mem.fresh}
}
