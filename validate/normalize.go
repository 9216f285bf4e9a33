// This file checks the normalize pass. Properties checked:
//
//   - the result is well-formed RTL (the input is, as a precondition,
//     except that it may have unreachable blocks); its CFG is normalised
//     (every edge into a join block leaves a block ending in a jump);
//   - every block of the result is either a block of the input (the hint
//     says which) with identical instructions and registers, or an
//     inserted block holding only a jump (normalize's have one
//     predecessor, loopnorm's may merge several edges);
//   - a successor of a kept block is the image of the input block's
//     successor in the same slot, directly or through one inserted block;
//   - every input block left out is unreachable in the input;
//   - signature, registers and the recover block are unchanged.

package validate

import (
	"github.com/vssa-go/vssa/ir"
)

// NormalizeHints tell which input block each result block is.
type NormalizeHints struct {
	// Old[i] is the index of the input block that result block i is, or
	// -1 if block i was inserted on an edge.
	Old []int
}

// Normalize checks a normalize result.
func Normalize(before, after *ir.Func, h *NormalizeHints) error {
	r := rejecter{"normalize", after}
	if err := r.missing(before, after); err != nil {
		return err
	}
	// The result is well-formed RTL if the input is (a precondition, but
	// for unreachable blocks): its blocks are the input's reachable ones,
	// unchanged, and jump-only blocks on edges, which keeps dominance
	// between the input's blocks; so only edges, reachability and
	// normalisation need checking here.
	if before == after {
		// The pass found nothing to do.
		if err := checkReachable(r, after); err != nil {
			return err
		}
		return checkNormalised(r, after)
	}
	if err := checkEdges(r, after); err != nil {
		return err
	}
	if err := checkReachable(r, after); err != nil {
		return err
	}
	if h == nil {
		return r.fn(RuleHints, "hints are missing")
	}
	if len(h.Old) != len(after.Blocks) {
		return r.fn(RuleHints, "hints name the input block of %d blocks, want %d (every block)", len(h.Old), len(after.Blocks))
	}
	if !sameSignature(before, after) || !sameRegs(before.Params, after.Params) || !sameRegs(before.FreeVars, after.FreeVars) {
		return r.fn(RuleStructure, "signature or parameters differ from the input's")
	}
	if after.NumRegs() != before.NumRegs() {
		return r.fn(RuleStructure, "function has %d registers, want %d (the input's)", after.NumRegs(), before.NumRegs())
	}
	if v := firstChangedType(before, after); v >= 0 {
		return typeChanged(r, before, after, v)
	}
	if len(h.Old) == 0 {
		return r.fn(RuleEntry, "function has no entry block, want one")
	}
	if h.Old[0] != 0 {
		return r.fn(RuleEntry, "entry block is input b%d, want input b0", h.Old[0])
	}
	kept := make([]bool, len(before.Blocks))
	for i, o := range h.Old {
		if o < -1 || o >= len(before.Blocks) {
			return r.fn(RuleHints, "b%d is said to be input b%d, which does not exist", i, o)
		}
		if o >= 0 {
			if kept[o] {
				return r.fn(RuleHints, "input b%d is said to be two blocks, want one", o)
			}
			kept[o] = true
		}
	}
	var reach []bool
	for o, k := range kept {
		if k {
			continue
		}
		if reach == nil {
			reach = before.Reachable()
		}
		if reach[o] {
			return r.fn(RuleRemoved, "input b%d is reachable but removed, want it kept", o)
		}
	}
	if before.Recover >= 0 {
		if after.Recover < 0 || h.Old[after.Recover] != before.Recover {
			return r.fn(RuleRecover, "recover block is not input b%d, want the input's recover block", before.Recover)
		}
	} else if after.Recover >= 0 {
		return r.fn(RuleRecover, "function has a recover block, want none (the input has none)")
	}
	for i, b := range after.Blocks {
		o := h.Old[i]
		if o < 0 {
			// Only a jump: with no phis in RTL, a path through it is
			// the path without it, however many edges it merges
			// (loopnorm's latches and preheaders merge several).
			if len(b.Instrs) != 1 || b.Instrs[0].Op != ir.OpJump || len(b.Preds) == 0 || len(b.Phis) > 0 {
				return r.at(b, nil, RuleInserted, "inserted block has %d instructions and %d predecessors, want only a jump and a predecessor", len(b.Instrs), len(b.Preds))
			}
			continue
		}
		ob := before.Blocks[o]
		if len(b.Instrs) != len(ob.Instrs) {
			return r.at(b, nil, RuleStructure, "block has %d instructions, want %d as input b%d", len(b.Instrs), len(ob.Instrs), o)
		}
		for k, in := range b.Instrs {
			if in == ob.Instrs[k] {
				continue // shared with the input: passes never change their input
			}
			if !sameShape(in, ob.Instrs[k]) || !sameRegs(in.Args(), ob.Instrs[k].Args()) || !sameRegs(in.Dsts(), ob.Instrs[k].Dsts()) {
				return r.at(b, in, RuleStructure, "instruction %d differs from input b%d's, want it unchanged", k, o)
			}
		}
		for k, s := range b.Succs {
			want := ob.Succs[k]
			switch {
			case h.Old[s] == want:
			case h.Old[s] == -1 && len(after.Blocks[s].Succs) == 1 && h.Old[after.Blocks[s].Succs[0]] == want:
			default:
				return r.at(b, nil, RuleEdges, "successor %d is b%d, want input b%d's image", k, s, want)
			}
		}
	}
	return checkNormalised(r, after)
}

// checkNormalised checks that every edge into a join leaves a jump.
func checkNormalised(r rejecter, f *ir.Func) error {
	for _, b := range f.Blocks {
		if len(b.Preds) < 2 {
			continue
		}
		for _, p := range b.Preds {
			if t := f.Blocks[p].Terminator(); t == nil || t.Op != ir.OpJump {
				return r.at(b, nil, RuleNormalised, "edge into this join leaves b%d, which ends with no jump, want a jump", p)
			}
		}
	}
	return nil
}

// checkEdges checks that every block's predecessors are exactly the
// sources of the edges into it (as a multiset, in any order).
func checkEdges(r rejecter, f *ir.Func) error {
	n := len(f.Blocks)
	nedges := 0
	for _, b := range f.Blocks {
		if b == nil || b.Index < 0 || b.Index >= n {
			return r.fn(RuleStructure, "a block is missing or out of its place")
		}
		for _, s := range b.Succs {
			if s < 0 || s >= n {
				return r.at(b, nil, RuleEdges, "successor b%d does not exist", s)
			}
		}
		nedges += len(b.Succs)
	}
	// The sources of the edges into each block, block after block, and a
	// counter per block: one allocation.
	ints := make([]int32, 2*(n+1)+nedges)
	first, count, sources := ints[:n+1], ints[n+1:2*(n+1)], ints[2*(n+1):]
	for _, b := range f.Blocks {
		for _, s := range b.Succs {
			first[s+1]++
		}
	}
	for i := range n {
		first[i+1] += first[i]
	}
	next := count[:n] // the next free place of each block's sources (count is zero again after use)
	for _, b := range f.Blocks {
		for _, s := range b.Succs {
			sources[first[s]+next[s]] = int32(b.Index)
			next[s]++
		}
	}
	clear(next)
	for _, b := range f.Blocks {
		in := sources[first[b.Index]:first[b.Index+1]]
		for _, p := range b.Preds {
			if p < 0 || p >= n {
				return r.at(b, nil, RuleEdges, "predecessor b%d does not exist", p)
			}
			count[p]++
		}
		for _, src := range in {
			count[src]--
		}
		mismatch := -1
		for _, p := range b.Preds {
			if count[p] != 0 {
				mismatch = p
			}
			count[p] = 0
		}
		for _, src := range in {
			if count[src] != 0 {
				mismatch = int(src)
			}
			count[src] = 0
		}
		if mismatch >= 0 {
			return r.at(b, nil, RuleEdges, "predecessors list b%d as often as it has no edge to this block, want each edge once", mismatch)
		}
	}
	if len(f.Blocks[0].Preds) > 0 {
		return r.at(f.Blocks[0], nil, RuleEdges, "entry block has %d predecessors, want none", len(f.Blocks[0].Preds))
	}
	return nil
}

// checkReachable checks that every block is reachable from the entry
// (the recover block counts as reachable from it).
func checkReachable(r rejecter, f *ir.Func) error {
	// The usual answer from the CFG analysis the IR checker keeps on f;
	// the search below finds which block is not.
	if len(f.CFG().Postorder) == len(f.Blocks) {
		return nil
	}
	seen := f.Reachable()
	for i, ok := range seen {
		if !ok {
			return r.at(f.Blocks[i], nil, RuleReachable, "block is unreachable from the entry, want every block reachable")
		}
	}
	return nil
}
