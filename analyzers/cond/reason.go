package cond

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/vssa-go/vssa/ir"
)

// fallback is the reason of a decision that no one dominating
// condition, check or division gives (explain): every report states
// one. An operand that is a loop's phi takes its values from where the
// loop starts, how it steps and the loop's conditions; a phi elsewhere
// from the paths that meet; otherwise the conditions on the way give
// it together.
func fallback(pass *analysis.Pass, f *ir.Func, in *ir.Instr, e *ast.BinaryExpr) string {
	name := operandName(pass, e)
	for _, r := range in.Args() {
		def, b := definitionBlock(f, r)
		if def == nil || def.Op != ir.OpPhi {
			continue
		}
		if loopHeader(f, b) {
			return fmt.Sprintf("given the values %s takes through the loop: where it starts, how it steps and the loop's conditions", name)
		}
		return fmt.Sprintf("given the values %s holds where the paths to it meet", name)
	}
	return "given the conditions on the way to it, together"
}

// operandName names the side of e that is not a constant, or both.
func operandName(pass *analysis.Pass, e *ast.BinaryExpr) string {
	isConst := func(x ast.Expr) bool {
		tv, ok := pass.TypesInfo.Types[x]
		return ok && tv.Value != nil
	}
	switch {
	case isConst(e.Y) && !isConst(e.X):
		return types.ExprString(e.X)
	case isConst(e.X) && !isConst(e.Y):
		return types.ExprString(e.Y)
	}
	return "its operands"
}

// definitionBlock returns the instruction (or phi) that defines r in f
// and its block, if any.
func definitionBlock(f *ir.Func, r ir.Reg) (*ir.Instr, int) {
	for b, blk := range f.Blocks {
		for _, in := range slices.Concat(blk.Phis, blk.Instrs) {
			if slices.Contains(in.Dsts(), r) {
				return in, b
			}
		}
	}
	return nil, -1
}

// loopHeader reports whether block b heads a loop: a predecessor it
// dominates jumps back to it.
func loopHeader(f *ir.Func, b int) bool {
	dom := f.CFG().Dom
	for _, p := range f.Blocks[b].Preds {
		if dom.Reachable(p) && dom.Dominates(b, p) {
			return true
		}
	}
	return false
}
