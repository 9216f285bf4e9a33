package cond

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

// styleOfSwitch reports whether the decided comparison e is a bound in
// a case of a switch without a tag that its earlier cases make
// redundant, while the case itself may still be taken: a range switch
// (case x < 128 …, case x < 255 …, case x == 255 on a byte; case level
// < 3 …, case level >= 3 && level < 6) states each range whole on
// purpose. The case is reported only if it is dead: the outcome makes
// its expression always false. at is where the explanation's condition
// is; a reason found elsewhere (an if around the switch, a check) or
// in the operands' types alone is a finding.
func styleOfSwitch(pass *analysis.Pass, e *ast.BinaryExpr, outcome bool, why string, at token.Pos) bool {
	file := fileOf(pass, e.Pos())
	if file == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, e.Pos(), e.End())
	// Up from e through the operators of its case's expression, with
	// the value each takes when it is decided.
	v, decided := outcome, true
	var alt ast.Expr = e
	for _, n := range path[1:] {
		switch n := n.(type) {
		case *ast.ParenExpr:
			alt = n
			continue
		case *ast.UnaryExpr:
			if n.Op == token.NOT {
				v, alt = !v, n
				continue
			}
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				// v decides a && b only when false, a || b only when true.
				decided = decided && v == (n.Op == token.LOR)
				alt = n
				continue
			}
		case *ast.CaseClause:
			sw, ok := switchOf(path, n)
			if !ok || sw.Tag != nil || !inList(n.List, alt) {
				return false
			}
			if decided && !v {
				return false // the case is dead: a finding
			}
			earlier := earlierCases(sw, n)
			if at.IsValid() {
				return inRanges(earlier, at)
			}
			return why != "given the operands' types" && len(earlier) > 0
		}
		return false
	}
	return false
}

// switchOf returns the switch statement the case clause c belongs to.
func switchOf(path []ast.Node, c *ast.CaseClause) (*ast.SwitchStmt, bool) {
	for i, n := range path {
		if n == c && i+2 < len(path) {
			sw, ok := path[i+2].(*ast.SwitchStmt) // case clause, body, switch
			return sw, ok
		}
	}
	return nil, false
}

func inList(list []ast.Expr, e ast.Expr) bool {
	for _, x := range list {
		if x == e {
			return true
		}
	}
	return false
}

// earlierCases returns the expressions of the cases of sw before c.
func earlierCases(sw *ast.SwitchStmt, c *ast.CaseClause) []ast.Expr {
	var out []ast.Expr
	for _, st := range sw.Body.List {
		if st == c {
			break
		}
		out = append(out, st.(*ast.CaseClause).List...)
	}
	return out
}

func inRanges(exprs []ast.Expr, pos token.Pos) bool {
	for _, e := range exprs {
		if e.Pos() <= pos && pos < e.End() {
			return true
		}
	}
	return false
}

// fileOf returns the file of the package that holds pos.
func fileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}
