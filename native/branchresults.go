// This file keeps in registers the values an instruction that ends its
// block defines: the preemption countdown's decremented counter
// (polls.go), the one such instruction. A spilled value is stored to its
// slot right after its definition, and after the branch that ends a
// block nothing runs on every edge (nor do the edges of a block that
// branches carry moves): spilling it would leave its store nowhere, an
// allocation the validator rejects ("a move after the branch"). Kept in
// a register, it reaches the successor's phi by that edge's move, which
// stores it to the phi's slot when the phi is spilled.

package native

// branchResults returns, by value, whether it is the result of the
// instruction that ends its block.
func branchResults(f *Func) []bool {
	res := make([]bool, len(f.Values))
	for _, b := range f.Blocks {
		if n := len(b.Instrs); n > 0 && b.Instrs[n-1].Dst != NoValue {
			res[b.Instrs[n-1].Dst] = true
		}
	}
	return res
}
