// This file implements the Tseitin encoding of a Prop into CNF.

package sat

import "fmt"

// CNF returns a CNF that is satisfiable exactly when p is (Tseitin 1968).
// Variables 1..nvars keep their meaning (nvars must be at least p.MaxVar());
// every And and Or node gets a new variable g above them with clauses
// saying g ↔ the node, a Not is the negated literal of its argument, and
// a unit clause asserts the root. Any assignment of 1..nvars thus extends
// to the gates in exactly one way satisfying the definitions, so a model
// of the CNF restricted to 1..nvars is a model of p, and a refutation of
// the CNF refutes p. A node shared in p gets one gate.
func CNF(p *Prop, nvars int) (total int, cnf [][]int) {
	if m := p.MaxVar(); m > nvars {
		panic(fmt.Sprintf("sat.CNF: formula mentions x%d, beyond nvars %d", m, nvars))
	}
	e := &tseitin{next: nvars, gate: map[*Prop]int{}}
	root := e.lit(p)
	e.cnf = append(e.cnf, []int{root})
	return e.next, e.cnf
}

type tseitin struct {
	next int
	gate map[*Prop]int
	cnf  [][]int
}

// lit returns a literal equivalent to p under the definitions in e.cnf.
func (e *tseitin) lit(p *Prop) int {
	switch p.Op {
	case OpVar:
		return p.Var
	case OpNot:
		return -e.lit(p.Args[0])
	}
	if g, ok := e.gate[p]; ok {
		return g
	}
	args := make([]int, len(p.Args))
	for i, a := range p.Args {
		args[i] = e.lit(a)
	}
	e.next++
	g := e.next
	e.gate[p] = g
	// For And: g → a for each a, and (all a) → g. Or is its dual: the same
	// clauses with g and every a negated.
	s := 1
	if p.Op == OpOr {
		s = -1
	}
	long := []int{s * g}
	for _, a := range args {
		e.cnf = append(e.cnf, []int{-s * g, s * a})
		long = append(long, -s*a)
	}
	e.cnf = append(e.cnf, long)
	return g
}
