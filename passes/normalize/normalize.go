// This file implements the normalize pass.

package normalize

import (
	"fmt"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Run normalises an RTL function (it refuses phis: edge splitting would
// have to rewrite them).
func Run(f *ir.Func) (*ir.Func, *validate.NormalizeHints, error) {
	for _, b := range f.Blocks {
		if len(b.Phis) > 0 {
			return nil, nil, fmt.Errorf("normalize: %s has phis; normalise before SSA construction", f.Name)
		}
	}
	// The IR checker has analysed f's CFG (the pass manager checks its
	// input): a postorder of every block says all are reachable.
	if len(f.CFG().Postorder) == len(f.Blocks) && joinsEnteredByJumps(f) {
		// Nothing to do: the input itself is the result.
		old := make([]int, len(f.Blocks))
		for i := range old {
			old[i] = i
		}
		return f, &validate.NormalizeHints{Old: old}, nil
	}
	reach := f.Reachable()
	g := f.ShallowClone() // instructions are not modified, registers not added
	// Keep the reachable blocks, in order.
	newIndex := make([]int, len(f.Blocks))
	var blocks []*ir.Block
	var old []int
	for i, b := range g.Blocks {
		if !reach[i] {
			newIndex[i] = -1
			continue
		}
		newIndex[i] = len(blocks)
		blocks = append(blocks, b)
		old = append(old, i)
	}
	for _, b := range blocks {
		b.Index = newIndex[b.Index]
		for k, s := range b.Succs {
			b.Succs[k] = newIndex[s]
		}
		b.Preds = nil
	}
	g.Blocks = blocks
	if g.Recover >= 0 {
		g.Recover = newIndex[g.Recover]
	}
	// Count predecessors, then split edges into joins that leave a branch.
	npreds := make([]int, len(g.Blocks))
	for _, b := range g.Blocks {
		for _, s := range b.Succs {
			npreds[s]++
		}
	}
	for _, b := range append([]*ir.Block(nil), g.Blocks...) {
		if t := b.Terminator(); t != nil && t.Op == ir.OpJump {
			continue
		}
		for k, s := range b.Succs {
			if npreds[s] < 2 {
				continue
			}
			e := g.NewBlock()
			e.Instrs = []*ir.Instr{{Op: ir.OpJump, Pos: b.Terminator().Pos}}
			e.Succs = []int{s}
			b.Succs[k] = e.Index
			old = append(old, -1)
		}
	}
	for _, b := range g.Blocks {
		for _, s := range b.Succs {
			g.Blocks[s].Preds = append(g.Blocks[s].Preds, b.Index)
		}
	}
	return g, &validate.NormalizeHints{Old: old}, nil
}

// joinsEnteredByJumps reports whether every edge into a join leaves a
// block ending in a jump.
func joinsEnteredByJumps(f *ir.Func) bool {
	for _, b := range f.Blocks {
		if len(b.Preds) < 2 {
			continue
		}
		for _, p := range b.Preds {
			if t := f.Blocks[p].Terminator(); t == nil || t.Op != ir.OpJump {
				return false
			}
		}
	}
	return true
}
