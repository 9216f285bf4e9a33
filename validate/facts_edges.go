// This file says which facts a comparison's outcome gives: on the edges
// of the branch that reads it, and for a comparison decided where it
// stands; and which operand of an instruction must not be nil.

package validate

import (
	"github.com/vssa-go/vssa/ir"
)

// EdgeFacts are the facts the condition of b's branch gives on its e-th
// successor edge: "ne x, nil" nonnil x on the true edge, a comparison of
// integers its relation (or the negation's on the false edge), nonzero
// x also 1 ≤ x for an x never negative. None in a block the recover
// block reaches whose condition the entry block computes (it may not
// have run).
func (c *FactRules) EdgeFacts(b *ir.Block, e int) []Fact {
	t := b.Terminator()
	if t == nil || t.Op != ir.OpIf || len(b.Succs) != 2 || b.Succs[0] == b.Succs[1] {
		return nil
	}
	cmp := c.definition(t.Args()[0], b.Index)
	if cmp == nil {
		return nil
	}
	fs := c.OutcomeFacts(cmp, e == 0, b.Index)
	if len(fs) == 1 && fs[0].Kind == FactNonZero {
		return c.nonZero(fs[0].Reg)
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
	if c.isZero(y, FactNonNil, use) {
		return []Fact{{Kind: kind, Reg: x}}
	}
	if c.isZero(x, FactNonNil, use) {
		return []Fact{{Kind: kind, Reg: y}}
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
// block: the pointer of a nil check, the func or interface a call, go
// or defer goes through, panic's value (panic(nil) is a run-time error
// since Go 1.21), the map of a map update, the channel of a send or
// receive; NoReg for other instructions.
func NilOperand(in *ir.Instr) ir.Reg {
	switch in.Op {
	case ir.OpNilCheck, ir.OpPanic, ir.OpMapUpdate, ir.OpSend, ir.OpRecv:
		return in.Args()[0]
	case ir.OpCall, ir.OpGo, ir.OpDefer:
		return in.Callee()
	}
	return ir.NoReg
}
