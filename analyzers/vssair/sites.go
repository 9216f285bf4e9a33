package vssair

import (
	"go/token"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// ssaFormNeeded reports whether a function's SSA form ssa must be
// certified too, next to gvn's form g (certified, checked for 32 bits
// and on every target): the analyzers read the SSA form's certificate
// only for what gvn's form lacks, the comparisons, checks and uses of
// nil gvn removed as repeating a dominating one (x != nil tested twice:
// gvn's form keeps the first alone). Where gvn removed no instruction
// an analyzer reports on or names as a reason (a site), gvn's form
// holds every site of the SSA form, with operands that gvn only merged,
// so its certificate decides what the SSA form's does, and was the
// second to say it (Decisions visits the SSA form first). Certifying
// both forms of every function was 41% of vssavet's samples on compress
// (issue 44). Needed also when g's certificate was rejected, or holds
// on 64-bit targets only, or has target-dependent decisions: the SSA
// form's may not.
func ssaFormNeeded(ssa *ir.Func, g *Form) bool {
	if g.Checks == nil || !g.Portable || g.onEveryTarget != nil {
		return true
	}
	kept := map[site]int{}
	for _, b := range g.IR.Blocks {
		for _, in := range b.Instrs {
			if isSite(g.IR, in) {
				kept[site{in.Op, in.Pos}]++
			}
		}
	}
	for _, b := range ssa.Blocks {
		for _, in := range b.Instrs {
			if isSite(ssa, in) {
				k := site{in.Op, in.Pos}
				if kept[k] == 0 {
					return true
				}
				kept[k]--
			}
		}
	}
	return false
}

// A site is an instruction the analyzers may report on or name as a
// reason, by its operation and position.
type site struct {
	op  ir.Op
	pos token.Pos
}

// isSite reports whether in, of f, is a site: a comparison (decided,
// or a condition named as a reason), a check or division (cond's
// reasons), a dereference, call or type assertion (nilness's reasons),
// or an instruction that fails or blocks on nil (nilness's reports).
func isSite(f *ir.Func, in *ir.Instr) bool {
	switch in.Op {
	case ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe,
		ir.OpBoundsCheck, ir.OpSliceCheck, ir.OpShiftCheck, ir.OpLenCheck, ir.OpDivCheck, ir.OpNilCheck, ir.OpDiv, ir.OpRem,
		ir.OpLoad, ir.OpStore, ir.OpFieldAddr, ir.OpIndexAddr, ir.OpCall, ir.OpTypeAssert:
		return true
	}
	return validate.NilOperand(f, in) != ir.NoReg
}
