// This file finds the map reads that gc performs as part of one map
// assignment. gc compiles m[k] op= v (op not / or %), m[k]++ and
// m[k] = append(m[k], …) to a single runtime mapassign that yields the
// element's address, then reads and writes through it; go/ssa builds a
// lookup and an update. The difference shows when the lookup would
// panic where mapassign does not or panics otherwise: on a nil map
// mapassign panics with "assignment to entry in nil map" whatever the
// key, and it hashes an unhashable key with the update's error, not the
// lookup's (internal/runtime/maps' "hash of unhashable type: T" against
// the runtime's "runtime error: hash of unhashable type T"). Such a
// lookup becomes a "lookup assign" (ir/doc.go).
//
// For m[k] <<= s and m[k] >>= s with a count that may be negative, the
// shift panics after mapassign has put k in the map (with its value
// unchanged, or zero if it was not there), which a recover shows: such
// a lookup is followed by an update that writes back what it read
// (writesBack). Not when the key may be a NaN, which every write adds
// anew: there one write too many would show in every statement, not
// only in those that panic.
//
// For m[k] = append(m[k], args…), gc also evaluates args before
// mapassign, so the read sees what the arguments' calls wrote to the
// map; go/ssa reads first. Such a lookup is emitted just before the
// append call instead of where go/ssa put it.

package bridge

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// assignLookups returns the lookups of fn that are the read half of one
// map assignment, and for those of m[k] = append(m[k], …), the append
// call each must be emitted just before.
func assignLookups(fn *ssa.Function) (flagged map[*ssa.Lookup]bool, beforeCall map[*ssa.Call]*ssa.Lookup) {
	if fn.Syntax() == nil {
		return nil, nil
	}
	// The Lbrack of each read's index expression: go/ssa gives the
	// lookup that position.
	reads := map[token.Pos]bool{}       // m[k] op= v, m[k]++
	appendReads := map[token.Pos]bool{} // the m[k] inside append
	ast.Inspect(fn.Syntax(), func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == fn.Syntax() // a closure's body is its own function's
		case *ast.IncDecStmt:
			if ix, ok := ast.Unparen(n.X).(*ast.IndexExpr); ok {
				reads[ix.Lbrack] = true
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != 1 || len(n.Rhs) != 1 {
				break
			}
			lhs, ok := ast.Unparen(n.Lhs[0]).(*ast.IndexExpr)
			if !ok {
				break
			}
			switch n.Tok {
			case token.DEFINE, token.QUO_ASSIGN, token.REM_ASSIGN:
				// gc rewrites m[k] /= v into m[k] = m[k] / v, so
				// that a division by zero panics before the
				// assignment: a lookup, then an update.
			case token.ASSIGN:
				call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
				if !ok || len(call.Args) == 0 || !isIdent(call.Fun, "append") {
					break
				}
				if rhs, ok := ast.Unparen(call.Args[0]).(*ast.IndexExpr); ok && sameSafeExpr(lhs, rhs) {
					appendReads[rhs.Lbrack] = true
				}
			default:
				reads[lhs.Lbrack] = true
			}
		}
		return true
	})
	if len(reads) == 0 && len(appendReads) == 0 {
		return nil, nil
	}
	flagged = map[*ssa.Lookup]bool{}
	beforeCall = map[*ssa.Call]*ssa.Lookup{}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			l, ok := in.(*ssa.Lookup)
			if !ok || l.CommaOk {
				continue
			}
			switch {
			case reads[l.Pos()]:
				flagged[l] = true
			case appendReads[l.Pos()]:
				// Moved only when the append call (the builtin, not a
				// function of that name) is its only use; otherwise
				// it stays a plain lookup, as go/ssa built it.
				refs := *l.Referrers()
				if len(refs) != 1 {
					continue
				}
				call, ok := refs[0].(*ssa.Call)
				if !ok || len(call.Call.Args) == 0 || call.Call.Args[0] != ssa.Value(l) {
					continue
				}
				if bi, ok := call.Call.Value.(*ssa.Builtin); !ok || bi.Name() != "append" {
					continue
				}
				flagged[l] = true
				beforeCall[call] = l
			}
		}
	}
	return flagged, beforeCall
}

// sameSafeExpr reports whether l and r, two expressions of one
// statement, denote the same location without a call or a receive, as
// gc's ir.SameSafeExpr decides it. It does without type information,
// so it leaves out conversions (which gc accepts to numeric types):
// there go/ssa's order, a lookup then an update, is kept.
func sameSafeExpr(l, r ast.Expr) bool {
	l, r = ast.Unparen(l), ast.Unparen(r)
	switch l := l.(type) {
	case *ast.Ident:
		// In one statement, one name denotes one object.
		r, ok := r.(*ast.Ident)
		return ok && l.Name == r.Name && l.Name != "_"
	case *ast.SelectorExpr:
		r, ok := r.(*ast.SelectorExpr)
		return ok && l.Sel.Name == r.Sel.Name && sameSafeExpr(l.X, r.X)
	case *ast.StarExpr:
		r, ok := r.(*ast.StarExpr)
		return ok && sameSafeExpr(l.X, r.X)
	case *ast.IndexExpr:
		r, ok := r.(*ast.IndexExpr)
		return ok && sameSafeExpr(l.X, r.X) && sameSafeExpr(l.Index, r.Index)
	case *ast.UnaryExpr:
		r, ok := r.(*ast.UnaryExpr)
		switch l.Op {
		case token.NOT, token.XOR, token.ADD, token.SUB:
			return ok && l.Op == r.Op && sameSafeExpr(l.X, r.X)
		}
	case *ast.BinaryExpr:
		r, ok := r.(*ast.BinaryExpr)
		switch l.Op {
		case token.ADD, token.SUB, token.OR, token.XOR, token.MUL, token.SHL, token.SHR, token.AND, token.AND_NOT, token.QUO, token.REM:
			return ok && l.Op == r.Op && sameSafeExpr(l.X, r.X) && sameSafeExpr(l.Y, r.Y)
		}
	case *ast.BasicLit:
		r, ok := r.(*ast.BasicLit)
		if !ok {
			return false
		}
		lv, rv := constant.MakeFromLiteral(l.Value, l.Kind, 0), constant.MakeFromLiteral(r.Value, r.Kind, 0)
		return lv.Kind() != constant.Unknown && rv.Kind() != constant.Unknown && lv.Kind() == rv.Kind() && constant.Compare(lv, token.EQL, rv)
	}
	return false
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == name
}

// writesBack reports whether l, the read of one map assignment, is that
// of m[k] <<= s or m[k] >>= s where s may be negative and k cannot be a
// NaN (see the file's comment).
func writesBack(l *ssa.Lookup) bool {
	refs := *l.Referrers()
	if len(refs) != 1 {
		return false
	}
	shift, ok := refs[0].(*ssa.BinOp)
	if !ok || shift.X != ssa.Value(l) || shift.Op != token.SHL && shift.Op != token.SHR {
		return false
	}
	return mayBeNegative(shift.Y) && !mayHoldNaN(l.Index.Type())
}

// mayHoldNaN reports whether a value of type t may be or contain a
// floating-point NaN, which equals nothing, as a map key.
func mayHoldNaN(t types.Type) bool {
	switch t := t.Underlying().(type) {
	case *types.Basic:
		return t.Info()&(types.IsFloat|types.IsComplex) != 0
	case *types.Interface, *types.TypeParam:
		return true
	case *types.Array:
		return mayHoldNaN(t.Elem())
	case *types.Struct:
		for i := range t.NumFields() {
			if mayHoldNaN(t.Field(i).Type()) {
				return true
			}
		}
	}
	return false
}
