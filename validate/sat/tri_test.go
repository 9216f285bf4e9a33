package sat

import (
	"math/rand/v2"
	"testing"

	"github.com/vssa-go/vssa/internal/cdcl"
)

// pred is a three-valued formula in the test's own terms, evaluated by the
// tables of CompCertGSA's Fig. 6 (values 0, 1 for ½, 2 for 1) and
// Łukasiewicz's implication: the reference Tri is compared with.
type pred struct {
	op   string // cond, ncond, true, false, undef, and, or, not, implies
	c    int
	args []*pred
}

func (p *pred) eval(state []int) int { // state[c-1]: 0 false, 1 undefined, 2 true
	switch p.op {
	case "cond":
		return state[p.c-1]
	case "ncond":
		return 2 - state[p.c-1]
	case "true":
		return 2
	case "false":
		return 0
	case "undef":
		return 1
	case "not":
		return 2 - p.args[0].eval(state)
	case "implies":
		return min(2, 2-p.args[0].eval(state)+p.args[1].eval(state))
	}
	v := 2 // and: min; or: max
	if p.op == "or" {
		v = 0
	}
	for _, a := range p.args {
		if p.op == "and" {
			v = min(v, a.eval(state))
		} else {
			v = max(v, a.eval(state))
		}
	}
	return v
}

func (p *pred) tri() Tri {
	var args []Tri
	for _, a := range p.args {
		args = append(args, a.tri())
	}
	switch p.op {
	case "cond", "ncond":
		return Cond(p.c, p.op == "ncond")
	case "true":
		return TriTrue()
	case "false":
		return TriFalse()
	case "undef":
		return TriUndef()
	case "not":
		return TriNot(args[0])
	case "implies":
		return TriImplies(args[0], args[1])
	case "and":
		return TriAnd(args...)
	}
	return TriOr(args...)
}

func randomPred(rng *rand.Rand, nconds, depth int) *pred {
	leaves := []string{"cond", "ncond", "cond", "ncond", "true", "false", "undef"}
	if depth == 0 || rng.IntN(4) == 0 {
		return &pred{op: leaves[rng.IntN(len(leaves))], c: 1 + rng.IntN(nconds)}
	}
	op := []string{"and", "or", "not", "implies"}[rng.IntN(4)]
	n := map[string]int{"and": rng.IntN(4), "or": rng.IntN(4), "not": 1, "implies": 2}[op]
	p := &pred{op: op}
	for i := 0; i < n; i++ {
		p.args = append(p.args, randomPred(rng, nconds, depth-1))
	}
	return p
}

// TestTriMatchesThreeValuedSemantics evaluates random predicates in every
// state of their conditions, and One and Zero under the state's image,
// with either value for the "holds" variable of an undefined condition:
// the encoding must not depend on it.
func TestTriMatchesThreeValuedSemantics(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 9))
	const nconds = 3
	for i := 0; i < 300; i++ {
		p := randomPred(rng, nconds, 4)
		tr := p.tri()
		for _, a := range assignments(2 * nconds) {
			state := make([]int, nconds)
			for c := 1; c <= nconds; c++ {
				d, h := CondVars(c)
				switch {
				case !a[d-1]:
					state[c-1] = 1
				case a[h-1]:
					state[c-1] = 2
				}
			}
			v := p.eval(state)
			if tr.One.Eval(a) != (v == 2) || tr.Zero.Eval(a) != (v == 0) {
				t.Fatalf("state %v (assignment %v): value %d, One=%v Zero=%v", state, a, v, tr.One.Eval(a), tr.Zero.Eval(a))
			}
		}
	}
}

// TestTriQueries states the two GSA properties on small predicates.
func TestTriQueries(t *testing.T) {
	c1, nc1 := Cond(1, false), Cond(1, true)
	c2, nc2 := Cond(2, false), Cond(2, true)
	exclusive := func(p, q Tri) bool {
		valid, _, err := Valid(Not(And(p.One, q.One)), cdcl.Solve)
		if err != nil {
			t.Fatal(err)
		}
		return valid
	}
	implies := func(p, q Tri) bool {
		valid, _, err := Valid(Implies(p.One, q.One), cdcl.Solve)
		if err != nil {
			t.Fatal(err)
		}
		return valid
	}
	// The γ of if c1 {…} else if c2 {…} else {…}: c1, c̄1∧c2, c̄1∧c̄2.
	arms := []Tri{c1, TriAnd(nc1, c2), TriAnd(nc1, nc2)}
	for i := range arms {
		for j := range arms {
			if i != j && !exclusive(arms[i], arms[j]) {
				t.Errorf("arms %d and %d not shown exclusive", i, j)
			}
		}
	}
	if exclusive(c1, c2) {
		t.Errorf("c1 and c2 shown exclusive")
	}
	// Coherence at the join: any arm taken implies the join's predicate,
	// true; and the join predicate c1 ∨ c̄1 is not 1 when c1 is
	// undefined, which a boolean reading would miss.
	if !implies(TriOr(arms...), TriTrue()) {
		t.Errorf("arms do not imply true")
	}
	if implies(TriTrue(), TriOr(c1, nc1)) {
		t.Errorf("c1 ∨ c̄1 shown to hold where c1 may be undefined")
	}
	if !implies(TriOr(TriAnd(c1, c2), TriAnd(c1, nc2)), c1) {
		t.Errorf("(c1∧c2) ∨ (c1∧c̄2) does not imply c1")
	}
	// Łukasiewicz: p → p is 1 even when p is ½.
	if valid, _, _ := Valid(TriImplies(c1, c1).One, cdcl.Solve); !valid {
		t.Errorf("c1 → c1 not valid")
	}
}
