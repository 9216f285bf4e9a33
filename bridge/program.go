// This file loads Go packages, builds their go/ssa form and translates
// every function with a body into one IR module.

package bridge

import (
	"errors"
	"fmt"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/vssa-go/vssa/ir"
)

// Config says what to load.
type Config struct {
	Dir   string   // working directory of the build system; "" = current
	Env   []string // environment of the build system; nil = os.Environ()
	Tests bool     // include test packages

	// StdSource loads some packages of the standard library from source
	// when the packages need them (see source.go): the generic slices,
	// maps and cmp, so that the instantiations they use have bodies (the
	// interpreter cannot call a generic function of the real library),
	// and fmt if they give it their own types, so that it can look at
	// them through the interpreter's reflect. It costs a second, slower
	// load.
	StdSource bool

	// BuildErrors tolerates the go command's own errors in building the
	// packages (a "# pkg" report, such as gc's "missing function body"
	// for a function declared without one), when the type checker
	// found no error: vssa checks -gc reads GOROOT's errorcheck files,
	// some of which gc does not build alone.
	BuildErrors bool
}

// Program is a set of Go packages translated to IR. Functions with a
// body (those of the loaded packages, their instantiations and go/ssa's
// synthetic wrappers) are in Module.Funcs; functions without one (the
// packages loaded from export data, i.e. the standard library and other
// dependencies) are in Module.Externs with their signatures.
type Program struct {
	Fset     *token.FileSet
	SSA      *ssa.Program
	Packages []*ssa.Package // the packages named by the patterns
	Module   *ir.Module

	// Unsupported lists the functions that could not be translated, each
	// with the construct that stopped it. Calling one is an error at run
	// time.
	Unsupported map[string]error

	mu       sync.Mutex
	names    namer
	funcs    map[*ssa.Function]*ir.Func
	byName   map[string]*ssa.Function
	queue    []*ssa.Function
	queued   map[*ssa.Function]bool
	methods  typeutil.Map // types.Type → map[method name]function name
	typeSeen typeutil.Map // types whose method sets were queued

	// generic says that generic function bodies are translated, their
	// type parameters left in the IR's types: for analysis, never to
	// run (the operations on such values have no one meaning).
	generic bool
	// only, if not nil, are the functions to translate (analysis):
	// the others they refer to are declared, as externs.
	only map[*ssa.Function]bool
}

// Load loads the packages matching patterns with their syntax (their
// dependencies from export data), builds go/ssa in NaiveForm with
// instantiated generics, and translates it.
func Load(cfg Config, patterns ...string) (*Program, error) {
	pkgs, err := packages.Load(cfg.packages(packages.LoadSyntax), patterns...)
	if err != nil {
		return nil, err
	}
	var tolerated func(*packages.Package, packages.Error) bool
	if cfg.BuildErrors {
		tolerated = func(_ *packages.Package, e packages.Error) bool {
			return e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ")
		}
	}
	if err := loadErrors(pkgs, tolerated); err != nil {
		return nil, err
	}
	if tolerated != nil {
		// Well typed after all: go/ssa builds only packages not marked
		// ill typed.
		packages.Visit(pkgs, nil, func(p *packages.Package) { p.IllTyped = false })
	}
	if len(pkgs) == 0 {
		if noModule(cfg) {
			// go list reports it on stderr, which packages.Load drops.
			return nil, errors.New("go: go.mod file not found in current directory or any parent directory; see 'go help modules'")
		}
		return nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	const mode = ssa.NaiveForm | ssa.InstantiateGenerics
	fromSource := cfg.StdSource && importsGenericPackage(pkgs)
	var prog *ssa.Program
	var ssaPkgs []*ssa.Package
	if !fromSource {
		prog, ssaPkgs = ssautil.Packages(pkgs, mode)
		prog.Build()
		fromSource = cfg.StdSource && printsProgramTypes(pkgs, prog, ssaPkgs)
	}
	if fromSource {
		prog, ssaPkgs, err = loadFromSource(cfg, pkgs, patterns, mode)
		if err != nil {
			return nil, err
		}
	}
	return FromSSA(prog, ssaPkgs), nil
}

// packages returns the configuration of go/packages for cfg, in a
// file set of its own.
func (cfg Config) packages(mode packages.LoadMode) *packages.Config {
	return &packages.Config{Mode: mode, Dir: cfg.Dir, Env: cfg.Env, Tests: cfg.Tests, Fset: token.NewFileSet()}
}

// noModule reports whether the go command, run in cfg's directory and
// environment, is in module mode without a main module (then it matches
// no package pattern).
func noModule(cfg Config) bool {
	gomod, err := goEnv(cfg, "GOMOD")
	return err == nil && gomod == os.DevNull
}

// loadErrors returns the errors of the loaded packages, each once, as
// the go command prints them: with its position if it has one. The go
// command's own report of a package that does not compile ("# pkg" and
// the compiler's messages, without a position) repeats the type
// checker's errors, so it is left out when those are there. Errors
// expected (if expected is not nil) are left out too.
func loadErrors(pkgs []*packages.Package, expected func(*packages.Package, packages.Error) bool) error {
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if syntax := syntaxErrors(p); syntax != nil {
			errs = append(errs, syntax...)
			return
		}
		typed := false
		for _, e := range p.Errors {
			typed = typed || e.Kind == packages.TypeError || e.Kind == packages.ParseError
		}
		for _, e := range p.Errors {
			switch {
			case expected != nil && expected(p, e):
			case e.Kind == packages.ListError && typed && strings.HasPrefix(e.Msg, "# "):
			case e.Pos == "" || e.Pos == "-":
				errs = append(errs, e.Msg)
			default:
				errs = append(errs, e.Pos+": "+e.Msg)
			}
		}
	})
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "\n"))
	}
	return nil
}

// syntaxErrors returns the syntax errors of p's files as gofmt reports
// them, or nil if p has none. go/packages parses with
// parser.AllErrors, which reports every error the parser recovers
// from, several per line and some twice, and then type-checks what
// parsed, adding errors that are only the syntax errors' consequences
// ("declared and not used" of a variable whose use did not parse). So a
// package with a syntax error reports only those, parsed again in
// go/parser's default mode: the first error of each line, at most ten.
func syntaxErrors(p *packages.Package) []string {
	if !slices.ContainsFunc(p.Errors, func(e packages.Error) bool { return e.Kind == packages.ParseError }) {
		return nil
	}
	var errs []string
	for _, file := range p.CompiledGoFiles {
		_, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
		var list scanner.ErrorList
		if errors.As(err, &list) {
			for _, e := range list {
				errs = append(errs, e.Error())
			}
		}
	}
	if len(errs) == 0 {
		return nil // the files parse after all: report what go/packages says
	}
	// The go command's own errors other than its build's ("# pkg").
	for _, e := range p.Errors {
		if e.Kind == packages.ListError && !strings.HasPrefix(e.Msg, "# ") {
			errs = append(errs, e.Error())
		}
	}
	return errs
}

// FromSSA translates the functions of built go/ssa packages (and all
// functions they refer to that have bodies).
func FromSSA(prog *ssa.Program, pkgs []*ssa.Package) *Program {
	p := newProgram(prog)
	p.Packages = pkgs
	for _, pkg := range pkgs {
		if pkg != nil {
			p.noteMembers(pkg)
		}
	}
	p.drain()
	return p
}

// noteMembers records pkg's functions, methods and globals.
func (p *Program) noteMembers(pkg *ssa.Package) {
	for _, m := range pkg.Members {
		switch m := m.(type) {
		case *ssa.Function:
			p.noteFunc(m)
		case *ssa.Type:
			if _, isIface := m.Type().Underlying().(*types.Interface); !isIface {
				p.noteMethods(m.Type())
				p.noteMethods(types.NewPointer(m.Type()))
			}
		case *ssa.Global:
			p.Module.Globals[p.globalName(m)] = m.Type().(*types.Pointer).Elem()
		}
	}
}

// ForAnalysis translates fns, functions of a built go/ssa package
// (members or not: functions named _, literals), for analysis: generic
// bodies too, with their type parameters in the IR's types. The
// functions they refer to are declared, not translated. Such a program
// must not be run.
func ForAnalysis(prog *ssa.Program, pkg *ssa.Package, fns []*ssa.Function) *Program {
	p := newProgram(prog)
	p.generic = true
	p.only = map[*ssa.Function]bool{}
	for _, fn := range fns {
		p.only[fn] = true
	}
	p.Packages = []*ssa.Package{pkg}
	p.noteMembers(pkg)
	for _, fn := range fns {
		p.noteFunc(fn)
	}
	p.drain()
	return p
}

func newProgram(prog *ssa.Program) *Program {
	m := ir.NewModule()
	m.Fset = prog.Fset
	return &Program{
		Fset:        prog.Fset,
		SSA:         prog,
		Module:      m,
		Unsupported: map[string]error{},
		funcs:       map[*ssa.Function]*ir.Func{},
		queued:      map[*ssa.Function]bool{},
		names:       namer{byName: map[string]*ssa.Function{}, byFunc: map[*ssa.Function]string{}},
	}
}

// noteClosure records a function a closure is made of: translated
// even under only, since the IR declares a closure's free variables
// with its body (a bound method's wrapper, go/ssa's $bound, is no
// source function).
func (p *Program) noteClosure(fn *ssa.Function) {
	if p.only != nil {
		p.only[fn] = true
	}
	p.noteFunc(fn)
}

// noteFunc records a function the module refers to: one with a body is
// queued for translation, one without is declared as external.
func (p *Program) noteFunc(fn *ssa.Function) {
	if p.queued[fn] {
		return
	}
	p.queued[fn] = true
	name := p.names.name(fn)
	if fn.Blocks == nil || p.dependencyInit(fn) || p.only != nil && !p.only[fn] {
		p.Module.Externs[name] = flatSignature(fn.Signature)
		return
	}
	if fn.TypeParams().Len() > 0 && len(fn.TypeArgs()) == 0 && !p.generic {
		return // generic bodies are only used through their instantiations
	}
	p.queue = append(p.queue, fn)
}

// dependencyInit reports whether fn is the initializer of a package
// other than those named by the patterns and sourcePackages. Packages
// loaded from export data have none with a body; those loaded from
// source (source.go) have, but the real package was initialised with
// the process, as for the others. The variables of sourcePackages are
// the interpreter's, so their initializers run interpreted.
func (p *Program) dependencyInit(fn *ssa.Function) bool {
	if fn.Synthetic != "package initializer" || slices.Contains(sourcePackages, fn.Pkg.Pkg.Path()) {
		return false
	}
	for _, pkg := range p.Packages {
		if pkg == fn.Pkg {
			return false
		}
	}
	return true
}

// noteMethods queues the methods of t's method set, so that interface
// calls on values of type t find them.
func (p *Program) noteMethods(t types.Type) {
	if p.typeSeen.At(t) != nil || hasTypeParam(t) {
		return
	}
	p.typeSeen.Set(t, true)
	mset := p.SSA.MethodSets.MethodSet(t)
	table := map[string]string{}
	for i := 0; i < mset.Len(); i++ {
		sel := mset.At(i)
		fn := p.SSA.MethodValue(sel)
		if fn == nil {
			continue
		}
		p.noteFunc(fn)
		table[sel.Obj().Name()] = p.names.name(fn)
	}
	p.methods.Set(t, table)
	if len(table) > 0 {
		// The module's text carries it (vssa dump, then vssa run).
		p.Module.Methods[ir.TypeString(t)] = maps.Clone(table)
	}
}

// Method returns the name of the function implementing method name for
// dynamic type t (as recorded when a value of type t was converted to an
// interface), or "" if unknown.
func (p *Program) Method(t types.Type, name string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.typeSeen.At(t) == nil {
		p.noteMethods(t)
		p.drain()
	}
	table, _ := p.methods.At(t).(map[string]string)
	return table[name]
}

// drain translates queued functions until none is left.
func (p *Program) drain() {
	for len(p.queue) > 0 {
		fn := p.queue[0]
		p.queue = p.queue[1:]
		f, err := p.translate(fn)
		if err != nil {
			p.Unsupported[p.names.name(fn)] = err
			p.Module.Externs[p.names.name(fn)] = flatSignature(fn.Signature)
			continue
		}
		p.funcs[fn] = f
		p.Module.Add(f)
	}
	// Keep the module's function order deterministic.
	sort.SliceStable(p.Module.Funcs, func(i, j int) bool { return p.Module.Funcs[i].Name < p.Module.Funcs[j].Name })
}

// IRFunc returns the translation of fn, or nil.
func (p *Program) IRFunc(fn *ssa.Function) *ir.Func {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.funcs[fn]
}

// SSAFunc returns the go/ssa function behind an IR function name.
func (p *Program) SSAFunc(name string) *ssa.Function {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.names.byName[name]
}

// globalName returns the IR name of a package-level variable.
func (p *Program) globalName(g *ssa.Global) string {
	return g.Pkg.Pkg.Path() + "." + g.Name()
}

// flatSignature returns sig with its receiver, if any, as the first
// parameter, which is how IR functions take it.
func flatSignature(sig *types.Signature) *types.Signature {
	recv := sig.Recv()
	if recv == nil {
		return types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic())
	}
	params := []*types.Var{recv}
	for i := 0; i < sig.Params().Len(); i++ {
		params = append(params, sig.Params().At(i))
	}
	return types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), sig.Results(), sig.Variadic())
}

// namer gives every go/ssa function a unique IR name: its go/ssa name
// ("main.f", "(*main.T).M", "main.f$1", "main.g[int]"), with "#2", "#3"…
// appended if two functions share one.
type namer struct {
	byName map[string]*ssa.Function
	byFunc map[*ssa.Function]string
}

func (n *namer) name(fn *ssa.Function) string {
	if s, ok := n.byFunc[fn]; ok {
		return s
	}
	base := fn.String()
	s := base
	for k := 2; n.byName[s] != nil; k++ {
		s = fmt.Sprintf("%s#%d", base, k)
	}
	n.byName[s] = fn
	n.byFunc[fn] = s
	return s
}

// LookupType returns the named type name of the package with the given
// path, if the program has the package and the type.
func (p *Program) LookupType(pkgPath, name string) types.Type {
	pkg := p.SSA.ImportedPackage(pkgPath)
	if pkg == nil {
		return nil
	}
	obj, _ := pkg.Pkg.Scope().Lookup(name).(*types.TypeName)
	if obj == nil {
		return nil
	}
	return obj.Type()
}
