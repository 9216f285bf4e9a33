// Package sat is the trusted half of vssa's SAT trust split (CompCertGSA
// §6.1 and §6.3, with RUP certificates in place of SMTCoq): the GSA
// validator states each property of its predicates as a propositional
// formula, an untrusted solver (internal/cdcl) answers, and this package
// believes only what it checks. It imports nothing of vssa.
//
//   - Prop: formulas over numbered variables (Var, Not, And, Or, Implies,
//     Iff, True, False), shared as DAGs.
//   - CNF: the Tseitin encoding, one gate per And/Or node; the input's
//     variables keep their numbers, gates come after them.
//   - CheckModel: a model satisfies a CNF.
//   - CheckRUP: a RUP certificate refutes a CNF: every step is implied by
//     unit propagation from the CNF and the steps before it, and the empty
//     clause is among them.
//   - Valid: the one place solver and checks meet: p is valid only if the
//     solver refutes the encoding of ¬p with a certificate CheckRUP
//     accepts; a counterexample only with a model CheckModel accepts.
//   - Refute: the same meeting point for a caller's own CNF (ir/pred
//     encodes GSA's predicates itself): nil only with a checked
//     certificate.
//   - Tri: three-valued formulas (GSA's predicates) as two Props, "is 1"
//     and "is 0", over two variables per condition, "defined" and
//     "holds".
//
// The GSA queries, for predicates already mapped to Tri (p.One is "p
// evaluates to 1"):
//
//   - well-exclusivity of two predicates of one γ (Definition 5.4: never
//     both 1): Valid(Not(And(p.One, q.One)));
//   - coherence (Definition 5.2: the projected join of the predecessors'
//     predicates and edge conditions implies the join's predicate):
//     Valid(Implies(lhs.One, rhs.One)).
//
// Why two variables per condition: with one, a condition that cannot be
// evaluated (its operands not yet defined on the path) would still get a
// truth value, and c ∨ c̄ would be valid although it is ½ there; the
// coherence and exclusivity proofs of CompCertGSA rely on "evaluates to
// 1", which a boolean reading would claim too often. With two, every
// register state has an image (defined = c evaluable, holds = its value),
// so a formula valid over all assignments holds in all states. The
// converse fails (conditions that are related, such as x < 3 and x < 5,
// get unrelated variables), which only makes the validator reject more:
// the caller should give one condition number to one operator on the
// same operands.
//
// The checks are small and read the formula and the certificate only;
// the solver never deletes learnt clauses, so there is no deletion step
// to trust (RUP, not DRAT). Checking costs a few times solving on large
// certificates (bench_test.go: PHP(8,7) 0.06 s to solve, 0.46 s to
// check, in CPU time), about as much on the small queries GSA asks; if
// certificates grow, the solver can hand over the clauses each step
// resolves (LRAT) and the check becomes linear.
package sat
