// Package mem2reg promotes local variables to registers and builds SSA
// form (Vellvm ch. 8 for the notion of promotable allocation). Two
// builders: Cytron et al.'s (pass "mem2reg": phis at iterated dominance
// frontiers, pruned by liveness) and Braun et al.'s (pass
// "mem2reg-braun": on the fly from uses, trivial-phi and redundant-SCC
// removal, so the result is minimal on irreducible CFGs too). Results
// are checked by validate.Mem2Reg: the promotion, then the SSA
// construction with CompCertSSA's type system.
//
// Preconditions: the input is well-formed, normalised RTL (run the
// normalize pass first); registers are defined before use on every path.
package mem2reg
