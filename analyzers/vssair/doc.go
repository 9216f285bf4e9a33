// Package vssair is the analyzer every vssa analyzer requires: it
// builds the package's SSA as buildssa does (calls of functions that do
// not return, by vssair's own NoReturnFact as x/tools' ctrlflow
// derives it, or named by -vssair.noreturn, end their block),
// translates it into vssa's IR (functions of other packages stay
// external; generic bodies keep their type parameters,
// bridge.ForAnalysis) and runs mem2reg, gvn and checkelim
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
// nogo and parallel drivers); what crosses packages is a fact,
// ContractFact: a function's results that are never nil and parameters
// it does not return for when nil, read off its accepted certificate
// (validate.DeriveContract) and assumed by its callers' certificates,
// callees first within the package. Within the package alone, a
// call's certificate may also assume the bounds of a small function's
// integer results at the call's constant arguments (a hash to h bits
// is below 1 << h), derived by the validator's rules from the callee's
// IR alone (validate.DeriveResultBounds; bounds.go): gc inlines such
// functions and proves the indexes they give, and no fact carries
// them, so a dependency analysed for its facts derives none.
//
// Cost: nothing is built for a package no analyzer reports on. The
// contracts are derived as vssair runs, for the facts; the functions'
// forms only at an analyzer's first Complete, and released once every
// analyzer the driver's -NAME flags enable is done with them (Done):
// x/tools' checker keeps every package's result to its end. Under go
// vet, on a dependency (the .cfg says VetxOnly; FactsOnlyRun), the
// analyzers that read the Result return at once: unitchecker runs them
// there only because they require one with facts.
package vssair
