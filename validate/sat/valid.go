// This file implements the meeting point of the untrusted solver and the
// checks: Valid asks a solver and believes only what it can check.

package sat

import "fmt"

// Solver is an untrusted SAT solver over a CNF in DIMACS literals: it
// answers sat with a model (model[v-1] the value of v), or unsat with a
// RUP certificate (learnt clauses in order, ending with the empty one).
// internal/cdcl.Solve is one.
type Solver func(nvars int, cnf [][]int) (sat bool, model []bool, proof [][]int)

// Valid decides whether p holds under every assignment, by asking solve
// for a model of ¬p. It returns valid only with a refutation of ¬p's
// encoding that CheckRUP accepts, and otherwise a counterexample
// (counter[v-1] the value of v, for v up to p.MaxVar()) that CheckModel
// accepts. An answer that fails its check is an error: the caller must
// then treat p as not shown valid.
func Valid(p *Prop, solve Solver) (valid bool, counter []bool, err error) {
	nvars := p.MaxVar()
	total, cnf := CNF(Not(p), nvars)
	isSat, model, proof := solve(total, cnf)
	if isSat {
		if err := CheckModel(total, cnf, model); err != nil {
			return false, nil, fmt.Errorf("solver's model rejected: %v", err)
		}
		return false, model[:nvars], nil
	}
	if err := CheckRUP(total, cnf, proof); err != nil {
		return false, nil, fmt.Errorf("solver's certificate rejected: %v", err)
	}
	return true, nil, nil
}
