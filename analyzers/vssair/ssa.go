package vssair

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// buildSSA builds the package's SSA as buildssa does, calls of the
// functions that never return (noReturns, by vssair's facts as
// ctrlflow's would say, and those named by -noreturn) followed by a
// panic, as one to os.Exit is, so that the code after it is not
// reachable. It returns the package
// and its source functions, function literals included, in source
// order.
func buildSSA(pass *analysis.Pass, noReturns map[*types.Func]bool) (*ssa.Package, []*ssa.Function) {
	prog := ssa.NewProgram(pass.Fset, 0)
	named := noReturn.names()
	prog.SetNoReturn(func(fn *types.Func) bool { return noReturns[fn] || named[fn.FullName()] })
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()
	return pkg, SourceFuncs(prog, pass.Files, pass.TypesInfo)
}

// SourceFuncs returns the functions declared in files (whose types
// are in info), each followed by its function literals, in source
// order.
func SourceFuncs(prog *ssa.Program, files []*ast.File, info *types.Info) []*ssa.Function {
	var fns []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		fns = append(fns, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	for _, file := range files {
		for _, decl := range file.Decls {
			if d, ok := decl.(*ast.FuncDecl); ok {
				if obj, ok := info.Defs[d.Name].(*types.Func); ok {
					if fn := prog.FuncValue(obj); fn != nil {
						add(fn)
					}
				}
			}
		}
	}
	return fns
}

// funcList is a flag's list of functions by full name
// ("pkg/path.F", "(*pkg/path.T).M"), comma-separated.
type funcList string

func (l *funcList) String() string     { return string(*l) }
func (l *funcList) Set(s string) error { *l = funcList(s); return nil }

func (l *funcList) names() map[string]bool {
	m := map[string]bool{}
	for _, name := range strings.Split(string(*l), ",") {
		if name = strings.TrimSpace(name); name != "" {
			m[name] = true
		}
	}
	return m
}

// noReturn are the functions -noreturn names.
var noReturn funcList

func init() {
	Analyzer.Flags.Var(&noReturn, "noreturn", "comma-separated functions that never return, by full name (example.com/log.Fatal,(*example.com/log.Logger).Fatal): code after a call to one is not analysed, as after os.Exit")
}
