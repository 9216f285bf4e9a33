// This file implements the solver's literal encoding.

package cdcl

// lit is a literal in the solver's dense encoding: variable v (from 0) is
// 2v, its negation 2v+1, so that a literal indexes per-literal slices and
// negation is one xor.
type lit int32

func fromDIMACS(x int) lit {
	if x > 0 {
		return lit(2 * (x - 1))
	}
	return lit(2*(-x-1) + 1)
}

func (l lit) dimacs() int {
	v := int(l>>1) + 1
	if l&1 == 1 {
		return -v
	}
	return v
}

func (l lit) neg() lit { return l ^ 1 }
func (l lit) v() int   { return int(l >> 1) }

func toDIMACS(c []lit) []int {
	out := make([]int, len(c))
	for i, l := range c {
		out[i] = l.dimacs()
	}
	return out
}
