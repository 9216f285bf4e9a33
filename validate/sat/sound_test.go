package sat

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/internal/cdcl"
)

// models returns every model of cnf over n variables, by enumeration.
func models(n int, cnf [][]int) [][]bool {
	var out [][]bool
	for _, a := range assignments(n) {
		if CheckModel(n, cnf, a) == nil {
			out = append(out, a)
		}
	}
	return out
}

// TestCheckRUPSound states the checker's one promise on small formulas,
// against enumeration: a proof it accepts only has steps true in every
// model, so it accepts a refutation only of a formula without models.
// Proofs are random clauses, with solver proofs mixed in so that
// acceptances happen; both outcomes must be seen.
func TestCheckRUPSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	accepted, rejected := 0, 0
	for i := 0; i < 3000; i++ {
		n := 2 + rng.IntN(6)
		cnf := randomCNF(rng, n, 1+rng.IntN(5*n))
		var proof [][]int
		if _, _, p := cdcl.Solve(n, cnf); p != nil && rng.IntN(2) == 0 {
			proof = append(proof, p...)
		}
		for k := rng.IntN(4); k > 0; k-- {
			at := rng.IntN(len(proof) + 1)
			proof = append(proof[:at], append([][]int{randomClause(rng, n)}, proof[at:]...)...)
		}
		if len(proof) == 0 || len(proof[len(proof)-1]) != 0 {
			proof = append(proof, []int{})
		}
		if err := CheckRUP(n, cnf, proof); err != nil {
			rejected++
			continue
		}
		accepted++
		if ms := models(n, cnf); len(ms) > 0 {
			t.Fatalf("accepted a refutation of a satisfiable formula %v (model %v): %v", cnf, ms[0], proof)
		}
	}
	if accepted < 100 || rejected < 100 {
		t.Fatalf("accepted %d, rejected %d: want both", accepted, rejected)
	}
}

// TestCheckRUPStepsImplied checks, step by step, that what the checker
// lets through is implied: each accepted step holds in every model of the
// formula and the steps before it.
func TestCheckRUPStepsImplied(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 23))
	checked := 0
	for i := 0; i < 2000; i++ {
		n := 2 + rng.IntN(6)
		cnf := randomCNF(rng, n, 1+rng.IntN(3*n))
		step := randomClause(rng, n)
		if step == nil {
			continue
		}
		// The step followed by the empty clause: the prefix up to the
		// step is accepted iff the step is RUP, which the error says.
		err := CheckRUP(n, cnf, [][]int{step, {}})
		if err != nil && strings.HasPrefix(err.Error(), "proof step 0 ") {
			continue
		}
		checked++
		for _, m := range models(n, cnf) {
			if !clauseTrue(step, m) {
				t.Fatalf("step %v accepted as RUP for %v, false in model %v", step, cnf, m)
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d steps accepted", checked)
	}
}

// randomCNF returns m clauses of 1 to 3 literals over 1..n.
func randomCNF(rng *rand.Rand, n, m int) [][]int {
	cnf := make([][]int, m)
	for i := range cnf {
		for len(cnf[i]) == 0 {
			cnf[i] = randomClause(rng, n)
		}
	}
	return cnf
}

// randomClause returns a clause of 0 to 3 literals over 1..n.
func randomClause(rng *rand.Rand, n int) []int {
	c := make([]int, rng.IntN(4))
	for j := range c {
		c[j] = 1 + rng.IntN(n)
		if rng.IntN(2) == 0 {
			c[j] = -c[j]
		}
	}
	return c
}
