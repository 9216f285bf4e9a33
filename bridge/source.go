// This file loads the standard library's generic packages from source.
//
// The standard library is otherwise loaded from export data: its
// functions have no body here, and the interpreter calls the real ones
// through its table. A generic function cannot be in that table (there
// is no compiled function for an instantiation the program makes), so
// a program that imports slices, maps or cmp is loaded a second time
// with the syntax of every package, type-checked from source so that
// all types agree: the bodies of the program and of those packages are
// kept, every other body is dropped while parsing (its functions stay
// external, as before), which keeps the cost near that of type
// checking declarations.

package bridge

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// sourcePackages are the standard library packages loaded from source
// when the program imports one of them: slices, maps and cmp, pure Go,
// almost all generic; fmt (with internal/fmtsort), which looks at the
// program's values with reflect and calls their methods, which only
// the interpreter's reflect sees (interp/reflect.go); log (with
// log/internal), which prints with fmt; encoding/json and text/template
// (with text/template/parse), which walk the program's values with
// reflect and call their methods. Their package initializers run
// interpreted too: their variables, and so their types, are the
// interpreter's; container/list and container/ring, which keep the
// program's values and hand them back (the real ones would hold
// stand-ins, without the program's types). Of the other packages, only
// the generic functions keep their bodies (isGeneric).
var sourcePackages = []string{"cmp", "maps", "slices", "fmt", "internal/fmtsort", "log", "log/internal", "encoding/json", "text/template", "text/template/parse", "container/list", "container/ring"}

// importsGenericPackage reports whether a loaded package imports
// slices, maps or cmp, which are only usable from source, or
// container/list or container/ring, which are only exact from source.
func importsGenericPackage(pkgs []*packages.Package) bool {
	for _, p := range pkgs {
		for _, path := range []string{"slices", "maps", "cmp", "container/list", "container/ring"} {
			if p.Imports[path] != nil {
				return true
			}
		}
	}
	return false
}

// printsProgramTypes reports whether a program, loaded and built from
// export data, needs fmt (or log, encoding/json, text/template) from
// source: it imports one of them and converts a value of a type it
// declares (or one made of such types, or a value of package reflect,
// which the interpreter implements) to an interface, which they may be
// given; or converts to an empty interface a value that fmt may print
// as an address (printsAddress). The real fmt prints every other value
// as Go does (the interpreter checks that before each call), and
// loading from source is five times slower, so programs that never
// give fmt a type of their own or an address do without.
func printsProgramTypes(pkgs []*packages.Package, prog *ssa.Program, roots []*ssa.Package) bool {
	importsFmt := false
	own := map[*types.Package]bool{}
	for _, p := range pkgs {
		importsFmt = importsFmt || p.Imports["fmt"] != nil || p.Imports["log"] != nil || p.Imports["encoding/json"] != nil || p.Imports["text/template"] != nil
		own[p.Types] = true
	}
	if !importsFmt {
		return false
	}
	var ownType func(t types.Type, seen map[types.Type]bool) bool
	ownType = func(t types.Type, seen map[types.Type]bool) bool {
		if seen[t] {
			return false
		}
		seen[t] = true
		switch t := types.Unalias(t).(type) {
		case *types.Named:
			if own[t.Obj().Pkg()] || t.Obj().Pkg() != nil && t.Obj().Pkg().Path() == "reflect" {
				return true // (the interpreter's reflect.Values are not reflect's)
			}
			for i := 0; i < t.TypeArgs().Len(); i++ {
				if ownType(t.TypeArgs().At(i), seen) {
					return true
				}
			}
			return ownType(t.Underlying(), seen)
		case *types.Pointer:
			return ownType(t.Elem(), seen)
		case *types.Slice:
			return ownType(t.Elem(), seen)
		case *types.Array:
			return ownType(t.Elem(), seen)
		case *types.Map:
			return ownType(t.Key(), seen) || ownType(t.Elem(), seen)
		case *types.Chan:
			return ownType(t.Elem(), seen)
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				if ownType(t.Field(i).Type(), seen) {
					return true
				}
			}
		}
		return false
	}
	// The program's functions: its packages' functions and methods,
	// their closures and the instantiations they refer to (all of
	// ssautil.AllFunctions would take longer than the rest of the load).
	var queue []*ssa.Function
	seen := map[*ssa.Function]bool{}
	add := func(fn *ssa.Function) {
		if fn != nil && !seen[fn] && fn.Pkg != nil && own[fn.Pkg.Pkg] {
			seen[fn] = true
			queue = append(queue, fn)
		}
	}
	for _, p := range roots {
		for _, m := range p.Members {
			switch m := m.(type) {
			case *ssa.Function:
				add(m)
			case *ssa.Type:
				for _, t := range []types.Type{m.Type(), types.NewPointer(m.Type())} {
					ms := prog.MethodSets.MethodSet(t)
					for i := 0; i < ms.Len(); i++ {
						add(prog.MethodValue(ms.At(i)))
					}
				}
			}
		}
	}
	for len(queue) > 0 {
		fn := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if mi, ok := in.(*ssa.MakeInterface); ok && (ownType(mi.X.Type(), map[types.Type]bool{}) || printsAddress(mi)) {
					return true
				}
				for _, op := range in.Operands(nil) {
					if f, ok := (*op).(*ssa.Function); ok {
						add(f)
					}
				}
			}
		}
	}
	return false
}

// printsAddress reports whether mi converts to an empty interface (the
// printing functions' operands) a value that fmt may print as an
// address: a pointer, unsafe.Pointer, func or channel, or an unnamed
// slice, array, map or struct holding one (values of the standard
// library's named types are real, and print their own addresses). The real fmt
// would print the address of the copy that crosses, where the
// interpreted one prints the variable's (the interpreter checks which
// each call needs).
func printsAddress(mi *ssa.MakeInterface) bool {
	if it, ok := mi.Type().Underlying().(*types.Interface); !ok || it.NumMethods() > 0 {
		return false
	}
	var holds func(t types.Type, depth int) bool
	holds = func(t types.Type, depth int) bool {
		if depth > 8 {
			return false
		}
		switch t := t.(type) {
		case *types.Pointer, *types.Signature, *types.Chan:
			return true
		case *types.Basic:
			return t.Kind() == types.UnsafePointer
		case *types.Slice:
			return holds(t.Elem(), depth+1)
		case *types.Array:
			return holds(t.Elem(), depth+1)
		case *types.Map:
			return holds(t.Key(), depth+1) || holds(t.Elem(), depth+1)
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				if holds(t.Field(i).Type(), depth+1) {
					return true
				}
			}
		}
		return false // named types of the standard library, basic values
	}
	return holds(types.Unalias(mi.X.Type()), 0)
}

// loadFromSource loads the packages again (see the file comment): the
// files of roots keep their bodies, and so do those of sourcePackages in
// GOROOT. It returns the packages matching the patterns and go/ssa's
// program built from them, with those packages' go/ssa packages in the
// same order.
func loadFromSource(cfg Config, roots []*packages.Package, patterns []string, mode ssa.BuilderMode) (*ssa.Program, []*ssa.Package, error) {
	goroot, err := goEnv(cfg, "GOROOT")
	if err != nil {
		return nil, nil, err
	}
	keep := map[string]bool{}
	for _, p := range roots {
		for _, f := range p.CompiledGoFiles {
			keep[f] = true
		}
	}
	var keepDirs []string
	for _, path := range sourcePackages {
		keepDirs = append(keepDirs, filepath.Join(goroot, "src", path))
	}
	interpreterOwn := map[string]bool{}
	for _, path := range []string{"reflect", "runtime", "unsafe"} {
		interpreterOwn[filepath.Join(goroot, "src", path)] = true
	}
	pcfg := cfg.packages(packages.LoadAllSyntax)
	pcfg.ParseFile = func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
		f, err := parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
		if f != nil && !keep[filename] && !inDirs(filename, keepDirs) {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && (!isGeneric(fd) || interpreterOwn[filepath.Dir(filename)]) {
					fd.Body = nil
				}
			}
		}
		return f, err
	}
	pkgs, err := packages.Load(pcfg, patterns...)
	if err != nil {
		return nil, nil, err
	}
	isRoot := map[string]bool{}
	for _, p := range pkgs {
		isRoot[p.ID] = true
	}
	if err := loadErrors(pkgs, func(p *packages.Package, e packages.Error) bool {
		return !isRoot[p.ID] && e.Kind == packages.TypeError && droppedBody(e.Msg)
	}); err != nil {
		return nil, nil, err
	}
	// ssautil leaves out packages with errors: the packages are created
	// here, all from their syntax.
	prog := ssa.NewProgram(pcfg.Fset, mode)
	created := map[*packages.Package]*ssa.Package{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Types != nil {
			created[p] = prog.CreatePackage(p.Types, p.Syntax, p.TypesInfo, true)
		}
	})
	var ssaPkgs []*ssa.Package
	for _, p := range pkgs {
		ssaPkgs = append(ssaPkgs, created[p])
	}
	prog.Build()
	return prog, ssaPkgs, nil
}

// isGeneric reports whether fd declares a generic function or a method
// of a generic type. Their bodies are kept in every package but those
// the interpreter implements itself (reflect, runtime): the standard
// library's table holds no generic function (an instance is compiled
// for its type arguments), so go/ssa instantiates them from source, as
// the program's own.
func isGeneric(fd *ast.FuncDecl) bool {
	if fd.Type.TypeParams != nil {
		return true
	}
	if fd.Recv == nil || len(fd.Recv.List) != 1 {
		return false
	}
	recv := fd.Recv.List[0].Type
	if star, ok := recv.(*ast.StarExpr); ok {
		recv = star.X
	}
	switch recv.(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}

// droppedBody reports whether a type error is one that dropping bodies
// causes: imports only the bodies used, and the declarations Go
// requires a body of (generic functions, init). Should a new version of
// go/types word them otherwise, loading fails with them, never silently.
func droppedBody(msg string) bool {
	return strings.HasPrefix(msg, "\"") && strings.HasSuffix(msg, " and not used") && strings.Contains(msg, " imported") ||
		msg == "generic function is missing function body" ||
		msg == "func init must have a body"
}

// inDirs reports whether file is directly in one of dirs.
func inDirs(file string, dirs []string) bool {
	dir := filepath.Dir(file)
	for _, d := range dirs {
		if dir == d {
			return true
		}
	}
	return false
}

// goEnv returns a variable of the go command's environment, as the go
// command run in cfg's directory and environment sees it.
func goEnv(cfg Config, name string) (string, error) {
	cmd := exec.Command("go", "env", name)
	cmd.Dir, cmd.Env = cfg.Dir, cfg.Env
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}
