// This file holds what the pass knows of facts beyond the validator's
// rules (validate.FactRules): the fact a nil or division check needs.

package checkelim

import (
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

type fact = validate.Fact

// checkFact is the fact under which the check in, in block use, passes
// (a nil check's about what its pointer's nilness is: elim.nilFact), or
// a fact of kind 0 for an instruction that is not such a check.
func (e *elim) checkFact(in *ir.Instr, use int) fact {
	switch in.Op {
	case ir.OpNilCheck:
		return e.nilFact(validate.FactNonNil, in.Args()[0], use)
	case ir.OpDivCheck:
		return fact{Kind: validate.FactNonZero, Reg: in.Args()[0]}
	}
	return fact{}
}
