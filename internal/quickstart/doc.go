// Package quickstart has no code of its own: its tests run the quick
// starts of README.md, so that a command the README shows is a command
// that works.
//
// A README code block whose info string names a script, as in
//
//	```sh test:vet
//
// is written by the test to $WORK/readme/vet.sh (or .go for a Go block)
// and the scripts in testdata/*.txtar, run by testscript
// (github.com/rogpeppe/go-internal), execute it in a scratch module
// that uses vssa from this clone, and check what it prints. Another test
// checks that every named block is used by a script and that the
// README keeps the commands .ci/run and a fresh machine rely on.
//
// The golangci-lint quick start builds golangci-lint from the module
// proxy, which takes minutes: it runs only with VSSA_LONG=1.
package quickstart
