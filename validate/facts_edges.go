// This file says which facts a comparison's outcome gives: on the edges
// of the branch that reads it, and for a comparison decided where it
// stands; and which operand of an instruction must not be nil.

package validate

import (
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// EdgeFacts are the facts the condition of b's branch gives on its e-th
// successor edge: "ne x, nil" nonnil x on the true edge (and of what x's
// nilness is: alongNil), a comparison of integers its relation (or the
// negation's on the false edge), nonzero x also 1 ≤ x for an x never
// negative, the ok of a comma-ok type assertion its value's
// (assertionFacts). None in a block the recover
// block reaches whose condition the entry block computes (it may not
// have run).
func (c *FactRules) EdgeFacts(b *ir.Block, e int) []Fact {
	t := b.Terminator()
	if t == nil || t.Op != ir.OpIf || len(b.Succs) != 2 || b.Succs[0] == b.Succs[1] {
		return nil
	}
	// The value read is that of the edge taken, defined or not: true or
	// false of a condition that is no comparison the rules read (a
	// flag from a phi, a parameter).
	branched := branchBool(t.Args()[0], e)
	cmp := c.definition(t.Args()[0], b.Index)
	if cmp == nil {
		return []Fact{branched}
	}
	if cmp.Op == ir.OpTypeAssert {
		return append(c.assertionFacts(cmp, t.Args()[0], e), branched)
	}
	fs := c.OutcomeFacts(cmp, e == 0, b.Index)
	if fs == nil {
		return []Fact{branched}
	}
	// A comparison's outcome is its facts (true r of it follows from
	// them): no boolean fact, which would make every set gated.
	if len(fs) == 1 {
		switch fs[0].Kind {
		case FactNonZero:
			fs = c.nonZero(fs[0].Reg)
		case FactNil, FactNonNil:
			fs = c.alongNil(fs[0].Kind, fs[0].Reg, b.Index)
		}
	}
	return fs
}

// OutcomeFacts are facts that hold exactly when the comparison cmp, in
// block use, has the outcome given, or nil for a comparison the rules
// do not read: x - y ≤ -1 for a true "lt x, y", nonnil x for a true
// "ne x, nil", nil x for a true "eq x, nil", nonzero x for a false
// "eq x, 0".
func (c *FactRules) OutcomeFacts(cmp *ir.Instr, outcome bool, use int) []Fact {
	op := cmp.Op
	if !outcome {
		op = negate(op)
	}
	args := cmp.Args()
	if op == 0 || len(args) != 2 {
		return nil
	}
	x, y := args[0], args[1]
	if isInteger(c.f.TypeOf(x)) {
		switch op {
		case ir.OpLt:
			return []Fact{le(x, y, -1)}
		case ir.OpLe:
			return []Fact{le(x, y, 0)}
		case ir.OpGt:
			return []Fact{le(y, x, -1)}
		case ir.OpGe:
			return []Fact{le(y, x, 0)}
		case ir.OpEq:
			return []Fact{le(x, y, 0), le(y, x, 0)}
		case ir.OpNe:
			if c.isZero(y, FactNonZero, use) {
				return []Fact{{Kind: FactNonZero, Reg: x}}
			}
			if c.isZero(x, FactNonZero, use) {
				return []Fact{{Kind: FactNonZero, Reg: y}}
			}
		}
		return nil
	}
	kind := FactNonNil // "ne x, nil"
	switch op {
	case ir.OpEq:
		kind = FactNil
	case ir.OpNe:
	default:
		return nil
	}
	switch {
	case c.isZero(y, FactNonNil, use):
		return []Fact{{Kind: kind, Reg: x}}
	case c.isZero(x, FactNonNil, use):
		return []Fact{{Kind: kind, Reg: y}}
	}
	return nil
}

// alongNil is the fact of kind (nil or nonnil) about r and about every
// register r's nilness is (FactRules.SameNil): err2 == nil for err2
// changed from err says err is nil too.
func (c *FactRules) alongNil(kind FactKind, r ir.Reg, use int) []Fact {
	fs := []Fact{{Kind: kind, Reg: r}}
	for {
		x, ok := c.SameNil(r, use)
		if !ok {
			return fs
		}
		fs = append(fs, Fact{Kind: kind, Reg: x})
		r = x
	}
}

// assertionFacts are the facts of the edge e of a branch on the ok
// result of a comma-ok type assertion: on the false edge its value is
// the zero value, nil for a type that has nil; on the true edge a value
// asserted to an interface type is not nil (nil fails every assertion).
func (c *FactRules) assertionFacts(assert *ir.Instr, ok ir.Reg, e int) []Fact {
	dsts := assert.Dsts()
	if len(dsts) != 2 || dsts[1] != ok {
		return nil
	}
	v, t := dsts[0], c.f.TypeOf(dsts[0])
	if !nilable(t) {
		return nil
	}
	if e == 1 {
		return []Fact{{Kind: FactNil, Reg: v}}
	}
	if _, param := t.(*types.TypeParam); types.IsInterface(t) && !param {
		return []Fact{{Kind: FactNonNil, Reg: v}}
	}
	return nil
}

// negate is the comparison true exactly when op is false (of integers
// and of nil; 0 for other operations).
func negate(op ir.Op) ir.Op {
	switch op {
	case ir.OpLt:
		return ir.OpGe
	case ir.OpLe:
		return ir.OpGt
	case ir.OpGt:
		return ir.OpLe
	case ir.OpGe:
		return ir.OpLt
	case ir.OpEq:
		return ir.OpNe
	case ir.OpNe:
		return ir.OpEq
	}
	return 0
}

// NilOperand is the operand of in whose being nil makes it panic or
// block, or is a mistake: the pointer of a nil check, the func or
// interface a call, go or defer goes through, panic's value (panic(nil)
// is a run-time error since Go 1.21), the map of a map update, the
// channel of a send or receive, the interface of a type assertion that
// is not comma-ok, the slice of an element's address or of a conversion
// to a pointer to an array of length N > 0 (a nil slice has no element:
// the bounds or length check before it fails), the map of a range over
// it (nothing to range over: a mistake, though no failure); NoReg for
// other instructions.
func NilOperand(f *ir.Func, in *ir.Instr) ir.Reg {
	switch in.Op {
	case ir.OpNilCheck, ir.OpPanic, ir.OpMapUpdate, ir.OpSend, ir.OpRecv:
		return in.Args()[0]
	case ir.OpCall, ir.OpGo, ir.OpDefer:
		return callee(f, in)
	case ir.OpTypeAssert:
		if len(in.Dsts()) == 1 {
			return in.Args()[0]
		}
	case ir.OpIndexAddr:
		if _, ok := f.TypeOf(in.Args()[0]).Underlying().(*types.Slice); ok {
			return in.Args()[0]
		}
	case ir.OpSliceToArrayPtr:
		if arrayLen(f.TypeOf(in.Dst())) > 0 {
			return in.Args()[0]
		}
	case ir.OpRange:
		if _, ok := f.TypeOf(in.Args()[0]).Underlying().(*types.Map); ok {
			return in.Args()[0]
		}
	}
	return ir.NoReg
}

// callee is the func or interface a call, go or defer goes through and
// panics if it is nil; NoReg for a static call or a method called on a
// value of a type parameter (whose type may be a pointer, for which a
// nil receiver is fine).
func callee(f *ir.Func, in *ir.Instr) ir.Reg {
	x := in.Callee()
	if x == ir.NoReg {
		return x
	}
	if _, ok := f.TypeOf(x).(*types.TypeParam); ok && in.CallMode == ir.CallInvoke {
		return ir.NoReg
	}
	return x
}
