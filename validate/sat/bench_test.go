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
// PHP(n+1, n). Each reports the certificate's size (steps and literals)
// and the CPU time per iteration (cpu-ns/op), which on a loaded machine
// says more than the wall time (ns/op).
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
			t0 := cpuTime()
			for b.Loop() {
				_, _, proof = cdcl.Solve(in.nvars, in.cnf)
			}
			reportCPU(b, t0)
			reportProof(b, proof)
		})
	}
}

func BenchmarkCheck(b *testing.B) {
	for _, in := range benchFamilies() {
		sat, model, proof := cdcl.Solve(in.nvars, in.cnf)
		b.Run(in.name, func(b *testing.B) {
			t0 := cpuTime()
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
			reportCPU(b, t0)
			reportProof(b, proof)
		})
	}
}

// reportCPU reports the process's CPU time per iteration since t0 (the
// machine the numbers come from is shared, so wall time overstates).
func reportCPU(b *testing.B, t0 time.Duration) {
	b.ReportMetric(float64((cpuTime()-t0).Nanoseconds())/float64(b.N), "cpu-ns/op")
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
			t0 := cpuTime()
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
			reportCPU(b, t0)
			total := b.Elapsed()
			b.ReportMetric(float64(total.Nanoseconds())/float64(queries), "ns/query")
			b.ReportMetric(float64(solveTime.Nanoseconds())/float64(queries), "solve-ns/query")
			b.ReportMetric(float64(queries)/float64(b.N), "queries/op")
		})
	}
}

// BenchmarkRefuteIfChainCNF is the per-query cost on a caller's own CNF
// (Refute, as the GSA validator calls it): exclusivity of the first and
// last arms of an if-chain of k conditions, encoded once outside the loop.
func BenchmarkRefuteIfChainCNF(b *testing.B) {
	for _, k := range []int{4, 16, 64} {
		b.Run(fmt.Sprintf("k%d", k), func(b *testing.B) {
			var prefix []Tri
			for c := 1; c <= k; c++ {
				prefix = append(prefix, Cond(c, true))
			}
			first, last := Cond(1, false), TriAnd(prefix...)
			p := And(first.One, last.One)
			_, cnf := CNF(p, p.MaxVar())
			b.ReportAllocs()
			t0 := cpuTime()
			for b.Loop() {
				if err := Refute(cnf, cdcl.Solve); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, t0)
		})
	}
}
