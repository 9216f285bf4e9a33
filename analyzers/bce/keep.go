package bce

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A form is the statement a hint puts before the loop, and whether a
// driver may apply it.
type form int

const (
	// formMessage: _ = s[n-1], named in the report only: it may panic
	// where the loop does not (n < 1, or a loop that stops early).
	formMessage form = iota
	// formIndex: _ = s[c-1] for a constant c ≥ 1, a fix: the loop reads
	// s[c-1] on every input where it does not panic.
	formIndex
	// formReslice: s = s[:n], a fix: n ≥ 0, the loop reads s[i] for every
	// i < n wherever it does not panic (so n ≤ len(s) there) and s is
	// used nowhere after the hint but as s[i].
	formReslice
	// formResliceMessage: s = s[:n], named in the report only: gc's
	// alternative where it keeps its check under _ = s[n-1] (a loop
	// from 1, whose i < n gc does not relate to n-1 < len(s)) and the
	// reslice does not keep behaviour.
	formResliceMessage
)

// A loopShape is what keeps decides from: the function, the loop, its
// counter and bound, and the indexed variable.
type loopShape struct {
	info   *types.Info
	fn     ast.Node       // the innermost *ast.FuncDecl or *ast.FuncLit
	outer  []ast.Node     // the loops around loop within fn, innermost first
	loop   ast.Stmt       // *ast.ForStmt or *ast.RangeStmt
	body   *ast.BlockStmt // the loop's body
	i      *types.Var     // the counter: from 0 up by 1, untouched in the body
	s      *types.Var     // the indexed local variable
	bound  ast.Expr       // n: the constant, the variable or len(x) the counter stays below
	nonNeg bool           // n ≥ 0 whatever the input (a len, an unsigned n)
}

// keeps says which form of the hint for the loop's checks on s keeps
// the program's behaviour on every input where it did not panic, the
// promise a suggested fix makes to drivers that apply it unread. Both
// fixes panic only when n > len(s) (or cap(s)); they keep behaviour if
// on every input where the program does not panic, the loop runs to
// its bound and reads s[i] on every round, so n ≤ len(s) held. That
// needs: a counter from 0 by 1 that the body does not change, a bound
// and s that stay as they were before the loop, a read of s[i] that
// every round reaches before it can end early, and a body that cannot
// leave the loop, stop the program or block (no break out of it,
// return, goto, channel operation, go statement, loop that may not end
// or call that may not return). The reslice also changes len(s), so s
// must be read nowhere after the hint but as s[i] in the loop.
func keeps(sh *loopShape) form {
	if !sh.runsThrough() {
		return formMessage
	}
	if sh.constant() {
		return formIndex // loopHint allows only constants ≥ 1
	}
	if sh.nonNeg && sh.shortens() {
		return formReslice
	}
	return formMessage
}

// resliceKeeps says whether s = s[:n] is a fix, for the loop that keeps
// judges: also for a constant n, where _ = s[c-1] is the first choice
// and the reslice is gc's alternative.
func resliceKeeps(sh *loopShape) form {
	if sh.runsThrough() && (sh.nonNeg || sh.constant()) && sh.shortens() {
		return formReslice
	}
	return formResliceMessage
}

// runsThrough reports what both fixes need: on every input where it
// does not panic the loop runs to its bound and reads s[i] on every
// round (see keeps).
func (sh *loopShape) runsThrough() bool {
	return sh != nil && sh.local(sh.s) && sh.untouched(sh.s, sh.loop) && sh.untouched(sh.i, sh.body) && sh.stableBound() && sh.ends() && sh.readsEveryRound()
}

// constant reports whether the bound is a constant (loopHint allows
// only those ≥ 1).
func (sh *loopShape) constant() bool {
	tv, ok := sh.info.Types[sh.bound]
	return ok && tv.Value != nil
}

// shortens reports whether the reslice may shorten s: s is no named
// result and is used after the hint only as s[i] in the loop.
func (sh *loopShape) shortens() bool {
	return !sh.result(sh.s) && sh.onlyIndexed()
}

// local reports whether v is a variable of fn itself (a parameter or
// declared in its body), whose every use is in fn's syntax, not
// captured by a closure and whose address is not taken.
func (sh *loopShape) local(v *types.Var) bool {
	if v == nil || v.Pos() < sh.fn.Pos() || v.Pos() >= sh.fn.End() {
		return false
	}
	ok := true
	inspectUses(sh.info, sh.fn, v, func(id *ast.Ident, stack []ast.Node) {
		for _, n := range stack[:len(stack)-1] {
			if _, lit := n.(*ast.FuncLit); lit && n != sh.fn {
				ok = false // captured
			}
		}
		switch p := stack[len(stack)-2].(type) {
		case *ast.UnaryExpr:
			ok = ok && p.Op != token.AND
		case *ast.SelectorExpr:
			ok = false // a method may take its address
		}
	})
	return ok
}

// result reports whether v is one of fn's named results, which a
// return without operands reads.
func (sh *loopShape) result(v *types.Var) bool {
	var ft *ast.FuncType
	switch f := sh.fn.(type) {
	case *ast.FuncDecl:
		ft = f.Type
	case *ast.FuncLit:
		ft = f.Type
	}
	return ft.Results != nil && ft.Results.Pos() <= v.Pos() && v.Pos() < ft.Results.End()
}

// untouched reports whether v is not assigned within node.
func (sh *loopShape) untouched(v *types.Var, node ast.Node) bool {
	ok := true
	inspectUses(sh.info, node, v, func(id *ast.Ident, stack []ast.Node) {
		if assigned(id, stack) {
			ok = false
		}
	})
	return ok
}

// assigned reports whether the use id (stack ending in it) is assigned.
func assigned(id *ast.Ident, stack []ast.Node) bool {
	switch p := stack[len(stack)-2].(type) {
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == id {
				return true
			}
		}
	case *ast.IncDecStmt:
		return true
	case *ast.RangeStmt:
		return p.Key == id || p.Value == id
	case *ast.UnaryExpr:
		return p.Op == token.AND
	}
	return false
}

// stableBound reports whether the bound has the value in every round
// that it had before the loop: a range loop evaluates it once; a for
// loop's constant, local variable or len of one that the loop does not
// assign.
func (sh *loopShape) stableBound() bool {
	if _, ok := sh.loop.(*ast.RangeStmt); ok {
		return true
	}
	if tv, ok := sh.info.Types[sh.bound]; ok && tv.Value != nil {
		return true
	}
	e := ast.Unparen(sh.bound)
	if call, ok := e.(*ast.CallExpr); ok && isLen(call) {
		e = ast.Unparen(call.Args[0])
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := sh.info.Uses[id].(*types.Var)
	return sh.local(v) && sh.untouched(v, sh.loop)
}

// ends reports whether each round of the loop either panics or comes
// back to the loop's condition: nothing in its body leaves the loop,
// stops the program or may run for ever.
func (sh *loopShape) ends() bool {
	ok := true
	// targets: the statements a plain break or continue may name,
	// innermost last; labels: those declared inside the body.
	var targets []ast.Node
	labels := map[string]bool{}
	ast.Inspect(sh.body, func(n ast.Node) bool {
		if l, is := n.(*ast.LabeledStmt); is {
			labels[l.Label.Name] = true
		}
		return true
	})
	var walk func(n ast.Node) bool
	walk = func(n ast.Node) bool {
		if !ok || n == nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // not run here (calls of it are rejected below)
		case *ast.ReturnStmt, *ast.GoStmt, *ast.SelectStmt, *ast.SendStmt, *ast.ForStmt:
			ok = false
		case *ast.UnaryExpr:
			ok = n.Op != token.ARROW
		case *ast.BranchStmt:
			switch {
			case n.Tok == token.GOTO:
				ok = false
			case n.Tok == token.FALLTHROUGH:
			case n.Label != nil:
				ok = labels[n.Label.Name] // within the body
			case n.Tok == token.BREAK:
				// A plain break must stop a statement inside the body.
				ok = len(targets) > 0
			}
			// A plain continue goes to the loop's (or an inner loop's)
			// next round; readsEveryRound sees that none comes before
			// the read.
		case *ast.CallExpr:
			ok = returns(sh.info, n)
		case *ast.RangeStmt:
			switch sh.info.TypeOf(n.X).Underlying().(type) {
			case *types.Chan, *types.Signature:
				ok = false
			default:
				targets = append(targets, n)
				ast.Inspect(n, func(m ast.Node) bool { return m == n || walk(m) })
				targets = targets[:len(targets)-1]
				return false
			}
		case *ast.SwitchStmt, *ast.TypeSwitchStmt:
			targets = append(targets, n)
			ast.Inspect(n, func(m ast.Node) bool { return m == n || walk(m) })
			targets = targets[:len(targets)-1]
			return false
		}
		return ok
	}
	ast.Inspect(sh.body, walk)
	return ok
}

// returns reports whether a call certainly returns or panics: a
// built-in, a conversion, or a function or concrete method of the few
// standard packages that never stop the program or block.
func returns(info *types.Info, call *ast.CallExpr) bool {
	if tv, ok := info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return true
	}
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return false
	}
	fn, ok := info.Uses[id].(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	sig := fn.Signature()
	if recv := sig.Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return false // any implementation
	}
	for i := range sig.Params().Len() {
		switch sig.Params().At(i).Type().Underlying().(type) {
		case *types.Interface, *types.Signature:
			return false // it may call what it is given (binary.Write)
		}
	}
	return pure[fn.Pkg().Path()]
}

// pure lists packages whose functions return or panic.
var pure = map[string]bool{
	"math": true, "math/bits": true, "encoding/binary": true,
	"unicode": true, "unicode/utf8": true, "unicode/utf16": true,
}

// readsEveryRound reports whether a top-level statement of the body
// reads s[i] whatever the round, with no continue before it.
func (sh *loopShape) readsEveryRound() bool {
	for _, st := range sh.body.List {
		if sh.readsAlways(st) {
			return true
		}
		cont := false
		ast.Inspect(st, func(n ast.Node) bool {
			if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.CONTINUE {
				cont = true
			}
			return !cont
		})
		if cont {
			return false
		}
	}
	return false
}

// readsAlways reports whether running st reads s[i] whatever it
// computes: in the statement's expressions outside branches it may not
// take (the right of && and ||, function literals, if and switch
// bodies).
func (sh *loopShape) readsAlways(st ast.Stmt) bool {
	var exprs []ast.Expr
	switch st := st.(type) {
	case *ast.ExprStmt:
		exprs = []ast.Expr{st.X}
	case *ast.AssignStmt:
		exprs = append(append(exprs, st.Lhs...), st.Rhs...)
	case *ast.IncDecStmt:
		exprs = []ast.Expr{st.X}
	case *ast.IfStmt:
		if st.Init != nil && sh.readsAlways(st.Init) {
			return true
		}
		exprs = []ast.Expr{st.Cond}
	case *ast.SwitchStmt:
		if st.Init != nil && sh.readsAlways(st.Init) {
			return true
		}
		if st.Tag != nil {
			exprs = []ast.Expr{st.Tag}
		}
	}
	for _, e := range exprs {
		if sh.readIn(e) {
			return true
		}
	}
	return false
}

// readIn reports whether evaluating e always reads s[i].
func (sh *loopShape) readIn(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				found = found || sh.readIn(n.X)
				return false
			}
		case *ast.IndexExpr:
			if sh.isSI(n) {
				found = true
			}
		}
		return !found
	})
	return found
}

// isSI reports whether e is s[i].
func (sh *loopShape) isSI(e *ast.IndexExpr) bool {
	x, ok1 := ast.Unparen(e.X).(*ast.Ident)
	k, ok2 := ast.Unparen(e.Index).(*ast.Ident)
	return ok1 && ok2 && sh.info.Uses[x] == sh.s && sh.info.Uses[k] == sh.i
}

// onlyIndexed reports whether, once the hint has run, s is used only
// as s[i] in the loop's body: every other use comes before the loop in
// the text, fn has no goto to run it again, and no loop around this one
// runs it again with the shortened s, unless s is declared inside it.
func (sh *loopShape) onlyIndexed() bool {
	ok := true
	ast.Inspect(sh.fn, func(n ast.Node) bool {
		if b, is := n.(*ast.BranchStmt); is && b.Tok == token.GOTO {
			ok = false
		}
		return ok
	})
	for _, o := range sh.outer {
		if sh.s.Pos() < o.Pos() || sh.s.Pos() >= o.End() {
			ok = false
		}
	}
	inspectUses(sh.info, sh.fn, sh.s, func(id *ast.Ident, stack []ast.Node) {
		if id.Pos() < sh.loop.Pos() {
			return
		}
		e, is := stack[len(stack)-2].(*ast.IndexExpr)
		ok = ok && is && e.X == id && sh.isSI(e) && sh.body.Pos() <= id.Pos() && id.Pos() < sh.body.End()
	})
	return ok
}

// inspectUses calls f for each use of v within node, with the stack of
// nodes from node to the identifier.
func inspectUses(info *types.Info, node ast.Node, v *types.Var, f func(id *ast.Ident, stack []ast.Node)) {
	var stack []ast.Node
	ast.Inspect(node, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v && len(stack) > 1 {
			f(id, stack)
		}
		return true
	})
}
