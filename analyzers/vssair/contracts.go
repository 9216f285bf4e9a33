package vssair

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// ContractFact is a function's contract (validate.Contract), derived
// from its accepted check elimination certificate, exported for the
// packages that call it. Never changed once exported.
type ContractFact struct{ validate.Contract }

// AFact marks ContractFact as an analysis fact.
func (*ContractFact) AFact() {}

func (c *ContractFact) String() string {
	return fmt.Sprintf("contract(nonnil results %v, nonnil params %v)", c.NonNilResults, c.NonNilParams)
}

// A ContractBook gives the contracts of called functions and records
// those of the functions built.
type ContractBook interface {
	Contract(fn *ssa.Function) *validate.Contract
	Record(fn *ssa.Function, c *validate.Contract)
}

// factBook keeps contracts as the analysis' object facts: those of
// other packages' functions come from their analysis, those of the
// package's are exported as they are derived.
type factBook struct{ pass *analysis.Pass }

func (b factBook) Contract(fn *ssa.Function) *validate.Contract {
	obj := declared(fn)
	if obj == nil {
		return nil
	}
	var fact ContractFact
	if !b.pass.ImportObjectFact(obj, &fact) {
		return nil
	}
	return &fact.Contract
}

// Record exports c, unless fn is declared in a file built only for
// some targets: its contract holds for this build's target, and the
// callers' code is built for others too (a platform's variant of a
// function may return nil where this one does not). Branches on
// constants, runtime.GOOS == "windows" included, stay in the IR, so
// the contract of a function in a file built everywhere holds
// everywhere.
func (b factBook) Record(fn *ssa.Function, c *validate.Contract) {
	obj := declared(fn)
	if obj == nil || obj.Pkg() != b.pass.Pkg || len(c.NonNilResults)+len(c.NonNilParams) == 0 || targetSpecific(b.pass, obj.Pos()) {
		return
	}
	b.pass.ExportObjectFact(obj, &ContractFact{*c})
}

// NoContracts is a book that knows no contract and keeps none.
type NoContracts struct{}

func (NoContracts) Contract(*ssa.Function) *validate.Contract { return nil }
func (NoContracts) Record(*ssa.Function, *validate.Contract)  {}

// declared is the declared function fn is (for an instance of a
// generic function, the generic one: its body was analysed with its
// type parameters, which holds for every instance), or nil for a
// closure or a wrapper (whose object is the method it wraps).
func declared(fn *ssa.Function) *types.Func {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Synthetic != "" && !strings.HasPrefix(fn.Synthetic, "from type information") {
		return nil // a wrapper, a thunk, a package initializer
	}
	obj, _ := fn.Object().(*types.Func)
	return obj
}

// callees are the functions a function calls statically that have a
// contract, and their contracts, by their names in the function.
type callees struct {
	contracts validate.Contracts
	fns       map[string]*ssa.Function
}

// assumed returns the contracts book has of the functions f calls
// statically.
func assumed(prog *bridge.Program, f *ir.Func, book ContractBook) callees {
	var cs callees
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op != ir.OpCall || in.CallMode != ir.CallStatic {
				continue
			}
			callee := prog.SSAFunc(in.Sym())
			if callee == nil {
				continue
			}
			if c := book.Contract(callee); c != nil {
				if cs.contracts == nil {
					cs.contracts, cs.fns = validate.Contracts{}, map[string]*ssa.Function{}
				}
				cs.contracts[in.Sym()], cs.fns[in.Sym()] = c, callee
			}
		}
	}
	return cs
}

// calleesFirst orders fns so that a function comes after those of fns
// it calls statically (but for recursive calls).
func calleesFirst(fns []*ssa.Function) []*ssa.Function {
	in := map[*ssa.Function]bool{}
	for _, fn := range fns {
		in[fn] = true
	}
	done := map[*ssa.Function]bool{}
	var order []*ssa.Function
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if done[fn] {
			return
		}
		done[fn] = true
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok {
					if callee := call.Call.StaticCallee(); callee != nil && in[callee] {
						visit(callee)
					}
				}
			}
		}
		order = append(order, fn)
	}
	for _, fn := range fns {
		visit(fn)
	}
	return order
}

// derivesContracts reports whether vssair derives and exports the
// contracts of the package's functions: by default (-contracts=local)
// for the code the user works on, the main module's or another without
// a version (a workspace's, a replacement's), and in GOPATH mode for a
// path whose first element has a dot; not for the standard library or
// versioned dependencies. go vet runs a vet tool on every dependency of
// every package it vets, for its facts, and deriving contracts there
// would cost more than analysing the user's own packages (go vet std:
// about 2x x/tools' nilness alone, against 1.3x without).
func derivesContracts(pass *analysis.Pass) bool {
	switch contractsScope {
	case "all":
		return true
	case "off":
		return false
	}
	if m := pass.Module; m != nil {
		return m.Path != "std" && (m.Main || m.Version == "")
	}
	first, _, _ := strings.Cut(pass.Pkg.Path(), "/")
	return strings.Contains(first, ".")
}

// contractsScope is -contracts: local, all or off.
var contractsScope = "local"

func init() {
	Analyzer.Flags.Func("contracts", "which packages' functions get contracts (results never nil, parameters they do not return for when nil) for their callers: local (the main module's and other unversioned code), all (the standard library and dependencies too, which go vet then analyses as well), or off", func(s string) error {
		switch s {
		case "local", "all", "off":
			contractsScope = s
			return nil
		}
		return fmt.Errorf("want local, all or off, not %q", s)
	})
}
