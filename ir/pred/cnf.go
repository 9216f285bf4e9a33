// This file encodes the validator's questions as CNF (DIMACS literals:
// variable v ≥ 1 is v, its negation -v), for a SAT solver whose
// unsatisfiability certificate the validator checks.
//
// The encoding is of the "evaluates to 1" judgement. Each atom a gets
// two variables: T_a ("a is defined and true") and F_a ("a is defined
// and false"), never both (a clause ¬T_a ∨ ¬F_a); neither is "a is
// undefined". A literal a is 1 iff T_a, ¬a iff F_a; a cube is 1 iff all
// its literals are, a predicate iff one of its cubes is. Cubes and
// predicates get Tseitin variables defined by equivalences.

package pred

// CNF builds one query.
type CNF struct {
	Clauses [][]int
	nvars   int
	atoms   map[int32]int // atom → T variable; F is T+1
}

func (e *CNF) fresh() int {
	e.nvars++
	return e.nvars
}

// NumVars is the number of variables used.
func (e *CNF) NumVars() int { return e.nvars }

func (e *CNF) lit(l Lit) int {
	if e.atoms == nil {
		e.atoms = map[int32]int{}
	}
	t, ok := e.atoms[l.Reg]
	if !ok {
		t = e.fresh()
		e.fresh()
		e.atoms[l.Reg] = t
		e.Clauses = append(e.Clauses, []int{-t, -(t + 1)})
	}
	if l.Neg {
		return t + 1
	}
	return t
}

// Var returns a variable equivalent to "p evaluates to 1".
func (e *CNF) Var(p Pred) int {
	x := e.fresh()
	// x ↔ ∨ y_c
	or := []int{-x}
	for _, c := range p {
		y := e.fresh()
		and := []int{y}
		for _, l := range c {
			v := e.lit(l)
			e.Clauses = append(e.Clauses, []int{-y, v}) // y → v
			and = append(and, -v)
		}
		e.Clauses = append(e.Clauses, and)          // ∧ v → y
		e.Clauses = append(e.Clauses, []int{-y, x}) // y → x
		or = append(or, y)
	}
	e.Clauses = append(e.Clauses, or) // x → ∨ y
	return x
}

// Assert adds the unit clause lit.
func (e *CNF) Assert(lit int) { e.Clauses = append(e.Clauses, []int{lit}) }

// ImpliesCNF returns a CNF unsatisfiable iff p ⇒ q (whenever p is 1, q
// is 1): p is 1 and q is not.
func ImpliesCNF(p, q Pred) [][]int {
	var e CNF
	e.Assert(e.Var(p))
	e.Assert(-e.Var(q))
	return e.Clauses
}

// ExclusiveCNF returns a CNF unsatisfiable iff p and q are never both 1.
func ExclusiveCNF(p, q Pred) [][]int {
	var e CNF
	e.Assert(e.Var(p))
	e.Assert(e.Var(q))
	return e.Clauses
}
