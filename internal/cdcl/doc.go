// Package cdcl is a small CDCL SAT solver that answers with evidence: a
// model when the formula is satisfiable, and a RUP certificate when it is
// not. It is untrusted: its callers go through validate/sat (Valid,
// Refute), which checks every answer it uses, a model by evaluating the
// formula and a certificate with CheckRUP, so a bug here can cost an
// answer but never a wrong acceptance. WithLimit bounds the work.
//
// The algorithm is the textbook one (MiniSat, Eén and Sörensson 2003):
// two watched literals per clause, first-UIP conflict analysis, VSIDS-like
// variable activities (picked by a linear scan, fine for the
// few-hundred-variable queries GSA asks), phase saving, and restarts on
// the Luby sequence. Learnt clauses are never deleted, so the certificate
// is the list of learnt clauses in the order they were learnt, each
// implied by unit propagation (RUP) from the input and the earlier ones,
// ending with the empty clause.
//
// Why our own rather than a library: of the pure-Go solvers, gini
// (github.com/go-air/gini) has no proof output (its issue 4, "add drat
// tracing", is open since 2016); gophersat (github.com/crillab/gophersat)
// writes RUP certificates as text lines while it solves and brings
// pseudo-boolean and MAXSAT machinery we would not use; mitchellh/go-sat
// is unmaintained and has no proofs. The queries GSA asks are small
// (tens to hundreds of variables), so a few hundred readable lines that
// hand back the proof in memory as [][]int, with no new dependency, do
// the job better.
//
// Formulas are CNF in DIMACS literals: variable v ≥ 1 is the literal v,
// its negation -v. Gen.go builds the benchmark families (random 3-SAT,
// pigeonhole) the tests and benchmarks share. Benchmarks of solving and
// checking are in validate/sat (bench_test.go).
package cdcl
