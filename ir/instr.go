// This file defines instructions: registers, operands and the auxiliary
// data some instruction kinds carry.

package ir

import (
	"go/constant"
	"go/token"
	"go/types"

	"github.com/vssa-go/vssa/ir/pred"
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
// are meaningful depends on Op (see doc.go). It is compact (48 bytes):
// passes read instructions by the million and create them by the
// hundred thousand, so the registers an instruction writes and reads
// share one list (one pointer to follow, one to copy), and the
// attributes few kinds have are in an Aux record.
//
// Invariants:
//   - Dsts() are the registers the instruction writes, Args() those it
//     reads; no other field names a register, so passes can rename
//     uniformly.
//   - An absent optional operand is NoReg (only the operand positions
//     documented as optional may be NoReg).
//   - Successor blocks are not stored here but in Block.Succs.
//   - An Aux, once an instruction refers to it, is not changed: clones
//     of the instruction share it.
//   - The register list is the instruction's own: no other instruction
//     or list shares its array.
type Instr struct {
	Op Op

	// Flags holds the kind-specific boolean attributes below.
	Flags Flags

	// CallMode applies to call, go and defer.
	CallMode CallMode

	// nDsts is the number of results: regs[:nDsts] are written,
	// regs[nDsts:] read.
	nDsts uint8

	// Field is the field index of field and fieldaddr.
	Field int32

	regs []Reg

	Pos token.Pos

	// Aux holds the constant, symbol or select directions of the kinds
	// that have one; nil for the others.
	Aux *Aux
}

// MaxDsts is the most results an instruction can have.
const MaxDsts = 255

// Dsts returns the registers the instruction writes. Writing an element
// renames that result; the slice cannot grow into the operands (use
// SetDsts).
func (in *Instr) Dsts() []Reg { return in.regs[:in.nDsts:in.nDsts] }

// Args returns the registers the instruction reads. Writing an element
// changes that operand; appending to the slice does not change the
// instruction (use SetArgs).
func (in *Instr) Args() []Reg {
	n := len(in.regs)
	return in.regs[in.nDsts:n:n]
}

// Regs returns the results then the operands, in one slice, for scans
// that treat them alike (writing an element changes in).
func (in *Instr) Regs() []Reg {
	n := len(in.regs)
	return in.regs[:n:n]
}

// SetRegs makes dsts the results of in and args its operands, in a new
// list of its own (neither slice is kept).
func (in *Instr) SetRegs(dsts, args []Reg) {
	regs := make([]Reg, len(dsts)+len(args))
	in.setRegs(regs, dsts, args)
}

// setRegs fills regs (of length len(dsts)+len(args)) and makes it in's.
func (in *Instr) setRegs(regs, dsts, args []Reg) {
	if len(dsts) > MaxDsts {
		panic("ir: instruction with more than MaxDsts results")
	}
	copy(regs, dsts)
	copy(regs[len(dsts):], args)
	in.regs, in.nDsts = nilIfEmpty(regs), uint8(len(dsts))
}

// NewInstr returns an instruction of kind op at pos with results dsts
// and operands args (copied), its other fields zero.
func NewInstr(op Op, pos token.Pos, dsts, args []Reg) *Instr {
	in := &Instr{Op: op, Pos: pos}
	in.SetRegs(dsts, args)
	return in
}

// SetDsts makes dsts the results of in, its operands unchanged.
func (in *Instr) SetDsts(dsts []Reg) { in.SetRegs(dsts, in.Args()) }

// SetArgs makes args the operands of in, its results unchanged.
func (in *Instr) SetArgs(args []Reg) { in.SetRegs(in.Dsts(), args) }

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

	// Gates are the predicates of a gamma (one per argument) or an eta
	// (one); see gsa.go.
	Gates []pred.Pred
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
	if in.nDsts == 0 {
		return NoReg
	}
	return in.regs[0]
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
	args := in.Args()
	if !in.IsCall() || (in.CallMode != CallClosure && in.CallMode != CallInvoke) || len(args) < in.callStart() {
		return NoReg
	}
	return args[in.callStart()-1]
}

// CallArgs returns the arguments of a call, go or defer (without callee,
// receiver interface or defer stack).
func (in *Instr) CallArgs() []Reg {
	args := in.Args()
	if len(args) < in.callStart() {
		return nil
	}
	return args[in.callStart():]
}

// DeferStack returns the explicit defer stack of a defer, or NoReg.
func (in *Instr) DeferStack() Reg {
	if args := in.Args(); in.Op == OpDefer && in.Has(FlagDeferStack) && len(args) > 0 {
		return args[0]
	}
	return NoReg
}

// Clone returns a copy of in with its own register list (its Aux,
// never changed, is shared).
func (in *Instr) Clone() *Instr {
	c := *in
	c.regs = nilIfEmpty(append([]Reg(nil), in.regs...))
	return &c
}
