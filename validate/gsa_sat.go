// This file settles the GSA validator's questions: by the syntactic
// rules of ir/pred first, and otherwise by refuting their CNF encoding
// (ir/pred's ImpliesCNF, ExclusiveCNF) with a certificate.

package validate

import (
	"errors"
	"sync/atomic"

	"github.com/vssa-go/vssa/ir/pred"
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

func implies(p, q pred.Pred) bool {
	if pred.Implies(p, q) {
		gsaQueries.syntactic.Add(1)
		return true
	}
	return settle(pred.ImpliesCNF(p, q))
}

func exclusive(p, q pred.Pred) bool {
	if pred.Exclusive(p, q) {
		gsaQueries.syntactic.Add(1)
		return true
	}
	return settle(pred.ExclusiveCNF(p, q))
}

func settle(cnf [][]int) bool {
	if refuteCNF(cnf) == nil {
		gsaQueries.refuted.Add(1)
		return true
	}
	gsaQueries.open.Add(1)
	return false
}

// errNoSolver is refuteCNF's answer until a solver is wired in.
var errNoSolver = errors.New("not settled by simplification, and no SAT solver is wired in")

// refuteCNF is the hook for the SAT solver: it returns nil only if cnf
// is unsatisfiable, shown by a certificate checked here in the trusted
// base. Until the untrusted solver (internal/cdcl) and the RUP checker
// are merged, a question simplification does not settle is rejected.
func refuteCNF(cnf [][]int) error { return errNoSolver }
