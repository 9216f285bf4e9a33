// This file replaces a jump to a block that only compares and branches
// with a copy of that compare and branch. A loop's test sits at its
// bottom (layout.go), and the way into the loop jumped to it, to branch
// from there back up to the body's top or out: math/bits.Div64's two
// correction loops, which rarely iterate, took that JMP and the test's
// own JMP on each call. The copy reads the same registers (the jump's
// edge moves have put the test's operands where the test reads them,
// and the test's block does nothing else) and branches to the same
// blocks, so it computes what the test would.

package native

import "github.com/vssa-go/vssa/validate"

// copyBranch emits, in place of a jump to block t, t's compare and
// branch when that is all t's code is, and reports whether it did; next
// is the block laid out after the jump. A block aligned as a loop's top
// is jumped to rather than fallen into, past its padding.
func (e *emitter) copyBranch(t, next int, aligned map[int]bool) (bool, error) {
	mb := &e.a.After.Blocks[t]
	if len(mb.Instrs) != 1 || mb.Instrs[0].Ref < 0 {
		return false, nil
	}
	in := e.a.Code[mb.Instrs[0].Ref]
	if in.Op != OpBranch {
		return false, nil
	}
	uses := make([]validate.Loc, len(mb.Instrs[0].Uses))
	for k, u := range mb.Instrs[0].Uses {
		uses[k] = u.L
	}
	if aligned[next] {
		next = -1
	}
	// The compare's flags are not the ones an instruction before the
	// jump set: the copy starts afresh.
	e.prev, e.last = nil, nil
	return true, e.instr(e.f.Blocks[t], in, uses, validate.NoLoc, next)
}
