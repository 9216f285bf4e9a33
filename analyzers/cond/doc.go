// Package cond reports integer comparisons whose outcome never changes
// given what dominates them: branch conditions (if x > 10 { if x > 5 …),
// ranges and relations (i < len(s) inside a loop bounded by it), checks
// that passed (d != 0 after a division by d), the ranges of lengths and
// types.
//
// It reports only what check elimination decided and its validator
// accepted (vssair), only when the certificate holds with int of 32 bits
// too (a uint32 converted to int is never negative on amd64, it may be on
// 386), and only comparisons written in the source that are not
// constant (no if debug, no build-time constants).
package cond
