// Package checkelim removes run-time checks whose condition holds on
// every path that reaches them, and hands its validator a certificate:
// the facts each block starts with (validate.CheckElim).
//
// It knows three kinds of facts:
//
//   - nonnil r: r is not nil. Allocations, makemap, makechan,
//     makeclosure, globals, functions, field and element addresses and
//     slices converted to pointers to non-empty arrays are never nil; a
//     nilcheck of r, or a load, store or field or array-element address
//     through r (unchecked: running one on nil is undefined behaviour)
//     leaves r nonnil; so does the true edge of "ne r, nil" and the
//     false edge of "eq r, nil";
//   - nonzero r: r, an integer, is not zero: a nonzero const, r after a
//     divcheck of it or an integer division or remainder by it, and on
//     the edges of comparisons with zero as above;
//   - x - y ≤ c, integers (y or x may be zero): from bounds, slice,
//     shift and length checks that passed, the edges of comparisons
//     (the true edge of "lt i, n" gives i - n ≤ -1; that of "ne n, 0"
//     1 ≤ n for an n never negative), constants (and lengths of arrays
//     and constant strings), types' ranges, len ≥ 0 and len(s) ≤
//     cap(s) (a bound below len s bounds cap s read after it); results
//     equal to an operand plus a constant, which take over its facts:
//     x + k and x - k where they cannot overflow, conversions that keep
//     the value, len of a makeslice and of a sub-slice x[k:h] of a
//     constant k (h - k, h being len x when absent), len and cap of
//     x[l:l+k] (k, once the slice check passed: l + k ≥ 0 did not
//     wrap), (y + i) + k as y + (i + k) (sums wrap, so (s+2)-2 is s
//     as gc folds it); bounds of results:
//     masks and x &^ y (in [0, y] for an operand y ≥ 0), remainders (x
//     % y < y for y ≥ 1), divisions, right shifts and products by a
//     constant (also of x's constant bound), x - y of two registers
//     without overflow (≤ x for y ≥ 0, ≥ 0 for y ≤ x), len x[l:h] ≤
//     h, min and max, the midpoint int(uint(a+b) >> 1) of 0 ≤ a < b
//     (in [a, b)). One fact follows from another with a smaller
//     bound, or from two through one term (x - z, z - y).
//
// Nonnil and nonzero facts are found by a forward dataflow over the
// facts the checks need (the checks' operands, and for a phi the
// arguments that reach it), meeting at joins as intersections, a fact
// about a phi holding when it holds of the phi's argument on every edge
// (so a phi of allocations is nonnil); loops start optimistic (every
// fact) and shrink to a fixpoint. Integer facts are candidates (the
// checks', the branches', those of a loop phi's arguments lifted to the
// phi and the phi's to its arguments, a phi's constant arguments as its
// bounds, the equality of a conversion that keeps the value,
// candidates shifted through sums with a constant (and chains of them:
// len(b) - 4 + 1), a loop phi's entry value as its bound either way,
// and m ≤ n where a
// check needs x < n and a branch gives x < m, as a range over a
// sub-slice of an array does) kept at every block
// where their registers are defined, then dropped where they do not
// follow on some edge into the block, until none is dropped: the
// greatest inductive set, which finds loop counters' bounds. A check
// whose facts hold where it stands goes. The certificate lists, per
// block, the nonnil and nonzero facts some removal needs, directly or
// through the edges, and all the integer facts found.
//
// Gate (gated.go) then looks for gated facts, "if G: F" with G a
// condition of a branch that dominates an undecided comparison and F
// that comparison's facts, established at the join that set a flag, a
// mode or a length under a branch: the same greatest inductive set
// over those candidates, from the certificate's facts, with
// validate's rules for guards (a guard false on an edge says nothing
// there). Its certificate is Decide's with the facts and decisions it
// adds; callers keep it only if the validator accepts it.
//
// Invariants: the result is the input without the removed checks; the
// facts the pass derives are exactly those the validator's rules give
// (gives, intrinsic, edge), else the validator rejects the result.
//
// Not yet: facts from the package's functions (results never nil), the
// length of copy's result, facts of loops whose counter's bound is a
// multiple of its step (i += 3 up to 8 stays below 7), chains of more
// than two comparisons (i < j < k < 11 for i < 8), products and halves
// of registers; the integer search gives up on functions of more than
// 500 blocks (maxBlocks). It searches the candidates that some block can
// start with (a check's fact about a length read in its own block is
// none) in windows of 128 (maxCandidates): the first 128 as proposed,
// then the rest in the order of the first block each is about, so
// that the later loops of a large function (flate's and zstd's
// encoders) keep their facts together; the union of the windows'
// greatest inductive sets is inductive. Candidates from two windows
// never combine.
package checkelim
