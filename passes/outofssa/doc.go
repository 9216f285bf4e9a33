// Package outofssa translates SSA form back to RTL: the phis of a join
// become copies at the end of each predecessor (the CFG is normalised,
// so each predecessor ends with a jump), with the parallel assignment of
// a phi-block sequentialised so that a cycle of moves needs one
// temporary (Rideau, Serpette, Leroy, "Tilting at windmills with Coq",
// 2008; CompCertSSA §8). Results are checked by validate.OutOfSSA.
package outofssa
