// This file implements the checks of a SAT solver's answers: a model
// satisfies the formula (CheckModel), and a RUP certificate refutes it
// (CheckRUP).

package sat

import "fmt"

// CheckModel reports whether model (model[v-1] the value of variable v)
// satisfies every clause of cnf.
func CheckModel(nvars int, cnf [][]int, model []bool) error {
	if err := checkLits("clause", nvars, cnf); err != nil {
		return err
	}
	if len(model) != nvars {
		return fmt.Errorf("model has %d values, want %d", len(model), nvars)
	}
	for i, c := range cnf {
		ok := false
		for _, x := range c {
			ok = ok || x > 0 && model[x-1] || x < 0 && !model[-x-1]
		}
		if !ok {
			return fmt.Errorf("model falsifies clause %d %v, want every clause true", i, c)
		}
	}
	return nil
}

// CheckRUP reports whether proof refutes cnf: each proof clause must be
// RUP with respect to cnf and the proof clauses before it (assigning the
// negation of its literals and propagating units reaches a conflict), and
// some proof clause must be empty. Clauses after the first empty one are
// not read. A clause that passes is implied by those before it, so the
// empty clause is, and cnf has no model.
func CheckRUP(nvars int, cnf [][]int, proof [][]int) error {
	if err := checkLits("clause", nvars, cnf); err != nil {
		return err
	}
	if err := checkLits("proof step", nvars, proof); err != nil {
		return err
	}
	r := &rup{occ: occLists(nvars, cnf, proof), val: make([]int8, nvars+1)}
	for _, c := range cnf {
		r.add(c)
	}
	for i, c := range proof {
		if !r.implied(c) {
			return fmt.Errorf("proof step %d %v is not implied by unit propagation, want a RUP clause", i, c)
		}
		if len(c) == 0 {
			return nil
		}
		r.add(c)
	}
	return fmt.Errorf("proof of %d steps has no empty clause, want it to derive the empty clause", len(proof))
}

// occLists returns empty occurrence lists with room for every literal of
// cnf and proof, carved from one array: a performance measure only (add
// appends to them as it would to nil lists).
func occLists(nvars int, cnf, proof [][]int) [][]int {
	n := make([]int, 2*nvars)
	total := 0
	for _, cs := range [][][]int{cnf, proof} {
		for _, c := range cs {
			for _, x := range c {
				n[index(x)]++
				total++
			}
		}
	}
	flat := make([]int, total)
	occ := make([][]int, 2*nvars)
	for i := range occ {
		occ[i], flat = flat[:0:n[i]], flat[n[i]:]
	}
	return occ
}

func checkLits(what string, nvars int, cs [][]int) error {
	for i, c := range cs {
		for _, x := range c {
			if x == 0 || x > nvars || -x > nvars {
				return fmt.Errorf("%s %d has literal %d, want a variable in 1..%d", what, i, x, nvars)
			}
		}
	}
	return nil
}

// rup is a set of clauses with the assignment unit propagation forces
// from them (the top level), and the assignment of one RUP check on top
// of it while the check runs. Invariants: nfalse[ci] is the number of
// literals of clause ci false under the assignment; between checks, no
// clause is unit or false under the top level unless refuted is set.
type rup struct {
	clauses [][]int
	nfalse  []int
	occ     [][]int // occ[index(x)]: the clauses containing literal x (once per occurrence)
	val     []int8  // per variable: 1 true, -1 false, 0 unassigned
	trail   []int   // assigned literals in order
	head    int     // trail[:head] have had their clauses examined
	refuted bool    // propagation at the top level reached a conflict
}

func index(x int) int {
	if x > 0 {
		return 2 * (x - 1)
	}
	return 2*(-x-1) + 1
}

func (r *rup) value(x int) int8 {
	if x > 0 {
		return r.val[x]
	}
	return -r.val[-x]
}

func (r *rup) set(x int) {
	if x > 0 {
		r.val[x] = 1
	} else {
		r.val[-x] = -1
	}
	r.trail = append(r.trail, x)
	for _, ci := range r.occ[index(-x)] {
		r.nfalse[ci]++
	}
}

// undo unassigns the literals assigned after the first mark.
func (r *rup) undo(mark int) {
	for _, x := range r.trail[mark:] {
		r.val[max(x, -x)] = 0
		for _, ci := range r.occ[index(-x)] {
			r.nfalse[ci]--
		}
	}
	r.trail = r.trail[:mark]
	r.head = mark
}

// examine reports a conflict when every literal of clause ci is false, and
// assigns the last literal not false when it is unassigned.
func (r *rup) examine(ci int) (conflict bool) {
	c := r.clauses[ci]
	switch r.nfalse[ci] {
	case len(c):
		return true
	case len(c) - 1:
		for _, x := range c {
			if r.value(x) == 0 {
				r.set(x)
				break
			}
		}
	}
	return false
}

// propagate examines the clauses of every literal made false since head;
// a clause can only become unit or false when one of its literals does.
func (r *rup) propagate() (conflict bool) {
	for ; r.head < len(r.trail); r.head++ {
		for _, ci := range r.occ[index(-r.trail[r.head])] {
			if r.examine(ci) {
				return true
			}
		}
	}
	return false
}

// add adds a clause at the top level and propagates what it forces.
func (r *rup) add(c []int) {
	if r.refuted {
		return
	}
	ci := len(r.clauses)
	r.clauses = append(r.clauses, c)
	r.nfalse = append(r.nfalse, 0)
	for _, x := range c {
		r.occ[index(x)] = append(r.occ[index(x)], ci)
		if r.value(x) == -1 {
			r.nfalse[ci]++
		}
	}
	if r.examine(ci) || r.propagate() {
		r.refuted = true
	}
}

// implied reports whether assigning the negation of c on top of the top
// level and propagating reaches a conflict; it undoes what it assigned.
func (r *rup) implied(c []int) bool {
	if r.refuted {
		return true
	}
	mark := len(r.trail)
	defer r.undo(mark)
	for _, x := range c {
		switch r.value(x) {
		case 1:
			return true // ¬x contradicts the top level at once
		case 0:
			r.set(-x)
		}
	}
	return r.propagate()
}
