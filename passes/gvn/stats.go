// This file counts what a GVN result removed from its input, by kind of
// instruction, for measuring the pass (vssa stats).

package gvn

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Kind is a kind of instruction as Count counts them.
type Kind uint8

const (
	KindArith       Kind = iota // add, sub, mul, div, rem, and, or, xor, andnot, shl, shr, neg, not, compl
	KindCompare                 // eq, ne, lt, le, gt, ge
	KindConvert                 // convert, changetype, changeiface, makeiface, slicetoarrayptr
	KindAddress                 // fieldaddr, indexaddr
	KindOtherPure               // field, index, slice, len and cap (not of a map), typeassert, global, func
	KindConst                   // const
	KindCopy                    // copy
	KindLoad                    // load
	KindMemRead                 // lookup, len and cap of a map: reads of memory other than loads
	KindNilCheck                // nilcheck
	KindBoundsCheck             // boundscheck
	KindSliceCheck              // slicecheck
	KindDivCheck                // divcheck
	KindShiftCheck              // shiftcheck
	KindLenCheck                // lencheck
	KindPhi                     // phi
	KindOther                   // everything else: allocations, stores, calls, channels, terminators…
	NumKinds
)

var kindNames = [NumKinds]string{"arithmetic", "comparison", "conversion", "address", "other pure",
	"constant", "copy", "load", "memory read", "nilcheck", "boundscheck", "slicecheck", "divcheck",
	"shiftcheck", "lencheck", "phi", "other"}

func (k Kind) String() string { return kindNames[k] }

// Pure reports whether instructions of kind k compute a value from
// their operands alone, as CompCert's RTL operations (Iop) do:
// arithmetic, comparisons, conversions, address arithmetic, other pure
// operations, constants and copies; not memory reads, checks or phis.
func (k Kind) Pure() bool { return k <= KindCopy }

// Check reports whether k is one of the checks' kinds.
func (k Kind) Check() bool { return k >= KindNilCheck && k <= KindLenCheck }

// KindOf is the kind of in, an instruction of f.
func KindOf(f *ir.Func, in *ir.Instr) Kind {
	switch in.Op {
	case ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpRem, ir.OpAnd, ir.OpOr, ir.OpXor, ir.OpAndNot,
		ir.OpShl, ir.OpShr, ir.OpNeg, ir.OpNot, ir.OpCompl:
		return KindArith
	case ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe:
		return KindCompare
	case ir.OpConvert, ir.OpChangeType, ir.OpChangeInterface, ir.OpMakeInterface, ir.OpSliceToArrayPtr:
		return KindConvert
	case ir.OpFieldAddr, ir.OpIndexAddr:
		return KindAddress
	case ir.OpLen, ir.OpCap:
		if f.ValueKind(in) == ir.ValueMemory {
			return KindMemRead
		}
		return KindOtherPure
	case ir.OpField, ir.OpIndex, ir.OpSlice, ir.OpTypeAssert, ir.OpGlobal, ir.OpFunc:
		return KindOtherPure
	case ir.OpConst:
		return KindConst
	case ir.OpCopy:
		return KindCopy
	case ir.OpLoad:
		return KindLoad
	case ir.OpLookup:
		return KindMemRead
	case ir.OpNilCheck:
		return KindNilCheck
	case ir.OpBoundsCheck:
		return KindBoundsCheck
	case ir.OpSliceCheck:
		return KindSliceCheck
	case ir.OpDivCheck:
		return KindDivCheck
	case ir.OpShiftCheck:
		return KindShiftCheck
	case ir.OpLenCheck:
		return KindLenCheck
	case ir.OpPhi:
		return KindPhi
	}
	return KindOther
}

// Stats counts the instructions of GVN's inputs by kind, and what
// results of GVN did to them. Stats of several functions add up (Add).
type Stats struct {
	Funcs   int           // functions counted
	Input   [NumKinds]int // instructions of the inputs (phis included)
	Removed [NumKinds]int // of those, left out of the results
	Folded  [NumKinds]int // of those, kept rewritten to a const (never consts themselves)
}

// Add adds t's counts to s's.
func (s *Stats) Add(t *Stats) {
	s.Funcs += t.Funcs
	for k := range NumKinds {
		s.Input[k] += t.Input[k]
		s.Removed[k] += t.Removed[k]
		s.Folded[k] += t.Folded[k]
	}
}

// Sum is the sum of the counts c of the kinds keep selects (all if nil).
func Sum(c *[NumKinds]int, keep func(Kind) bool) int {
	n := 0
	for k := range NumKinds {
		if keep == nil || keep(k) {
			n += c[k]
		}
	}
	return n
}

// Count counts in's instructions by kind, and which of them out, a
// result of GVN on in with hints h that validate.GVN accepted, removed
// (h.Removed) or rewrote to a const. Such a result keeps every
// instruction the hints do not remove, in order, so an instruction of
// in that is not a const and whose place in out holds a const was
// folded. Removals that name no instruction of in are ignored, and
// folds are not counted in a block whose length does not match.
func Count(in, out *ir.Func, h *validate.GVNHints) Stats {
	s := Stats{Funcs: 1}
	removedPhi := make([][]bool, len(in.Blocks))
	removed := make([][]bool, len(in.Blocks))
	for b, blk := range in.Blocks {
		s.Input[KindPhi] += len(blk.Phis)
		for _, x := range blk.Instrs {
			s.Input[KindOf(in, x)]++
		}
		removedPhi[b] = make([]bool, len(blk.Phis))
		removed[b] = make([]bool, len(blk.Instrs))
	}
	if h != nil {
		for _, r := range h.Removed {
			b, i := int(r.Block), int(r.Index)
			if b < 0 || b >= len(in.Blocks) {
				continue
			}
			blk := in.Blocks[b]
			switch {
			case r.Phi && i >= 0 && i < len(blk.Phis) && !removedPhi[b][i]:
				removedPhi[b][i] = true
				s.Removed[KindPhi]++
			case !r.Phi && i >= 0 && i < len(blk.Instrs) && !removed[b][i]:
				removed[b][i] = true
				s.Removed[KindOf(in, blk.Instrs[i])]++
			}
		}
	}
	if out == nil || len(out.Blocks) != len(in.Blocks) {
		return s
	}
	for b, blk := range in.Blocks {
		kept := make([]*ir.Instr, 0, len(blk.Instrs))
		for k, x := range blk.Instrs {
			if !removed[b][k] {
				kept = append(kept, x)
			}
		}
		res := out.Blocks[b].Instrs
		if len(res) != len(kept) {
			continue
		}
		for k, x := range kept {
			if x.Op != ir.OpConst && res[k].Op == ir.OpConst {
				s.Folded[KindOf(in, x)]++
			}
		}
	}
	return s
}
