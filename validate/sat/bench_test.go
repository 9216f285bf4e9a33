package sat

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/vssa-go/vssa/internal/cdcl"
)

// The benchmarks time the untrusted solver and the trusted check apart, on
// the two families of the tests: random 3-SAT at the threshold (ratio
// 4.26; a fixed seed, several instances per size, both answers) and
// PHP(n+1, n). Each reports the certificate's size: steps and literals.
//
//	go test ./validate/sat -run '^$' -bench . -benchtime 3x

type benchInstance struct {
	name  string
	nvars int
	cnf   [][]int
}

func benchFamilies() []benchInstance {
	var out []benchInstance
	for _, n := range []int{50, 100, 150} {
		rng := rand.New(rand.NewPCG(uint64(n), 1))
		for i := 0; i < 4; i++ {
			cnf := cdcl.Random3SAT(rng, n, int(4.26*float64(n)))
			out = append(out, benchInstance{fmt.Sprintf("random-n%d-%d", n, i), n, cnf})
		}
	}
	for n := 5; n <= 7; n++ { // PHP(9, 8) takes minutes: exponential, as it must be for resolution
		nv, cnf := cdcl.Pigeonhole(n)
		out = append(out, benchInstance{fmt.Sprintf("php-%d-%d", n+1, n), nv, cnf})
	}
	return out
}

func BenchmarkSolve(b *testing.B) {
	for _, in := range benchFamilies() {
		b.Run(in.name, func(b *testing.B) {
			var proof [][]int
			for b.Loop() {
				_, _, proof = cdcl.Solve(in.nvars, in.cnf)
			}
			reportProof(b, proof)
		})
	}
}

func BenchmarkCheck(b *testing.B) {
	for _, in := range benchFamilies() {
		sat, model, proof := cdcl.Solve(in.nvars, in.cnf)
		b.Run(in.name, func(b *testing.B) {
			for b.Loop() {
				var err error
				if sat {
					err = CheckModel(in.nvars, in.cnf, model)
				} else {
					err = CheckRUP(in.nvars, in.cnf, proof)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
			reportProof(b, proof)
		})
	}
}

func reportProof(b *testing.B, proof [][]int) {
	lits := 0
	for _, c := range proof {
		lits += len(c)
	}
	b.ReportMetric(float64(len(proof)), "steps")
	b.ReportMetric(float64(lits), "lits")
}

// BenchmarkValidIfChain asks the queries GSA asks of the γ after a chain
// `if c1 {…} else if c2 {…} … else {…}` of k conditions: its k+1
// predicates (c1, c̄1∧c2, …, c̄1∧…∧c̄k) pairwise exclusive, and coherence
// at the join (the arms' disjunction, with c̄1 ∧ … ∧ c̄k projected, implies
// true is trivial, so the benchmark asks the converse direction GSA's
// simplifier would hand a solver: each arm implies the disjunction). It
// reports the time per query, split into the solver's share and the rest
// (encoding and checking).
func BenchmarkValidIfChain(b *testing.B) {
	for _, k := range []int{4, 16, 64} {
		b.Run(fmt.Sprintf("k%d", k), func(b *testing.B) {
			var arms []Tri
			var prefix []Tri
			for c := 1; c <= k; c++ {
				arms = append(arms, TriAnd(append(append([]Tri{}, prefix...), Cond(c, false))...))
				prefix = append(prefix, Cond(c, true))
			}
			arms = append(arms, TriAnd(prefix...))
			join := TriOr(arms...)
			var solveTime time.Duration
			solve := func(nvars int, cnf [][]int) (bool, []bool, [][]int) {
				t0 := time.Now()
				defer func() { solveTime += time.Since(t0) }()
				return cdcl.Solve(nvars, cnf)
			}
			queries := 0
			for b.Loop() {
				for i := range arms {
					for j := i + 1; j < len(arms); j++ {
						if valid, _, err := Valid(Not(And(arms[i].One, arms[j].One)), solve); !valid || err != nil {
							b.Fatalf("arms %d, %d: valid=%v err=%v", i, j, valid, err)
						}
						queries++
					}
					if valid, _, err := Valid(Implies(arms[i].One, join.One), solve); !valid || err != nil {
						b.Fatalf("arm %d: valid=%v err=%v", i, valid, err)
					}
					queries++
				}
			}
			total := b.Elapsed()
			b.ReportMetric(float64(total.Nanoseconds())/float64(queries), "ns/query")
			b.ReportMetric(float64(solveTime.Nanoseconds())/float64(queries), "solve-ns/query")
			b.ReportMetric(float64(queries)/float64(b.N), "queries/op")
		})
	}
}
