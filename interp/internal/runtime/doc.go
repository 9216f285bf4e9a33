// Package runtime holds the run-time error values the interpreter
// raises, with the package name, type names and shapes of the Go
// runtime's own (errorString, plainError, boundsError,
// TypeAssertionError), so that a program that recovers one and prints it
// with %v, %T or %#v, or asserts it to runtime.Error, sees what it sees
// under gc.
//
// The errors gc raises as one global interface value (a division by
// zero, a nil dereference, a negative shift, the range-over-func
// misuses) are the package's variables, so that the interpreter can raise
// the same value every time, as gc does: a crash prints a recovered one
// raised again as "[recovered, repanicked]".
package runtime
