// Package progen generates random Go programs for differential testing:
// each program is run compiled by gc and interpreted by vssa (without
// passes and after every pipeline of passes), and the runs must agree
// exactly (stdout, stderr up to the goroutine dump, exit status).
//
// The programs aim at the semantics an interpreter most easily gets
// wrong: integers of every width and signedness with wrap-around,
// conversions between all numeric types, shifts by any count (past the
// width, negative: a panic), division and remainder by zero (a panic)
// and of the minimum integer by -1, floats with NaN, ±0 and ±Inf
// (printing, comparisons, min and max, conversions), complex numbers,
// strings with invalid UTF-8, slicing that may fail (three-index too),
// defer/recover/panic chains, closures and method values, maps (NaN
// keys, deletion while ranging, nil maps, unhashable interface keys),
// and gc's order of evaluation within a statement.
//
// # A program
//
// Generate(seed) writes one `// run` program (package main, standard
// library only, with //go:debug panicnil=0 because the harness builds in
// GOPATH mode, whose GODEBUG defaults are Go 1.20's). It holds 30 to 50 small functions, f0, f1, …, because
// building the compiled program costs far more than running it; main
// calls each one under try, which prints what it panics with, so that one
// failure does not hide the others. A quarter of the programs end with a
// panic that nothing recovers (or with os.Exit), so that the exit status
// and the panic message are compared too. Values come from main's
// constant arguments, from constants in the functions, and from
// //go:noinline identity helpers (vInt8(5)) that gc cannot fold, so that
// both gc's constant folding and its run-time code are the oracle; half
// the functions are //go:noinline themselves.
//
// # Invariants
//
//   - Deterministic: the program depends only on the seed (math/rand/v2's
//     PCG with a fixed stream) and on this package's version.
//   - It compiles: constants are leaves only, each representable in its
//     type, and an operator whose operands would all be constants gets
//     one through an identity helper, so that no constant expression can
//     overflow, divide by zero or shift by a negative count; indices and
//     slice bounds are variables; every local is used.
//   - Its output is fixed by the specification, not by gc's choices:
//     floats are converted to integers only where the integer type holds
//     them (helpers return 0 otherwise); operands of one expression never
//     both may panic (one is computed by a statement of its own first), as
//     Go leaves their order open; map iteration order is never printed
//     (maps are printed by fmt, which sorts keys, or as sorted strings),
//     nor are NaN keys printed in fmt's order, which leaves them in
//     iteration order; capacities are printed only where the
//     specification fixes them (not after an append that grows);
//     pointers and interface values are never printed with println; the
//     sign of a NaN is never observed (no math.Copysign or Signbit); a
//     chain of panics that is printed holds no ints or floats made at run
//     time, whose sharing of interface words (which decides whether the
//     runtime prints a repeated value twice) is gc's choice; a variable
//     is never read in the statement of a call that changes it, except
//     in the order functions (order.go), which test gc's evaluation
//     order on purpose (vssa follows gc where the specification leaves
//     room); no allocation is large enough to exhaust memory; no
//     goroutines.
//   - The programs assume a 64-bit int (constants use the whole width).
//
// The test that runs them is TestProgen in cmd/vssa.
package progen
