// Package vssair is the analyzer every vssa analyzer requires: it
// translates the package that buildssa built into vssa's IR (functions
// of other packages stay external; generic bodies keep their type
// parameters, bridge.ForAnalysis) and runs mem2reg, gvn and checkelim
// (deciding comparisons) on each of the package's source functions,
// each result checked by its validator before it is used.
//
// Each function comes in two forms, the SSA form and gvn's result, each
// with checkelim's certificate deciding comparisons: gvn merges fields
// loaded twice, but also removes a comparison that repeats a dominating
// one, which the SSA form still has.
//
// Invariants: a Func carries only results their validators accepted. A
// function whose translation or SSA form failed is absent; gvn's form
// is absent if its result was rejected; a form whose checkelim result
// was rejected has no certificate (Checks nil), so no analyzer reports
// from it. The analyzer keeps no state between packages (safe under
// nogo and parallel drivers).
package vssair
