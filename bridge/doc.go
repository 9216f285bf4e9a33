// Package bridge translates Go programs, as built by golang.org/x/tools/go/ssa,
// into vssa's IR.
//
// Load uses go/packages to load the named packages with their syntax
// (dependencies from export data), builds go/ssa in NaiveForm with
// instantiated generics, and translates every function that has a body
// into one ir.Module in RTL discipline; functions without a body (the
// standard library and other dependencies loaded from export data) are
// declared as externals. With Config.StdSource, a program importing
// slices, maps or cmp, or giving fmt its own types, is loaded from
// source instead, every body outside the program and those packages
// dropped while parsing (source.go), so that the generic instantiations
// it uses have bodies and fmt runs interpreted; the initializers of
// packages other than the program's and those stay external. FromSSA
// does the same for an already built go/ssa program, which is how a
// go/analysis pass reuses it.
//
// Invariants of the output (tests check them on every translated
// function):
//
//   - It passes ir.Check in RTL discipline and prints and parses back
//     identically.
//   - go/ssa block i is IR block i; blocks after those hold phi copies
//     on branch edges. The entry block starts by defining, once, every
//     constant, global address and function value the body uses. (Should
//     go/ssa's entry have predecessors, the IR gets an extra entry block
//     holding those definitions.)
//   - go/ssa's phis (NaiveForm still has them, e.g. for && and ||) become
//     copies on the incoming edges, through temporaries where phis of one
//     block read each other.
//   - Every implicit run-time check of Go is an explicit check
//     instruction right before the operation it guards, at its position:
//     nilcheck before loads, stores and field/element addresses through a
//     pointer that may be nil (addresses of variables, fields and
//     elements cannot be); boundscheck before indexing (except a constant
//     index into an array); slicecheck before slicing; divcheck before
//     integer division and remainder (except by a non-zero constant);
//     shiftcheck before shifts by a signed, non-constant count; lencheck
//     before a slice to array pointer conversion.
//   - Tuple results become several result registers; Extract disappears.
//   - Within a statement, instructions are in gc's evaluation order, not
//     go/ssa's left to right: the calls (with len, cap, receives, type
//     assertions, makes and composite literals converted to interfaces)
//     and what they need first, in order, then the rest (evalorder.go;
//     the spec leaves it open, and vssa follows gc).
//
// A construct the IR cannot express makes the function unsupported
// (Program.Unsupported says which construct, where); the rest of the
// program is still translated.
package bridge
