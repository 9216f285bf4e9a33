// This file defines the machine code the backend works on: amd64
// instructions over SSA values (before register allocation), in blocks
// that mirror the IR function's.

package native

import (
	"fmt"
	"go/token"

	"github.com/vssa-go/vssa/ir/graph"
)

// Value is an SSA value of the machine code.
type Value int32

// Class says which register file holds a value.
type Class uint8

const (
	GP Class = iota // general purpose: integers, bools, pointers (64 bits)
	FP              // SSE: float64, or float32 in the low 32 bits
)

// ValueInfo describes a value. Integers narrower than 64 bits are kept
// extended to 64 (sign-extended if signed, zero-extended else), bools as
// 0 or 1, so that comparisons and addresses use them as they are.
type ValueInfo struct {
	Class   Class
	Pointer bool // holds a Go pointer: the garbage collector must see it across calls
}

// Op is a machine operation. Each says what it reads (Args), writes
// (Dst) and destroys (clobbers, in clobbers.go); emit.go gives its
// instructions.
type Op uint8

const (
	OpArg        Op = iota // Dst = the argument word at Off(FP) (Width, Signed; Sym names it)
	OpConst                // Dst = Imm (FP: the bits of the float)
	OpBin                  // Dst = Args[0] Bin Args[1] (or Imm when HasImm), at Width, Signed
	OpUnary                // Dst = Bin Args[0]: BinNeg, BinCompl, BinNot
	OpShift                // Dst = Args[0] << or >> Args[1] (or Imm), Go's semantics for large counts
	OpDiv                  // Dst = Args[0] / or % Args[1]: the divisor is not 0 (a check came first)
	OpCmp                  // Dst = Args[0] Cond Args[1] (or Imm), as 0 or 1
	OpExt                  // Dst = Args[0] converted to Width, Signed (integers)
	OpCvt                  // Dst = Args[0] converted between integer and float kinds (Cvt)
	OpLoad                 // Dst = the memory at Mem (Width, Signed, or a float)
	OpStore                // memory at Mem = Args[0]; the address registers are Args[1:]
	OpLea                  // Dst = the address Mem
	OpBounds               // panics unless 0 <= Args[0] < Args[1] (unsigned compare); Signed: Args[0] is signed
	OpNil                  // panics if Args[0] is nil
	OpDivZero              // panics if Args[0] == 0
	OpShiftNeg             // panics if Args[0] < 0
	OpPoll                 // a preemption point: a call that keeps every value it uses, pointers moved if the stack moves
	OpJump                 // goto Succs[0]
	OpBranch               // if Args[0] Cond Args[1] (or Imm) goto Succs[0] else Succs[1]
	OpCountdown            // Dst = Args[0] - 1; if Dst != 0 goto Succs[0] else Succs[1]
	OpReturn               // results = Args, stored at their offsets in Rets
	OpSelect               // Dst = Args[0] Cond Args[1] (or Imm) ? Args[n-2] : Args[n-1] (integers)
	OpRotate               // Dst = Args[0] rotated left by Imm bits within Width bytes (unsigned)
	OpMulHi                // Dst = the high 64 bits of the unsigned product of Args[0] and the 64 bits of Imm
	OpVLoad                // Dst = the 16 bytes at Mem (a vector of Width-byte lanes)
	OpVStore               // the 16 bytes at Mem = Args[0]; the address registers are Args[1:]
	OpVBin                 // Dst = Args[0] Bin Args[1], lane by lane (Width, Float)
	OpVShift               // Dst = Args[0] shifted by Imm, lane by lane (Width, Signed)
	OpVBroadcast           // Dst = a vector of Width-byte lanes, each Args[0] (a scalar)
	OpVRotate              // Dst = Args[0] rotated left by Imm, lane by lane (Width)
	OpRMW                  // the Width bytes at Mem = themselves Bin Args[0] (or Imm); the address registers are the last operands
	OpCallArg              // the outgoing argument word at Off(SP) = Args[0] (Width, Float), right before its OpCall
	OpCall                 // a call of the compiled function Sym (ABI0), whose arguments and results take Off bytes: destroys every register
	OpCallResult           // Dst = the result word at Off(SP) (Width, Signed, Float), right after its OpCall
	OpCPUFlag              // Dst = the bool package variable Sym (whether the CPU has AVX2), 0 or 1
	OpVZeroUpper           // VZEROUPPER: after 32-byte vectors, before SSE code
	OpSliceBound           // panics unless Args[0] <= Args[1] (unsigned compare): slice-check failure Imm (slices.go); Signed: Args[0] is signed
	OpIntrinsic            // Dst = Intr of Args (intrinsics.go), at Width
	OpZeroLocal            // local variable Imm of the frame = zero (locals.go); Width 8: by REP STOSQ
	OpMove                 // the Args[2] bytes at Args[0] = those at Args[1], as memmove (overlap allowed)
	OpTrap                 // never reached: ends a block after a call that panics
	OpVMatch               // Dst = a bit per byte of the 16-byte Args[0], set in the Width-byte lanes equal to Args[1]'s (PCMPEQ, PMOVMSKB; Float: as floats, CMPPD or CMPPS); Cond CondGt or CondLt: > or < Args[1]'s, signed; CondGe or CondLe (Width 1): ≥ or ≤ Args[1]'s, unsigned
)

// vector reports whether op computes on vectors (Vec gives their size).
func (op Op) vector() bool {
	switch op {
	case OpVLoad, OpVStore, OpVBin, OpVShift, OpVBroadcast, OpVRotate, OpVMatch:
		return true
	}
	return false
}

// hasMem reports whether instructions of kind op have an address (Mem),
// whose registers are among their operands.
func (op Op) hasMem() bool {
	switch op {
	case OpLoad, OpStore, OpLea, OpVLoad, OpVStore, OpRMW:
		return true
	}
	return false
}

// hasMem reports whether in has an address (Mem), whose registers are
// its last operands.
func (in *Instr) hasMem() bool { return in.Op.hasMem() || in.MemFirst || in.MemY }

// mapOperands replaces every value in reads (its operands and its
// address's registers) by its image under get.
func (in *Instr) mapOperands(get func(Value) Value) {
	for i, a := range in.Args {
		in.Args[i] = get(a)
	}
	if in.hasMem() {
		if in.Mem.Base != NoValue {
			in.Mem.Base = get(in.Mem.Base)
		}
		if in.Mem.Index != NoValue {
			in.Mem.Index = get(in.Mem.Index)
		}
	}
}

// defines reports whether instructions of kind op define a value (Dst).
func (op Op) defines() bool {
	switch op {
	case OpRMW, OpVStore, OpStore, OpBounds, OpSliceBound, OpZeroLocal, OpMove, OpTrap, OpNil, OpDivZero, OpShiftNeg, OpPoll, OpJump, OpBranch, OpReturn, OpCallArg, OpCall, OpVZeroUpper:
		return false
	}
	return true
}

// Bin is the operation of OpBin and OpUnary.
type Bin uint8

const (
	BinAdd Bin = iota
	BinSub
	BinMul
	BinAnd
	BinOr
	BinXor
	BinAndNot
	BinDiv
	BinNeg   // unary -
	BinCompl // unary ^
	BinNot   // unary ! of a bool
	BinShl
	BinShr
	BinRem
)

// Cond is a comparison.
type Cond uint8

const (
	CondEq Cond = iota
	CondNe
	CondLt
	CondLe
	CondGt
	CondGe
)

// Cvt is a conversion between numeric kinds of OpCvt.
type Cvt uint8

const (
	CvtIntToF64 Cvt = iota // signed 64-bit integer to float64
	CvtIntToF32
	CvtF64ToInt // truncation toward zero, as gc's CVTTSD2SQ
	CvtF32ToInt
	CvtF32ToF64
	CvtF64ToF32
	CvtUintToF64 // unsigned 64-bit integer to float64, as gc (halved and doubled past 2^63)
	CvtUintToF32
	CvtF64ToUint // float64 to uint64, as gc: past 2^63 by way of x-2^63
	CvtF32ToUint
)

// Mem is an address: Base + Index*Scale + Disp, or Sym + Disp. Base and
// Index are operands of the instruction (Args after the others),
// NoValue if absent.
type Mem struct {
	Base, Index Value
	Scale       int64
	Disp        int64
	// Sym, if not "", is a symbol the address is relative to (a
	// package-level variable, read-only data), without Base or Index:
	// an index or a base is added to its address (an OpLea) instead,
	// since a RIP-relative address takes neither.
	Sym string
	// Local, if not 0, makes the address relative to local variable
	// Local-1 of the frame (Func.Locals) instead of Base: SP-relative.
	Local int
	// Extent, if not 0, bounds the offset from Base of every byte the
	// access may touch (an element of an array of that size): a nil
	// Base faults in the first page when Extent ≤ 4096.
	Extent int64
}

// NoValue marks an absent operand.
const NoValue Value = -1

// Instr is one machine instruction.
type Instr struct {
	Op     Op
	Dst    Value // NoValue if none
	Args   []Value
	Imm    int64
	HasImm bool
	Bin    Bin
	Cond   Cond
	Cvt    Cvt
	Intr   Intrinsic
	Width  int   // bytes: 1, 2, 4, 8 (integers); 4 or 8 for floats; a vector's lanes
	Vec    int64 // a vector instruction's vector size: 16 (SSE2; 0 is 16 too) or 32 (AVX2)
	Signed bool  // integers; for OpBounds, the index
	Float  bool  // the operation is on floats (Args' class FP)
	Mem    Mem
	// MemFirst, on a comparison or a branch, makes its first operand
	// the MemWidth-byte integer at Mem instead of Args[0] (the address
	// registers are then the last operands).
	MemFirst bool
	MemWidth int
	// MemY, on an integer OpBin, makes its second operand the
	// Width-byte integer at Mem (the address registers follow Args[0]).
	MemY bool
	Off  int64  // OpArg: the offset in the argument frame; OpCallArg, OpCallResult: in the outgoing one; OpCall: its size
	Sym  string // OpArg: the argument's name for go vet's asmdecl; OpCall: the callee's name
	Rets []Ret  // OpReturn
	Pos  token.Pos

	// Test, on a branch, makes its condition (CondEq or CondNe) that
	// of Args[0] & Args[1] (or Imm, or with MemY the integer at Mem)
	// against 0: a TESTQ (fusecompares.go).
	Test bool

	// CountFits, on a shift by a register, says that the count is
	// below 64 (shiftcounts.go): the emitter leaves out the guard that
	// gives Go's result for larger counts.
	CountFits bool

	// CarryIn, on an addition or subtraction with carry, makes Args[1]
	// its carry in; on a carry out, says that only the instruction
	// right after reads it, from the flags, so it emits nothing.
	CarryIn bool
}

// Ret is where a result goes in the argument frame.
type Ret struct {
	Name   string
	Off    int64
	Width  int
	Float  bool
	Signed bool
}

// Block is a basic block. Blocks keep the IR function's numbering, new
// ones (preemption polls) come after.
type Block struct {
	Index        int
	Preds, Succs []int
	Phis         []Phi
	Instrs       []*Instr // the last one jumps, branches or returns
	// Preemption, for a loop header: NoPoll, no countdown (a loop
	// whose iterations per entry are bounded); PollEach, a poll at
	// every back edge.
	NoPoll, PollEach bool
	// StepFits, for a loop header that branches into the loop on
	// i < n: while i < n, i plus its step does not wrap (splitLoops'
	// fast copy, whose bound leaves room for a whole unrolled
	// iteration), so stripMine may take a step above one.
	StepFits bool
}

// Phi defines Dst at the start of its block: Args[k] on the edge from
// Preds[k].
type Phi struct {
	Dst  Value
	Args []Value
}

// Func is the machine code of one function.
type Func struct {
	Name   string
	Values []ValueInfo
	Blocks []*Block
	// ArgSize is the size of the argument frame: arguments and results.
	ArgSize int64
	// Polls is the number of preemption points (each loop has one).
	Polls int
	// ResultPointers: a result holds a pointer.
	ResultPointers bool
	// PointersToGo: a pointer is passed to a Go function (a trampoline
	// or a helper), which may keep it; PointersTo names the compiled
	// functions a pointer is passed to (escape.go).
	PointersToGo bool
	PointersTo   []string
	// IntPointers: a pointer is converted to an integer or back
	// (uintptr(p)+n, an unsafe.Pointer parameter): an address held as
	// an integer is one the stack copier would not move, so the
	// declaration cannot say //go:noescape (unsafeptr.go).
	IntPointers bool
	// UsesPOPCNT: the code counts bits, with POPCNT where the CPU has
	// it (the package variable Helpers.POPCNT says).
	UsesPOPCNT bool
	// Locals are the sizes of the variables that live in the frame
	// (locals.go).
	Locals []int64
	// PointerLocal, if not 0, is local variable PointerLocal-1: the
	// words that keep the pointers live across calls, which the
	// frame's pointer map marks (gcslots.go).
	PointerLocal int
	// ArgLens are the lengths of the string and slice arguments whose
	// elements take memory: each counts bytes of the address space (or
	// more), so it is below 2^48 and adding a small step to an index
	// below it cannot wrap (stripmine.go).
	ArgLens map[Value]bool
}

// has reports whether f has an instruction of kind op.
func (f *Func) has(op Op) bool {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == op {
				return true
			}
		}
	}
	return false
}

// dominators returns f's dominator tree, from block 0.
func dominators(f *Func) *graph.DomTree {
	return graph.Dominators(flowGraph(f), 0)
}

// replacePred makes block to the predecessor of the blocks succs where
// block from was (its edges to them now leave from to; phi arguments
// keep their places).
func (f *Func) replacePred(succs []int, from, to int) {
	for _, s := range succs {
		sb := f.Blocks[s]
		for i, p := range sb.Preds {
			if p == from {
				sb.Preds[i] = to
			}
		}
	}
}

// newValue adds a value of class c.
func (f *Func) newValue(c Class, pointer bool) Value {
	f.Values = append(f.Values, ValueInfo{Class: c, Pointer: pointer})
	return Value(len(f.Values) - 1)
}

// memArgs returns the address operands of m that are present.
func (m Mem) args() []Value {
	var vs []Value
	if m.Base != NoValue {
		vs = append(vs, m.Base)
	}
	if m.Index != NoValue {
		vs = append(vs, m.Index)
	}
	return vs
}

func (v Value) String() string { return fmt.Sprintf("v%d", int32(v)) }
