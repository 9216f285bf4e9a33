package nilness

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/vssa-go/vssa/analyzers/vssair"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Analyzer reports comparisons with nil that are always true or always
// false.
var Analyzer = &analysis.Analyzer{
	Name:     "nilness",
	Doc:      "report comparisons with nil that are always true or always false\n\nA comparison p != nil (or p == nil) is reported when p cannot be nil\nthere: it was dereferenced before on every path, is an allocation or the\naddress of a variable, or was compared with nil already. Each report is\nbacked by a certificate vssa's validator accepted.",
	URL:      "https://github.com/vssa-go/vssa",
	Requires: []*analysis.Analyzer{vssair.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[vssair.Analyzer].(*vssair.Result)
	res.Decisions(func(d *vssair.Decided) bool {
		if len(d.Facts) != 1 || d.Facts[0].Kind != validate.FactNonNil && d.Facts[0].Kind != validate.FactNil {
			return false // an integer comparison: the cond analyzer's
		}
		operand := d.Expr.X
		if isNil(pass, operand) {
			operand = d.Expr.Y
		}
		explain := explainNonNil
		if d.Facts[0].Kind == validate.FactNil {
			explain = explainNil
		}
		why, at := explain(d.Form, d.Rules, d.Facts[0].Reg, d.Decision.Block, d.Decision.Index)
		vssair.Report(pass, d.Expr, vssair.Always(d.Expr, d.Decision.Outcome), types.ExprString(operand)+" "+why, at)
		return true
	})
	res.NilUses(func(form *vssair.Form, b, k int, in *ir.Instr) {
		why, at := explainNil(form, validate.NewFactRules(form.IR), validate.NilOperand(in), b, k)
		if !at.IsValid() && (in.Op == ir.OpNilCheck || strings.HasSuffix(pass.Fset.File(in.Pos).Name(), "_test.go")) {
			// Nil by construction, not found by a comparison: *(*int)(nil)
			// = 0 faults on purpose (the runtime's way), and tests call
			// nil funcs, write nil maps and panic(nil) to see what happens.
			return
		}
		vssair.Report(pass, vssair.Point(in.Pos), nilUse(in), "the value "+why, at)
	})
	return nil, nil
}

// nilUse names what in does with nil.
func nilUse(in *ir.Instr) string {
	switch in.Op {
	case ir.OpNilCheck:
		return "nil dereference"
	case ir.OpPanic:
		return "panic with a nil value (a *runtime.PanicNilError since Go 1.21)"
	case ir.OpMapUpdate:
		return "assignment to an entry of a nil map"
	case ir.OpSend:
		return "send on a nil channel blocks forever"
	case ir.OpRecv:
		return "receive from a nil channel blocks forever"
	}
	if in.CallMode == ir.CallInvoke {
		return "method call on a nil interface"
	}
	return "call of a nil function"
}

func isNil(pass *analysis.Pass, e ast.Expr) bool {
	tv, ok := pass.TypesInfo.Types[e]
	return ok && tv.IsNil()
}

// explainNil says why x is nil before instruction k of block b, and
// where: the nearest dominating comparison with nil whose edge leads
// here; none for a constant nil or a phi (no one place).
func explainNil(f *vssair.Form, rules *validate.FactRules, x ir.Reg, b, k int) (string, token.Pos) {
	why, at := "is always nil here", token.NoPos
	f.Dominating(rules, b, k, func(in *ir.Instr, guard []validate.Fact, guardAt token.Pos) bool {
		if guardAt.IsValid() && slices.Contains(guard, validate.Fact{Kind: validate.FactNil, Reg: x}) {
			why, at = "is nil since the comparison", guardAt
			return false
		}
		return !slices.Contains(in.Dsts(), x)
	})
	return why, at
}

// explainNonNil says why x is not nil before instruction k of block b,
// and where, if one place makes it so: the nearest dominating
// dereference, comparison with nil on a dominating edge, or x's
// definition.
func explainNonNil(f *vssair.Form, rules *validate.FactRules, x ir.Reg, b, k int) (string, token.Pos) {
	why, at := "is never nil here", token.NoPos
	f.Dominating(rules, b, k, func(in *ir.Instr, guard []validate.Fact, guardAt token.Pos) bool {
		switch in.Op {
		case ir.OpNilCheck, ir.OpLoad, ir.OpStore, ir.OpFieldAddr, ir.OpIndexAddr:
			if in.Args()[0] == x && in.Pos.IsValid() {
				why, at = "was already dereferenced", in.Pos
				return false
			}
		}
		if slices.Contains(guard, validate.Fact{Kind: validate.FactNonNil, Reg: x}) {
			why, at = "was already compared with nil", guardAt
			return false
		}
		if slices.Contains(in.Dsts(), x) {
			why, at = defined(in)
			return false
		}
		return true
	})
	return why, at
}

// defined says what x's definition by in makes it.
func defined(in *ir.Instr) (string, token.Pos) {
	switch in.Op {
	case ir.OpAlloc:
		return "is a new variable's address", in.Pos
	case ir.OpMakeMap, ir.OpMakeChan:
		return "was made", in.Pos
	case ir.OpMakeClosure:
		return "is a closure", in.Pos
	case ir.OpGlobal:
		return "is a package-level variable's address", token.NoPos
	case ir.OpFunc:
		return "is a function", token.NoPos
	case ir.OpFieldAddr, ir.OpIndexAddr:
		return "is the address of a field or element", in.Pos
	}
	return "is never nil here", token.NoPos
}
