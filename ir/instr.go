// This file defines instructions: registers, operands and the auxiliary
// data some instruction kinds carry.

package ir

import (
	"go/constant"
	"go/token"
	"go/types"
)

// Reg is a virtual register: a dense index, 0 … Func.NumRegs()-1.
// NoReg marks an absent optional operand (printed "_").
type Reg int32

const NoReg Reg = -1

// CallMode says how a call, go or defer instruction finds its callee.
type CallMode uint8

const (
	CallStatic  CallMode = iota // Sym names a function: call @f(args)
	CallClosure                 // Args[0] is a function value: call r(args)
	CallInvoke                  // Args[0] is an interface, Sym a method: call r.M(args)
	CallBuiltin                 // Sym names a built-in: call append(args)
)

// Instr is one instruction. Every kind uses the same struct; which fields
// are meaningful depends on Op (see doc.go). It is compact (72 bytes):
// passes read instructions by the million and create them by the
// hundred thousand, and the attributes few kinds have are in an Aux
// record.
//
// Invariants:
//   - Dsts are the registers the instruction writes, Args those it reads;
//     no other field names a register, so passes can rename uniformly.
//   - An absent optional operand is NoReg (only the operand positions
//     documented as optional may be NoReg).
//   - Successor blocks are not stored here but in Block.Succs.
//   - An Aux, once an instruction refers to it, is not changed: clones
//     of the instruction share it.
type Instr struct {
	Op Op

	// Flags holds the kind-specific boolean attributes below.
	Flags Flags

	// CallMode applies to call, go and defer.
	CallMode CallMode

	// Field is the field index of field and fieldaddr.
	Field int32

	Dsts []Reg
	Args []Reg

	Pos token.Pos

	// Aux holds the constant, symbol or select directions of the kinds
	// that have one; nil for the others.
	Aux *Aux
}

// Aux holds the attributes of an instruction that few kinds have.
type Aux struct {
	// Const is the value of a const instruction; nil means the zero
	// value of the result type (printed "nil" for nilable types, "zero"
	// else).
	Const constant.Value

	// Sym names the function (func, makeclosure, static calls), the
	// global (global), the method (invoke calls) or the built-in
	// (builtin calls).
	Sym string

	// SelectDirs gives, for select, the direction of each state; the
	// operands are the channels in order, each send state followed by
	// the value it sends.
	SelectDirs []types.ChanDir
}

// Const returns the constant of a const instruction (nil: the zero
// value of its type).
func (in *Instr) Const() constant.Value {
	if in.Aux == nil {
		return nil
	}
	return in.Aux.Const
}

// Sym returns the symbol of the instruction (see Aux.Sym), or "".
func (in *Instr) Sym() string {
	if in.Aux == nil {
		return ""
	}
	return in.Aux.Sym
}

// SelectDirs returns the directions of a select's states.
func (in *Instr) SelectDirs() []types.ChanDir {
	if in.Aux == nil {
		return nil
	}
	return in.Aux.SelectDirs
}

// SetConst, SetSym and SetSelectDirs give in a new Aux with the
// attribute changed (an Aux is never changed once an instruction refers
// to it).
func (in *Instr) SetConst(c constant.Value) { a := in.newAux(); a.Const = c; in.Aux = a }

func (in *Instr) SetSym(s string) { a := in.newAux(); a.Sym = s; in.Aux = a }

func (in *Instr) SetSelectDirs(d []types.ChanDir) { a := in.newAux(); a.SelectDirs = d; in.Aux = a }

// newAux returns a copy of in's Aux, or a new one.
func (in *Instr) newAux() *Aux {
	a := new(Aux)
	if in.Aux != nil {
		*a = *in.Aux
	}
	return a
}

// Flags are the boolean attributes of some instruction kinds.
type Flags uint8

const (
	FlagHeap         Flags = 1 << iota // alloc: heap allocation ("new"), else a local
	FlagBlocking                       // select: blocking
	FlagCapBound                       // slicecheck: the bound is a capacity (message says "capacity")
	FlagDeferStack                     // defer: Args[0] is an explicit defer stack
	FlagStringIter                     // next: the iterator ranges over a string (else a map)
	FlagAssignLookup                   // lookup: the read half of one map assignment (see doc.go)
)

// Has reports whether the flag f is set.
func (in *Instr) Has(f Flags) bool { return in.Flags&f != 0 }

// Dst returns the single result register (NoReg if there is none).
func (in *Instr) Dst() Reg {
	if len(in.Dsts) == 0 {
		return NoReg
	}
	return in.Dsts[0]
}

// callStart is the index in Args of the first call argument.
func (in *Instr) callStart() int {
	i := 0
	if in.Op == OpDefer && in.Has(FlagDeferStack) {
		i++
	}
	if in.CallMode == CallClosure || in.CallMode == CallInvoke {
		i++
	}
	return i
}

// IsCall reports whether in is a call, go or defer instruction.
func (in *Instr) IsCall() bool {
	return in.Op == OpCall || in.Op == OpGo || in.Op == OpDefer
}

// Callee returns the function value (CallClosure) or interface receiver
// (CallInvoke) operand of a call, go or defer, and NoReg otherwise.
func (in *Instr) Callee() Reg {
	if !in.IsCall() || (in.CallMode != CallClosure && in.CallMode != CallInvoke) || len(in.Args) < in.callStart() {
		return NoReg
	}
	return in.Args[in.callStart()-1]
}

// CallArgs returns the arguments of a call, go or defer (without callee,
// receiver interface or defer stack).
func (in *Instr) CallArgs() []Reg {
	if len(in.Args) < in.callStart() {
		return nil
	}
	return in.Args[in.callStart():]
}

// DeferStack returns the explicit defer stack of a defer, or NoReg.
func (in *Instr) DeferStack() Reg {
	if in.Op == OpDefer && in.Has(FlagDeferStack) && len(in.Args) > 0 {
		return in.Args[0]
	}
	return NoReg
}

// Clone returns a copy of in with its own register lists (its Aux,
// never changed, is shared).
func (in *Instr) Clone() *Instr {
	c := *in
	c.Dsts = append([]Reg(nil), in.Dsts...)
	c.Args = append([]Reg(nil), in.Args...)
	return &c
}
