package bce

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

// wrapNote explains an index that check elimination did not prove
// non-negative although it is: i or i+k (k ≥ 0) for a counter i of a
// loop `for i := 0; i+c < n; i++` (c ≥ 1) that the body leaves alone.
// i never passes n-1-c, so it never wraps, but the condition bounds
// i+c, not i, and check elimination does not rule out that i+c wrapped
// around. It returns "" for any other index.
func wrapNote(pass *analysis.Pass, pos token.Pos) string {
	file, _, _ := sourceOf(pass, pos)
	if file == nil {
		return ""
	}
	info := pass.TypesInfo
	path, _ := astutil.PathEnclosingInterval(file, pos, pos)
	var index *ast.IndexExpr
	for _, n := range path {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return ""
		case *ast.IndexExpr:
			if index == nil && n.Lbrack == pos {
				index = n
			}
		case *ast.ForStmt:
			if index == nil || !inside(pos, n) {
				continue
			}
			cond, ok := n.Cond.(*ast.BinaryExpr)
			if !ok || cond.Op != token.LSS {
				return ""
			}
			sum, ok := ast.Unparen(cond.X).(*ast.BinaryExpr)
			if !ok || sum.Op != token.ADD || constInt(info, sum.Y) < 1 {
				return ""
			}
			counter, ok := ast.Unparen(sum.X).(*ast.Ident)
			if !ok || !fromZero(info, n, counter) || !countsOn(info, n.Body, counter) || !offsetOf(info, index.Index, counter) {
				return ""
			}
			s := fmt.Sprintf("the index is not proved non-negative, though it is: the loop's condition bounds %s, not %s, and check elimination does not rule out that %s wraps around", types.ExprString(sum), counter.Name, types.ExprString(sum))
			if call, ok := ast.Unparen(cond.Y).(*ast.CallExpr); ok && isLen(call) {
				s += fmt.Sprintf(" (%s < %s-%s says the same and bounds %s)", counter.Name, types.ExprString(cond.Y), types.ExprString(sum.Y), counter.Name)
			}
			return s
		}
	}
	return ""
}

// constInt is e's value if it is an integer constant, else -1.
func constInt(info *types.Info, e ast.Expr) int64 {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return -1
	}
	v, exact := constant.Int64Val(tv.Value)
	if !exact {
		return -1
	}
	return v
}

// countsOn reports whether the body leaves the counter alone.
func countsOn(info *types.Info, body *ast.BlockStmt, counter *ast.Ident) bool {
	v, _ := info.Uses[counter].(*types.Var)
	if v == nil {
		return false
	}
	ok := true
	inspectUses(info, body, v, func(id *ast.Ident, stack []ast.Node) {
		if assigned(id, stack) {
			ok = false
		}
	})
	return ok
}

// offsetOf reports whether e is the counter or counter+k for a constant
// k ≥ 0.
func offsetOf(info *types.Info, e ast.Expr, counter *ast.Ident) bool {
	e = ast.Unparen(e)
	if sum, ok := e.(*ast.BinaryExpr); ok && sum.Op == token.ADD && constInt(info, sum.Y) >= 0 {
		e = ast.Unparen(sum.X)
	}
	id, ok := e.(*ast.Ident)
	return ok && info.Uses[id] != nil && info.Uses[id] == info.Uses[counter]
}
