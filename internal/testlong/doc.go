// Package testlong is the one place where tests ask whether to run their
// long corpora in full, and how they pick the sample they run otherwise.
//
// The README's test command, go vet ./... && go test ./..., must fit in
// a few minutes on two cores, with every package well inside go test's
// default timeout even on a loaded machine. Tests whose corpora do not
// fit (all random programs of cmd/vssa's TestProgen, the whole run
// corpus, the mutation suites' full corpus, GOROOT's programs) run a
// sample in that command and everything when the environment variable
// VSSA_LONG is 1, as the second stage of .ci/run does:
//
//	VSSA_LONG=1 go test -timeout 60m ./...
//
// A sample is no fixed subset: its seed changes from run to run (it
// comes from the clock), so that successive runs cover the corpus, and
// the test logs it, and names the flag that replays it when it fails.
//
// Only this package reads VSSA_LONG, through os.Getenv: go test records
// the variables a test reads, so a package whose tests never ask keeps
// its cached result when only VSSA_LONG changes.
package testlong
