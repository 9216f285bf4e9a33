// This file drops the evaluation of range expressions that Go does not
// evaluate. The spec: "The range expression x is evaluated once before
// beginning the loop, with one exception: if at most one iteration
// variable is present and len(x) is constant, the range expression is
// not evaluated." go/ssa evaluates it anyway, so `for i := range *p`
// with a nil p panics where gc's program runs the loop len(*p) times
// (GOROOT's test/fixedbugs/issue72844.go, issue73476.go).

package bridge

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// unevaluatedRanges adds to dead the instructions go/ssa emitted to
// evaluate the range expressions of fn that Go does not evaluate.
//
// len(x) is constant when x is an array or a pointer to one and
// contains no (non-constant) function call or channel receive. Such an
// x compiles to one run of instructions in one block, none of them a
// call or a receive, whose values nothing after the run uses (the loop
// counts to the constant length, and no value variable reads x). Where
// the instructions do not have that shape, they are left as go/ssa made
// them: evaluated.
func unevaluatedRanges(fn *ssa.Function, dead map[ssa.Instruction]bool) {
	if fn.Syntax() == nil {
		return
	}
	var ranges []*ast.RangeStmt
	ast.Inspect(fn.Syntax(), func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == fn.Syntax() // a closure's body is its own function's
		case *ast.RangeStmt:
			if n.Value == nil { // "at most one iteration variable"
				ranges = append(ranges, n)
			}
		}
		return true
	})
	for _, r := range ranges {
		if run := rangeExprRun(fn, r.X); run != nil {
			for _, in := range run {
				dead[in] = true
			}
		}
	}
}

// rangeExprRun returns the instructions that evaluate x, a range
// expression of fn, if len(x) is constant and they can be left out
// (see unevaluatedRanges); else nil.
func rangeExprRun(fn *ssa.Function, x ast.Expr) []ssa.Instruction {
	in := func(p token.Pos) bool { return p.IsValid() && x.Pos() <= p && p < x.End() }
	for _, b := range fn.Blocks {
		first, last := -1, -1
		for i, ins := range b.Instrs {
			if in(ins.Pos()) {
				if first < 0 {
					first = i
				}
				last = i
			}
		}
		if first < 0 {
			continue
		}
		run := b.Instrs[first : last+1]
		inRun := make(map[ssa.Instruction]bool, len(run))
		for _, ins := range run {
			inRun[ins] = true
		}
		var result ssa.Value // x: the run's last value
		for _, ins := range run {
			if p := ins.Pos(); p.IsValid() && !in(p) {
				return nil // interleaved with other code
			}
			switch ins := ins.(type) {
			case *ssa.Call, *ssa.Go, *ssa.Defer, *ssa.Select, *ssa.Send, *ssa.Panic, *ssa.If, *ssa.Jump, *ssa.Return:
				return nil // a call (len(x) is not constant) or control flow
			case *ssa.UnOp:
				if ins.Op == token.ARROW {
					return nil // a receive
				}
			}
			if v, ok := ins.(ssa.Value); ok {
				result = v
				for _, ref := range *v.Referrers() {
					if _, ok := ref.(*ssa.DebugRef); !ok && !inRun[ref] {
						return nil // x or a part of it is used after all
					}
				}
			}
		}
		if result == nil || !isArrayOrArrayPointer(result.Type()) {
			return nil
		}
		return run
	}
	return nil
}

// isArrayOrArrayPointer reports whether t is an array type or a pointer
// to one (type parameters excluded: their length is not constant).
func isArrayOrArrayPointer(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := t.(*types.TypeParam); ok {
		return false
	}
	_, ok := t.Underlying().(*types.Array)
	return ok
}
