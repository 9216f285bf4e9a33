// This file picks the arms of branches in loops that layout moves out
// of the loop's straight line. A loop's two-way branch whose arms are a
// few instructions on one side and a long region on the other (a range
// over a string: one byte below utf8.RuneSelf, or the decoder spliced
// in, rangestring.go) was laid out in reverse postorder: the long
// region between the short arm and the block both go on to, so that the
// short arm, whose iteration is a handful of instructions, jumped over
// it, two taken branches an iteration where gc, which marks the decode
// unlikely, takes one. Out of line, the short arm falls through and the
// long one takes a branch out and one back, little beside its own work:
// without a profile, the layout that costs each path in proportion to
// its length.

package native

// Thresholds of a long arm: at least minColdArm instructions, and
// coldArmRatio times those of the other arm.
const (
	minColdArm   = 16
	coldArmRatio = 4
)

// coldArms returns the blocks of f to place after the hot code: for each
// branch in a loop (loops, from naturalLoops) with both successors in
// every loop that holds it, each entered from the branch only, the
// blocks of the innermost such loop that the long arm's successor
// dominates, when that arm is long next to the other, the other is not
// empty, and the long one holds no loop header and no latch (a loop's
// own blocks stay where the loop's layout wants them).
func coldArms(f *Func, loops map[int][]bool) map[int]bool {
	dom := dominators(f)
	cold := map[int]bool{}
	// region returns the blocks of body that s dominates, and their
	// instructions, or ok false if one is a loop header or a latch.
	region := func(s int, body []bool) (blocks []int, size int, ok bool) {
		for _, b := range f.Blocks {
			if !body[b.Index] || !dom.Reachable(b.Index) || !dom.Dominates(s, b.Index) {
				continue
			}
			if loops[b.Index] != nil {
				return nil, 0, false
			}
			for _, t := range b.Succs {
				if loops[t] != nil {
					return nil, 0, false
				}
			}
			blocks = append(blocks, b.Index)
			size += len(b.Instrs)
		}
		return blocks, size, true
	}
	headers := loopHeaders(loops)
	for _, b := range f.Blocks {
		if len(b.Succs) != 2 || b.Succs[0] == b.Succs[1] {
			continue
		}
		s0, s1 := b.Succs[0], b.Succs[1]
		if len(f.Blocks[s0].Preds) != 1 || len(f.Blocks[s1].Preds) != 1 || jumpOnly(f.Blocks[s0]) || jumpOnly(f.Blocks[s1]) {
			continue
		}
		// The innermost loop holding b; both arms in every one.
		var body []bool
		inner := 0
		for _, h := range headers {
			l := loops[h]
			if !l[b.Index] {
				continue
			}
			if !l[s0] || !l[s1] {
				body = nil
				break
			}
			if n := countTrue(l); body == nil || n < inner {
				body, inner = l, n
			}
		}
		if body == nil {
			continue
		}
		r0, n0, ok0 := region(s0, body)
		r1, n1, ok1 := region(s1, body)
		if !ok0 || !ok1 {
			continue
		}
		switch {
		case n0 >= minColdArm && n0 >= coldArmRatio*n1:
			markCold(cold, r0)
		case n1 >= minColdArm && n1 >= coldArmRatio*n0:
			markCold(cold, r1)
		}
	}
	return cold
}

// countTrue returns how many of s are true.
func countTrue(s []bool) int {
	n := 0
	for _, x := range s {
		if x {
			n++
		}
	}
	return n
}

// jumpOnly reports whether b only jumps: an edge split on the way to a
// join, an arm with no work of its own (if c { long }: which side runs
// more often is anyone's guess).
func jumpOnly(b *Block) bool {
	return len(b.Instrs) == 1 && b.Instrs[0].Op == OpJump
}

func markCold(cold map[int]bool, blocks []int) {
	for _, b := range blocks {
		cold[b] = true
	}
}
