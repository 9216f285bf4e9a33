// This file settles the GSA validator's questions: by the syntactic
// rules of ir/pred first, and otherwise by refuting their CNF encoding
// (ir/pred's ImpliesCNF, ExclusiveCNF) with a certificate.

package validate

import (
	"sync/atomic"

	"github.com/vssa-go/vssa/internal/cdcl"
	"github.com/vssa-go/vssa/ir/pred"
	"github.com/vssa-go/vssa/validate/sat"
)

// gsaQueries counts how the GSA validator's questions were settled, for
// vssa stats and the tests: by syntax, by a checked refutation, or not.
var gsaQueries struct {
	syntactic, refuted, open atomic.Int64
}

// GSAQueries returns the number of implications and exclusions the GSA
// validator settled syntactically, by a checked SAT refutation, and
// could not settle (each a rejection), since the process started.
func GSAQueries() (syntactic, refuted, open int64) {
	return gsaQueries.syntactic.Load(), gsaQueries.refuted.Load(), gsaQueries.open.Load()
}

func (v *gsaCheck) implies(p, q pred.Pred) bool {
	if pred.Implies(p, q) {
		gsaQueries.syntactic.Add(1)
		return true
	}
	return v.settle(pred.ImpliesCNF(p, q))
}

func (v *gsaCheck) exclusive(p, q pred.Pred) bool {
	if pred.Exclusive(p, q) {
		gsaQueries.syntactic.Add(1)
		return true
	}
	return v.settle(pred.ExclusiveCNF(p, q))
}

// settle refutes cnf with the hints' solver, or internal/cdcl; either
// way only a certificate sat.Refute checks settles it.
func (v *gsaCheck) settle(cnf [][]int) bool {
	var err error
	if v.h.Solver != nil {
		err = sat.Refute(cnf, v.h.Solver)
	} else {
		err = refuteCNF(cnf)
	}
	if err == nil {
		gsaQueries.refuted.Add(1)
		return true
	}
	gsaQueries.open.Add(1)
	return false
}

// maxConflicts bounds the solver's work on one query: past it the
// question stays open and the result is rejected (the pass then keeps
// its phis), so that a hard query cannot take long.
const maxConflicts = 20000

// refuteCNF returns nil only if cnf is unsatisfiable, shown by a RUP
// certificate that sat.CheckRUP (trusted) accepts; the certificate
// comes from the untrusted solver internal/cdcl, whose answers are never
// believed unchecked.
func refuteCNF(cnf [][]int) error { return sat.Refute(cnf, cdcl.WithLimit(maxConflicts)) }
