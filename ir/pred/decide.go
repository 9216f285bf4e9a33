// This file decides the two questions the GSA validator asks, by
// syntax alone where it can: implication and mutual exclusion of
// predicates, in the "evaluates to 1" sense. A false answer means "not
// settled here", not "does not hold": the validator then asks a SAT
// solver (see Encode).

package pred

// Implies reports whether p ⇒ q is settled syntactically: every cube of
// p is contradictory or holds all the literals of some cube of q. Then
// whenever p is 1, some cube of p is 1, so all its literals are, so that
// cube of q is 1.
func Implies(p, q Pred) bool {
	for _, c := range p {
		c = normCube(c)
		if contradictory(c) {
			continue
		}
		ok := false
		for _, k := range q {
			if subset(normCube(k), c) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// Exclusive reports whether p and q are settled never both 1: every
// pair of a cube of p and a cube of q holds some literal and its
// negation. A literal and its negation are never both 1 (one is 0 or
// both are ½).
func Exclusive(p, q Pred) bool {
	for _, a := range p {
		for _, b := range q {
			if !clash(a, b) {
				return false
			}
		}
	}
	return true
}

func clash(a, b Cube) bool {
	for _, x := range a {
		for _, y := range b {
			if x.Reg == y.Reg && x.Neg != y.Neg {
				return true
			}
		}
	}
	for i := range a {
		for j := i + 1; j < len(a); j++ {
			if a[i].Reg == a[j].Reg && a[i].Neg != a[j].Neg {
				return true
			}
		}
	}
	for i := range b {
		for j := i + 1; j < len(b); j++ {
			if b[i].Reg == b[j].Reg && b[i].Neg != b[j].Neg {
				return true
			}
		}
	}
	return false
}
