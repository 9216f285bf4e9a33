package sat

import (
	"fmt"
	"math/rand/v2"
	"testing"

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
