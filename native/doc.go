// Package native compiles Go functions to amd64 Go assembly (ABI0), the
// backend of vssa compile.
//
// The pipeline, for each function (a method T.M is compiled as the
// function T_M, targets.go; an instantiation of a generic function,
// F[int64], as the function F_int64, which F, a Go wrapper on amd64,
// calls at those type arguments, generics.go): the bridge's IR with the
// package's small functions inlined (irinline.go; in a loop, small
// leaves with a loop of their own too, loopcallees.go), and other packages'
// small leaves, which may call each other (foreign.go: the package is
// then loaded from source; cmp.Less and cmp.Compare at numeric types
// come so), ranges over
// strings made loops with a UTF-8 decoder spliced in (rangestring.go,
// decoderune.go), through vssa's validated passes
// (mem2reg, GVN, check elimination) in SSA form, where a struct copied
// into a local and read field by field is read from the copied value
// (scalarcopies.go); lowering to machine
// code over SSA values (lower.go: instruction selection with addressing
// modes, immediates and compares fused with their branches; slices.go,
// globals.go, aggregates.go, locals.go, intrinsics.go for slice
// expressions, symbols, values of several words, the frame's variables,
// math/bits, math, encoding/binary and built-ins, divconst.go and
// divconst64.go for divisions by constants; make and append by
// Go helpers, appends.go; calls of the functions compiled together in
// ABI0, of the package's other Go functions in ABI0 too where the call
// passes their declared types (directcalls.go), of others through Go
// trampolines, trampolines.go, which
// convert a string(b) argument themselves, convertargs.go; of func
// values and interfaces' methods through Go helpers, indirectcalls.go,
// whose generated tests log and compare the calls made, gencalls.go);
// transforms on that code, in the order Lower lists them, each keeping
// the SSA form (verify.go checks it after each in the tests): small
// callees that call nothing inlined (inline.go), rotations and hoisted
// float constants (peephole.go), remainders from quotients already
// computed (remainders.go), x+0, x|0 and the like made x and x &
// 0xFFFFFFFF a 32-bit move (identities.go), narrowing conversions of
// values already in the type's range dropped (redundantexts.go),
// selects and compares of constants decided (constselects.go), selects
// a dominating
// branch decides
// (knownselects.go: s[k:] behind len(s) > k moves its pointer without
// one), a branch on a bool compared in its block made a branch on the
// compare (fusecompares.go), if-conversion (ifconvert.go), full
// unrolling of loops with a known trip count (fullunroll.go), one
// latch per loop (polls.go), loop splitting with unrolling and SSE2
// vectorisation, with an AVX2 loop in front that runs when the CPU has
// AVX2 (loops.go, vectorize.go), a reduction of an unrolled copy split
// over two accumulators (accumulators.go), an SSE2 loop in front of a
// search for an element equal to a value (searchloops.go) and in front
// of a count of the elements equal to one (countloops.go), a run of
// index checks x+k against one length made one check of the largest,
// the checks kept on a cold side that runs only to panic
// (combinechecks.go), addresses
// computed into a register
// folded into the memory operands that read them (foldleas.go), and
// indexes x+k into their displacements (foldindexleas.go),
// what a block computes twice computed once (peephole.go: blockCSE),
// large constants hoisted out of loops and symbol addresses computed
// once a block (constregs.go),
// hand-written byte loads combined into
// one load (combineloads.go), loads folded into their users
// (foldloads.go), carries kept in the flags from one ADCQ to the next
// (carries.go), a branch on x & y == 0 made a TESTQ (fusecompares.go),
// the guard of a shift by a count set outside its loop computed once
// before the loop as a mask (shiftguards.go),
// stores reading a conversion's operand (identities.go), constant
// indexes of checks and constant stored values made immediates
// (immoperands.go),
// and a preemption countdown in every loop that may run
// long (polls.go; a loop whose index runs to a constant bound needs
// none, boundedloops.go); register allocation on SSA (regalloc.go:
// spilling the value that costs least for the points it relieves,
// reading a spilled value from the register that still holds it,
// reloadcache.go, an AND reading a spilled operand from its slot,
// slotoperands.go, phis sharing slots with their arguments,
// spillslots.go, live ranges split at cold calls, splitcalls.go, and
// at calls some iterations of their loop skip or after the loop a
// value is used in, with phis merging them back (splitcoldcalls.go), and
// around inner loops with registers to spare, splitloops.go), whose result validate.RegAlloc checks before anything
// is emitted; the frame sized to what it holds, NOSPLIT where it fits
// the linker's limit (frame.go), made only around the calls of the
// poll and panic helpers where nothing else uses it (framecalls.go); emission
// (emit.go, emit_intrinsics.go, layout.go, with narrow integers left
// unextended where only their low bits are read, narrow.go, and vectors
// of a constant loaded from read-only data, constvectors.go) from the
// validated code; and the Go files that
// go with the assembly (gofiles.go): declarations, the helpers it
// calls, and the equivalence test, fuzz targets and benchmarks
// (bench.go) against a copy of the Go original, with a check that the
// originals are still the source compiled (sources.go).
//
// Before that, the driver (compile.go) refuses what would leave the
// generated package wrong without a word (checkpkg.go: cgo, a
// //go:generate line go generate skips on amd64, a misspelt or
// misplaced //vssa: directive, a declaration of the originals' file
// nothing replaces on amd64; loopparams.go: a loop count the test
// could not bound), replaces the set an earlier -o wrote for the same
// functions (oldsets.go), and reports load errors once each
// (loaderrs.go). Refusals name the construct in the user's terms at its
// own position, with what to do instead (refusals.go).
//
// VSSA_VERIFY=1 in the environment checks the SSA form after every
// transform outside the tests too, and VSSA_SKIP=name,… leaves
// transforms out: the way to find which one miscompiles a function.
//
// Invariants the emitted code keeps, and why:
//
//   - Exact Go semantics: integers are held extended to 64 bits from
//     their width (sign- or zero-) and brought back to it after every
//     operation that can leave it; shifts by 64 or more give Go's
//     results; MinInt64 / -1 does not fault; floats are computed one
//     IEEE operation at a time in the order Go gives (no fused
//     multiply-add, no reassociation); a carry lives in CF only from
//     the ADCQ (SBBQ) that makes it to its reader, with nothing between
//     that writes the flags (verify.go and the emitter check); every
//     check the passes could not
//     remove stays, and fails by calling a Go helper that panics with
//     gc's own error (the index and length in its message).
//   - The runtime: BP is never written (the assembler saves it for a
//     frame); a function that calls declares NO_LOCAL_POINTERS and keeps
//     no pointer in its frame across a call: the preemption poll takes
//     the live pointers as its arguments and returns them, so that the
//     garbage collector sees them and the stack copier moves them; a
//     function that calls another compiled one reads its pointer
//     arguments from the argument frame, which the stack copier
//     adjusts, at each use a call may come before (none where every
//     call leads to a panic; once before a loop that calls nothing,
//     loopargs.go, whose poll then carries it), and is refused if another pointer is live
//     across such a call (calls.go); trampolines and Go helpers are
//     called under the same rules. No pointer is ever stored to memory
//     (that would need a write barrier); a declaration is //go:noescape
//     unless a pointer it returns may be an argument's (escape.go). A
//     slice's pointer never points past its array (slices.go).
//   - Loop transforms change no observable order: a split loop's fast
//     copy runs iterations in order for as long as none of the checks
//     it leaves out can fail, and the original loop, checks included,
//     runs the rest; a vector loop runs only when no store of a vector
//     can reach an element a later lane loads.
//   - The subset (docs/compile.md) is checked while lowering: anything
//     else is an *Unsupported error with its position and the construct
//     named; no code is emitted for a function that has one. A function
//     without a loop is left to gc (gcinline.go), and so is one gc
//     inlines whose loops only search and can stop at their first
//     elements, without a vector loop (earlyexits.go).
//
// Only the allocation is validated; lowering and emission are checked
// by the generated equivalence tests (testdata/kernels and
// testdata/subset run them in vssa's suite, internal/realfuncs on real
// functions).
package native
