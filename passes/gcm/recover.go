// This file keeps data nodes on their side of the recover block.

package gcm

import "github.com/vssa-go/vssa/ir/graph"

// sameSide narrows the range [early, late] of the dominator tree in
// which a data node of block home may go to the blocks on home's side
// of the recover block (side: the blocks it reaches). The tree makes
// the entry dominate the recover block, but a recovered panic enters
// it from the middle of the entry, where the entry's registers not yet
// defined read as zero: a node of the entry sunk to the recover side
// would be computed there where the input's reads as zero, and one of
// that side hoisted into the entry would read as zero where the
// input's is computed (validate.GCM rejects both). A node of the entry
// stays there, and one of the recover side rises at most to the
// highest block of that side that dominates it.
func sameSide(dom *graph.DomTree, side []bool, home, early, late int) (int, int) {
	if !side[home] {
		if side[late] {
			late = home // home is the entry: the only block above both sides
		}
		return early, late
	}
	if !side[early] {
		early = home
		for p := dom.Idom(early); p >= 0 && side[p]; p = dom.Idom(early) {
			early = p
		}
	}
	return early, late
}
