// This file implements the solver state, two-watched-literal propagation,
// first-UIP conflict analysis and the activity-based decision heuristic.

package cdcl

// solver is one CDCL run. Invariants: the first two literals of every
// attached clause are its watches; watches[l] lists the clauses watching l
// (visited when l becomes false); a literal implied by a clause is that
// clause's first literal.
type solver struct {
	nvars     int
	clauses   [][]lit
	watches   [][]int
	value     []int8 // per literal: 1 true, -1 false, 0 unassigned
	level     []int  // per variable
	reason    []int  // per variable: implying clause, or -1
	trail     []lit
	lim       []int // trail length at each decision
	qhead     int
	activity  []float64
	inc       float64
	phase     []bool // last value of each variable (phase saving)
	seen      []bool
	conflicts int
	proof     [][]int
}

func newSolver(nvars int) *solver {
	return &solver{
		nvars:    nvars,
		watches:  make([][]int, 2*nvars),
		value:    make([]int8, 2*nvars),
		level:    make([]int, nvars),
		reason:   make([]int, nvars),
		activity: make([]float64, nvars),
		inc:      1,
		phase:    make([]bool, nvars),
		seen:     make([]bool, nvars),
	}
}

// attach adds a clause of at least two literals, watching its first two.
func (s *solver) attach(c []lit) int {
	ci := len(s.clauses)
	s.clauses = append(s.clauses, c)
	s.watches[c[0]] = append(s.watches[c[0]], ci)
	s.watches[c[1]] = append(s.watches[c[1]], ci)
	return ci
}

func (s *solver) assign(l lit, reason int) {
	s.value[l], s.value[l.neg()] = 1, -1
	s.level[l.v()] = len(s.lim)
	s.reason[l.v()] = reason
	s.trail = append(s.trail, l)
}

// propagate assigns every literal implied by unit propagation and returns
// a conflicting clause, or -1.
func (s *solver) propagate() int {
	for s.qhead < len(s.trail) {
		f := s.trail[s.qhead].neg() // the literal that became false
		s.qhead++
		ws := s.watches[f]
		j := 0
		for i := 0; i < len(ws); i++ {
			ci := ws[i]
			c := s.clauses[ci]
			if c[0] == f {
				c[0], c[1] = c[1], c[0]
			}
			if s.value[c[0]] == 1 {
				ws[j] = ci
				j++
				continue
			}
			moved := false
			for k := 2; k < len(c); k++ {
				if s.value[c[k]] != -1 {
					c[1], c[k] = c[k], c[1]
					s.watches[c[1]] = append(s.watches[c[1]], ci)
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			ws[j] = ci
			j++
			if s.value[c[0]] == -1 {
				j += copy(ws[j:], ws[i+1:])
				s.watches[f] = ws[:j]
				s.qhead = len(s.trail)
				return ci
			}
			s.assign(c[0], ci)
		}
		s.watches[f] = ws[:j]
	}
	return -1
}

// analyze derives the first-UIP clause of a conflict at the current level
// and the level to go back to. Level-0 literals are left out: they are
// units under propagation, so the clause stays RUP. The asserting
// literal comes first and a literal of the backtrack level second, which
// are the watches the clause needs once attached.
func (s *solver) analyze(confl int) ([]lit, int) {
	learnt := []lit{0}
	cur := len(s.lim)
	pending := 0
	p := lit(-1)
	idx := len(s.trail) - 1
	for ci := confl; ; {
		c := s.clauses[ci]
		if p >= 0 {
			c = c[1:] // c[0] is p, the literal this clause implied
		}
		for _, q := range c {
			v := q.v()
			if s.seen[v] || s.level[v] == 0 {
				continue
			}
			s.seen[v] = true
			s.bump(v)
			if s.level[v] == cur {
				pending++
			} else {
				learnt = append(learnt, q)
			}
		}
		for !s.seen[s.trail[idx].v()] {
			idx--
		}
		p = s.trail[idx]
		idx--
		s.seen[p.v()] = false
		pending--
		if pending == 0 {
			break
		}
		ci = s.reason[p.v()]
	}
	learnt[0] = p.neg()
	back := 0
	for i := 1; i < len(learnt); i++ {
		s.seen[learnt[i].v()] = false
		if lv := s.level[learnt[i].v()]; lv > back {
			back = lv
			learnt[1], learnt[i] = learnt[i], learnt[1]
		}
	}
	return learnt, back
}

func (s *solver) bump(v int) {
	s.activity[v] += s.inc
	if s.activity[v] > 1e100 {
		for i := range s.activity {
			s.activity[i] *= 1e-100
		}
		s.inc *= 1e-100
	}
}

// backtrack undoes every assignment above level lv, saving phases.
func (s *solver) backtrack(lv int) {
	if len(s.lim) <= lv {
		return
	}
	for _, l := range s.trail[s.lim[lv]:] {
		s.phase[l.v()] = l&1 == 0
		s.value[l], s.value[l.neg()] = 0, 0
	}
	s.trail = s.trail[:s.lim[lv]]
	s.lim = s.lim[:lv]
	s.qhead = len(s.trail)
}

// pick returns the unassigned variable of highest activity, or -1.
func (s *solver) pick() int {
	best := -1
	for v := 0; v < s.nvars; v++ {
		if s.value[2*v] == 0 && (best < 0 || s.activity[v] > s.activity[best]) {
			best = v
		}
	}
	return best
}
