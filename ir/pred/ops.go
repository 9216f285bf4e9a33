// This file builds and simplifies predicates: conjunction, disjunction,
// the 1-equivalent simplification, and the two weakenings (merging
// cubes that differ in one literal's sign, projecting atoms away).

package pred

import "slices"

// Or returns p ∨ q, simplified.
func Or(p, q Pred) Pred {
	out := make(Pred, 0, len(p)+len(q))
	out = append(out, p...)
	out = append(out, q...)
	return Simplify(out)
}

// And returns p ∧ q, distributed into cubes and simplified.
func And(p, q Pred) Pred {
	out := make(Pred, 0, len(p)*len(q))
	for _, a := range p {
		for _, b := range q {
			c := make(Cube, 0, len(a)+len(b))
			c = append(c, a...)
			out = append(out, append(c, b...))
		}
	}
	return Simplify(out)
}

// Simplify returns a 1-equivalent predicate: cubes sorted, contradictory
// cubes (never 1) dropped, cubes that imply another cube dropped
// (absorption), and the cubes in a canonical order.
func Simplify(p Pred) Pred {
	var cs Pred
	for _, c := range p {
		c = normCube(c)
		if !contradictory(c) {
			cs = append(cs, c)
		}
	}
	// Shorter cubes first, so that absorption keeps the weaker cube.
	slices.SortFunc(cs, cmpCube)
	var out Pred
	for _, c := range cs {
		if !slices.ContainsFunc(out, func(k Cube) bool { return subset(k, c) }) {
			out = append(out, c)
		}
	}
	return out
}

func cmpCube(a, b Cube) int {
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	for i := range a {
		if d := a[i].key() - b[i].key(); d != 0 {
			if d < 0 {
				return -1
			}
			return 1
		}
	}
	return 0
}

// Weaken returns a predicate that p implies, found by merging two cubes
// that differ only in the sign of one literal (A∧c ∨ A∧¬c becomes A)
// until none do. It is not 1-equivalent (A∧c ∨ A∧¬c is not 1 where c is
// undefined), so only a user that checks its results may call it.
func Weaken(p Pred) Pred {
	p = Simplify(p)
	for changed := true; changed; {
		changed = false
	search:
		for i := range p {
			for j := i + 1; j < len(p); j++ {
				if m, ok := merge(p[i], p[j]); ok {
					q := append(slices.Clone(p[:i]), p[i+1:j]...)
					q = append(q, p[j+1:]...)
					p = Simplify(append(q, m))
					changed = true
					break search
				}
			}
		}
	}
	return p
}

// merge returns a∩b if a and b have the same length and differ only in
// the sign of one literal.
func merge(a, b Cube) (Cube, bool) {
	if len(a) != len(b) {
		return nil, false
	}
	at := -1
	for i := range a {
		if a[i] == b[i] {
			continue
		}
		if a[i].Reg != b[i].Reg || at >= 0 {
			return nil, false
		}
		at = i
	}
	if at < 0 {
		return nil, false
	}
	return append(slices.Clone(a[:at]), a[at+1:]...), true
}

// Project returns p with every literal whose atom drop reports replaced
// by true (CompCertGSA's p↓j, drop being "defined at j"). The result is
// implied by p: predicates are negation-free.
func Project(p Pred, drop func(r int32) bool) Pred {
	out := make(Pred, 0, len(p))
	for _, c := range p {
		k := make(Cube, 0, len(c))
		for _, l := range c {
			if !drop(l.Reg) {
				k = append(k, l)
			}
		}
		out = append(out, k)
	}
	return Simplify(out)
}

// Rename returns p with each atom r replaced by to(r), simplified: the
// form in which predicates over different but equal registers compare
// equal (GVN maps each atom to its class's number).
func Rename(p Pred, to func(r int32) int32) Pred {
	out := make(Pred, 0, len(p))
	for _, c := range p {
		k := make(Cube, len(c))
		for i, l := range c {
			k[i] = Lit{to(l.Reg), l.Neg}
		}
		out = append(out, k)
	}
	return Simplify(out)
}
