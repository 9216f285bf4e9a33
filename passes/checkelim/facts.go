// This file holds what the pass knows of facts beyond the validator's
// rules (validate.FactRules): the fact a nil or division check needs.

package checkelim

import (
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
