// This file lets the IR inliner (irinline.go) take small leaf functions
// of other packages too, as gc inlines across packages: md5's
// blockGeneric reads its words through internal/byteorder's LEUint32,
// and as a call (a trampoline) that keeps the block's pointer from
// living across it, so the function was refused.
//
// go/packages gives the compiled package's imports as export data,
// without bodies. When the package calls functions of other packages
// that may be small leaves (read from their source), it is loaded again with every package from source, the bodies kept
// only in the called packages (the others parsed without them, which
// costs little more than export data). A body of another package is
// inlined only if it is a leaf that touches nothing but its arguments
// (foreignInlinable): no globals, allocation or interfaces, which the
// compiled package could not name or reach, and no calls but of other
// such leaves of its package (cmp.Less's of cmp.isNaN, at the compiled
// code's type arguments).

package native

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/ir"
)

// calledFunctions returns, by import path, the names of the functions
// of other packages that funcs (root's) call by name, leaving out the
// packages whose calls are instructions (intrinsicPackage) and the
// runtime's.
func calledFunctions(funcs []*ssa.Function, root *ssa.Package) map[string][]string {
	called := map[string][]string{}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				call, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := call.Common().StaticCallee()
				if callee == nil || callee.Blocks != nil || callee.Signature.Recv() != nil {
					continue
				}
				if callee.Origin() != nil {
					callee = callee.Origin()
				}
				p := callee.Pkg
				if p == nil || p == root {
					continue
				}
				path := p.Pkg.Path()
				if intrinsicPackage(path) || path == "unsafe" || path == "runtime" || strings.HasPrefix(path, "internal/runtime/") {
					continue
				}
				if !slices.Contains(called[path], callee.Name()) {
					called[path] = append(called[path], callee.Name())
				}
			}
		}
	}
	return called
}

// leafCallees returns the import paths, of those called, whose called
// functions include one that may be a small leaf, read from its source
// without type checking (leafCandidate): only those are worth loading
// the package from source for (seconds where it imports much).
func leafCallees(cfg *packages.Config, called map[string][]string) ([]string, error) {
	if len(called) == 0 {
		return nil, nil
	}
	var paths []string
	for p := range called {
		paths = append(paths, p)
	}
	listed, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles, Dir: cfg.Dir, BuildFlags: cfg.BuildFlags}, paths...)
	if err != nil {
		return nil, err
	}
	var keep []string
	fset := token.NewFileSet()
	for _, p := range listed {
		names := called[p.PkgPath]
		found := false
		decls := map[string]*ast.FuncDecl{}
		for _, file := range p.GoFiles {
			f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
			if err != nil {
				continue // the load proper reports it
			}
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
					decls[fd.Name.Name] = fd
				}
			}
		}
		for _, name := range names {
			if fd := decls[name]; fd != nil && leafCandidate(fd, decls, leafDepth) {
				found = true
			}
		}
		if found {
			keep = append(keep, p.PkgPath)
		}
	}
	slices.Sort(keep)
	return keep, nil
}

// leafDepth is how deep leaves may call leaves (cmp.Less calls
// cmp.isNaN).
const leafDepth = 2

// leafCandidate reports whether fd, read without types, may pass
// foreignInlinable: a body of a few statements, without function
// literals, composite literals or calls other than conversions to
// predeclared types and calls of functions of its package (decls, by
// name) that are leaf candidates themselves, depth calls deep at most
// (what else a call is cannot be told without types, so it counts
// against). A loop is allowed: the inliner takes a leaf with a loop only
// into a caller without one (loopLeafFor).
func leafCandidate(fd *ast.FuncDecl, decls map[string]*ast.FuncDecl, depth int) bool {
	if fd.Body == nil || len(fd.Body.List) > 8 {
		return false
	}
	ok := true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.CompositeLit, *ast.GoStmt, *ast.DeferStmt:
			ok = false
		case *ast.CallExpr:
			fun := n.Fun
			if ix, isIndex := fun.(*ast.IndexExpr); isIndex {
				fun = ix.X // a generic function's instance, isNaN[T]
			}
			id, isIdent := fun.(*ast.Ident)
			switch {
			case byteOrderSyntax(fun):
				// binary.LittleEndian.Uint64(b): one load (byteorders.go),
				// told by types later.
			case !isIdent:
				ok = false
			case predeclaredType[id.Name]:
			case (id.Name == "len" || id.Name == "cap") && decls[id.Name] == nil:
				// The builtins, which a loop's bound calls.
			case decls[id.Name] != nil && decls[id.Name] != fd && depth > 0:
				ok = leafCandidate(decls[id.Name], decls, depth-1)
			default:
				ok = false
			}
		}
		return ok
	})
	return ok
}

// predeclaredType holds the predeclared types a conversion may name.
var predeclaredType = map[string]bool{
	"bool": true, "byte": true, "rune": true, "uintptr": true,
	"int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true,
	"float32": true, "float64": true,
}

// loadWithBodies loads the package of cfg again, all packages from
// source, with function bodies only in its own directory and in the
// directories of the packages paths.
func loadWithBodies(cfg *packages.Config, paths []string) ([]*packages.Package, error) {
	listed, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles, Dir: cfg.Dir, BuildFlags: cfg.BuildFlags}, paths...)
	if err != nil {
		return nil, err
	}
	keep := map[string]bool{}
	if dir, err := filepath.Abs(cfg.Dir); err == nil {
		keep[dir] = true
	}
	for _, p := range listed {
		for _, f := range p.GoFiles {
			keep[filepath.Dir(f)] = true
		}
	}
	full := *cfg
	full.Mode = packages.LoadAllSyntax
	full.Fset = token.NewFileSet()
	full.ParseFile = func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
		f, err := parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments)
		if err != nil || keep[filepath.Dir(filename)] {
			return f, err
		}
		// Declarations are all another package's types need; without
		// bodies its imports may go unused, an error nobody reads.
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && !needsBody(fd) {
				fd.Body = nil
			}
		}
		return f, nil
	}
	pkgs, err := packages.Load(&full, ".")
	if err != nil {
		return nil, err
	}
	// Without bodies, imports and variables may go unused: those errors
	// are the stripping's, and go/packages marks every importer
	// ill-typed for them (go/ssa then makes no package of it). Drop
	// them, and mark again only what other errors make ill-typed.
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		p.Errors = slices.DeleteFunc(p.Errors, strippingError)
		p.IllTyped = len(p.Errors) > 0
		for _, imp := range p.Imports {
			p.IllTyped = p.IllTyped || imp.IllTyped
		}
	})
	return pkgs, nil
}

// strippingError reports whether e is one that stripping bodies causes:
// an import or a variable left unused ("imported and not used", Go
// 1.27's "imported as x and not used", "declared and not used: x").
func strippingError(e packages.Error) bool {
	return e.Kind == packages.TypeError && strings.Contains(e.Msg, "and not used")
}

// needsBody reports whether the type checker requires fd's body: an init
// function's, a generic function's or a generic type's method's.
func needsBody(fd *ast.FuncDecl) bool {
	if fd.Name.Name == "init" || fd.Type.TypeParams != nil {
		return true
	}
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return false
	}
	t := fd.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	switch t.(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}

// foreignInlinable reports whether c, a function of another package, may
// be inlined into compiled code: a leaf that computes on its arguments,
// its locals and the memory they point to, with checks, and nothing the
// compiled package would have to name (globals, functions, interfaces),
// allocate or convert to a string, calling nothing but functions of its
// package that body (by IR name) returns and that are inlinable
// themselves, depth calls deep at most (cmp.Less calls cmp.isNaN).
func foreignInlinable(c *ir.Func, body func(sym string) *ir.Func, depth int) bool {
	for _, b := range c.Blocks {
		for _, in := range b.Instrs {
			if !scalarOperands(c, in) {
				return false
			}
			switch in.Op {
			case ir.OpConst, ir.OpCopy, ir.OpPhi,
				ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpRem, ir.OpAnd, ir.OpOr, ir.OpXor, ir.OpAndNot, ir.OpShl, ir.OpShr,
				ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe, ir.OpNeg, ir.OpNot, ir.OpCompl,
				ir.OpChangeType, ir.OpLoad, ir.OpFieldAddr, ir.OpField, ir.OpIndexAddr, ir.OpIndex, ir.OpSlice, ir.OpLen, ir.OpCap,
				ir.OpNilCheck, ir.OpBoundsCheck, ir.OpSliceCheck, ir.OpDivCheck, ir.OpShiftCheck, ir.OpLenCheck,
				ir.OpStore, ir.OpJump, ir.OpIf, ir.OpReturn, ir.OpRunDefers:
				// Stores are the naive form's, of locals and through
				// arguments; lowering refuses those of pointers (no
				// write barrier) as it would in the caller.
			case ir.OpAlloc:
				if in.Has(ir.FlagHeap) {
					return false
				}
			case ir.OpConvert:
				if isString(c.TypeOf(in.Dsts()[0])) != isString(c.TypeOf(in.Args()[0])) {
					return false
				}
			case ir.OpGlobal:
				if !byteOrderGlobal(in.Sym()) { // byteorders.go
					return false
				}
			case ir.OpCall:
				if in.CallMode == ir.CallStatic && byteOrderMethod(in.Sym()) {
					continue // one load or store (byteorders.go)
				}
				if in.CallMode != ir.CallStatic || depth == 0 || in.Sym() == c.Name {
					return false
				}
				own, _ := splitSym(c.Name)
				if pkg, _ := splitSym(in.Sym()); pkg != own {
					return false
				}
				if g := body(in.Sym()); g == nil || !foreignInlinable(g, body, depth-1) {
					return false
				}
			default:
				return false
			}
		}
	}
	return true
}

// scalarOperands reports whether in, if it computes (arithmetic or a
// comparison), does so on operands of one word that lowering takes: a
// string's comparison or concatenation (cmp.Compare[string]) and a
// complex number's arithmetic would be refused in the inlined body, at
// another package's position, where the call's trampoline compiles.
func scalarOperands(c *ir.Func, in *ir.Instr) bool {
	switch in.Op {
	case ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpRem, ir.OpAnd, ir.OpOr, ir.OpXor, ir.OpAndNot, ir.OpShl, ir.OpShr,
		ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe, ir.OpNeg, ir.OpNot, ir.OpCompl:
	default:
		return true
	}
	for _, a := range in.Args() {
		switch t := c.TypeOf(a).Underlying().(type) {
		case *types.Basic:
			if t.Info()&(types.IsString|types.IsComplex) != 0 {
				return false
			}
		case *types.Pointer:
		default:
			return false
		}
	}
	return true
}

// withoutPositions returns a copy of f, another package's body, whose
// instructions have no position: the inliner gives them the call's
// (splice), so that what the compiled code refuses in it is said at the
// user's call, not in a file of GOROOT or the module cache.
func withoutPositions(f *ir.Func) *ir.Func {
	g := f.Clone()
	for _, b := range g.Blocks {
		for _, list := range [2][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				in.Pos = token.NoPos
			}
		}
	}
	return g
}

// ownFunctions returns the functions of all that belong to p, instances
// of its generic functions included (an instance has no Pkg: its
// origin's is p).
func ownFunctions(all map[*ssa.Function]bool, p *ssa.Package) []*ssa.Function {
	var fns []*ssa.Function
	for fn := range all {
		if fn.Pkg == p || fn.Pkg == nil && fn.Origin() != nil && fn.Origin().Pkg == p {
			fns = append(fns, fn)
		}
	}
	return fns
}
