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
//
// A bound in a case of a switch without a tag that the switch's earlier
// cases make redundant is style, not a finding (a range switch states
// each range whole: case x < 128, case x < 255, case x == 255 on a
// byte), unless the case is dead (rangeswitch.go). Every report states
// its reason: the dominating condition, check or division that gives
// it, the operands' types, or else the values a loop's counter takes or
// the conditions together (reason.go).
package cond
