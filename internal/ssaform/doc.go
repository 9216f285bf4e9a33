// Package ssaform makes the SSA form of a function of the bridge for
// tests of the passes that take SSA (their mutation suites' inputs):
// normalize then mem2reg, each validated, the result checked as SSA (so
// that it has the register counts validators read). Copies are left in
// place; WithoutCopies propagates them (vssa zerochecks' copy-free
// input).
package ssaform
