// Package zce is redundant zero-check elimination on the Sea of Nodes
// form of a function (ir/son), as Demange, Fernández de Retana and
// Pichardie give and prove it ("Semantic Reasoning about the Sea of
// Nodes", CC 2018, ../shared/papers/004 §4): a divcheck of a register
// is removed when another divcheck of the same register strictly
// dominates it (Definition 4.1), found by one walk of the dominator
// tree of the regions (Figure 6, son.RedundantZeroChecks).
//
// It is the paper's structural criterion and nothing more: no facts
// from constants, branches, joins or loops, which checkelim has (the
// command vssa zerochecks compares the two on any packages). Validated
// by validate.ZCE, which recomputes dominance from the input and
// accepts a removal only under a kept divcheck of the same register.
package zce
