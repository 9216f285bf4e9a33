// Package checkelim removes run-time checks whose condition holds on
// every path that reaches them, and hands its validator a certificate:
// the facts each block starts with (validate.CheckElim).
//
// So far it knows two kinds of facts, enough for nil checks and
// division checks:
//
//   - nonnil r: r is not nil. Allocations, makemap, makechan,
//     makeclosure, globals, functions and field and element addresses
//     are never nil; a nilcheck of r, or a load, store or field or
//     array-element address through r (unchecked: running one on nil is
//     undefined behaviour) leaves r nonnil; so does the true edge of
//     "ne r, nil" and the false edge of "eq r, nil";
//   - nonzero r: r, an integer, is not zero: a nonzero const, r after a
//     divcheck of it or an integer division or remainder by it, and on
//     the edges of comparisons with zero as above.
//
// The facts of a block's start are found by a forward dataflow over the
// facts the checks need (the checks' operands, and for a phi the
// arguments that reach it), meeting at joins as intersections, a fact
// about a phi holding when it holds of the phi's argument on every edge
// (so a phi of allocations is nonnil); loops start optimistic (every
// fact) and shrink to a fixpoint. A check whose fact holds where it
// stands goes. The certificate lists, per block, only the facts some
// removal needs, directly or through the edges.
//
// Invariants: the result is the input without the removed checks; the
// facts the pass derives are exactly those the validator's rules give
// (gives, intrinsic, edge), else the validator rejects the result.
//
// Not yet: ranges and relations of integers for bounds, slice, shift
// and length checks, and facts from the package's functions.
package checkelim
