// Package realfuncs runs vssa compile on real hot functions taken as
// written: functions of the standard library, read from
// $(go env GOROOT)/src at test time, and of public modules, fetched
// through the module proxy. The repository holds only their names
// (testdata/realfuncs/std.txt and modules.txt), never their code.
//
// For each line of a list, Extract copies the named functions verbatim
// into a temporary module, in a file built only where vssa compile's
// assembly is not (//go:build !amd64 || purego), and everything of
// their package they need, transitively (constants, variables and
// tables, types and the methods an interface may need, other
// functions), with the imports they use, into a file built everywhere:
// the layout vssa compile expects. std's internal packages, which
// another module may not import, are copied whole into the module's own
// internal directory; only their import paths change. Then the vssa
// command, built from this repository, compiles the module, and go vet,
// the generated equivalence test and the generated fuzz target run on
// it.
//
// Each list line records what happens today (ok, refused: MESSAGE,
// build-fails, test-fails: see ReadList), so that the suite is both
// vssa compile's baseline on real code and a regression test:
//
//	go test ./internal/realfuncs
//
// compiles every function of std.txt and checks each refusal is still
// the one recorded (a function that now compiles makes the test say to
// update the list), and vets and tests a seeded sample of the others
// (-realfuncs.seed, -realfuncs.sample). With VSSA_LONG=1 all are tested
// and each compiled function is fuzzed for -realfuncs.fuzztime (20s).
// -realfuncs.modules adds modules.txt (network).
//
//	go test ./internal/realfuncs -run Bench -realfuncs.bench=10 -v
//
// builds the test binary of every function that compiles and runs it
// ten times, the binaries taking turns, each run timing gc and then
// vssa (RunRounds), and prints per function gc's time over vssa's
// (minimum, median and maximum over the rounds) and the geomean of the
// medians. -realfuncs.only=REGEXP takes only the entries whose names
// match, and -realfuncs.keep=DIR leaves each entry's package, generated
// files and benchmark binary in DIR/NAME, to read its assembly or run
// its benchmarks by hand:
//
//	go test ./internal/realfuncs -run Bench -realfuncs.bench=3 -realfuncs.only=matchLen -realfuncs.keep=/tmp/rf -v
//
// -realfuncs.passes=LIST is vssa compile's -passes in every test, and
// with -realfuncs.versus=LIST2 the benchmark compiles each entry with
// both and times, for the entries whose assembly differs, vssa's code
// with LIST over its code with LIST2 (RunVersus; docs/gcm.md):
//
//	go test ./internal/realfuncs -run Bench -realfuncs.bench=5 -realfuncs.versus=mem2reg,gvn,checkelim,gcm -v
package realfuncs
