// This file keeps, outside loops, the branches of diamonds that would
// need more than one conditional move, as gc's branchelim does on
// amd64 (it converts only where one phi is selected). Such a diamond
// runs once a call: its branch is predicted from the caller's history,
// and each select costs a compare-dependent CMOV plus the copy of the
// value it overwrites, where the predicted branch costs one jump.
// math/bits.Len64's three steps (x >>= 32; n = 32 and so on) cost 27
// instructions converted and 12 as branches (Div64's normalisation).
// Inside a loop a diamond runs once an iteration on new data, where a
// mispredict every other iteration costs more than the selects, so
// loops keep their conversion.

package native

// selectsOutsideLoops reports whether converting a diamond whose join
// is j, reached from its arms through j.Preds[jt] and j.Preds[jf],
// would need more than one select in a block of no loop. An increment
// (v or v+1) counts as a select: it is a SETcc and an add.
func selectsOutsideLoops(depth []int, b, j *Block, jt, jf int) bool {
	if depth[b.Index] > 0 {
		return false
	}
	n := 0
	for _, p := range j.Phis {
		if p.Args[jt] != p.Args[jf] {
			n++
		}
	}
	return n > 1
}
