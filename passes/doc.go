// Package passes holds vssa's pass table and the pass manager: the one
// place where an untrusted pass meets its trusted validator.
//
// The table (table.go) is the list of passes, each made by New, which
// ties the type of the hints a pass gives to its validator's, and the
// ordering rules between them, each with its reason, checked when the
// package is initialised. Pipeline turns a pass list into a pipeline,
// inserting what the rules insert and refusing the rest.
//
// The manager (manager.go) runs a pipeline on a function: it makes sure
// each pass left its input alone (the input's fingerprint against the
// checker's verdict), hands the result and hints to the validator, then
// runs the IR well-formedness checker; a result that fails either is
// discarded (the function continues with the pass's input) and
// reported with both IR dumps, so the bug can be reproduced. A pass
// that changed its input leaves nothing to fall back on: the function
// is given up. Validation is on by default; turning it off exists only
// to measure its cost.
//
// The passes live in sub-packages, one per pass, named as the pass;
// their validators are in package validate, which does not import this
// package or its sub-packages. The passes, as the table lists them (a
// test keeps this list, validate's and docs/design.md's equal to it):
//
//   - normalize: remove unreachable blocks, split edges into joins
//     (validate.Normalize)
//   - loopnorm: give every loop one entry edge and one latch (new
//     jump-only blocks), so that gsa makes mus of its header's phis
//     (validate.Normalize)
//   - mem2reg: promote variables to registers, SSA form by Cytron et al.
//     (validate.Mem2Reg)
//   - mem2reg-braun: promote variables to registers, SSA form by Braun
//     et al. (validate.Mem2Reg)
//   - gvn: global value numbering, optimistic: replace values by equal
//     dominating ones, remove covered checks (validate.GVN)
//   - checkelim: remove run-time checks whose condition holds on every
//     path to them (validate.CheckElim)
//   - zce: remove divchecks that a divcheck of the same register
//     strictly dominates, the Sea of Nodes algorithm of paper 004 §4.3
//     (validate.ZCE)
//   - gsa: gated SSA: phis become gammas gated by path predicates and
//     mus at loop headers, loop values leave through etas
//     (validate.GSA)
//   - gsa-destruct: gated SSA back to SSA: gammas and mus become phis,
//     etas copies (validate.GSADestruct)
//   - gcm: global code motion: each data node of the Sea of Nodes graph
//     to the block of least loop depth between schedule early and late
//     (validate.GCM)
//   - outofssa: replace phis by copies on incoming edges
//     (validate.OutOfSSA)
//
// Adding a pass takes a folder passes/<name> with the pass, its
// validator in validate/ (with its accepted and rejected cases), its
// mutation kinds on the shared harness (internal/mutation), golden
// tests in testdata/<name>, one line in the table (and a rule if it
// must follow another pass), and its line here, in validate's package
// documentation and in docs/design.md.
package passes
