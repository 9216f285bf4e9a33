package sat

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/vssa-go/vssa/internal/cdcl"
)

// randomProp builds a formula over variables 1..nvars, sharing subformulas
// now and then so that the encoding's DAG case is exercised.
func randomProp(rng *rand.Rand, nvars, depth int, pool *[]*Prop) *Prop {
	if len(*pool) > 0 && rng.IntN(5) == 0 {
		return (*pool)[rng.IntN(len(*pool))]
	}
	var p *Prop
	switch k := rng.IntN(6); {
	case depth == 0 || k == 0:
		p = Var(1 + rng.IntN(nvars))
	case k == 1:
		p = Not(randomProp(rng, nvars, depth-1, pool))
	default:
		args := make([]*Prop, rng.IntN(4)) // none: a constant
		for i := range args {
			args[i] = randomProp(rng, nvars, depth-1, pool)
		}
		if k%2 == 0 {
			p = And(args...)
		} else {
			p = Or(args...)
		}
	}
	*pool = append(*pool, p)
	return p
}

func assignments(n int) [][]bool {
	var out [][]bool
	for bits := 0; bits < 1<<n; bits++ {
		a := make([]bool, n)
		for v := range a {
			a[v] = bits>>v&1 == 1
		}
		out = append(out, a)
	}
	return out
}

// TestCNFEquisatisfiable fixes the input variables of random formulas in
// every way and asks whether the encoding with those units is
// satisfiable; the checked answer must be the formula's value.
func TestCNFEquisatisfiable(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	const n = 4
	for i := 0; i < 60; i++ {
		var pool []*Prop
		p := randomProp(rng, n, 4, &pool)
		total, cnf := CNF(p, n)
		for _, a := range assignments(n) {
			fixed := append([][]int{}, cnf...)
			for v, b := range a {
				if b {
					fixed = append(fixed, []int{v + 1})
				} else {
					fixed = append(fixed, []int{-(v + 1)})
				}
			}
			sat, model, proof := cdcl.Solve(total, fixed)
			if sat {
				if err := CheckModel(total, fixed, model); err != nil {
					t.Fatal(err)
				}
			} else if err := CheckRUP(total, fixed, proof); err != nil {
				t.Fatal(err)
			}
			if want := p.Eval(a); sat != want {
				t.Fatalf("%v under %v: encoding satisfiable=%v, formula %v", p, a, sat, want)
			}
		}
	}
}

func TestCNFSharesGates(t *testing.T) {
	x := And(Var(1), Var(2))
	total, cnf := CNF(Or(x, Not(x)), 2)
	// One gate for x, one for the Or: 2 + 2 variables; And(x1,x2) gives
	// three clauses, the Or three, the root one.
	if total != 4 || len(cnf) != 7 {
		t.Fatalf("got %d variables and %d clauses %v, want 4 and 7", total, len(cnf), cnf)
	}
}

func TestCNFVariableBeyondNvars(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "x3") {
			t.Fatalf("got %v, want a panic naming x3", r)
		}
	}()
	CNF(Var(3), 2)
}

func TestPropString(t *testing.T) {
	got := Or(And(Var(1), Not(Var(2))), True(), False()).String()
	if want := "((x1 & !x2) | true | false)"; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}
