// This file puts the left side of an assignment after its right side,
// as gc evaluates them.
//
// In x[i].f = y[j], go/ssa computes the address x[i].f, with the check
// of i, before it evaluates y[j]; gc evaluates the right side first,
// then the left side's loads, dereferences and index checks, then
// stores. So when both panic, gc reports the right side's: measured for
// fields of slice and array elements and of pointers, nested indices
// (s[i][0], a[b[i]]), nil pointers and slices on the left, and tuple
// assignments in either order (testdata/run/assignorder.go). But a
// division or a shift of the left side (a[i/n] = y), with what it reads,
// gc evaluates before the right side, unless that side assigns a map
// element (m[i/n] = y), all of which comes after. The spec leaves the
// order of these panics open; the standards ask for gc's. (A compound
// assignment x[i] op= y reads its left side first in both.)

package bridge

import (
	"go/ast"
	"go/token"

	"github.com/vssa-go/vssa/ir"
)

// assignLeft returns the left sides of a plain assignment (=), or nil.
func assignLeft(st ast.Stmt) []ast.Expr {
	if as, ok := st.(*ast.AssignStmt); ok && as.Tok == token.ASSIGN {
		return as.Lhs
	}
	return nil
}

// mayFault reports whether in is an arithmetic operation that can
// panic (a division, a shift by a signed count) or its check: gc
// evaluates those of an assignment's left side, and what they read,
// before the right side, but for a map element's (measured).
func mayFault(in *ir.Instr) bool {
	switch in.Op {
	case ir.OpDivCheck, ir.OpShiftCheck, ir.OpDiv, ir.OpRem, ir.OpShl, ir.OpShr:
		return true
	}
	return false
}

// leftAfterRight moves the instructions of run, one assignment's, that
// evaluate its left sides lhs (positioned in them, not stores) from
// before its first store to right before it, after the right side. What
// gc evaluates in order with the calls stays, and so do the divisions
// and shifts (mayFault), each with what it reads and the checks emitted
// right before those (as reorderRun keeps them). It leaves run as it is
// when that could change more than the order of checks: when a register
// is defined twice, or an instruction that stays writes a register one
// moved reads, or writes memory (but a fresh variable of the run, such
// as a composite literal's, or by a call, which gc makes before the left
// side anyway).
func (s *statements) leftAfterRight(f *ir.Func, run []*ir.Instr, lhs []ast.Expr) {
	side := func(in *ir.Instr) int { // the left side in is positioned in, or -1
		for i, e := range lhs {
			if in.Pos >= e.Pos() && in.Pos < e.End() {
				return i
			}
		}
		return -1
	}
	inLeft := func(in *ir.Instr) bool { return side(in) >= 0 }
	// The first store of the left side (not one that fills the fresh
	// variable of a composite literal there), and the sides that assign
	// a map element: gc evaluates all of such a side late.
	n, toMap := -1, make([]bool, len(lhs))
	fresh := map[ir.Reg]bool{}
	for k, in := range run {
		if in.Op == ir.OpAlloc {
			fresh[in.Dsts()[0]] = true
		}
		if (in.Op == ir.OpStore && !fresh[in.Args()[0]] || in.Op == ir.OpMapUpdate) && inLeft(in) {
			if n < 0 {
				n = k
			}
			toMap[side(in)] = in.Op == ir.OpMapUpdate
		}
	}
	if n < 0 {
		return
	}
	def, ok := runDefs(run[:n])
	if !ok {
		return
	}
	stay := make([]bool, n)
	var keep func(k int)
	keep = func(k int) {
		if stay[k] {
			return
		}
		stay[k] = true
		for _, a := range run[k].Args() {
			if d, ok := def[a]; ok && d < k {
				keep(d)
			}
		}
		for c := k - 1; c >= 0 && run[c].Op.Has(ir.IsCheck); c-- {
			keep(c)
		}
	}
	for k, in := range run[:n] {
		if !inLeft(in) || in.Op == ir.OpStore || !movable(in) || s.inOrder(f, in) || mayFault(in) && !toMap[side(in)] {
			keep(k)
		}
	}
	read := map[ir.Reg]bool{} // by the instructions that move, so far
	moved := false
	for k, in := range run[:n] {
		if !stay[k] {
			moved = true
			for _, a := range in.Args() {
				read[a] = true
			}
			continue
		}
		for _, d := range in.Dsts() {
			if read[d] {
				return
			}
		}
		switch {
		case in.Op == ir.OpStore && !fresh[in.Args()[0]] && moved:
			return
		case in.Op != ir.OpStore && !movable(in) && !s.inOrder(f, in) && moved:
			return // another write
		}
	}
	if !moved {
		return
	}
	out := make([]*ir.Instr, 0, n)
	for k, in := range run[:n] {
		if stay[k] {
			out = append(out, in)
		}
	}
	for k, in := range run[:n] {
		if !stay[k] {
			out = append(out, in)
		}
	}
	copy(run, out)
}
