// This file implements the generated CNF families shared by the tests and
// benchmarks of the solver and of its checker (validate).

package cdcl

import "math/rand/v2"

// Random3SAT returns nclauses clauses of three distinct variables among
// 1..nvars with random signs. Near nclauses = 4.26·nvars about half the
// instances are satisfiable and they are hardest for their size.
func Random3SAT(rng *rand.Rand, nvars, nclauses int) [][]int {
	cnf := make([][]int, nclauses)
	for i := range cnf {
		c := make([]int, 0, 3)
		for len(c) < 3 {
			v := 1 + rng.IntN(nvars)
			dup := false
			for _, x := range c {
				dup = dup || x == v || x == -v
			}
			if dup {
				continue
			}
			if rng.IntN(2) == 0 {
				v = -v
			}
			c = append(c, v)
		}
		cnf[i] = c
	}
	return cnf
}

// Pigeonhole returns PHP(n+1, n): n+1 pigeons each in one of n holes, no
// two in the same hole. It is unsatisfiable and needs resolution proofs
// exponential in n, so it stresses the solver and the certificate.
// Variable i·n+j+1 says pigeon i sits in hole j.
func Pigeonhole(n int) (nvars int, cnf [][]int) {
	p := func(i, j int) int { return i*n + j + 1 }
	for i := 0; i <= n; i++ {
		c := make([]int, n)
		for j := range c {
			c[j] = p(i, j)
		}
		cnf = append(cnf, c)
	}
	for j := 0; j < n; j++ {
		for i := 0; i <= n; i++ {
			for k := i + 1; k <= n; k++ {
				cnf = append(cnf, []int{-p(i, j), -p(k, j)})
			}
		}
	}
	return (n + 1) * n, cnf
}
