package bench

import (
	"slices"
	"time"
)

// emptyInterval returns what the thread's CPU time measures around
// nothing (half of each of two clock reads), to be taken from every
// timed call, and whether the thread's CPU time can be read at all. It
// is the median of many back-to-back reads.
func emptyInterval() (time.Duration, bool) {
	const n = 1001
	ds := make([]time.Duration, n)
	for i := range ds {
		a, ok := threadCPU()
		if !ok {
			return 0, false
		}
		b, _ := threadCPU()
		ds[i] = b - a
	}
	slices.Sort(ds)
	return ds[n/2], true
}
