package sat

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/internal/cdcl"
)

// naiveImplied is RUP by the definition, with nothing incremental: assign
// the negation of c, then sweep every clause until nothing changes. It is
// the oracle the checker is compared with.
func naiveImplied(clauses [][]int, c []int) bool {
	val := map[int]bool{} // literal -> true
	for _, x := range c {
		if val[x] {
			return true
		}
		val[-x] = true
	}
	for changed := true; changed; {
		changed = false
		for _, d := range clauses {
			free, unit, sat := 0, 0, false
			for _, x := range d {
				switch {
				case val[x]:
					sat = true
				case !val[-x]:
					free++
					unit = x
				}
			}
			if sat {
				continue
			}
			if free == 0 {
				return true
			}
			if free == 1 {
				val[unit] = true
				changed = true
			}
		}
	}
	return false
}

func naiveCheck(cnf, proof [][]int) bool {
	clauses := append([][]int{}, cnf...)
	for _, c := range proof {
		if !naiveImplied(clauses, c) {
			return false
		}
		if len(c) == 0 {
			return true
		}
		clauses = append(clauses, c)
	}
	return false
}

type instance struct {
	name  string
	nvars int
	cnf   [][]int
}

// unsatInstances are refuted by the solver: random 3-SAT at the threshold
// (ratio 4.26, where half are unsatisfiable; the satisfiable ones are
// skipped) and PHP(n+1, n).
func unsatInstances(t *testing.T) []instance {
	var out []instance
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; len(out) < 12 && i < 100; i++ {
		n := 20 + rng.IntN(20)
		cnf := cdcl.Random3SAT(rng, n, int(4.26*float64(n)))
		if sat, _, _ := cdcl.Solve(n, cnf); !sat {
			out = append(out, instance{"random", n, cnf})
		}
	}
	if len(out) < 12 {
		t.Fatalf("only %d unsatisfiable random instances", len(out))
	}
	for n := 1; n <= 5; n++ {
		nv, cnf := cdcl.Pigeonhole(n)
		out = append(out, instance{"php", nv, cnf})
	}
	return out
}

func TestCheckRUPAcceptsSolverProofs(t *testing.T) {
	for _, in := range unsatInstances(t) {
		sat, _, proof := cdcl.Solve(in.nvars, in.cnf)
		if sat {
			t.Fatalf("%s: solver says sat", in.name)
		}
		if err := CheckRUP(in.nvars, in.cnf, proof); err != nil {
			t.Errorf("%s (%d vars): %v", in.name, in.nvars, err)
		}
	}
}

// TestCheckRUPMutants mutates every solver proof in three ways and
// compares the checker's verdict with the naive one; each kind must
// produce rejections, or the comparison shows nothing.
func TestCheckRUPMutants(t *testing.T) {
	rejected := map[string]int{}
	for _, in := range unsatInstances(t) {
		_, _, proof := cdcl.Solve(in.nvars, in.cnf)
		last := len(proof) - 1
		mutants := map[string][][][]int{
			// The empty clause dropped: no refutation left.
			"missing empty clause": {proof[:last]},
		}
		// At most about 15 positions per proof: the naive check is
		// quadratic.
		for i := 0; i < last; i += max(1, last/15) {
			dropped := append(append([][]int{}, proof[:i]...), proof[i+1:]...)
			wrong := append([][]int{}, proof...)
			step := append([]int{}, proof[i]...)
			step[0] = -step[0] // a wrong step: one literal's sign flipped
			wrong[i] = step
			mutants["dropped step"] = append(mutants["dropped step"], dropped)
			mutants["wrong step"] = append(mutants["wrong step"], wrong)
		}
		for kind, ps := range mutants {
			for _, p := range ps {
				err := CheckRUP(in.nvars, in.cnf, p)
				if want := naiveCheck(in.cnf, p); (err == nil) != want {
					t.Fatalf("%s, %s: checker says %v, naive check accepts=%v", in.name, kind, err, want)
				}
				if err != nil {
					rejected[kind]++
				}
			}
		}
	}
	for _, kind := range []string{"missing empty clause", "dropped step", "wrong step"} {
		if rejected[kind] == 0 {
			t.Errorf("no %s mutant rejected", kind)
		}
	}
	t.Logf("rejected mutants: %v", rejected)
}

func TestCheckRUPCases(t *testing.T) {
	// x1 xor x2 and its negation: unsatisfiable, but no unit to start
	// propagation from.
	xor := [][]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}
	for _, tc := range []struct {
		name  string
		nvars int
		cnf   [][]int
		proof [][]int
		want  string // "" to accept, else part of the error
	}{
		{"two steps", 2, xor, [][]int{{2}, {}}, ""},
		{"empty clause first", 2, xor, [][]int{{}}, "proof step 0 [] is not implied"},
		{"unrelated step", 3, xor, [][]int{{3}, {}}, "proof step 0 [3] is not implied"},
		{"no steps", 2, xor, nil, "no empty clause"},
		{"no empty clause", 2, xor, [][]int{{2}, {-2}}, "no empty clause"},
		{"formula with the empty clause", 1, [][]int{{1}, {}}, [][]int{{}}, ""},
		{"opposite units", 1, [][]int{{1}, {-1}}, [][]int{{}}, ""},
		{"tautological step", 2, xor, [][]int{{1, -1}, {2}, {}}, ""},
		{"satisfiable formula", 2, [][]int{{1, 2}}, [][]int{{1}, {}}, "proof step 0 [1] is not implied"},
		{"literal out of range", 2, xor, [][]int{{3}, {}}, "proof step 0 has literal 3"},
		{"zero literal", 2, [][]int{{1, 0}}, [][]int{{}}, "clause 0 has literal 0"},
	} {
		err := CheckRUP(tc.nvars, tc.cnf, tc.proof)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: rejected: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: got %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

func TestCheckModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	checked := 0
	for i := 0; i < 40; i++ {
		n := 20 + rng.IntN(20)
		cnf := cdcl.Random3SAT(rng, n, 4*n)
		sat, model, _ := cdcl.Solve(n, cnf)
		if !sat {
			continue
		}
		checked++
		if err := CheckModel(n, cnf, model); err != nil {
			t.Fatalf("solver's model rejected: %v", err)
		}
		// Flipping one variable: the verdict must match evaluation.
		v := rng.IntN(n)
		model[v] = !model[v]
		want := true
		for _, c := range cnf {
			want = want && clauseTrue(c, model)
		}
		if err := CheckModel(n, cnf, model); (err == nil) != want {
			t.Fatalf("flipped x%d: checker says %v, evaluation %v", v+1, err, want)
		}
	}
	if checked < 10 {
		t.Fatalf("only %d satisfiable instances", checked)
	}
	if err := CheckModel(2, [][]int{{1}}, []bool{true}); err == nil || !strings.Contains(err.Error(), "want 2") {
		t.Errorf("short model: got %v", err)
	}
	if err := CheckModel(2, [][]int{{1}, {-1, 2}}, []bool{true, false}); err == nil || !strings.Contains(err.Error(), "falsifies clause 1") {
		t.Errorf("false clause: got %v", err)
	}
}

func clauseTrue(c []int, model []bool) bool {
	for _, x := range c {
		if x > 0 && model[x-1] || x < 0 && !model[-x-1] {
			return true
		}
	}
	return false
}
