// Command vssalint runs vssa's analyzers on packages, outside go vet
// (in CI, for instance):
//
//	vssalint [-json] [-fix] [-tags=TAGS] [-test=false] [-nilness=false] [-cond=false] [-bce=false] [-bce.all] PATTERNS...
//
// It is x/tools' multichecker: -json prints the reports as JSON, -fix
// applies suggested fixes, -test (on by default) includes test files,
// -tags selects files by build tags (the multichecker's own -tags has
// no effect: vssalint passes them to the package loader in GOFLAGS).
// With -fix it writes each suggested fix that does not conflict with
// another and prints the reports left without one (the multichecker's
// -fix prints nothing), all from one run of the analyzers with -json.
// bce's -bce.gc is on: bce reports only the checks gc keeps too, and
// keeps a hint only where gc's check goes with it, judged in builds of
// each package with its hints inserted (go build -overlay; the files
// are not touched).
// Exit status, as go vet's: 0 nothing reported (or -json, or -fix that
// left nothing), 1 reports or a package that failed to load or analyze,
// 2 bad flags.
// (The multichecker runs in a child process: it exits from inside, with
// 3 for reports.)
//
// The checker runs with GOGC=50 unless GOGC or GOMEMLIMIT is set: its
// heap then grows to 1.5 times what it holds, not twice.
//
// VSSALINT_PEAKPROFILE=FILE writes a heap profile of the checker's peak
// live heap to FILE (the multichecker's -memprofile is written at its
// end, when it has dropped every package).
package main
