package bce

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

// A hint is Go's bounds-check hint _ = s[n-1], proposed before a loop
// that counts up to n for a check on s inside it: once it has passed,
// every index below n is below len(s) too.
type hint struct {
	slice, bound string    // s and n, as written
	constant     bool      // n is a constant (at least 1)
	literal      int64     // n's value when it is written as a literal, else 0
	at           token.Pos // the start of the line where it goes
	indent       string    // the loop's indentation
	form         form      // the statement, and whether it is a fix
	reslice      form      // the form s = s[:n] would have here
	alt          bool      // gc's alternative: tried only once gc rejected a hint before it
	loop, decl   ast.Node  // the loop the hint goes before, the declaration around it
}

// text is the hint statement.
func (h *hint) text() string {
	if h.form == formReslice || h.form == formResliceMessage {
		return h.slice + " = " + h.slice + "[:" + h.bound + "]"
	}
	return "_ = " + h.slice + "[" + h.index() + "]"
}

// asMessage is the hint _ = s[n-1], named in the report only.
func (h *hint) asMessage() *hint {
	m := *h
	m.form = formMessage
	return &m
}

// fix reports whether the hint is offered as a suggested fix.
func (h *hint) fix() bool {
	return h.form == formIndex || h.form == formReslice
}

// candidates are the hints to try for a check, best first: h, then,
// after a reslice fix, _ = s[n-1] for the message (as before gc
// confirmed hints), then the reslice as gc's alternative to _ = s[…]
// (a fix where it keeps behaviour, else for the message).
func (h *hint) candidates() []*hint {
	switch h.form {
	case formReslice:
		return []*hint{h, h.asMessage()}
	case formIndex, formMessage:
		r := *h
		r.form, r.alt = h.reslice, true
		return []*hint{h, &r}
	}
	return []*hint{h}
}

// index is n-1, computed when n is a literal.
func (h *hint) index() string {
	if h.literal > 0 {
		return fmt.Sprint(h.literal - 1)
	}
	return h.bound + "-1"
}

// edit inserts the hint on a line of its own before the loop.
func (h *hint) edit() analysis.TextEdit {
	return analysis.TextEdit{Pos: h.at, End: h.at, NewText: []byte(h.indent + h.text() + "\n")}
}

// caveat says when the hint panics where the loop would not, or sooner:
// a hint cannot keep the loop's behaviour when it fails.
func (h *hint) caveat() string {
	if h.form == formResliceMessage {
		return fmt.Sprintf("it panics before the loop where %s[:%s] is out of range, and %s stays shorter after the loop", h.slice, h.bound, h.slice)
	}
	s := fmt.Sprintf("it panics before the loop when %s > len(%s)", h.bound, h.slice)
	if !h.constant {
		s += fmt.Sprintf(", and when %s < 1, where the loop does not run", h.bound)
	}
	return s
}

// why says why a fix keeps the program's behaviour where it did not
// panic.
func (h *hint) why() string {
	if h.form == formReslice {
		return fmt.Sprintf("the loop reads %s[i] for every i < %s, so where it does not panic %s ≤ len(%s), and %s is not used after it", h.slice, h.bound, h.bound, h.slice, h.slice)
	}
	return fmt.Sprintf("the loop reads %s[%s] where it does not panic", h.slice, h.index())
}

// hintFor proposes a hint for the bounds check of the index expression
// whose '[' is at pos in file, src being the file's content: the check
// must index a slice or string named by a variable or a field of one,
// inside a loop `for i := …; i < n; …` or `for i := range x`, whose
// bound n (or len(x)) is a variable, a field, a len of one or a
// constant that its init statement does not assign. Whether the hint
// removes the check is for confirm to say.
func hintFor(info *types.Info, file *ast.File, tf *token.File, src []byte, pos token.Pos) *hint {
	path, _ := astutil.PathEnclosingInterval(file, pos, pos)
	var index *ast.IndexExpr
	for i, n := range path {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return nil // no loop of this function around the check
		case *ast.IndexExpr:
			if index == nil && n.Lbrack == pos {
				index = n
			}
		case *ast.ForStmt, *ast.RangeStmt:
			if index == nil || !inside(pos, n) {
				continue
			}
			h, sh := loopHint(info, n.(ast.Stmt), index.X)
			if h == nil {
				return nil
			}
			if sh != nil {
				if sh.outer, sh.fn = enclosing(path[i+1:]); sh.fn == nil {
					sh = nil
				}
			}
			h.form, h.reslice = keeps(sh), resliceKeeps(sh)
			h.loop, h.decl = n, outermost(path[i+1:])
			// On a line of its own before the loop's (or its label's),
			// indented as the loop.
			start := n.Pos()
			if l, ok := path[i+1].(*ast.LabeledStmt); ok {
				start = l.Pos()
			}
			var ok bool
			if h.at, _, ok = lineStart(tf, src, start); !ok {
				return nil
			}
			_, h.indent, _ = lineStart(tf, src, n.Pos())
			return h
		}
	}
	return nil
}

// inside reports whether pos is in the loop's body (not its header).
func inside(pos token.Pos, loop ast.Node) bool {
	var body *ast.BlockStmt
	switch l := loop.(type) {
	case *ast.ForStmt:
		body = l.Body
	case *ast.RangeStmt:
		body = l.Body
	}
	return body.Pos() <= pos && pos < body.End()
}

// loopHint proposes _ = x[n-1] for the loop's bound n, with what keeps
// needs to decide whether a fix may be offered (nil where the loop
// does not count from 0 by 1 or x is not a variable).
func loopHint(info *types.Info, loop ast.Stmt, x ast.Expr) (*hint, *loopShape) {
	if !plain(info, x) || !indexable(info.TypeOf(x)) {
		return nil, nil
	}
	var bound ast.Expr
	var counter *ast.Ident
	var body *ast.BlockStmt
	switch l := loop.(type) {
	case *ast.ForStmt:
		cond, ok := l.Cond.(*ast.BinaryExpr)
		switch {
		case !ok:
			return nil, nil
		case cond.Op == token.LSS && isIdent(cond.X):
			bound, counter = cond.Y, cond.X.(*ast.Ident)
		case cond.Op == token.GTR && isIdent(cond.Y):
			bound, counter = cond.X, cond.Y.(*ast.Ident)
		default:
			return nil, nil
		}
		if assigns(l.Init, x, bound) {
			return nil, nil
		}
		if !fromZero(info, l, counter) {
			counter = nil
		}
		body = l.Body
	case *ast.RangeStmt:
		if l.Key == nil || !isIdent(l.Key) || !plain(info, l.X) {
			return nil, nil
		}
		switch t := info.TypeOf(l.X); {
		case isInteger(t):
			bound = l.X
		case indexable(t):
			bound = &ast.CallExpr{Fun: ast.NewIdent("len"), Args: []ast.Expr{l.X}}
		default:
			return nil, nil
		}
		// A range over a string steps by runes, not by 1: its last
		// index may be below len(x)-1.
		if _, str := info.TypeOf(l.X).Underlying().(*types.Basic); l.Tok == token.DEFINE && (!str || isInteger(info.TypeOf(l.X))) {
			counter = l.Key.(*ast.Ident)
		}
		body = l.Body
	}
	h := &hint{slice: types.ExprString(x), bound: types.ExprString(bound)}
	nonNeg := false
	if tv, ok := info.Types[bound]; ok && tv.Value != nil {
		v, exact := constant.Int64Val(tv.Value)
		if !exact || v < 1 {
			return nil, nil // a loop that never runs, or a bound no index reaches
		}
		h.constant = true
		if tv.Value.ExactString() == h.bound {
			h.literal = v
		}
	} else if call, ok := bound.(*ast.CallExpr); ok && isLen(call) {
		// len(x), built above or written, of a plain x.
		if !plain(info, call.Args[0]) {
			return nil, nil
		}
		nonNeg = true
	} else if !plain(info, bound) || !isInteger(info.TypeOf(bound)) {
		return nil, nil
	} else {
		nonNeg = isUnsigned(info.TypeOf(bound))
	}
	id, _ := ast.Unparen(x).(*ast.Ident)
	if counter == nil || id == nil {
		return h, nil
	}
	s, _ := info.Uses[id].(*types.Var)
	i, _ := info.ObjectOf(counter).(*types.Var)
	if s == nil || i == nil {
		return h, nil
	}
	return h, &loopShape{info: info, loop: loop, body: body, i: i, s: s, bound: bound, nonNeg: nonNeg}
}

// fromZero reports whether the for loop's counter starts at 0 in its
// init statement (i := 0) and goes up by 1 in its post statement.
func fromZero(info *types.Info, l *ast.ForStmt, counter *ast.Ident) bool {
	init, ok := l.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
		return false
	}
	if id, ok := init.Lhs[0].(*ast.Ident); !ok || info.Defs[id] == nil || info.Defs[id] != info.Uses[counter] {
		return false
	}
	if tv, ok := info.Types[init.Rhs[0]]; !ok || tv.Value == nil || tv.Value.ExactString() != "0" {
		return false
	}
	switch p := l.Post.(type) {
	case *ast.IncDecStmt:
		id, ok := p.X.(*ast.Ident)
		return ok && p.Tok == token.INC && info.Uses[id] == info.Uses[counter]
	case *ast.AssignStmt:
		id, ok := p.Lhs[0].(*ast.Ident)
		if !ok || p.Tok != token.ADD_ASSIGN || len(p.Lhs) != 1 || info.Uses[id] != info.Uses[counter] {
			return false
		}
		tv, ok := info.Types[p.Rhs[0]]
		return ok && tv.Value != nil && tv.Value.ExactString() == "1"
	}
	return false
}

// enclosing returns, from the path above a loop, the loops around it
// up to the innermost function, innermost first, and that function.
func enclosing(path []ast.Node) ([]ast.Node, ast.Node) {
	var outer []ast.Node
	for _, n := range path {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			outer = append(outer, n)
		case *ast.FuncLit, *ast.FuncDecl:
			return outer, n
		}
	}
	return outer, nil
}

// outermost returns the top-level function declaration in path (nil
// for none).
func outermost(path []ast.Node) ast.Node {
	for _, n := range path {
		if d, ok := n.(*ast.FuncDecl); ok {
			return d
		}
	}
	return nil
}

func isUnsigned(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsUnsigned != 0
}

// plain reports whether e is a variable or a field of one (x, x.f.g),
// which reads the same value before the loop as in its header when the
// loop does not change it (which confirm's check elimination shows: a
// value changed in the loop gives it no fact).
func plain(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		_, ok := info.Uses[e].(*types.Var)
		return ok
	case *ast.SelectorExpr:
		sel, ok := info.Selections[e]
		return ok && sel.Kind() == types.FieldVal && plain(info, e.X)
	}
	return false
}

func isIdent(e ast.Expr) bool {
	_, ok := e.(*ast.Ident)
	return ok
}

func isLen(call *ast.CallExpr) bool {
	id, ok := call.Fun.(*ast.Ident)
	return ok && id.Name == "len" && len(call.Args) == 1
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// indexable reports whether a value of type t is indexed through a
// check against a length only known at run time: a slice or a string.
func indexable(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return true
	case *types.Basic:
		return u.Info()&types.IsString != 0
	}
	return false
}

// assigns reports whether the loop's init statement names a variable
// the hint reads (it would read another value, or another variable).
func assigns(init ast.Stmt, exprs ...ast.Expr) bool {
	if init == nil {
		return false
	}
	names := map[string]bool{}
	for _, e := range exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				names[id.Name] = true
			}
			return true
		})
	}
	found := false
	ast.Inspect(init, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && names[id.Name] {
			found = true
		}
		return !found
	})
	return found
}

// lineStart returns the start of pos's line and the white space
// before the first thing on it (false if pos is not that first thing).
func lineStart(tf *token.File, src []byte, pos token.Pos) (token.Pos, string, bool) {
	off := tf.Offset(pos)
	start := off - (tf.PositionFor(pos, false).Column - 1)
	if start < 0 || off > len(src) {
		return token.NoPos, "", false
	}
	line := string(src[start:])
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	indent := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
	return tf.Pos(start), indent, start+len(indent) == off
}

// sourceOf returns the file of the package that holds pos, and its
// content (nil if it cannot be read).
func sourceOf(pass *analysis.Pass, pos token.Pos) (*ast.File, *token.File, []byte) {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			tf := pass.Fset.File(pos)
			src, err := pass.ReadFile(tf.Name())
			if err != nil {
				return nil, nil, nil
			}
			return f, tf, src
		}
	}
	return nil, nil, nil
}
