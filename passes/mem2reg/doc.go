// Package mem2reg promotes local variables to registers and builds SSA
// form (Vellvm ch. 8 for the notion of promotable allocation). Two
// builders: Cytron et al.'s (pass "mem2reg": phis at iterated dominance
// frontiers, pruned by liveness) and Braun et al.'s (pass
// "mem2reg-braun": on the fly from uses, trivial-phi and redundant-SCC
// removal, so the result is minimal on irreducible CFGs too). Results
// are checked by validate.Mem2Reg in one step: CompCertSSA's type system
// against the input read through the promotion hints.
//
// Cost: promotion copies the function once (sharing the instructions it
// leaves alone) and rewrites the accesses to the variables in that copy;
// the builders rename in the same copy and visit only the instructions
// that mention a renamed register, which promotion already knows. Their
// working arrays come from a pool (buffers.go); nothing of a result or
// its hints lives in them.
//
// Results keep the input's registers, numbers and types, and add the
// variables' registers and the new versions after them: the hints name
// only what the added registers are versions of (validate.SSAHints).
//
// Preconditions: the input is well-formed, normalised RTL (run the
// normalize pass first); registers are defined before use on every path.
package mem2reg
