// This file says which facts an instruction, a definition or an edge
// gives, as validate.CheckElim's rules do.

package checkelim

import (
	"go/constant"
	"go/types"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

type fact = validate.Fact

// checkFact is the fact under which the check in passes, or a fact of
// kind 0 for an instruction that is not such a check.
func checkFact(in *ir.Instr) fact {
	switch in.Op {
	case ir.OpNilCheck:
		return fact{Kind: validate.FactNonNil, Reg: in.Args()[0]}
	case ir.OpDivCheck:
		return fact{Kind: validate.FactNonZero, Reg: in.Args()[0]}
	}
	return fact{}
}

// given is the fact running in establishes, if any: a check that
// passed, or an unchecked operation that needs it.
func given(f *ir.Func, in *ir.Instr) (fact, bool) {
	args := in.Args()
	switch in.Op {
	case ir.OpNilCheck, ir.OpLoad, ir.OpStore, ir.OpFieldAddr:
		return fact{Kind: validate.FactNonNil, Reg: args[0]}, true
	case ir.OpIndexAddr:
		if _, ptr := f.TypeOf(args[0]).Underlying().(*types.Pointer); ptr {
			return fact{Kind: validate.FactNonNil, Reg: args[0]}, true
		}
	case ir.OpDivCheck:
		return fact{Kind: validate.FactNonZero, Reg: args[0]}, true
	case ir.OpDiv, ir.OpRem:
		if isInteger(f.TypeOf(args[1])) {
			return fact{Kind: validate.FactNonZero, Reg: args[1]}, true
		}
	}
	return fact{}, false
}

// intrinsic reports whether in, the definition of fact's register,
// makes the fact true wherever the register is defined.
func intrinsic(f *ir.Func, in *ir.Instr, k validate.FactKind) bool {
	switch k {
	case validate.FactNonNil:
		switch in.Op {
		case ir.OpAlloc, ir.OpMakeMap, ir.OpMakeChan, ir.OpMakeClosure, ir.OpGlobal, ir.OpFunc, ir.OpFieldAddr, ir.OpIndexAddr:
			return true
		case ir.OpSliceToArrayPtr:
			// Of a slice at least N long, N > 0: its first element's address.
			return arrayLen(f.TypeOf(in.Dst())) > 0
		}
	case validate.FactNonZero:
		if in.Op == ir.OpConst {
			v := f.ConstValue(in)
			return v != nil && v.Kind() == constant.Int && constant.Sign(v) != 0
		}
	}
	return false
}

// edgeFacts returns the nonnil and nonzero facts b's branch gives on
// its true and false edges: "ne x, c" on the true edge, "eq x, c" on the
// false one, c being a const nil (nonnil x) or integer zero (nonzero
// x). None in a block the recover block reaches from a comparison or
// const of the entry block, which may not have run.
func (e *elim) edgeFacts(b *ir.Block) (onTrue, onFalse []fact) {
	t := b.Terminator()
	if t == nil || t.Op != ir.OpIf || len(b.Succs) != 2 || b.Succs[0] == b.Succs[1] {
		return nil, nil
	}
	usable := func(r ir.Reg) *ir.Instr {
		if e.def[r].block == 0 && e.recov[b.Index] {
			return nil
		}
		return e.instrOf(r)
	}
	cmp := usable(t.Args()[0])
	if cmp == nil || cmp.Op != ir.OpEq && cmp.Op != ir.OpNe {
		return nil, nil
	}
	var fs []fact
	x, y := cmp.Args()[0], cmp.Args()[1]
	for _, pair := range [2][2]ir.Reg{{x, y}, {y, x}} {
		if k := zeroConstKind(e.f, usable(pair[1]), pair[1]); k != 0 {
			fs = append(fs, fact{Kind: k, Reg: pair[0]})
		}
	}
	if cmp.Op == ir.OpNe {
		return fs, nil
	}
	return nil, fs
}

// zeroConstKind is the kind of fact that comparing with r, defined by
// in, gives: nonnil for a const nil, nonzero for an integer zero.
func zeroConstKind(f *ir.Func, in *ir.Instr, r ir.Reg) validate.FactKind {
	if in == nil || in.Op != ir.OpConst {
		return 0
	}
	v := f.ConstValue(in)
	switch {
	case v == nil && nilable(f.TypeOf(r)):
		return validate.FactNonNil
	case v != nil && v.Kind() == constant.Int && constant.Sign(v) == 0 && isInteger(f.TypeOf(r)):
		return validate.FactNonZero
	}
	return 0
}

// nilable reports whether a nilcheck or a comparison with nil applies
// to values of type t.
func nilable(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	}
	return false
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// arrayLen is the length of the array a pointer of type t points to,
// or -1.
func arrayLen(t types.Type) int64 {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		if a, ok := p.Elem().Underlying().(*types.Array); ok {
			return a.Len()
		}
	}
	return -1
}
