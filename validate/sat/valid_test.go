package sat

import (
	"strings"
	"testing"

	"github.com/vssa-go/vssa/internal/cdcl"
)

// pigeonProp states that n+1 pigeons cannot sit in n holes, one each: it
// is valid, and only a proof by many resolution steps shows it.
func pigeonProp(n int) *Prop {
	p := func(i, j int) *Prop { return Var(i*n + j + 1) }
	var each, clash []*Prop
	for i := 0; i <= n; i++ {
		var holes []*Prop
		for j := 0; j < n; j++ {
			holes = append(holes, p(i, j))
		}
		each = append(each, Or(holes...))
	}
	for j := 0; j < n; j++ {
		for i := 0; i <= n; i++ {
			for k := i + 1; k <= n; k++ {
				clash = append(clash, And(p(i, j), p(k, j)))
			}
		}
	}
	return Implies(And(each...), Or(clash...))
}

func TestValid(t *testing.T) {
	x, y, z := Var(1), Var(2), Var(3)
	for _, tc := range []struct {
		name  string
		p     *Prop
		valid bool
	}{
		{"excluded middle", Or(x, Not(x)), true},
		{"De Morgan", Iff(Not(And(x, y)), Or(Not(x), Not(y))), true},
		{"distributivity", Iff(And(x, Or(y, z)), Or(And(x, y), And(x, z))), true},
		{"true", True(), true},
		{"pigeonhole 4 in 3", pigeonProp(3), true},
		{"a variable", x, false},
		{"false", False(), false},
		{"converse", Implies(Implies(x, y), Implies(y, x)), false},
		{"a disjunction does not imply a clash", Implies(And(Or(x, y, z)), Or(And(x, y))), false},
	} {
		valid, counter, err := Valid(tc.p, cdcl.Solve)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if valid != tc.valid {
			t.Errorf("%s: valid=%v, want %v", tc.name, valid, tc.valid)
		}
		if !valid && tc.p.Eval(counter) {
			t.Errorf("%s: counterexample %v satisfies the formula", tc.name, counter)
		}
	}
}

// TestValidDistrustsTheSolver gives Valid solvers that lie: an answer
// that fails its check is an error, never a verdict.
func TestValidDistrustsTheSolver(t *testing.T) {
	x := Var(1)
	claimUnsat := func(nvars int, cnf [][]int) (bool, []bool, [][]int) { return false, nil, [][]int{{}} }
	claimSat := func(nvars int, cnf [][]int) (bool, []bool, [][]int) { return true, make([]bool, nvars), nil }
	shortModel := func(nvars int, cnf [][]int) (bool, []bool, [][]int) { return true, nil, nil }
	for _, tc := range []struct {
		name  string
		p     *Prop
		solve Solver
		want  string
	}{
		{"unsat without a proof for a non-tautology", x, claimUnsat, "certificate rejected"},
		{"a model that is none for a tautology", Or(x, Not(x)), claimSat, "model rejected"},
		{"a model of the wrong size", x, shortModel, "model rejected"},
	} {
		valid, _, err := Valid(tc.p, tc.solve)
		if valid || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: valid=%v err=%v, want an error with %q", tc.name, valid, err, tc.want)
		}
	}
}

func TestRefute(t *testing.T) {
	xor := [][]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}
	if err := Refute(xor, cdcl.Solve); err != nil {
		t.Errorf("xor and its negation: %v", err)
	}
	nv, php := cdcl.Pigeonhole(4)
	if err := Refute(php, cdcl.Solve); err != nil {
		t.Errorf("PHP(5,4) (%d variables): %v", nv, err)
	}
	if err := Refute([][]int{{1, 2}, {-1}}, cdcl.Solve); err == nil || !strings.Contains(err.Error(), "satisfiable: model with true variables [2]") {
		t.Errorf("satisfiable CNF: got %v", err)
	}
	lazy := func(nvars int, cnf [][]int) (bool, []bool, [][]int) { return false, nil, nil }
	if err := Refute(xor, lazy); err == nil || !strings.Contains(err.Error(), "certificate rejected") {
		t.Errorf("unsat without proof: got %v", err)
	}
	// A solver out of budget says unsat without a proof: never believed.
	if err := Refute(php, cdcl.WithLimit(1)); err == nil || !strings.Contains(err.Error(), "certificate rejected") {
		t.Errorf("solver out of budget: got %v", err)
	}
}
