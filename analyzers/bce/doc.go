// Package bce reports the bounds and slice checks that check
// elimination leaves inside loops, each with the fact it could not
// prove: in functions marked with a //vssa:bce directive, which also
// asserts (as gcassert does) that no such check remains, or in every
// function with -bce.all. Like the other analyzers it reads only
// validated results (vssair): where checkelim's result was rejected,
// every check counts as remaining.
//
// Not yet: suggested fixes (a hint such as _ = s[n-1] before the loop,
// confirmed by running check elimination on the fixed function).
package bce
