package bce

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/vssa-go/vssa/analyzers/vssair"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// confirm returns those of the bounds checks at checks (positions in
// file) of the function fn that check elimination removes once edit is
// made: it type-checks the package again with the edited file, builds
// its SSA and vssa's validated IR for fn, as vssair does, and looks for
// the checks where the edit moved them. Anything that goes wrong on the
// way (a file it cannot read, an edit that does not compile) removes
// none.
func confirm(pass *analysis.Pass, fn *ssa.Function, file *ast.File, edit analysis.TextEdit, checks []token.Pos) map[token.Pos]bool {
	fset := token.NewFileSet()
	var files []*ast.File
	var edited *token.File
	shift := len(edit.NewText) - int(edit.End-edit.Pos)
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.Pos())
		src, err := pass.ReadFile(tf.Name())
		if err != nil {
			return nil
		}
		if f == file {
			src = slices.Concat(src[:tf.Offset(edit.Pos)], edit.NewText, src[tf.Offset(edit.End):])
		}
		g, err := parser.ParseFile(fset, tf.Name(), src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil
		}
		files = append(files, g)
		if f == file {
			edited = fset.File(g.Pos())
		}
	}
	conf := &types.Config{Importer: importsOf(pass), Sizes: pass.TypesSizes, GoVersion: pass.Pkg.GoVersion()}
	pkg, info, err := ssautil.BuildPackage(conf, fset, types.NewPackage(pass.Pkg.Path(), pass.Pkg.Name()), files, 0)
	if err != nil {
		return nil
	}
	var g *ssa.Function
	for _, h := range vssair.SourceFuncs(pkg.Prog, files, info) {
		if h.String() == fn.String() {
			g = h
			break
		}
	}
	if g == nil {
		return nil
	}
	built := vssair.Build(pkg, []*ssa.Function{g}, vssair.NoContracts{})
	if len(built) == 0 {
		return nil
	}
	form := built[0].Forms[len(built[0].Forms)-1]
	if form.Checks == nil {
		return nil
	}
	// The checks' new positions: each moved by the edit before it.
	original := map[token.Pos]token.Pos{}
	tf := pass.Fset.File(file.Pos())
	for _, c := range checks {
		off := tf.Offset(c)
		if off >= tf.Offset(edit.Pos) {
			off += shift
		}
		original[edited.Pos(off)] = c
	}
	removed := map[validate.CheckRemoval]bool{}
	for _, m := range form.Checks.Removed {
		removed[m] = true
	}
	// A check counts as removed if it is found and every instance of it
	// is removed: one not found means that the positions do not match,
	// not that it went.
	found, kept := map[token.Pos]bool{}, map[token.Pos]bool{}
	for b, block := range form.IR.Blocks {
		for k, in := range block.Instrs {
			if c, ok := original[in.Pos]; ok && in.Op == ir.OpBoundsCheck {
				found[c] = true
				kept[c] = kept[c] || !removed[validate.CheckRemoval{Block: b, Index: k}]
			}
		}
	}
	gone := map[token.Pos]bool{}
	for c := range found {
		if !kept[c] {
			gone[c] = true
		}
	}
	return gone
}

// importsOf imports what the package's files import, by the paths
// written in them: the packages its own type-checking used.
func importsOf(pass *analysis.Pass) types.Importer {
	byPath := map[string]*types.Package{"unsafe": types.Unsafe}
	for _, f := range pass.Files {
		for _, spec := range f.Imports {
			obj := pass.TypesInfo.Implicits[spec]
			if spec.Name != nil {
				obj = pass.TypesInfo.Defs[spec.Name]
			}
			if pn, ok := obj.(*types.PkgName); ok {
				byPath[importPath(spec)] = pn.Imported()
			}
		}
	}
	return importer(byPath)
}

type importer map[string]*types.Package

func (m importer) Import(path string) (*types.Package, error) {
	if p, ok := m[path]; ok {
		return p, nil
	}
	return nil, &types.Error{Msg: "bce: package " + path + " was not imported by the original"}
}

func importPath(spec *ast.ImportSpec) string {
	p, _ := strconv.Unquote(spec.Path.Value)
	return p
}
