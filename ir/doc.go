// Package ir is vssa's intermediate representation: functions as
// control-flow graphs of basic blocks over virtual registers, its text
// format (printer and parser), the well-formedness checker and the
// CFG analyses (dominance, frontiers, orders, liveness).
//
// A function keeps two results of reading it: its register counts
// (Func.Counts, left by the checker), which assume the function is no
// longer changed once it is a pass's input, and its CFG analyses
// (Func.CFG), which are used only while the function's edges are still
// those they were computed from. Clones share the instructions of their
// original (ShallowClone), its register types (until one of them
// changes a type, see regs.go) and its CFG analyses, not its counts.
// Func.Fingerprint hashes everything a pass could change in a function,
// so that the pass manager can tell that a pass left its input alone.
//
// # Two disciplines, one instruction set
//
// As CompCertSSA reuses RTL's instructions, one instruction set serves
// two disciplines:
//
//   - RTL: registers are mutable; a register may be written by several
//     instructions; there are no phis. The bridge from go/ssa produces
//     this form.
//   - SSA: every register has exactly one definition (a parameter, a
//     free variable, a phi or an instruction), every use is dominated by
//     its definition (a phi argument k counts as a use at the end of
//     predecessor k), phis sit only at join blocks with one argument per
//     predecessor, and the CFG is normalised: every edge into a join
//     block leaves a block ending in a jump.
//
// Check(f, RTL) and Check(f, SSA) decide these rules (see check.go for
// the full list).
//
// # Semantics of phis
//
// The phis of a block form a phi-block executed in parallel on the
// incoming edge: on entering b from its k-th predecessor, every phi of b
// reads its argument k, then all write their results at once.
//
// # Registers, blocks, positions and types
//
// Registers (Reg) and blocks are dense integers, so analyses use slices
// and bit sets. Func.TypeOf gives each register's go/types type; there are
// no tuple types (an instruction with several results has several
// result registers). An instruction that completes writes every one of
// its results, which are distinct registers (a next whose iterator is
// done writes false and the zero key and value; a select writes the zero
// value to the results of the receives it does not choose): SSA
// construction and its validator give each result a new version. Every
// instruction has a token.Pos (NoPos when it has no source). Two opaque
// types exist besides Go's: iter (the iterator of a range) and
// deferstack.
//
// # Unchecked operations and explicit checks
//
// Every implicit run-time check of Go is an explicit check instruction
// before the operation it guards, and the guarded operation is
// unchecked: executing it with its precondition violated is undefined
// behaviour, distinct from a Go panic. So deleting a check that can fail
// changes behaviour observably.
//
//	check        guards                                   Go run-time error when it fails
//	nilcheck     load, store, fieldaddr, indexaddr (*array)  invalid memory address or nil pointer dereference
//	boundscheck  indexaddr, index                         index out of range [i] with length n
//	slicecheck   slice                                    slice bounds out of range …
//	divcheck     div, rem on integers                     integer divide by zero
//	shiftcheck   shl, shr with a signed count             negative shift amount
//	lencheck     slicetoarrayptr                          cannot convert slice with length l to array or pointer to array with length n
//
// A map assignment whose new value reads the old one (m[k] op= v with op
// not / or %, m[k]++, m[k] = append(m[k], …)) is one runtime call in gc,
// which looks the key up as an assignment does: its read is a "lookup
// assign", which on a nil map yields the zero value without looking at
// the key (the mapupdate after it panics) and on any other map hashes the
// key as mapupdate does, so a key of an unhashable dynamic type panics
// with mapupdate's error, not a plain lookup's.
//
// A built-in call names one of Go's built-ins, as go/ssa's Builtin, or
// one of vssa's: wrapnilchk and deferstack (go/ssa's ssa:wrapnilchk and
// ssa:deferstack), and panicrangestate(s int), which panics with gc's
// run-time error for a range-over-func loop whose state go/ssa's checks
// found wrong: s is -1 (the body panicked), -2 (the iterator returned),
// -3 (the iterator returned normally after the body panicked) or an
// exit's positive id (the body left the loop).
//
// # Instruction kinds
//
// Each row: the kind, its operands (… = any number, _ = may be absent),
// its results, and its effects: reads/writes memory, panics (may raise
// a Go panic), unchecked (a violated precondition is undefined
// behaviour), calls (arbitrary code), blocks (may block the goroutine),
// extern (may produce an external event), check, term (terminator). A
// test keeps this table and the code in agreement.
//
//	kind            | operands                        | results               | effects
//	const           | -                               | r                     | -
//	global          | -                               | *T                    | -
//	func            | -                               | func value            | -
//	copy            | x                               | r                     | -
//	phi             | x0, x1, … (one per predecessor) | r                     | -
//	add             | x, y                            | r                     | -
//	sub             | x, y                            | r                     | -
//	mul             | x, y                            | r                     | -
//	div             | x, y                            | r                     | unchecked
//	rem             | x, y                            | r                     | unchecked
//	and             | x, y                            | r                     | -
//	or              | x, y                            | r                     | -
//	xor             | x, y                            | r                     | -
//	andnot          | x, y                            | r                     | -
//	shl             | x, count                        | r                     | unchecked
//	shr             | x, count                        | r                     | unchecked
//	eq              | x, y                            | bool                  | panics
//	ne              | x, y                            | bool                  | panics
//	lt              | x, y                            | bool                  | -
//	le              | x, y                            | bool                  | -
//	gt              | x, y                            | bool                  | -
//	ge              | x, y                            | bool                  | -
//	neg             | x                               | r                     | -
//	not             | x                               | r                     | -
//	compl           | x                               | r                     | -
//	convert         | x                               | r                     | -
//	changetype      | x                               | r                     | -
//	changeiface     | x                               | r                     | -
//	makeiface       | x                               | r                     | -
//	slicetoarrayptr | s                               | *[N]T                 | unchecked
//	typeassert      | x                               | v [, ok]              | panics
//	alloc           | -                               | *T                    | writes
//	load            | p                               | r                     | reads unchecked
//	store           | p, v                            | -                     | writes unchecked
//	fieldaddr       | p (field named after it)        | *F                    | unchecked
//	field           | x (field named after it)        | F                     | -
//	indexaddr       | p, i                            | *E                    | unchecked
//	index           | x, i                            | E                     | unchecked
//	slice           | x, lo_, hi_, max_               | r                     | unchecked
//	len             | x                               | int                   | -
//	cap             | x                               | int                   | -
//	makeslice       | len, cap                        | []T                   | writes panics
//	makemap         | hint_                           | map                   | writes panics
//	makechan        | size                            | chan                  | writes panics
//	makeclosure     | bindings… (function after it)   | func value            | writes
//	lookup          | m, k                            | v [, ok]              | reads panics
//	mapupdate       | m, k, v                         | -                     | reads writes panics
//	send            | ch, v                           | -                     | reads writes panics blocks
//	recv            | ch                              | v [, ok]              | reads writes panics blocks
//	select          | per state: ch [, v if send]     | index, recvOk, v…     | reads writes panics blocks
//	range           | x (string or map)               | iter                  | reads writes
//	next            | it                              | ok, k, v              | reads writes
//	call            | [fn or iface,] args…            | results…              | reads writes panics calls blocks extern
//	go              | [fn or iface,] args…            | -                     | reads writes panics calls extern
//	defer           | [stack,] [fn or iface,] args…   | -                     | reads writes panics
//	rundefers       | -                               | -                     | reads writes panics calls blocks extern
//	nilcheck        | p                               | -                     | panics check
//	boundscheck     | i, n                            | -                     | panics check
//	slicecheck      | lo_, hi, max_, bound            | -                     | panics check
//	divcheck        | d                               | -                     | panics check
//	shiftcheck      | s                               | -                     | panics check
//	lencheck        | l, n                            | -                     | panics check
//	jump            | -                               | -                     | term
//	if              | cond                            | -                     | term
//	return          | results…                        | -                     | term
//	panic           | x                               | -                     | term panics
//	gamma           | x0, x1, … (gated, one per pred) | r                     | -
//	mu              | x0, x1 (entry, latch)           | r                     | -
//	eta             | x (gated)                       | r                     | -
//
// Every kind of golang.org/x/tools/go/ssa has its counterpart: Alloc is
// alloc/new; BinOp and UnOp are the arithmetic kinds, load (UnOp *) and
// recv (UnOp <-); Call, Go and Defer are call, go and defer (static,
// closure, invoke and built-in calls); ChangeType, Convert,
// ChangeInterface, MakeInterface, SliceToArrayPointer, TypeAssert,
// MakeClosure, MakeMap, MakeChan, MakeSlice, Slice, FieldAddr, Field,
// IndexAddr, Index, Lookup, MapUpdate, Send, Select, Range, Next, Phi,
// Jump, If, Return, RunDefers, Panic and Store have kinds of their own;
// MultiConvert only occurs in generic bodies, which vssa builds
// instantiated, where it is a convert (never from a slice to an array
// or array pointer, which may panic: that is slicetoarrayptr after a
// lencheck); Extract is unnecessary because
// instructions have several result registers; Const, Global and Function
// operands are materialised by const, global and func; FreeVar and
// Parameter are the function's FreeVars and Params; DebugRef has no
// semantics and no counterpart.
//
// # Text format
//
// A module is a sequence of declarations and functions, one per line:
//
//	discipline ssa                           // optional, once: the discipline of all its functions
//	type main.T struct{x int; next *main.T}   // a named type and its underlying type
//	method (*main.T) Len @"(*main.T).Len"     // a method of *main.T (or of main.T) and its function
//	global @main.count int                   // a package-level variable and its type
//	declare @fmt.Println func(...any) (int, error)
//	func @main.f(r0 int, r1 *main.T) int free(r2 *int) recover b4 wrapper {
//	b0:
//	    r3:int = const 1
//	    r4:bool = lt r0, r3
//	    if r4, b1, b2
//	b1: <- b0
//	    …
//	}
//
// Types are written in Go syntax with named types qualified by their full
// package path; func types have no parameter names; interfaces list their
// complete method set; an instance of a generic type is a named type
// whose name includes its type arguments verbatim (main.List[int]).
// The method lines of a named type T give the method sets of T and *T
// (Module.Methods), for interface calls, fmt's String and type
// assertions: each method's function, defined or declared in the text,
// takes the receiver as its first parameter; the methods of T are T's
// own, those only *T has are T's with a pointer receiver. A text lists
// only the methods whose functions it has.
// Function and global names follow "@", quoted when they are not plain
// words (@"(*main.T).M"). Each result is written with its type
// (r3:int); operands are registers or "_" for an absent optional one.
// A block label is followed by its predecessors in order ("b3: <- b1,
// b2"); phis come first; the terminator names its successors. Kind-
// specific syntax:
//
//	r:*T = alloc / r:*T = new          local / heap allocation
//	r:T = const 42 | -1.5 | "s" | true | nil | zero | complex(1.0, 2.0)
//	r:*F = fieldaddr p, name           (or the field's index)
//	slicecheck len|cap lo, hi, max, bound
//	r = lookup assign m, k             the read of m[k] op= v (below)
//	ok, k, v = next string|map it
//	i, ok, v = select blocking|nonblocking <-ch, ch2<-v
//	r = makeclosure @f(bindings…)
//	r = call @f(args) | call rF(args) | call rI.Method(args) | call append(args)
//	defer onto rS @f(args)             a defer onto an explicit defer stack
//	jump b1 / if c, b1, b2
//
// "//" starts a comment that runs to the end of the line (the printer
// writes instruction positions this way when asked). Printing is
// canonical: Parse(Print(m)) prints back identically.
package ir
