// Package passes holds vssa's pass table and the pass manager: the one
// place where an untrusted pass meets its trusted validator. The manager
// runs a pass, hands its result and hints to the validator, then runs the
// IR well-formedness checker; a result that fails either is discarded
// (the function continues with the pass's input) and reported with both
// IR dumps, so the bug can be reproduced. Validation is on by default;
// turning it off exists only to measure its cost.
//
// The passes live in sub-packages, one per pass, named as the pass
// (normalize, mem2reg, outofssa); their validators are in package
// validate, which does not import this package or its sub-packages.
package passes
