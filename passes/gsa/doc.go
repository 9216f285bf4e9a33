// Package gsa translates SSA form to Gated SSA (CompCertGSA, Herklotz,
// Demange and Blazy): the phis of a loop header with one entry and one
// latch become μs, the phis of other joins γs whose gates are path
// predicates from the join's immediate dominator, and a loop's μ values
// used past one of its exits are read through an η at that exit. Its
// results are checked by validate.GSA; gsa-destruct (destruct.go)
// translates back, checked by validate.GSADestruct.
//
// Path predicates are computed per dominator d over the blocks d
// dominates that lead to a block whose predicate is needed, in reverse
// postorder, as Tarjan's path expressions with their stars dropped
// (the paper's §5.2 argues that dropping them keeps the predicate): the
// predicate of a block is the disjunction over its forward edges of
// the predecessor's predicate and the edge's condition, projected (the
// atoms the block defines replaced by true) and weakened (A∧c ∨ A∧¬c
// becomes A). An entry larger than MaxGate becomes true; a join whose
// gates are then not pairwise exclusive (syntactically, pred.Exclusive)
// keeps its phis, so the pass never blows up. A row whose back edges do
// not preserve its entries, or that meets an irreducible edge, is not
// used at all.
//
// Preconditions: SSA form, normalised CFG. Functions with a recover
// block are left alone (their recover block's entry state is not
// described by the predicates). Boolean μs get no η, so that renaming
// never changes a branch condition (an atom of the predicates).
package gsa
