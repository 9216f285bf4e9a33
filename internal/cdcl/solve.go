// This file implements the entry points and the search loop with restarts.

package cdcl

import "fmt"

// Result is a solver's answer.
type Result int

const (
	Unknown Result = iota // the conflict budget ran out
	Sat
	Unsat
)

func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}

// Solve decides the CNF over variables 1..nvars. When satisfiable, model[v-1]
// is the value of variable v in a model. When not, proof is a RUP
// certificate: the learnt clauses in order, the last one empty. Literals
// out of range panic (the caller built the CNF).
func Solve(nvars int, cnf [][]int) (sat bool, model []bool, proof [][]int) {
	res, model, proof := SolveLimit(nvars, cnf, 0)
	return res == Sat, model, proof
}

// SolveLimit is Solve with a budget: after maxConflicts conflicts (none if
// maxConflicts ≤ 0) it gives up with Unknown, so a caller with a time
// bound can fall back instead of waiting.
func SolveLimit(nvars int, cnf [][]int, maxConflicts int) (Result, []bool, [][]int) {
	s := newSolver(nvars)
	var units []lit
	for _, dc := range cnf {
		c, taut := s.normalize(dc)
		switch {
		case taut:
		case len(c) == 0:
			return Unsat, nil, [][]int{{}}
		case len(c) == 1:
			units = append(units, c[0])
		default:
			s.attach(c)
		}
	}
	// Units are enqueued after every clause is attached, so that no clause
	// was attached watching a literal already false.
	for _, u := range units {
		switch s.value[u] {
		case -1:
			return Unsat, nil, [][]int{{}}
		case 0:
			s.assign(u, -1)
		}
	}
	for restart := 0; ; restart++ {
		budget := 100 * luby(restart)
		if maxConflicts > 0 && s.conflicts+budget > maxConflicts {
			budget = maxConflicts - s.conflicts
			if budget <= 0 {
				return Unknown, nil, nil
			}
		}
		switch s.search(budget) {
		case Sat:
			model := make([]bool, nvars)
			for v := range model {
				model[v] = s.value[2*v] == 1
			}
			return Sat, model, nil
		case Unsat:
			return Unsat, nil, append(s.proof, []int{})
		}
	}
}

// normalize converts a DIMACS clause, dropping repeated literals and
// reporting a tautology (a literal and its negation).
func (s *solver) normalize(dc []int) (c []lit, taut bool) {
	for _, x := range dc {
		if x == 0 || x > s.nvars || -x > s.nvars {
			panic(fmt.Sprintf("cdcl: literal %d out of range 1..%d", x, s.nvars))
		}
		l := fromDIMACS(x)
		dup := false
		for _, m := range c {
			if m == l.neg() {
				return nil, true
			}
			dup = dup || m == l
		}
		if !dup {
			c = append(c, l)
		}
	}
	return c, false
}

// search runs CDCL until it decides the formula or has seen budget
// conflicts, then backtracks to level 0 and says Unknown (a restart).
func (s *solver) search(budget int) Result {
	seen := 0
	for {
		if confl := s.propagate(); confl >= 0 {
			s.conflicts++
			seen++
			if len(s.lim) == 0 {
				return Unsat
			}
			learnt, back := s.analyze(confl)
			s.proof = append(s.proof, toDIMACS(learnt))
			s.backtrack(back)
			if len(learnt) == 1 {
				s.assign(learnt[0], -1)
			} else {
				s.assign(learnt[0], s.attach(learnt))
			}
			s.inc /= 0.95
			continue
		}
		if seen >= budget {
			s.backtrack(0)
			return Unknown
		}
		v := s.pick()
		if v < 0 {
			return Sat
		}
		s.lim = append(s.lim, len(s.trail))
		l := lit(2 * v)
		if !s.phase[v] {
			l = l.neg()
		}
		s.assign(l, -1)
	}
}

// luby returns the i-th term (from 0) of the Luby sequence 1 1 2 1 1 2 4 …
func luby(i int) int {
	size, seq := 1, 0
	for size < i+1 {
		seq++
		size = 2*size + 1
	}
	for size-1 != i {
		size = (size - 1) / 2
		seq--
		i %= size
	}
	return 1 << seq
}

// WithLimit returns Solve with a conflict budget, in the shape the
// checker's callers take (validate/sat.Solver): out of budget it answers
// unsat without a certificate, which no check accepts, so the query
// stays open instead of taking long.
func WithLimit(maxConflicts int) func(nvars int, cnf [][]int) (sat bool, model []bool, proof [][]int) {
	return func(nvars int, cnf [][]int) (bool, []bool, [][]int) {
		res, model, proof := SolveLimit(nvars, cnf, maxConflicts)
		return res == Sat, model, proof
	}
}
