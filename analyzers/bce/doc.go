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
package bce
