// Package validate holds the trusted checkers of vssa: one per pass, each
// deciding whether a pass's result (with the hints the pass gives) is a
// correct transformation of its input. A rejected result is never used.
//
// The package imports only ir and its sub-packages (ir/graph, and ir/son
// for the Sea of Nodes graph), and the standard library: never passes/.
// Every checker is small and recomputes what it relies on (edges,
// dominance, liveness) from the functions themselves; hints only tell it
// which correspondence to check, never what to believe.
//
// Checkers:
//
//   - Normalize: unreachable blocks removed, edges into joins split by
//     jump-only blocks, nothing else changed.
//   - SSAGen: the SSA-generation validator of CompCertSSA (Barthe,
//     Demange, Pichardie, TOPLAS 2014, §5): the SSA function erases to the
//     RTL one, and a type system tracking the current version of every
//     register accepts it. The hints name the input register of each
//     register the result adds; the input's own registers are their own
//     versions, so a result keeps its input's register numbers.
//   - Mem2Reg: SSAGen from the RTL input read through its promotion:
//     promotable allocations (local variables whose address is only the
//     address of loads and stores) read as registers. One step, so no
//     intermediate function is built by the pass or trusted.
//   - GVN: the numbering of CompCertSSA's GVN validator (§7): a
//     post-fixpoint of the congruence rules (equal numbers only for
//     the same operation on equally numbered operands, phis of one
//     block on equally numbered arguments, constants ir.Fold computes,
//     copies and phis of a class's registers; distinct parameters
//     never share one), memory reads numbered with memory versions
//     checked as SSA versions of the memory, every replacement's
//     definition strictly dominating its use, and a removed
//     instruction either without effect or covered by a dominating one
//     with its key.
//   - CheckElim: a certificate of facts (nonnil, nonzero, x - y ≤ c,
//     true and false of booleans, and facts guarded by one of those,
//     read across a join's phis as a γ: facts_gated.go) at
//     each block's start, checked as an inductive invariant (each fact holds
//     on every edge into its block, from the source's facts, what the
//     source's instructions establish, the edge's condition, or the
//     register's definition), which implies every removed check.
//   - ZCE: the input without some divchecks, each strictly dominated
//     by a kept divcheck of the same register (Definition 4.1 of paper
//     004, the premise of its Corollary 4.2), the recover block's edge
//     from the entry excluded.
//   - GSA: gated SSA after CompCertGSA §5: the same code but for phis
//     turned into μs and γs and ηs at the start of blocks, operands
//     renamed only to an η of themselves that precedes them, gates that
//     are entries of a coherent predicate matrix (each entry follows
//     from its predecessors' and the edges' conditions, projected) and
//     pairwise exclusive for each γ; settled by ir/pred's syntactic rules
//     or by a checked SAT refutation (gsa_sat.go).
//   - GSADestruct: γs and μs back to phis with their arguments in order,
//     ηs to copies, the input's γ gates shown right as for GSA.
//   - GCM: a legal schedule of the input's Sea of Nodes graph (ir/son):
//     both graphs rebuilt, every block with the input's phis, effects
//     and control in order, the same data nodes, each defined where it
//     is used (the result's graph strict), and an unchecked data node
//     never above the effect it followed (its guard came before).
//   - OutOfSSA: phis replaced by copies at the end of predecessors whose
//     sequential effect is the phi-block's parallel assignment.
//   - RegAlloc: machine code after register allocation is the code
//     before, with locations and moves, and every location read holds
//     the value read there (Rideau and Leroy's validation of register
//     allocation and spilling, as a forward dataflow over locations).
//     It reads machine code in its own small form (MachFunc), which
//     the native backend builds and emits from.
//
// The input of a validator must be well-formed, types included: that is
// a precondition (the pass manager checks a function fully before its
// first pass, and every accepted result is well-formed). Validators
// check the structure and the types of what a pass changes or
// introduces; the rest follows from the input's well-formedness through
// the correspondence they establish. (The pass manager runs the IR
// checker on every result as well, as a check independent of them.)
//
// The mem2reg and SSA-generation checks do not read the instructions a
// result shares with its input (a shared instruction is the input's):
// the input's register counts (ir.Func.Counts, which the IR checker
// leaves on every function it accepts) tell them whether any of those
// mentions a register that is renamed or promoted (ssagen.go,
// ssaCheck.full). That rests on a second precondition: the input is
// unchanged since the checker counted its registers, that is, the pass
// wrote into none of the instructions it shares. The pass manager makes
// sure of it before calling a validator (the input's fingerprint
// against the one in the checker's verdict, passes/manager.go).
//
// Errors are values of one type (*Error): the rule broken (error.go
// lists the rules with the property each names, and rules_test.go gives
// every rule a rejected case), the block and the printed instruction.
// The message says the entity, the problem and what was wanted; the
// pass and the function are the manager's report's to name.
package validate
