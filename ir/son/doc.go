// Package son is the Sea of Nodes form of an SSA function (Click;
// semantics after Demange, Fernández de Retana and Pichardie, "Semantic
// Reasoning about the Sea of Nodes", CC 2018, ../shared/papers/004):
// a view of an ir.Func for code motion and reasoning, built from it and
// scheduled back into it, never a second IR that passes maintain.
//
// # Nodes
//
//	kind    | from                                   | inputs
//	region  | a block                                | Preds: the jump or projection of each predecessor edge, in Preds order
//	param   | a parameter or free variable           | -
//	phi     | a phi                                  | Ctl: its region; Args: one per predecessor
//	data    | an instruction that floats (Floats)    | Args; Ctl: the anchor of an unchecked kind, else None
//	effect  | any other non-terminator               | Args; Ctl: the previous effect of its block, or its region
//	jump, if, return, panic | the terminator          | Args; Ctl: the last effect, or the region
//	proj    | the then (0) and else (1) edge of an if | Ctl: the if
//
// A data node is an instruction whose results depend on its operands
// alone and which cannot panic (ir.ValuePure or ir.ValueConst, and
// ir.Func.CannotPanic): arithmetic, comparisons of basic values,
// conversions that neither allocate nor read memory, addresses, len,
// cap. It is in no region: it floats, and is evaluated where it is
// needed. An unchecked one (a division, an address, an index: undefined
// behaviour when its guard would have failed) has an anchor: the
// highest dominating check that implies its precondition (guard.go: a
// shiftcheck of its count, a boundscheck of its index against its
// slice's len, a nilcheck of its pointer), or else the effect before
// it in its block (or the block's region), since the check that guards
// it came before that; it may sink below the anchor but never rise
// above it. It has none when its operands' definitions imply the
// precondition (a constant divisor other than 0, an unsigned shift
// count, or a signed one non-negative by its definition: nonneg.go). Loads, stores, calls, checks, allocations and everything
// that may panic, block or produce an event are effects, kept in Go's
// order by one chain per region, which ends with the region's control
// node: the chain is the effect (memory) edge. Parameters float as
// constants do.
//
// # Invariants (Check)
//
//   - Structure (§2.1): one control node per region, ending its chain;
//     each jump and projection enters exactly one region; phis have
//     one argument per predecessor of their region; data inputs are
//     values; the data nodes' inputs are acyclic.
//   - Strictness (§3, Definition 3.5, with effects as the phis of ρ):
//     every input of an effect or control node in region r dominates
//     r — the phis and effects it depends on, through any data nodes,
//     are in regions dominating r, and before the use when in r — and
//     phi argument k dominates the end of predecessor k. This is the
//     premise of Lemma 3.6 (the value is defined at the use) and of
//     Theorem 3.7 (it is the same in every region its dependencies
//     dominate), which is what lets data nodes float.
//
// # Semantics
//
// Graph.Machine writes §2.2's rules as a function the reference
// interpreter runs: steps between regions, data nodes evaluated on
// demand in each step from ρ (the registers of parameters, phis and
// effects), phis assigned in parallel on entering a region. "vssa run
// -son" runs a program that way; its tests compare it with the
// interpreter on the corpus and on random programs.
//
// Graph.CheckingMachine (vssa run -son -soncheck, the debug check) also
// checks Theorem 3.7 as the graph runs: a data node's value in a step
// of a region its dependencies strictly dominate is the one it had at
// the end of the last step of its latest dependency's region, which the
// machine copies aside there. Check is the static half: the dominance
// that makes the theorem apply to every use.
//
// # Redundant zero checks
//
// RedundantZeroChecks is §4.3's algorithm (Figure 6): one walk of the
// dominator tree flags each divcheck that a divcheck of the same
// divisor strictly dominates (Definition 4.1), a chain's earlier
// effects dominating its later ones; a copy counts as its operand, and
// the recover block's subtree starts with nothing known. The zce pass
// (passes/zce) removes them; validate.ZCE checks the dominance itself.
//
// # Schedules
//
// Graph.Schedule turns the graph back into an SSA function given a
// block for each data node; Original places each where it was,
// Early where Click's schedule early does (the highest block from
// which its inputs and anchor are all defined). The gcm pass
// (passes/gcm) chooses the blocks; validate.GCM rebuilds the graphs of
// its input and result and accepts only a legal schedule of the same
// graph.
package son
