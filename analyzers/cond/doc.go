// Package cond reports integer comparisons whose outcome never changes
// given what dominates them: branch conditions (if x > 10 { if x > 5 …),
// ranges and relations (i < len(s) inside a loop bounded by it), checks
// that passed (d != 0 after a division by d), the ranges of lengths and
// types.
//
// It reports only what check elimination decided and its validator
// accepted (vssair), only when the certificate holds with int of 32 bits
// too (a uint32 converted to int is never negative on amd64, it may be on
// 386) and the comparison is decided with the function's constants that
// depend on the target unknown (x > bits.UintSize says more of x on
// amd64 than on 386; vssair.Form.OnEveryTarget), and only comparisons
// written in the source that are not constant (no if debug, no
// build-time constants). A constant declared in another package in
// terms of such constants (other than the standard library's of the
// word's size and the system's) is taken as it is on amd64.
package cond
