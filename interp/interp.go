// This file defines the interpreter: its configuration, functions,
// globals and the entry points.

package interp

import (
	"fmt"
	"go/types"
	"io"
	"os"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/vssa-go/vssa/ir"
)

// MethodResolver finds the function implementing a method for a dynamic
// type; the bridge provides it (bridge.Program.Method). It returns ""
// if there is none.
type MethodResolver func(t types.Type, name string) string

// Options configure an interpreter.
type Options struct {
	// Stderr receives the output of print and println (default
	// os.Stderr). Output written by the standard library (fmt.Println,
	// os.Stdout.Write) goes to the process's real files: the real
	// functions are called.
	Stderr  io.Writer
	Methods MethodResolver
	// Externs resolves functions and globals outside the module (the
	// standard library). Nil means no external function is available.
	Externs Externs
	// Exit ends the process when a goroutine other than main crashes;
	// default os.Exit.
	Exit func(status int)
	// StepLimit, if positive, bounds the number of branches the program
	// may take (a guard against non-terminating programs in tests); past
	// it, execution stops with ErrStepLimit.
	StepLimit int64
	// LookupType finds a named type of the program or of a package it
	// imports, so that real values coming back from the standard library
	// get their go/types dynamic type. May be nil.
	LookupType func(pkgPath, name string) types.Type
}

// Interp executes the functions of one module.
type Interp struct {
	mod  *ir.Module
	opts Options

	types *typeTable

	mu          sync.Mutex
	funcs       map[string]*function
	globals     map[string]*Value
	globalCells map[*Value]bool // the cells of globals

	zero  zeroState // what pointer identity of zero-size objects needs (zerosize.go)
	space addrSpace // the addresses uintptr conversions give (addrspace.go)

	printMu sync.Mutex // serialises print and println
	stderr  io.Writer

	pcs pcTable // the program counters runtime.Caller and FuncForPC use

	// mainPC is the real pc standing for runtime.main in the main
	// goroutine's stack (stack.go), 0 if unknown; goroutineNums numbers
	// the other goroutines.
	mainPC        uint64
	goroutineNums atomic.Int64

	refl      reflectTypes // package reflect's types (reflect.go)
	typeCells sync.Map     // *rtype → its cell in reflect.Types and Values
	// objectCells gives maps, channels and functions a cell standing for
	// their address (reflect's Pointer and UnsafePointer).
	objectCells sync.Map

	// printMethods caches, per *rtype, which of the methods fmt calls
	// its values have (printcheck.go).
	printMethods sync.Map

	// kept interns the boxes of comparable program values that
	// context keeps (keptValue), by the values' map keys.
	keptMu sync.Mutex
	kept   map[any]*keptValue
	// staticIfaces holds the interface values of constants (staticIface).
	staticIfaces sync.Map

	steps atomic.Int64 // branches taken, when Options.StepLimit is set

	// goroutines counts the program's goroutines besides the first: a
	// main that calls runtime.Goexit lets them run to their end.
	goroutines sync.WaitGroup

	fixedErrors sync.Map // error → its interface Value (raiseRuntime)
}

// ErrStepLimit is raised (reported as Outcome.Err, or status
// ExitUnsupported by RunMain) when Options.StepLimit is exceeded.
var ErrStepLimit = &Unsupported{Msg: "step limit exceeded"}

// New returns an interpreter for the functions of mod.
func New(mod *ir.Module, opts Options) *Interp {
	it := &Interp{
		mod:         mod,
		opts:        opts,
		types:       newTypeTable(),
		funcs:       map[string]*function{},
		globals:     map[string]*Value{},
		globalCells: map[*Value]bool{},
		stderr:      opts.Stderr,
	}
	if it.stderr == nil {
		it.stderr = os.Stderr
	}
	if ext := opts.Externs; ext != nil {
		it.types.realStruct = func(n *types.Named) reflect.Type {
			if n.Obj().Pkg() == nil || n.TypeArgs().Len() > 0 || interpretedStruct(n) || it.runsInterpreted(n.Obj().Pkg().Path()) {
				return nil
			}
			rt, ok := ext.Type(n.Obj().Pkg().Path(), n.Obj().Name())
			if !ok || rt.Kind() != reflect.Struct {
				return nil
			}
			return rt
		}
	}
	return it
}

// runsInterpreted reports whether the code of the package with the
// given path runs interpreted: the program's packages, and those of the
// standard library the bridge loaded from source (log, encoding/json),
// whose initializers are in the module. Their variables, and so their
// types, are the interpreter's.
func (it *Interp) runsInterpreted(path string) bool { return it.mod.Func(path+".init") != nil }

// lookupFunc returns the function named name: the module's, or an
// external one.
func (it *Interp) lookupFunc(name string) *function {
	it.mu.Lock()
	defer it.mu.Unlock()
	if fn, ok := it.funcs[name]; ok {
		return fn
	}
	fn := &function{name: name}
	if f := it.mod.Func(name); f != nil {
		if intrinsic, ok := sourceless(name, f.Signature()); ok {
			fn.sig, fn.extern = f.Signature(), &externFunc{name: name, intrinsic: intrinsic}
			it.funcs[name] = fn
			return fn
		}
		fn.ir = f
		fn.sig = f.Signature()
	} else {
		fn.sig = it.mod.Externs[name]
		fn.extern = it.externFunc(name, fn.sig)
	}
	it.funcs[name] = fn
	return fn
}

// global returns the memory cell of a package-level variable.
func (it *Interp) global(name string) *Value {
	it.mu.Lock()
	defer it.mu.Unlock()
	if c, ok := it.globals[name]; ok {
		return c
	}
	t, ok := it.mod.Globals[name]
	if !ok {
		panic(unsupportedf("global %s is not declared", name))
	}
	c := new(Value)
	*c = zero(it.types.of(t))
	it.globals[name] = c
	it.globalCells[c] = true
	return c
}

// isGlobalCell reports whether c is the cell of a package-level variable.
func (it *Interp) isGlobalCell(c *Value) bool {
	it.mu.Lock()
	defer it.mu.Unlock()
	return it.globalCells[c]
}

// Unsupported is raised (as a Go panic inside the interpreter, reported
// by the entry points as an error) when the program needs something the
// interpreter cannot do.
type Unsupported struct{ Msg string }

func (e *Unsupported) Error() string { return "unsupported: " + e.Msg }

func unsupportedf(format string, args ...any) *Unsupported {
	return &Unsupported{fmt.Sprintf(format, args...)}
}

// UndefinedBehaviour is raised when an unchecked operation runs with its
// precondition violated.
type UndefinedBehaviour struct {
	Op  string
	Pos string
	Msg string
}

func (e *UndefinedBehaviour) Error() string {
	return fmt.Sprintf("undefined behaviour: %s: %s (at %s)", e.Op, e.Msg, e.Pos)
}

func (it *Interp) ub(in *inst, format string, args ...any) *UndefinedBehaviour {
	pos := "unknown position"
	if it.mod.Fset != nil && in.pos.IsValid() {
		pos = it.mod.Fset.Position(in.pos).String()
	}
	return &UndefinedBehaviour{Op: in.op.String(), Pos: pos, Msg: fmt.Sprintf(format, args...)}
}
