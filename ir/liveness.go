// This file computes register liveness per block, as bit sets.

package ir

import "github.com/vssa-go/vssa/ir/graph"

// Liveness gives, for each block index, the registers live on entry to
// the block and on exit from it.
//
// Phi semantics are those of the IR: a phi's result is defined at the
// start of its block (so it is never live-in there), and its argument k
// is used at the end of predecessor k (so it is live-out there, and only
// there). Registers live on entry to the recover block are live out of
// every block, since a panic can reach the recover block from anywhere.
type Liveness struct {
	In, Out []graph.Bitset
}

// Liveness computes live registers by backward iteration to a fixpoint
// in postorder. Unreachable blocks get empty sets.
func (f *Func) Liveness() *Liveness {
	n, nregs := len(f.Blocks), len(f.Regs)
	uses := make([]graph.Bitset, n) // read before any write in the block
	defs := make([]graph.Bitset, n)
	live := &Liveness{In: make([]graph.Bitset, n), Out: make([]graph.Bitset, n)}
	for i, b := range f.Blocks {
		uses[i], defs[i] = graph.NewBitset(nregs), graph.NewBitset(nregs)
		live.In[i], live.Out[i] = graph.NewBitset(nregs), graph.NewBitset(nregs)
		for _, in := range b.Phis {
			for _, d := range in.Dsts {
				defs[i].Add(int(d))
			}
		}
		for _, in := range b.Instrs {
			for _, a := range in.Args {
				if a != NoReg && !defs[i].Has(int(a)) {
					uses[i].Add(int(a))
				}
			}
			for _, d := range in.Dsts {
				defs[i].Add(int(d))
			}
		}
	}
	order := graph.Postorder(f.Graph(), 0)
	tmp := graph.NewBitset(nregs)
	for changed := true; changed; {
		changed = false
		for _, i := range order {
			b := f.Blocks[i]
			out := live.Out[i]
			for _, s := range b.Succs {
				changed = out.UnionWith(live.In[s]) || changed
				succ := f.Blocks[s]
				for k, p := range succ.Preds {
					if p != i {
						continue
					}
					for _, phi := range succ.Phis {
						if k < len(phi.Args) && phi.Args[k] != NoReg && !out.Has(int(phi.Args[k])) {
							out.Add(int(phi.Args[k]))
							changed = true
						}
					}
				}
			}
			if f.Recover > 0 && i != f.Recover {
				changed = out.UnionWith(live.In[f.Recover]) || changed
			}
			// In = uses ∪ (Out − defs)
			tmp.CopyFrom(out)
			tmp.DifferenceWith(defs[i])
			tmp.UnionWith(uses[i])
			if !tmp.Equal(live.In[i]) {
				live.In[i].CopyFrom(tmp)
				changed = true
			}
		}
	}
	return live
}
