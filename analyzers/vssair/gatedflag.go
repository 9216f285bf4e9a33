package vssair

// This file finds the flags that gated explanations name: booleans a
// join sets (ok := a && b, or ok = true under a branch) and the branches
// on them that a decided comparison is under.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// flagBranch is a branch on a flag set at a join that a block is under:
// block At branches on the flag, whose value must be Want to reach the
// block; Phi defines the flag, in block Join.
type flagBranch struct {
	At, Join int
	Phi      *ir.Instr
	Want     bool
}

// defs maps each register of f to its defining instruction.
func defs(f *ir.Func) map[ir.Reg]*ir.Instr {
	m := map[ir.Reg]*ir.Instr{}
	for _, b := range f.Blocks {
		for _, list := range [][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				for _, d := range in.Dsts() {
					m[d] = in
				}
			}
		}
	}
	return m
}

// root is the instruction r comes from through copies.
func root(def map[ir.Reg]*ir.Instr, r ir.Reg) *ir.Instr {
	in := def[r]
	for in != nil && in.Op == ir.OpCopy {
		in = def[in.Args()[0]]
	}
	return in
}

// flagBranches are the branches that block b is under (b is reached
// from exactly one of their edges) on a flag that a join defines,
// nearest first.
func (f *Form) flagBranches(def map[ir.Reg]*ir.Instr, b int) []flagBranch {
	dom := f.IR.CFG().Dom
	var out []flagBranch
	for d := dom.Idom(b); d >= 0; d = dom.Idom(d) {
		blk := f.IR.Blocks[d]
		t := blk.Terminator()
		if t == nil || t.Op != ir.OpIf || len(blk.Succs) != 2 {
			continue
		}
		phi := root(def, t.Args()[0])
		if phi == nil || phi.Op != ir.OpPhi && phi.Op != ir.OpGamma {
			continue
		}
		yes, no := f.reaches(blk.Succs[0], b, d, false), f.reaches(blk.Succs[1], b, d, false)
		if yes == no {
			continue
		}
		out = append(out, flagBranch{At: d, Join: blockOf(f.IR, phi), Phi: phi, Want: yes})
	}
	return out
}

// blockOf is the index of the block whose phis hold phi.
func blockOf(f *ir.Func, phi *ir.Instr) int {
	for _, b := range f.Blocks {
		for _, in := range b.Phis {
			if in == phi {
				return b.Index
			}
		}
	}
	return -1
}

// deniedEdges are the edges into the flags' joins on which the flag is
// a constant other than the one wanted: a path through one does not
// reach the branch with the flag it needs. Only joins outside cycles
// count (a path could come back to one and set the flag again).
func (f *Form) deniedEdges(def map[ir.Reg]*ir.Instr, flags []flagBranch) map[[2]int]bool {
	denied := map[[2]int]bool{}
	for _, fb := range flags {
		join := f.IR.Blocks[fb.Join]
		if fb.Join < 0 || f.cyclic(fb.Join) {
			continue
		}
		for k, a := range fb.Phi.Args() {
			c := root(def, a)
			if c == nil || c.Op != ir.OpConst {
				continue
			}
			if v := f.IR.ConstValue(c); v != nil && v.Kind() == constant.Bool && constant.BoolVal(v) != fb.Want {
				denied[[2]int{join.Preds[k], fb.Join}] = true
			}
		}
	}
	return denied
}

// cyclic reports whether block b lies on a cycle.
func (f *Form) cyclic(b int) bool {
	for _, s := range f.IR.Blocks[b].Succs {
		if f.reaches(s, b, -1, false) {
			return true
		}
	}
	return false
}

// logicalFlagWhy explains facts by a flag that holds a && or ||
// expression and that b is under ("ok is true only where i >= 0 && i <
// len(s) held"), when the outcomes of the expression's operands that
// the flag's value gives imply them; "" if none does.
func (r *Result) logicalFlagWhy(f *Form, rules *validate.FactRules, facts []validate.Fact, def map[ir.Reg]*ir.Instr, flags []flagBranch, b int) (string, token.Pos) {
	for _, fb := range flags {
		e, name := r.logicalFlag(f, def, fb.Phi)
		if e == nil || fb.Want != (e.Op == token.LAND) {
			continue // only a true && and a false || give each operand's outcome
		}
		var given []validate.Fact
		for _, x := range operands(e) {
			if cmp := comparisonAt(f.IR, x.OpPos); cmp != nil {
				given = append(given, rules.OutcomeFacts(cmp, fb.Want, b)...)
			}
		}
		if len(given) == 0 || !impliesAll(rules, facts, given, b) {
			continue
		}
		held := "held"
		if !fb.Want {
			held = "did not hold"
		}
		return fmt.Sprintf("%s is %v only where %s %s", name, fb.Want, types.ExprString(e), held), e.OpPos
	}
	return "", token.NoPos
}

// impliesAll reports whether every fact of facts follows from given in
// block use.
func impliesAll(rules *validate.FactRules, facts, given []validate.Fact, use int) bool {
	for _, c := range facts {
		if !rules.Implied(c, given, use) {
			return false
		}
	}
	return true
}

// logicalFlag is the && or || expression of the source whose value phi
// is, with the name of the variable it is assigned to ("its condition"
// if none), or nil: phi must merge only the expression's short-circuit
// constant (false for &&, true for ||) and comparisons among its
// operands (the last one's outcome, where the others let it run).
func (r *Result) logicalFlag(f *Form, def map[ir.Reg]*ir.Instr, phi *ir.Instr) (*ast.BinaryExpr, string) {
	var e *ast.BinaryExpr
	var path []ast.Node
	var shortCircuit []bool
	for _, a := range phi.Args() {
		in := root(def, a)
		if in == nil {
			return nil, ""
		}
		if in.Op == ir.OpConst {
			v := f.IR.ConstValue(in)
			if v == nil || v.Kind() != constant.Bool {
				return nil, ""
			}
			shortCircuit = append(shortCircuit, constant.BoolVal(v))
			continue
		}
		p := r.pathAt(in.Pos)
		x, ok := logicalParent(p)
		if !ok || e != nil && x != e || comparisonAt(f.IR, in.Pos) != in {
			return nil, ""
		}
		e, path = x, p
	}
	if e == nil {
		return nil, ""
	}
	for _, v := range shortCircuit {
		if v != (e.Op == token.LOR) {
			return nil, ""
		}
	}
	return e, assignedTo(path, e)
}

// logicalParent is the outermost && or || expression of the operator
// of path's innermost node (a comparison) that holds it through
// parentheses and the same operator.
func logicalParent(path []ast.Node) (*ast.BinaryExpr, bool) {
	if len(path) == 0 {
		return nil, false
	}
	var e *ast.BinaryExpr
	for _, n := range path[1:] {
		if _, ok := n.(*ast.ParenExpr); ok {
			continue
		}
		x, ok := n.(*ast.BinaryExpr)
		if !ok || x.Op != token.LAND && x.Op != token.LOR || e != nil && x.Op != e.Op {
			break
		}
		e = x
	}
	return e, e != nil
}

// assignedTo is the name of the variable path assigns e to, or "its
// condition".
func assignedTo(path []ast.Node, e *ast.BinaryExpr) string {
	for i, n := range path {
		if n != e {
			continue
		}
		for _, up := range path[i+1:] {
			if _, ok := up.(*ast.ParenExpr); ok {
				continue
			}
			if as, ok := up.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
				for k, rhs := range as.Rhs {
					if id, ok := as.Lhs[k].(*ast.Ident); ok && ast.Unparen(rhs) == e {
						return id.Name
					}
				}
			}
			break
		}
	}
	return "its condition"
}

// operands are the comparisons e joins with its operator, through
// parentheses and the same operator.
func operands(e *ast.BinaryExpr) []*ast.BinaryExpr {
	var out []*ast.BinaryExpr
	var walk func(x ast.Expr)
	walk = func(x ast.Expr) {
		x = ast.Unparen(x)
		if y, ok := x.(*ast.BinaryExpr); ok {
			if y.Op == e.Op {
				walk(y.X)
				walk(y.Y)
			} else {
				out = append(out, y)
			}
		}
	}
	walk(e)
	return out
}

// comparisonAt is f's instruction of two operands at pos (the
// comparison whose operator is there), or nil.
func comparisonAt(f *ir.Func, pos token.Pos) *ir.Instr {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Pos == pos && in.Op != ir.OpCopy && len(in.Args()) == 2 { // OutcomeFacts reads only comparisons
				return in
			}
		}
	}
	return nil
}

// pathAt is the path of nodes of the source from the innermost at pos
// to its file, or nil.
func (r *Result) pathAt(pos token.Pos) []ast.Node {
	if pos == token.NoPos {
		return nil
	}
	for _, file := range r.source {
		if file.FileStart <= pos && pos < file.FileEnd {
			path, _ := astutil.PathEnclosingInterval(file, pos, pos+1)
			return path
		}
	}
	return nil
}
