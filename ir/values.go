// This file says which instructions compute values: what a result
// depends on (its operands, the memory, nothing another instruction
// could repeat), for value numbering and its validator.

package ir

import (
	"go/constant"
	"go/types"
)

// ValueKind says what an instruction's results are a function of.
type ValueKind uint8

const (
	// ValueUnique: no other instruction's result is known to be equal
	// (a call, fresh memory, a receive, len of a channel…), or an equal
	// one would be observably different (a new string or interface box,
	// whose address unsafe shows).
	ValueUnique ValueKind = iota
	// ValuePure: a function of the operands alone (the instruction may
	// panic or be undefined, the same way for the same operands).
	ValuePure
	// ValueMemory: a function of the operands and the memory (load,
	// map lookup, len of a map).
	ValueMemory
	// ValueConst: a const.
	ValueConst
)

// ValueKind says what the results of in, an instruction of f, are a
// function of. A phi is ValueUnique here: phis are numbered by their
// block and arguments.
func (f *Func) ValueKind(in *Instr) ValueKind {
	switch in.Op {
	case OpConst:
		return ValueConst
	case OpLoad, OpLookup:
		return ValueMemory
	case OpLen, OpCap:
		switch f.TypeOf(in.Args()[0]).Underlying().(type) {
		case *types.Map:
			return ValueMemory
		case *types.Chan:
			return ValueUnique // other goroutines change it
		}
	case OpConvert:
		// []byte(s) is fresh memory, string(b) and [N]T(s) read memory.
		if isSliceOrArray(f.TypeOf(in.Args()[0])) || isSliceOrArray(f.TypeOf(in.Dst())) {
			return ValueUnique
		}
		// string(rune) makes a new string each time, like concatenation
		// (gc's runtime.intstring, into a fresh or a stack buffer).
		if hasInfo(f.TypeOf(in.Dst()), types.IsString) && !hasInfo(f.TypeOf(in.Args()[0]), types.IsString) {
			return ValueUnique
		}
		// uintptr(unsafe.Pointer(p)) is where p's object is now: one on
		// a goroutine's stack moves when the stack grows, which any call
		// may do, the runtime's too (an allocation, a concatenation, a
		// map lookup), where no memory version changes. gc orders such a
		// conversion with the memory and reloads the address after each
		// call; we never take one for another.
		if isUnsafePointer(f.TypeOf(in.Args()[0])) && !isUnsafePointer(f.TypeOf(in.Dst())) {
			return ValueUnique
		}
	case OpAdd:
		// A concatenation allocates a new string, whose address unsafe
		// shows: gc makes each one (it is a call of the runtime).
		if hasInfo(f.TypeOf(in.Dst()), types.IsString) {
			return ValueUnique
		}
	case OpMakeInterface:
		// Boxing a value may allocate, and unsafe shows the address.
		return ValueUnique
	case OpPhi:
		return ValueUnique
	}
	if in.Op.Effects()&^(Unchecked|MayPanic) == 0 {
		return ValuePure
	}
	return ValueUnique
}

func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

func isSliceOrArray(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Slice, *types.Array:
		return true
	}
	return false
}

// WritesOldMemory reports whether an instruction of kind op may write
// memory that existed before it ran: allocations write only the fresh
// memory they return.
func (op Op) WritesOldMemory() bool {
	switch op {
	case OpAlloc, OpMakeSlice, OpMakeMap, OpMakeChan, OpMakeClosure:
		return false
	}
	return op.Has(WritesMem)
}

// CannotPanic reports whether in, an instruction of f, has no effect
// but reading memory or undefined behaviour: it never panics, writes,
// calls, blocks or ends its block. (Comparisons panic only on
// interfaces holding uncomparable values.)
func (f *Func) CannotPanic(in *Instr) bool {
	if in.Op == OpEq || in.Op == OpNe {
		_, basic := f.TypeOf(in.Args()[0]).Underlying().(*types.Basic)
		return basic
	}
	return in.Op.Effects()&^(Unchecked|ReadsMem) == 0
}

// ConstValue is the value of a const instruction in of f, with the zero
// value of booleans, strings and integers made explicit (so that "const
// 0" and "const zero" have one value); nil for other zero values.
func (f *Func) ConstValue(in *Instr) constant.Value {
	if v := in.Const(); v != nil {
		return v
	}
	if b, ok := f.TypeOf(in.Dst()).Underlying().(*types.Basic); ok {
		switch {
		case b.Info()&types.IsBoolean != 0:
			return constant.MakeBool(false)
		case b.Info()&types.IsString != 0:
			return emptyString
		case b.Info()&types.IsInteger != 0:
			return constant.MakeInt64(0)
		}
	}
	return nil
}

// Commutes reports whether in, an instruction of f, gives the same
// result with its two operands swapped: the commutative operators of Go
// but +, which concatenates strings, and complex *. (Floating-point +
// and * commute in IEEE arithmetic; gc treats them as commutative too.
// A complex product is a sum of two real ones, which gc fuses into one
// multiply-add when it may (GOAMD64=v3): which product is rounded then
// depends on the operands' order.)
func (f *Func) Commutes(in *Instr) bool {
	switch in.Op {
	case OpMul:
		return len(in.Args()) == 2 && !hasInfo(f.TypeOf(in.Dst()), types.IsComplex)
	case OpAnd, OpOr, OpXor, OpEq, OpNe:
		return len(in.Args()) == 2
	case OpAdd:
		b, ok := f.TypeOf(in.Dst()).Underlying().(*types.Basic)
		return len(in.Args()) == 2 && ok && b.Info()&types.IsString == 0
	}
	return false
}

// emptyString is the value of a zero string const: made once, since
// constant values are immutable and MakeString allocates.
var emptyString = constant.MakeString("")
