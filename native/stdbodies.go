// This file gives the IR inliner (irinline.go) the bodies of cmp.Less
// and cmp.Compare (and of cmp's isNaN, which they call) at integer and
// float type arguments. Hot generic code compares with them (slices'
// BinarySearch, Compare, IsSorted), but the package is loaded from
// export data, without bodies, and a call through a trampoline for each
// comparison made the compiled loops several times slower than gc's,
// which inlines them. The bodies are cmp's own source, read from GOROOT
// and built, in a program of their own, at the type arguments a call
// names.

package native

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
)

// stdBodies builds and keeps the bodies, by IR name
// ("cmp.Less[int32]"); a name it cannot build is nil.
type stdBodies struct {
	built map[string]*ir.Func
	tried map[string]bool // type arguments tried
}

// body returns the IR of sym, a call of cmp.Less, cmp.Compare or
// cmp.isNaN at one integer or float type argument, or nil.
func (s *stdBodies) body(sym string) *ir.Func {
	rest, ok := strings.CutPrefix(sym, "cmp.")
	if !ok {
		return nil
	}
	name, arg, ok := strings.Cut(strings.TrimSuffix(rest, "]"), "[")
	if !ok || name != "Less" && name != "Compare" && name != "isNaN" {
		return nil
	}
	b, ok := types.Universe.Lookup(arg).(*types.TypeName)
	if !ok {
		return nil
	}
	if basic, ok := b.Type().(*types.Basic); !ok || basic.Info()&(types.IsInteger|types.IsFloat) == 0 {
		return nil
	}
	if s.built == nil {
		s.built, s.tried = map[string]*ir.Func{}, map[string]bool{}
	}
	if !s.tried[arg] {
		s.tried[arg] = true
		s.build(arg)
	}
	return s.built[sym]
}

// build builds cmp's Less, Compare and isNaN at type argument arg into
// s.built; on any failure, nothing (the calls stay calls).
func (s *stdBodies) build(arg string) {
	src, err := os.ReadFile(filepath.Join(build.Default.GOROOT, "src", "cmp", "cmp.go"))
	if err != nil {
		return
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "cmp.go", src, parser.SkipObjectResolution)
	if err != nil || len(f.Imports) > 0 {
		return
	}
	inst, err := parser.ParseFile(fset, "instances.go", "package cmp\n\nvar vssaLess, vssaCompare, vssaIsNaN = Less["+arg+"], Compare["+arg+"], isNaN["+arg+"]\n", 0)
	if err != nil {
		return
	}
	files := []*ast.File{f, inst}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Implicits: map[ast.Node]types.Object{}, Instances: map[*ast.Ident]types.Instance{}, Scopes: map[ast.Node]*types.Scope{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}, FileVersions: map[*ast.File]string{},
	}
	pkg, err := (&types.Config{}).Check("cmp", fset, files, info)
	if err != nil {
		return
	}
	prog := ssa.NewProgram(fset, ssa.NaiveForm|ssa.InstantiateGenerics)
	sp := prog.CreatePackage(pkg, files, info, true)
	prog.Build()
	bp := bridge.FromSSA(prog, []*ssa.Package{sp})
	for fn := range ssautil.AllFunctions(prog) {
		if len(fn.TypeArgs()) != 1 {
			continue
		}
		g := bp.IRFunc(fn)
		if g == nil {
			continue
		}
		// Positions of another file set: an error in the inlined
		// code is the call's.
		for _, b := range g.Blocks {
			for _, in := range b.Instrs {
				in.Pos = token.NoPos
			}
		}
		s.built[fn.String()] = g
	}
}
