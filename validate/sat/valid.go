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

// Refute returns nil only if cnf is unsatisfiable, shown by a certificate
// from solve that CheckRUP accepts; the variables are 1 up to the largest
// cnf mentions. It is for callers with a CNF encoding of their own
// (ir/pred's); otherwise, the error says why cnf is not refuted: a model
// (checked), or the solver's answer rejected.
func Refute(cnf [][]int, solve Solver) error {
	nvars := 0
	for _, c := range cnf {
		for _, x := range c {
			nvars = max(nvars, x, -x)
		}
	}
	isSat, model, proof := solve(nvars, cnf)
	if isSat {
		if err := CheckModel(nvars, cnf, model); err != nil {
			return fmt.Errorf("solver's model rejected: %v", err)
		}
		return fmt.Errorf("satisfiable: %v", modelString(model))
	}
	if err := CheckRUP(nvars, cnf, proof); err != nil {
		return fmt.Errorf("solver's certificate rejected: %v", err)
	}
	return nil
}

// modelString prints a model as its true variables, for error messages.
func modelString(model []bool) string {
	var vars []int
	for v, b := range model {
		if b {
			vars = append(vars, v+1)
		}
	}
	return fmt.Sprintf("model with true variables %v", vars)
}
