package vssair

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/checkelim"
	"github.com/vssa-go/vssa/validate"
)

// NotLiteral reports whether x is a constant other than a literal: a
// named constant, unsafe.Sizeof, ^uint(0)>>1, 1<<16. Analyzers take a
// comparison with one as constant by construction, not a finding.
func NotLiteral(pass *analysis.Pass, x ast.Expr) bool {
	tv, ok := pass.TypesInfo.Types[x]
	return ok && tv.Value != nil && !literal(x)
}

// literal reports whether x is a literal, maybe negated or in
// parentheses.
func literal(x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.BasicLit:
		return true
	case *ast.UnaryExpr:
		return (x.Op == token.SUB || x.Op == token.ADD) && literal(x.X)
	}
	return false
}

// targetConstants tells which constant expressions of a package may
// have another value on another target than amd64, for which the IR is
// made: those that read the size of int, uint or uintptr (unsafe.Sizeof,
// Alignof and Offsetof; ^ of an unsigned constant of one of those
// types), and named constants declared so, in a file built only for
// some targets, in a package of the operating system's or the
// architecture's, or among the standard library's constants of the
// word's size. Constants of other packages declared in terms of those
// are not seen (their declarations are not at hand).
type targetConstants struct {
	pass *analysis.Pass
	memo map[*types.Const]bool
}

func newTargetConstants(pass *analysis.Pass) *targetConstants {
	return &targetConstants{pass: pass, memo: map[*types.Const]bool{}}
}

func (t *targetConstants) expr(x ast.Expr) bool {
	info := t.pass.TypesInfo
	switch x := ast.Unparen(x).(type) {
	case *ast.BasicLit:
		return false
	case *ast.Ident:
		return t.object(info.Uses[x])
	case *ast.SelectorExpr:
		return t.object(info.Uses[x.Sel])
	case *ast.UnaryExpr:
		if x.Op == token.XOR && wordSized(info.TypeOf(x)) {
			return true
		}
		return t.expr(x.X)
	case *ast.BinaryExpr:
		return t.expr(x.X) || t.expr(x.Y)
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return t.expr(x.Args[0]) // a conversion
		}
		if b, ok := calleeBuiltin(info, x.Fun); ok {
			switch b.Name() {
			case "len", "cap", "min", "max", "real", "imag", "complex":
				// len and cap of a constant string or of an array,
				// whose length is taken as the IR has it.
				for _, a := range x.Args {
					if tv := info.Types[a]; tv.Value != nil && t.expr(a) {
						return true
					}
				}
				return false
			}
		}
	}
	return true // unsafe.Sizeof, Alignof, Offsetof, and what is not recognised
}

// wordSized reports whether t is uint or uintptr, whose complement has
// the word's size.
func wordSized(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && (b.Kind() == types.Uint || b.Kind() == types.Uintptr)
}

func calleeBuiltin(info *types.Info, fun ast.Expr) (*types.Builtin, bool) {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		b, ok := info.Uses[f].(*types.Builtin)
		return b, ok
	case *ast.SelectorExpr:
		b, ok := info.Uses[f.Sel].(*types.Builtin)
		return b, ok
	}
	return nil, false
}

// object reports whether the value of a constant object depends on the
// target; objects that are not constants are not asked.
func (t *targetConstants) object(o types.Object) bool {
	c, ok := o.(*types.Const)
	if !ok {
		return true
	}
	if c.Pkg() == nil {
		return false // true, false, iota
	}
	if v, ok := t.memo[c]; ok {
		return v
	}
	t.memo[c] = true // a cycle (none compiles) stays dependent
	v := t.declared(c)
	t.memo[c] = v
	return v
}

func (t *targetConstants) declared(c *types.Const) bool {
	path := c.Pkg().Path()
	if osOrArchPackages[path] || wordConstants[path+"."+c.Name()] {
		return true
	}
	if f := t.pass.Fset.File(c.Pos()); f != nil && targetSuffix(f.Name()) {
		return true
	}
	if c.Pkg() != t.pass.Pkg {
		return false
	}
	if targetSpecific(t.pass, c.Pos()) {
		return true
	}
	x := t.declaration(c)
	return x == nil || t.expr(x)
}

// declaration returns the expression that gives constant c of the
// package its value (in a group, the last one written at or before its
// name, as Go repeats it), at the package's level or in a function,
// nil if none is found.
func (t *targetConstants) declaration(c *types.Const) ast.Expr {
	var found ast.Expr
	for _, f := range t.pass.Files {
		if c.Pos() < f.FileStart || f.FileEnd <= c.Pos() {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			g, ok := n.(*ast.GenDecl)
			if found != nil || !ok || g.Tok != token.CONST {
				return found == nil
			}
			var last []ast.Expr
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) > 0 {
					last = vs.Values
				}
				for i, name := range vs.Names {
					if name.Pos() == c.Pos() && i < len(last) {
						found = last[i]
					}
				}
			}
			return false
		})
	}
	return found
}

// osOrArchPackages are the standard packages whose constants are the
// operating system's or the architecture's; wordConstants the standard
// library's constants of the word's size or the system's.
var (
	osOrArchPackages = set("internal/goarch internal/goos runtime/internal/sys internal/runtime/sys syscall internal/syscall/unix internal/syscall/windows golang.org/x/sys/unix golang.org/x/sys/windows")
	wordConstants    = set("math.MaxInt math.MinInt math.MaxUint math/bits.UintSize strconv.IntSize os.PathSeparator os.PathListSeparator os.DevNull path/filepath.Separator path/filepath.ListSeparator runtime.GOOS runtime.GOARCH runtime.Compiler")
)

// targetValues returns the values of the constant expressions in
// syntax (a function's declaration or literal, nil for none) that may
// have other values on other targets (targetConstants): the IR, made
// for amd64, holds them as constants like any other.
func (t *targetConstants) values(syntax ast.Node) []constant.Value {
	if t == nil || syntax == nil {
		return nil
	}
	var vs []constant.Value
	ast.Inspect(syntax, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok {
			if tv := t.pass.TypesInfo.Types[x]; tv.Value != nil && t.expr(x) {
				vs = append(vs, tv.Value)
			}
		}
		return true
	})
	return vs
}

// withUnknownConstants returns a copy of f where each constant whose
// value is one of values is the copy of a new parameter instead, so
// that the facts know nothing of it; ok is false if f has none. The
// constants compared are the values, whatever their types: an integer
// constant 64 of f may be bits.UintSize, converted, or a literal 64,
// which stays unknown too (the copy cannot tell them apart: the bridge
// makes one register of equal constants).
func withUnknownConstants(f *ir.Func, values []constant.Value) (g *ir.Func, ok bool) {
	if len(values) == 0 {
		return nil, false
	}
	dependent := func(v constant.Value) bool {
		for _, w := range values {
			if v.Kind() == w.Kind() && constant.Compare(v, token.EQL, w) ||
				v.Kind() != w.Kind() && constant.Compare(constant.ToFloat(v), token.EQL, constant.ToFloat(w)) {
				return true
			}
		}
		return false
	}
	for b, blk := range f.Blocks {
		for i, in := range blk.Instrs {
			if in.Op != ir.OpConst || in.Const() == nil || !dependent(in.Const()) {
				continue
			}
			if g == nil {
				g = f.ShallowClone()
			}
			p := g.NewReg(f.TypeOf(in.Dst()))
			g.Params = append(g.Params, p)
			g.Blocks[b].Instrs[i] = ir.NewInstr(ir.OpCopy, in.Pos, in.Dsts(), []ir.Reg{p})
		}
	}
	return g, g != nil
}

// decideOnEveryTarget sets form's onEveryTarget: the comparisons that
// checkelim decides, and its validator accepts, with int, uint and
// uintptr of 32 bits and with the constants of values unknown (those
// of the function's constant expressions that depend on the target);
// nil when it has none (Portable then says it for all).
func (f *Form) decideOnEveryTarget(values []constant.Value, contracts validate.Contracts) {
	g, ok := withUnknownConstants(f.IR, values)
	if !ok || !f.Portable {
		return
	}
	f.onEveryTarget = map[validate.Decision]bool{}
	decide := func(g *ir.Func) (*ir.Func, *validate.CheckElimHints, error) {
		return checkelim.DecideAssuming(g, contracts)
	}
	check := func(before, after *ir.Func, h *validate.CheckElimHints) error {
		return validate.CheckElim32(before, after, h, contracts)
	}
	if _, h, ok := apply(g, decide, check); ok {
		for _, d := range h.Decided {
			f.onEveryTarget[d] = true
		}
	}
}

// OnEveryTarget reports whether the comparison d decides is decided so
// on every target: Portable, and, in a function with an operation on a
// constant whose value depends on the target, decided with that value
// unknown too.
func (f *Form) OnEveryTarget(d validate.Decision) bool {
	return f.Portable && (f.onEveryTarget == nil || f.onEveryTarget[d])
}
