// Package pred is the predicate language of Gated SSA (γ and η gates):
// negation-free formulas over the conditions of branches, in three-valued
// logic, after CompCertGSA §4 (Herklotz, Demange, Blazy).
//
// An atom is a boolean register: the condition an if terminator tests.
// A literal is an atom or its negation. A predicate is kept in
// disjunctive normal form: a disjunction of cubes, each a conjunction of
// literals. The empty disjunction is false; a disjunction holding the
// empty cube is true.
//
// Evaluation is three-valued (pred.False, pred.Undef, pred.True, read as
// 0, ½ and 1): an atom whose register has not been written yet is Undef,
// a literal negates its atom's value (½ stays ½), a cube is the minimum
// of its literals and a disjunction the maximum of its cubes (Fig. 6).
// Only "evaluates to 1" matters to the semantics of γ and η, and that
// judgement is compositional: p∧q is 1 iff both are, p∨q iff one is. So
// two predicates are interchangeable when they are 1 in the same states
// ("1-equivalent"), and the paper's Undef constant, never 1, is
// 1-equivalent to False; the language does not need it.
//
// Simplify keeps 1-equivalence. Weaken and Project only make a predicate
// larger (true in more states); the GSA pass uses them and the validator
// checks that the result is still coherent and exclusive. Note that
// c ∨ ¬c is not 1-equivalent to true: it is ½ while c is undefined.
//
// The package is in the trusted base (the GSA validator decides with
// Implies and Exclusive), so it stays small.
package pred
