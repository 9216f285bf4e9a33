// Package interp is the reference semantics of vssa's IR: an interpreter
// for IR functions and whole programs. What an IR function means is what
// this package does with it; every pass is tested against it.
//
// Semantics follow Go exactly: integer widths and wrap-around, shifts by
// large counts, MinInt/-1, remainder signs, float32 rounding, NaN, string
// and rune iteration, maps with Go's randomised iteration order, closures,
// methods and interfaces, type assertions with the runtime's messages,
// defer and recover with Go's rules (see calls.go), goroutines and
// channels (real ones, so blocking, select and deadlock detection are
// Go's own), and print/println formatting. An unrecovered panic is
// printed as the Go runtime prints it and ends the program with status 2.
//
// Explicit check instructions raise Go's run-time errors. The unchecked
// operations they guard report undefined behaviour (UndefinedBehaviour,
// exit status ExitUndefined) when their precondition fails, which is distinct from a
// Go panic: deleting a check that can fail is observable.
//
// Functions outside the module (the standard library) are called through
// reflect, via an Externs table; values are converted at the boundary
// (boundary.go). What cannot cross is an Unsupported error naming it,
// and so is an operand fmt would print otherwise than Go, seeing a
// stand-in for a program type (printcheck.go).
// Package reflect is the interpreter's own (reflect*.go): TypeOf,
// ValueOf and the methods of Type and Value work on the interpreter's
// types and values, so program types keep their names and methods.
// The few functions that must work on the program's own memory rather
// than a copy are intrinsics (intrinsics*.go): sort.Slice and friends,
// sort.Sort and container/heap on program types, which call back into
// the program, and sync/atomic's functions, whose
// operations on interpreted variables are atomic with each other.
// runtime.Caller, Callers, FuncForPC and reflect.Value.Pointer of
// interpreted functions work on program counters laid out as gc's are
// where programs rely on it (pcs.go): a call site has one pc, pc-1 is
// in the same call, each function has a range of pcs from its entry.
// Call stacks (those and runtime.Stack, debug.Stack) have gc's frames,
// the runtime's own included (stack.go).
//
// Pointers to zero-size variables compare as gc's do where gc's answer
// does not depend on its escape analysis or constant folding, and stop
// with "unsupported" elsewhere (zerosize.go).
//
// Package unsafe (unsafe.go) works on the interpreter's memory of cells
// as on gc's bytes where the two correspond: a pointer carries its
// cell's place in the value around it (ptrinfo.go), so that unsafe.Add,
// Slice and String reach neighbouring elements and fields, conversions
// read memory as another type where it is held alike (places.go,
// layout.go), string and slice headers can be read (foreignptr.go), and
// uintptr conversions give addresses with gc's layout (addrspace.go).
// Reading the bytes of other values stops with "unsupported".
//
// Racy programs: a load of a one-word value (pointer, map, channel,
// function) never sees a torn value, as in Go (see untorn); multi-word
// values may tear, as Go allows.
//
// Representation (value.go): a Value holds scalars inline and everything
// else by reference; arrays and slices of one-byte elements hold them
// packed, a byte each, shared with the standard library as they are
// (packed.go); registers are slots of a frame resolved before
// execution (compile.go); the execution loop is one switch (exec.go).
package interp
