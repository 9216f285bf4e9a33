package cdcl

import (
	"math/rand/v2"
	"testing"
)

// satisfies evaluates a CNF under a model, independently of the solver.
func satisfies(cnf [][]int, model []bool) bool {
	for _, c := range cnf {
		ok := false
		for _, x := range c {
			if x > 0 && model[x-1] || x < 0 && !model[-x-1] {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// bruteForce decides a small CNF by trying every assignment: the naive
// algorithm the solver is checked against.
func bruteForce(nvars int, cnf [][]int) bool {
	m := make([]bool, nvars)
	for bits := 0; bits < 1<<nvars; bits++ {
		for v := range m {
			m[v] = bits>>v&1 == 1
		}
		if satisfies(cnf, m) {
			return true
		}
	}
	return false
}

func TestSolveAgreesWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	counts := map[bool]int{}
	for i := 0; i < 400; i++ {
		n := 3 + rng.IntN(10)
		cnf := Random3SAT(rng, n, 1+rng.IntN(6*n))
		want := bruteForce(n, cnf)
		sat, model, proof := Solve(n, cnf)
		if sat != want {
			t.Fatalf("instance %d: Solve says sat=%v, brute force %v: %v", i, sat, want, cnf)
		}
		if sat && !satisfies(cnf, model) {
			t.Fatalf("instance %d: model %v does not satisfy %v", i, model, cnf)
		}
		if !sat && (len(proof) == 0 || len(proof[len(proof)-1]) != 0) {
			t.Fatalf("instance %d: proof does not end with the empty clause: %v", i, proof)
		}
		counts[sat]++
	}
	// Both answers must be exercised, or the comparison says little.
	if counts[true] < 50 || counts[false] < 50 {
		t.Fatalf("unbalanced sample: %v", counts)
	}
}

func TestSolveEdgeCases(t *testing.T) {
	for _, tc := range []struct {
		name  string
		nvars int
		cnf   [][]int
		sat   bool
	}{
		{"empty formula", 2, nil, true},
		{"empty clause", 2, [][]int{{1, 2}, {}}, false},
		{"opposite units", 1, [][]int{{1}, {-1}}, false},
		{"tautology only", 1, [][]int{{1, -1}}, true},
		{"repeated literals", 2, [][]int{{1, 1}, {-1, -1, 2}, {-2}}, false},
		{"units chain", 3, [][]int{{1}, {-1, 2}, {-2, 3}}, true},
	} {
		sat, model, _ := Solve(tc.nvars, tc.cnf)
		if sat != tc.sat {
			t.Errorf("%s: sat=%v, want %v", tc.name, sat, tc.sat)
		}
		if sat && !satisfies(tc.cnf, model) {
			t.Errorf("%s: model %v does not satisfy the formula", tc.name, model)
		}
	}
}

func TestPigeonholeUnsat(t *testing.T) {
	for n := 1; n <= 6; n++ {
		nv, cnf := Pigeonhole(n)
		if sat, _, proof := Solve(nv, cnf); sat || len(proof[len(proof)-1]) != 0 {
			t.Fatalf("PHP(%d,%d): sat=%v, proof ends %v", n+1, n, sat, proof[len(proof)-1])
		}
	}
	// PHP(n, n) (one pigeon fewer) is satisfiable: drop pigeon n's clause
	// and every clause naming it.
	nv, cnf := Pigeonhole(4)
	var fewer [][]int
	for _, c := range cnf {
		keep := true
		for _, x := range c {
			if v := max(x, -x); (v-1)/4 == 4 {
				keep = false
			}
		}
		if keep {
			fewer = append(fewer, c)
		}
	}
	if sat, model, _ := Solve(nv, fewer); !sat || !satisfies(fewer, model) {
		t.Fatalf("PHP(4,4): sat=%v, want a model", sat)
	}
}

func TestSolveLimitGivesUp(t *testing.T) {
	nv, cnf := Pigeonhole(8)
	if res, _, _ := SolveLimit(nv, cnf, 10); res != Unknown {
		t.Fatalf("PHP(9,8) with 10 conflicts: %v, want unknown", res)
	}
}

func TestLuby(t *testing.T) {
	want := []int{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for i, w := range want {
		if got := luby(i); got != w {
			t.Errorf("luby(%d) = %d, want %d", i, got, w)
		}
	}
}

func TestWithLimit(t *testing.T) {
	nv, cnf := Pigeonhole(8)
	if sat, _, proof := WithLimit(10)(nv, cnf); sat || proof != nil {
		t.Fatalf("PHP(9,8) with 10 conflicts: sat=%v, %d proof steps, want neither", sat, len(proof))
	}
	nv, cnf = Pigeonhole(3)
	if sat, _, proof := WithLimit(1000)(nv, cnf); sat || len(proof) == 0 {
		t.Fatalf("PHP(4,3) within budget: sat=%v, %d proof steps, want a proof", sat, len(proof))
	}
}
