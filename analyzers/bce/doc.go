// Package bce reports the bounds and slice checks that check
// elimination leaves inside loops, each with the fact it could not
// prove: in functions marked with a //vssa:bce directive, which also
// asserts (as gcassert does) that no such check remains, or in every
// function with -bce.all. Like the other analyzers it reads only
// validated results (vssair): where checkelim's result was rejected,
// every check counts as remaining.
//
// A bounds check s[i] in a loop that counts i up to n (for i := 0; i < n;
// …, for i := range n, for i := range x) gets Go's hint _ = s[n-1]
// before the loop as a suggested fix, but only once the fix is
// confirmed: the package is type-checked again with the hint inserted
// and check elimination, validated, removes the check from the
// function so changed. The fix says when it changes what the program
// does: the hint panics before the loop when n > len(s) (the loop
// would panic later, or never if it does not reach s[len(s)]) and when
// n < 1, where the loop does not run.
//
// With -bce.gc (on in vssalint) it reports only the checks that gc keeps
// too: it builds the package with -gcflags=-d=ssa/check_bce and keeps a
// check only on a line where gc reports one of the same kind (bounds or
// slice). gc inlines small functions, which vssa's view does not, and
// removes the checks of a table indexed by an inlined hash; a report of
// a check the binary does not have is noise. The build is go's, cached;
// under go vet, which runs the tool on every dependency, it stays off.
package bce
