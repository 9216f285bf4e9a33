// This file finds the integer parameters that bound a loop without a
// //vssa:range: the generated test draws integers up to 1<<63, on which
// such a loop runs for ever (in the Go original as much as in the
// assembly). They get a range of their own, with a warning, rather than
// a refusal: real hot functions (gonum's AxpyInc, sort's insertionSort)
// take their counts as parameters and are compiled as written.

package native

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"math"
)

// loopCountRange is the range the generated test draws a loop count
// in when the function gives it none: past the lengths of the slices
// it generates (up to 400), and negative.
var loopCountRange = [2]int64{-1, 1024}

// boundLoopParams finds the integer parameters of decl that a loop's
// condition (or a range over an integer) reads while the loop does not
// assign them, and that no //vssa:range bounds (nor the condition: see
// paramsIn). It gives each the range loopCountRange (within its type)
// in ranges, and returns a warning for each, so that the generated test
// does not run for ever on a count near 1<<63 while the function stays
// compilable as written. A parameter the loop changes (for x != 0 {
// x &= x - 1 }) is the loop's state, not its count, and is left alone.
func boundLoopParams(fset *token.FileSet, info *types.Info, decl *ast.FuncDecl, sig *types.Signature, ranges map[int][2]int64) []string {
	params := map[types.Object]int{}
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		if b, ok := p.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
			if _, ranged := ranges[i]; !ranged {
				params[p] = i
			}
		}
	}
	if len(params) == 0 || decl.Body == nil {
		return nil
	}
	defs := localDefs(info, decl.Body)
	var warnings []string
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		var bound ast.Expr
		var body ast.Node
		var loop []ast.Node // what runs each round
		switch s := n.(type) {
		case *ast.ForStmt:
			bound, body = s.Cond, s
			loop = []ast.Node{s.Body}
			if s.Post != nil {
				loop = append(loop, s.Post)
			}
		case *ast.RangeStmt:
			if t, ok := info.Types[s.X]; ok {
				if b, ok := t.Type.Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
					bound, body = s.X, s.Body
					loop = []ast.Node{s.Body}
				}
			}
		}
		if bound == nil {
			return true
		}
		// A local the loop only steps by constants (i-- of i :=
		// (hi-1)/2) counts from what it was given; one it computes
		// anew (x &= x - 1) is its state.
		counter := func(obj types.Object) bool {
			for _, n := range loop {
				if !steppedOnly(info, n, obj) {
					return false
				}
			}
			return true
		}
		for _, id := range paramsIn(info, bound, params, defs, counter) {
			i := params[info.Uses[id]]
			if _, done := ranges[i]; done || assigns(info, body, info.Uses[id]) {
				continue
			}
			r := withinType(loopCountRange, sig.Params().At(i).Type().Underlying().(*types.Basic))
			ranges[i] = r
			warnings = append(warnings, fmt.Sprintf("%s: warning: %s: the integer parameter %s bounds a loop and has no %s: the generated test draws it in [%d, %d] (a value near 1<<63 could run for ever); add %s %s LO HI to %s's doc comment to choose", fset.Position(id.Pos()), decl.Name.Name, id.Name, RangeDirective, r[0], r[1], RangeDirective, id.Name, decl.Name.Name))
		}
		return true
	})
	return warnings
}

// withinType returns r cut to the values of integer type t.
func withinType(r [2]int64, t *types.Basic) [2]int64 {
	size := gcSizes.Sizeof(t) * 8
	var lo, hi int64
	if t.Info()&types.IsUnsigned != 0 {
		lo, hi = 0, math.MaxInt64
		if size < 64 {
			hi = 1<<size - 1
		}
	} else {
		lo, hi = math.MinInt64, math.MaxInt64
		if size < 64 {
			lo, hi = -1<<(size-1), 1<<(size-1)-1
		}
	}
	return [2]int64{max(r[0], lo), min(r[1], hi)}
}

// localDefs returns, by local variable of body, the expressions
// assigned to it (hi := b - a, i := (hi - 1) / 2).
func localDefs(info *types.Info, body *ast.BlockStmt) map[types.Object][]ast.Expr {
	defs := map[types.Object][]ast.Expr{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			if len(s.Lhs) != len(s.Rhs) {
				return true
			}
			for k, l := range s.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					obj := info.Defs[id]
					if obj == nil {
						obj = info.Uses[id]
					}
					if obj != nil {
						defs[obj] = append(defs[obj], s.Rhs[k])
					}
				}
			}
		case *ast.ValueSpec:
			if len(s.Names) == len(s.Values) {
				for k, id := range s.Names {
					if obj := info.Defs[id]; obj != nil {
						defs[obj] = append(defs[obj], s.Values[k])
					}
				}
			}
		}
		return true
	})
	return defs
}

// paramsIn returns the identifiers in e that refer to one of params,
// directly or through the values assigned to a local variable it reads
// that follow accepts (defs: heapSort's loop counts from hi := b - a),
// but for those e
// bounds itself: masked or reduced by a constant (p&63, p%8) or an
// index (s[p], which panics past the slice).
func paramsIn(info *types.Info, e ast.Expr, params map[types.Object]int, defs map[types.Object][]ast.Expr, follow func(types.Object) bool) []*ast.Ident {
	isConst := func(e ast.Expr) bool { return info.Types[e].Value != nil }
	var ids []*ast.Ident
	seen := map[types.Object]bool{}
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		switch e := e.(type) {
		case *ast.Ident:
			obj := info.Uses[e]
			if _, ok := params[obj]; ok {
				ids = append(ids, e)
			} else if obj != nil && !seen[obj] && follow(obj) {
				seen[obj] = true
				for _, d := range defs[obj] {
					walk(d)
				}
			}
		case *ast.ParenExpr:
			walk(e.X)
		case *ast.UnaryExpr:
			walk(e.X)
		case *ast.StarExpr:
			walk(e.X)
		case *ast.SelectorExpr:
			walk(e.X)
		case *ast.IndexExpr:
			walk(e.X)
		case *ast.BinaryExpr:
			if (e.Op == token.AND || e.Op == token.REM) && isConst(e.Y) || e.Op == token.AND && isConst(e.X) {
				return
			}
			walk(e.X)
			walk(e.Y)
		case *ast.CallExpr:
			for _, a := range e.Args {
				walk(a)
			}
		}
	}
	walk(e)
	return ids
}

// steppedOnly reports whether n assigns obj, if at all, only by
// constant steps: obj++, obj--, obj += k, obj -= k.
func steppedOnly(info *types.Info, n ast.Node, obj types.Object) bool {
	ok := true
	is := func(e ast.Expr) bool {
		id, isID := ast.Unparen(e).(*ast.Ident)
		return isID && (info.Uses[id] == obj || info.Defs[id] == obj)
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			for _, l := range s.Lhs {
				if is(l) && !((s.Tok == token.ADD_ASSIGN || s.Tok == token.SUB_ASSIGN) && info.Types[s.Rhs[0]].Value != nil) {
					ok = false
				}
			}
		case *ast.UnaryExpr:
			ok = ok && !(s.Op == token.AND && is(s.X))
		}
		return ok
	})
	return ok
}

// assigns reports whether n assigns (or increments) obj.
func assigns(info *types.Info, n ast.Node, obj types.Object) bool {
	found := false
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == obj
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			for _, l := range s.Lhs {
				found = found || is(l)
			}
		case *ast.IncDecStmt:
			found = found || is(s.X)
		case *ast.UnaryExpr:
			// &n: the loop may change it through the pointer.
			found = found || s.Op == token.AND && is(s.X)
		}
		return !found
	})
	return found
}
