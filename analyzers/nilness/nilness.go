package nilness

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/analyzers/vssair"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Analyzer reports comparisons with nil whose outcome never changes and
// uses of nil that panic, block or do nothing.
var Analyzer = &analysis.Analyzer{
	Name: "nilness",
	Doc: "report comparisons with nil that are always true or always false, and uses of nil\n\n" +
		"A comparison p != nil (or p == nil, or a switch's case nil) is reported\n" +
		"when p cannot be nil there (it was dereferenced or called through before\n" +
		"on every path, was passed to a function that does not return for a nil\n" +
		"one, is an allocation, a variable's address, a made map, channel or\n" +
		"closure, holds the value of a type assertion that succeeded, or was\n" +
		"compared with nil already) or must be (a comparison or a failed type\n" +
		"assertion made it so).\n\n" +
		"Uses of a value that is nil there are reported as:\n  " + strings.Join(nilUseKinds, "\n  ") + "\n" +
		"and a nil passed as an argument to a function that does not return for\n" +
		"a nil one (nil passed as p to F), outside tests when the program wrote\n" +
		"the nil itself (tests pass nil to see what happens). Each report is\n" +
		"backed by a certificate vssa's validator accepted.",
	URL:      "https://github.com/vssa-go/vssa",
	Requires: []*analysis.Analyzer{vssair.Analyzer},
	Run:      run,
}

// nilUseKinds are the reports nilUse makes, for the help text
// (TestDocNamesUses holds them together).
var nilUseKinds = []string{
	"nil dereference",
	"call of a nil function",
	"method call on a nil interface",
	"method value of a nil interface",
	"type assertion on a nil interface",
	"index of a nil slice",
	"conversion of a nil slice to a pointer to a non-empty array",
	"assignment to an entry of a nil map",
	"range over a nil map (no iterations)",
	"send on a nil channel blocks forever",
	"receive from a nil channel blocks forever",
	"panic with a nil value (a *runtime.PanicNilError since Go 1.21)",
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[vssair.Analyzer].(*vssair.Result)
	defer res.Done()
	if res.FactsOnly {
		return nil, nil // no one reads the diagnostics
	}
	if err := res.Complete(); err != nil {
		return nil, err
	}
	res.Decisions(func(d *vssair.Decided) bool {
		if len(d.Facts) != 1 || d.Facts[0].Kind != validate.FactNonNil && d.Facts[0].Kind != validate.FactNil {
			return false // an integer comparison: the cond analyzer's
		}
		operand := d.Expr.X
		if vssair.IsNil(pass, operand) {
			operand = d.Expr.Y
		}
		explain := explainNonNil
		if d.Facts[0].Kind == validate.FactNil {
			explain = explainNil
		}
		why, at := explain(d.Form, d.Rules, d.Facts[0].Reg, d.Decision.Block, d.Decision.Index)
		if !at.IsValid() {
			if gated, gatedAt := res.GatedWhy(d.Form, d.Rules, d.Facts, d.Decision.Block, d.Decision.Index); gated != "" {
				why, at = why+", as "+gated, gatedAt
			}
		}
		vssair.Report(pass, d.Node, vssair.Always(d.Expr, d.Decision.Outcome), types.ExprString(operand)+" "+why, at)
		return true
	})
	res.NilUses(func(form *vssair.Form, b, k int, in *ir.Instr) {
		why, at := explainNil(form, form.Rules(), validate.NilOperand(form.IR, in), b, k)
		if !at.IsValid() && in.Op == ir.OpNilCheck && derefsNilLiteral(pass, in.Pos) {
			// *(*int)(nil) = 0 faults on purpose (the runtime's way).
			// Tests that panic(nil) or write a nil map to see what
			// happens are reported: x/tools' nilness reports them too
			// (testify's panic(nil) tests), and vssa's finds all it does.
			return
		}
		vssair.Report(pass, vssair.Point(in.Pos), nilUse(form.IR, in), "the value "+why, at)
	})
	res.NilArgs(func(form *vssair.Form, b, k int, in *ir.Instr, arg int, callee *ssa.Function) {
		why, at := explainNil(form, form.Rules(), in.CallArgs()[arg], b, k)
		if !at.IsValid() && strings.HasSuffix(pass.Fset.File(in.Pos).Name(), "_test.go") {
			return // tests pass nil to see what happens
		}
		msg := fmt.Sprintf("nil passed as %s to %s, which does not return for a nil %s", paramName(callee, arg), calleeName(pass, callee), paramName(callee, arg))
		vssair.Report(pass, vssair.Point(in.Pos), msg, "the argument "+why, at)
	})
	return nil, nil
}

// paramName names a function's parameter arg (a method's receiver
// first), as its signature declares it.
func paramName(fn *ssa.Function, arg int) string {
	sig := fn.Signature
	var params []*types.Var
	if sig.Recv() != nil {
		params = append(params, sig.Recv())
	}
	for v := range sig.Params().Variables() {
		params = append(params, v)
	}
	if arg < len(params) && params[arg].Name() != "" && params[arg].Name() != "_" {
		return params[arg].Name()
	}
	return fmt.Sprintf("argument %d", arg+1)
}

// calleeName names fn as the package being analysed would write it:
// lib.F, (*lib.T).M, or F and (*T).M in the package itself.
func calleeName(pass *analysis.Pass, fn *ssa.Function) string {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	qualify := func(p *types.Package) string {
		if p == pass.Pkg {
			return ""
		}
		return p.Name()
	}
	if recv := fn.Signature.Recv(); recv != nil {
		return "(" + types.TypeString(recv.Type(), qualify) + ")." + fn.Name()
	}
	if fn.Pkg != nil && fn.Pkg.Pkg != pass.Pkg {
		return fn.Pkg.Pkg.Name() + "." + fn.Name()
	}
	return fn.Name()
}

// nilUse names what in does with nil.
func nilUse(f *ir.Func, in *ir.Instr) string {
	switch in.Op {
	case ir.OpTypeAssert:
		return "type assertion on a nil interface"
	case ir.OpIndexAddr:
		return "index of a nil slice"
	case ir.OpSliceToArrayPtr:
		return "conversion of a nil slice to a pointer to a non-empty array"
	case ir.OpRange:
		return "range over a nil map (no iterations)"
	case ir.OpNilCheck:
		if types.IsInterface(f.TypeOf(in.Args()[0])) {
			return "method value of a nil interface" // the check of x.M
		}
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

// explainNil says why x is nil before instruction k of block b, and
// where: the nearest dominating comparison with nil whose edge leads
// here; none for a constant nil or a phi (no one place).
func explainNil(f *vssair.Form, rules *validate.FactRules, x ir.Reg, b, k int) (string, token.Pos) {
	why, at := "is always nil here", token.NoPos
	root := rules.NilRoot(x, b)
	f.Dominating(rules, b, k, func(in *ir.Instr, guard []validate.Fact, guardAt token.Pos) bool {
		if guardAt.IsValid() && slices.Contains(guard, validate.Fact{Kind: validate.FactNil, Reg: root}) {
			why, at = "is nil since the comparison", guardAt
			if c := condition(f, in); c != nil && c.Op == ir.OpTypeAssert {
				why = "is nil since the type assertion failed" // its ok, false in the branch
			}
			return false
		}
		return !slices.Contains(in.Dsts(), root)
	})
	return why, at
}

// explainNonNil says why x is not nil before instruction k of block b,
// and where, if one place makes it so: the nearest dominating
// dereference or call through it, comparison with nil on a dominating
// edge, or its definition (of what x's nilness is: NilRoot).
func explainNonNil(f *vssair.Form, rules *validate.FactRules, x ir.Reg, b, k int) (string, token.Pos) {
	why, at := "is never nil here", token.NoPos
	root := rules.NilRoot(x, b)
	sameAs := func(r ir.Reg) bool { return r != ir.NoReg && rules.NilRoot(r, b) == root }
	f.Dominating(rules, b, k, func(in *ir.Instr, guard []validate.Fact, guardAt token.Pos) bool {
		switch in.Op {
		case ir.OpNilCheck, ir.OpLoad, ir.OpStore, ir.OpFieldAddr, ir.OpIndexAddr:
			if sameAs(in.Args()[0]) && in.Pos.IsValid() {
				why, at = "was already dereferenced", in.Pos
				return false
			}
		case ir.OpCall:
			if sameAs(in.Callee()) && in.Pos.IsValid() {
				why, at = "was already called through", in.Pos
				return false
			}
			if con := rules.Contract(in); con != nil && in.Pos.IsValid() {
				for _, a := range con.NonNilParams {
					if a < len(in.CallArgs()) && sameAs(in.CallArgs()[a]) {
						why, at = "was already passed as "+paramName(f.Callees[in.Sym()], a)+" to "+f.Callees[in.Sym()].Name(), in.Pos
						return false
					}
				}
			}
		}
		if slices.Contains(guard, validate.Fact{Kind: validate.FactNonNil, Reg: root}) {
			why, at = "was already compared with nil", guardAt
			if c := condition(f, in); c != nil && c.Op == ir.OpTypeAssert {
				why = "holds the value of a type assertion that succeeded" // its ok, in the branch
			}
			return false
		}
		if slices.Contains(in.Dsts(), root) {
			why, at = defined(in)
			if con := rules.Contract(in); con != nil && slices.Contains(con.NonNilResults, slices.Index(in.Dsts(), root)) {
				why, at = "was returned by "+f.Callees[in.Sym()].Name()+", which never returns nil,", in.Pos
			}
			return false
		}
		return true
	})
	return why, at
}

// condition returns the instruction that defines the condition of
// branch in (vssair.Form.BranchCond), if in is the branch of a block.
func condition(f *vssair.Form, in *ir.Instr) *ir.Instr {
	for b, blk := range f.IR.Blocks {
		if blk.Terminator() == in {
			return f.BranchCond(b)
		}
	}
	return nil
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
	case ir.OpMakeInterface:
		return "holds a value of a type that is no interface", token.NoPos
	case ir.OpMakeSlice:
		return "was made", in.Pos
	}
	return "is never nil here", token.NoPos
}

// derefsNilLiteral reports whether the dereference at pos is of a nil
// written as a conversion, *(*T)(nil): a fault on purpose.
func derefsNilLiteral(pass *analysis.Pass, pos token.Pos) bool {
	for _, file := range pass.Files {
		if pos < file.FileStart || file.FileEnd <= pos {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(file, pos, pos)
		if len(path) == 0 {
			return false
		}
		var x ast.Expr
		switch e := path[0].(type) {
		case *ast.StarExpr:
			x = e.X
		case *ast.SelectorExpr:
			x = e.X
		case *ast.IndexExpr:
			x = e.X
		default:
			return false
		}
		call, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return false
		}
		tv, ok := pass.TypesInfo.Types[call.Fun]
		return ok && tv.IsType() && vssair.IsNil(pass, call.Args[0])
	}
	return false
}

// The analyzer reads vssair's functions: vssair releases them once it
// is done (Result.Done).
func init() { vssair.Uses(Analyzer) }
