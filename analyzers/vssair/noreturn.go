package vssair

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"
)

// NoReturnFact says that a function never returns normally (it exits,
// panics or loops on every path), as x/tools' ctrlflow finds it: vssair
// derives it itself, for go/ssa's calls that end their block. ctrlflow
// requires inspect, whose inspector of every package's syntax, with
// ctrlflow's CFGs of every function, x/tools' checker keeps to its end,
// and go vet pays both on every dependency; vssair needs only the facts
// and the package's own set, which it keeps no longer than its Result.
type NoReturnFact struct{}

// AFact marks NoReturnFact as an analysis fact.
func (*NoReturnFact) AFact() {}

func (*NoReturnFact) String() string { return "noReturn" }

// noReturns finds the package's functions that never return and
// exports a fact for each; it returns them, with the imported ones its
// calls name that have the fact, as ctrlflow's NoReturn does: a
// function's CFG, built with the calls that do not return ending their
// block, has no reachable return; callees in the package first, a
// cycle of calls broken where it closes.
func noReturns(pass *analysis.Pass) map[*types.Func]bool {
	n := &noReturnFinder{pass: pass, decls: map[*types.Func]*ast.FuncDecl{}, started: map[*types.Func]bool{}, noReturn: map[*types.Func]bool{}}
	var order []*types.Func
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			if d, ok := decl.(*ast.FuncDecl); ok {
				// Type information may be incomplete.
				if fn, ok := pass.TypesInfo.Defs[d.Name].(*types.Func); ok {
					n.decls[fn] = d
					order = append(order, fn)
				}
			}
		}
	}
	for _, fn := range order {
		n.decl(fn)
	}
	// ctrlflow builds the CFGs of function literals too, and so learns
	// of the imported functions that do not return called there alone
	// (t.Fatal in a t.Run closure): a call that is a statement is what
	// a CFG asks about.
	for _, file := range pass.Files {
		ast.Inspect(file, func(node ast.Node) bool {
			if lit, ok := node.(*ast.FuncLit); ok {
				ast.Inspect(lit.Body, func(node ast.Node) bool {
					if s, ok := node.(*ast.ExprStmt); ok {
						if call, ok := s.X.(*ast.CallExpr); ok {
							n.mayReturn(call)
						}
					}
					return true
				})
				return false // its literals were just walked
			}
			return true
		})
	}
	return n.noReturn
}

type noReturnFinder struct {
	pass     *analysis.Pass
	decls    map[*types.Func]*ast.FuncDecl
	started  map[*types.Func]bool // to break cycles
	noReturn map[*types.Func]bool
}

// decl decides whether fn, declared in the package, never returns.
func (n *noReturnFinder) decl(fn *types.Func) {
	if n.started[fn] {
		return
	}
	n.started[fn] = true
	noreturn, known := knownNoReturn(fn)
	if d := n.decls[fn]; !known && d.Body != nil {
		noreturn = cfg.New(d.Body, n.mayReturn).NoReturn()
	}
	if noreturn {
		n.pass.ExportObjectFact(fn, new(NoReturnFact))
		n.noReturn[fn] = true
	}
}

// mayReturn reports whether a call may return, for cfg.New.
func (n *noReturnFinder) mayReturn(call *ast.CallExpr) bool {
	if id, ok := call.Fun.(*ast.Ident); ok && n.pass.TypesInfo.Uses[id] == panicBuiltin {
		return false
	}
	fn := typeutil.StaticCallee(n.pass.TypesInfo, call)
	if fn == nil {
		return true // not known statically
	}
	if _, ok := n.decls[fn]; ok {
		n.decl(fn)
		return !n.noReturn[fn]
	}
	if n.pass.ImportObjectFact(fn, new(NoReturnFact)) {
		n.noReturn[fn] = true
		return false
	}
	return true
}

var panicBuiltin = types.Universe.Lookup("panic")

// knownNoReturn tells of the functions whose bodies do not show
// whether they return, as ctrlflow's list has them: those that stop the
// thread or process from below Go (and popular loggers' fatal methods,
// beyond what the bodies show), and compiler intrinsics that return
// though their bodies do not.
func knownNoReturn(fn *types.Func) (noreturn, known bool) {
	if fn.Pkg() == nil {
		return false, false
	}
	path, name := fn.Pkg().Path(), fn.Name()
	recv := ""
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		t := sig.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		named, ok := t.(*types.Named)
		if !ok {
			return false, false
		}
		recv = named.Obj().Name()
	}
	if noReturnKnown[path][recv+"."+name] {
		return true, true
	}
	if returnsKnown[path][recv+"."+name] {
		return false, true
	}
	return false, false
}

// noReturnKnown and returnsKnown are ctrlflow's lists, by package path
// and "Recv.Name" (".Name" for a function).
var noReturnKnown = map[string]map[string]bool{
	"syscall":                    set(".Exit .ExitProcess .ExitThread"),
	"runtime":                    set(".Goexit .fatalthrow .fatalpanic .exit"),
	"go.uber.org/zap":            set("Logger.Fatal Logger.Panic SugaredLogger.Fatal SugaredLogger.Fatalw SugaredLogger.Fatalf SugaredLogger.Panic SugaredLogger.Panicw SugaredLogger.Panicf"),
	"github.com/sirupsen/logrus": set("Logger.Exit Logger.Panic Logger.Panicf Logger.Panicln Entry.Panicf Entry.Panicln"),
	"k8s.io/klog":                set(".Exit .ExitDepth .Exitf .Exitln .Fatal .FatalDepth .Fatalf .Fatalln"),
	"k8s.io/klog/v2":             set(".Exit .ExitDepth .Exitf .Exitln .Fatal .FatalDepth .Fatalf .Fatalln"),
}

var returnsKnown = map[string]map[string]bool{
	"internal/abi": set(".EscapeNonString"),
	"hash/maphash": set(".Comparable"),
}
