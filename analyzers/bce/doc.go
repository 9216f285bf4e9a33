// Package bce reports the bounds and slice checks that check
// elimination leaves inside loops, each with the fact it could not
// prove: in functions marked with a //vssa:bce directive, which also
// asserts (as gcassert does) that no such check remains, or in every
// function with -bce.all. Like the other analyzers it reads only
// validated results (vssair): where checkelim's result was rejected,
// every check counts as remaining.
//
// A bounds check s[i] in a loop that counts i up to n (for i := 0; i < n;
// …, for i := range n, for i := range x) gets a hint before the loop
// that removes it, once confirmed: the package is type-checked again
// with the hint inserted and check elimination, validated, removes the
// check from the function so changed.
//
// Drivers (vssalint -fix, gopls, golangci-lint --fix) apply a suggested
// fix without reading its message, so a hint is a suggested fix only
// where it keeps what the program does on every input where it did not
// panic (keep.go): s = s[:n] for a bound n ≥ 0 (a len) and _ = s[c-1]
// for a constant c ≥ 1, where every round of the loop reads s[i] (so
// n ≤ len(s) wherever the loop does not panic), nothing in the loop
// leaves it early, stops the program or blocks, the counter, bound and s
// do not change in it, and, for the reslice, s is used nowhere after
// the hint but as s[i]. Go's hint _ = s[n-1] otherwise, which panics
// where the loop would not (n < 1, a loop that stops before n), is
// named in the report's message only.
//
// With -bce.gc (on in vssalint) it reports only the checks that gc keeps
// too: it builds the package with -gcflags=-d=ssa/check_bce and keeps a
// check only on a line where gc reports one of the same kind (bounds or
// slice). gc inlines small functions, which vssa's view does not: it
// reads the bounds of a small function's integer results at a call's
// constant arguments instead (a hash to h bits is below 1 << h;
// vssair's result bounds), which removes the checks of most tables
// indexed by a hash, but gc still proves more after inlining; a report
// of a check the binary does not have is noise. The build is go's, cached;
// under go vet, which runs the tool on every dependency, it stays off.
//
// With -bce.gc gc confirms each hint too (gchint.go): a hint vssa
// accepts can leave gc's check in place (flate's bulkHash4 counts from
// 1, and gc does not relate i < end to end-1 < len(dst) after _ =
// dst[end-1], while dst = dst[:end] makes end the length). The package
// is built again, through go build -overlay (the user's files are not
// touched), with every hint chosen for it inserted, and a hint is kept
// only if gc no longer reports the checks it is meant to remove and
// reports no check the package as it is does not have (a new check is
// laid to the hints before the loops around it, else to those of its
// function, else to all). Where gc rejects it, the next hint check
// elimination confirms is tried, in one more build for the package:
// after _ = s[…], the reslice s = s[:n] (a fix where it keeps
// behaviour, else in the message); after a reslice fix, _ = s[n-1] in
// the message. A check with no hint gc confirms names the first with
// gc's reason ("gc keeps its check with this hint") and no fix. Cost:
// besides the build that confirms the checks, one build of the package
// with its hints and one with the alternatives, if any (each only the
// package compiled again; go build and go test -c separately for a
// package and its test variant), and check elimination on the
// alternatives it tries.
package bce
