// This file finds the integer parameters that bound a loop without a
// //vssa:range: the generated test draws integers up to 1<<63, on which
// such a loop runs for ever (in the Go original as much as in the
// assembly).

package native

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// checkLoopParams refuses an integer parameter of decl that a loop's
// condition (or a range over an integer) reads while the loop does not
// assign it, unless a //vssa:range bounds it (or the condition does:
// see paramsIn). A parameter the loop
// changes (for x != 0 { x &= x - 1 }) is the loop's state, not its
// count, and is left alone.
func checkLoopParams(fset *token.FileSet, info *types.Info, decl *ast.FuncDecl, sig *types.Signature, ranges map[int][2]int64) error {
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
	var err error
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if err != nil {
			return false
		}
		var bound ast.Expr
		var body ast.Node
		switch s := n.(type) {
		case *ast.ForStmt:
			bound, body = s.Cond, s
		case *ast.RangeStmt:
			if t, ok := info.Types[s.X]; ok {
				if b, ok := t.Type.Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
					bound, body = s.X, s.Body
				}
			}
		}
		if bound == nil {
			return true
		}
		for _, id := range paramsIn(info, bound, params) {
			if !assigns(info, body, info.Uses[id]) {
				err = &PosError{Pos: fset.Position(id.Pos()), Err: fmt.Errorf("%s: the integer parameter %s bounds a loop and has no %s: the generated test would give it values up to 1<<63 and could run for ever; add %s %s LO HI to %s's doc comment", decl.Name.Name, id.Name, RangeDirective, RangeDirective, id.Name, decl.Name.Name)}
				return false
			}
		}
		return true
	})
	return err
}

// paramsIn returns the identifiers in e that refer to one of params,
// but for those e bounds itself: masked or reduced by a constant
// (p&63, p%8) or an index (s[p], which panics past the slice).
func paramsIn(info *types.Info, e ast.Expr, params map[types.Object]int) []*ast.Ident {
	isConst := func(e ast.Expr) bool { return info.Types[e].Value != nil }
	var ids []*ast.Ident
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		switch e := e.(type) {
		case *ast.Ident:
			if _, ok := params[info.Uses[e]]; ok {
				ids = append(ids, e)
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
