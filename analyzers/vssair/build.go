package vssair

import (
	"errors"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/internal/ssaform"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes/checkelim"
	"github.com/vssa-go/vssa/passes/gvn"
	"github.com/vssa-go/vssa/validate"
)

// Build translates fns, source functions of pkg, and returns the
// validated IR of those the bridge translates, in fns' order, assuming
// the contracts book gives of the functions they call and giving it
// theirs.
func Build(pkg *ssa.Package, fns []*ssa.Function, book ContractBook) []*Func {
	b := newBuilder(pkg, fns, book)
	b.contracts()
	return b.complete()
}

// A builder builds the validated IR of a package's functions in two
// steps: contracts, those of the functions that may promise something
// to their callers, callees first (so that a contract reaches the
// callers in the package, but for recursive calls), which the package's
// facts need; complete, the forms the analyzers' reports need.
type builder struct {
	pkg   *ssa.Package
	book  ContractBook
	fns   []*ssa.Function
	forms map[*ssa.Function]*ssaForm // by ssaFormOf; nil for a function it could not build
	// progs are the bridge's translations of the functions: those
	// contracts needs first, the others only once complete runs.
	progs map[*ssa.Function]*bridge.Program
	// targets tells the constants that may have another value on
	// another target (nil: none is known).
	targets *targetConstants
	// bounds are the result bounds of the package's small functions
	// (bounds.go).
	bounds resultBounds
}

// An ssaForm is a function's SSA form and the contracts of the
// functions it calls.
type ssaForm struct {
	g     *ir.Func
	calls callees
}

func newBuilder(pkg *ssa.Package, fns []*ssa.Function, book ContractBook) *builder {
	return &builder{pkg: pkg, book: book, fns: fns, forms: map[*ssa.Function]*ssaForm{}, progs: map[*ssa.Function]*bridge.Program{}}
}

// translate translates those of fns not translated yet.
func (b *builder) translate(fns []*ssa.Function) {
	var todo []*ssa.Function
	for _, fn := range fns {
		if b.progs[fn] == nil {
			todo = append(todo, fn)
		}
	}
	if len(todo) == 0 {
		return
	}
	prog := bridge.ForAnalysis(b.pkg.Prog, b.pkg, todo)
	for _, fn := range todo {
		b.progs[fn] = prog
	}
}

// contracts derives the contracts of the declared functions with a
// parameter or result that may be nil, callees first, and records them:
// from a certificate of their SSA form that carries the nil facts
// alone (checkelim.Contract), accepted by the validator.
func (b *builder) contracts() {
	var promising, boundable []*ssa.Function
	for _, fn := range calleesFirst(b.fns) {
		if declared(fn) != nil && mayPromise(fn.Signature) {
			promising = append(promising, fn)
		} else if b.boundable(fn) {
			boundable = append(boundable, fn)
		}
	}
	// The small functions whose result bounds the promising ones'
	// forms read (bounds.go), in the same translation.
	b.translate(append(slices.Clip(promising), boundable...))
	for _, fn := range promising {
		s := b.ssaFormOf(fn)
		if s == nil {
			continue
		}
		contract := func(f *ir.Func) (*ir.Func, *validate.CheckElimHints, error) {
			return checkelim.Contract(f, s.calls.contracts)
		}
		check := func(before, after *ir.Func, h *validate.CheckElimHints) error {
			return validate.CheckElimAssuming(before, after, h, s.calls.contracts)
		}
		if _, h, ok := apply(s.g, contract, check); ok {
			if c := validate.DeriveContract(s.g, h, s.calls.contracts); c != nil {
				b.book.Record(fn, c)
			}
		}
	}
}

// mayPromise reports whether a function of signature sig has a
// parameter (its receiver included) or result that may be nil.
func mayPromise(sig *types.Signature) bool {
	vars := []*types.Var{sig.Recv()}
	for v := range sig.Params().Variables() {
		vars = append(vars, v)
	}
	for v := range sig.Results().Variables() {
		vars = append(vars, v)
	}
	for _, v := range vars {
		if v != nil && validate.FactNonNil.AppliesTo(v.Type()) {
			return true
		}
	}
	return false
}

// complete builds each function's forms, certified, and says whether
// each certificate holds on 32-bit targets too.
func (b *builder) complete() []*Func {
	b.translate(b.fns)
	var out []*Func
	for _, fn := range b.fns {
		s := b.ssaFormOf(fn)
		if s == nil {
			continue
		}
		vf := &Func{SSA: fn, Forms: []*Form{certify(s.g, s.calls)}}
		if n, _, ok := apply(s.g, gvn.Run, validate.GVN); ok && n != s.g {
			vf.Forms = append(vf.Forms, certify(n, s.calls))
		}
		values := b.targets.values(fn.Syntax())
		for _, form := range vf.Forms {
			form.checkPortable()
			form.decideOnEveryTarget(values, s.calls.contracts)
			form.prune()
		}
		out = append(out, vf)
	}
	return out
}

// ssaFormOf returns fn's SSA form, built once (nil if the bridge did
// not translate fn or its SSA form failed).
func (b *builder) ssaFormOf(fn *ssa.Function) *ssaForm {
	if s, ok := b.forms[fn]; ok {
		return s
	}
	var s *ssaForm
	b.forms[fn] = nil // while it is built: a call back to fn finds no bound
	prog := b.progs[fn]
	if f := prog.IRFunc(fn); f != nil && !unsafeArgs(fn) && ir.Check(f, ir.RTL) == nil {
		if g := ssaform.Of(f); g != nil {
			s = &ssaForm{g, assumed(prog, f, b.book)}
			b.addBounds(prog, g, &s.calls)
		}
	}
	b.forms[fn] = s
	return s
}

// certify runs checkelim.DecideAssuming on g and keeps its certificate
// if the validator accepts it.
func certify(g *ir.Func, calls callees) *Form {
	form := &Form{IR: g, Live: live(g), Contracts: calls.contracts, Callees: calls.fns}
	decide := func(f *ir.Func) (*ir.Func, *validate.CheckElimHints, error) {
		return checkelim.DecideAssuming(f, calls.contracts)
	}
	check := func(before, after *ir.Func, h *validate.CheckElimHints) error {
		return validate.CheckElimAssuming(before, after, h, calls.contracts)
	}
	if c, h, ok := apply(g, decide, check); ok {
		form.Checks, form.result = h, c
		// The gated facts' decisions, kept only where the validator
		// accepts the certificate they extend (else the one without).
		var gated *validate.CheckElimHints
		if safely(func() error {
			if gated = checkelim.Gate(g, h, calls.contracts); gated == nil {
				return errors.New("no gated decisions")
			}
			return check(g, c, gated)
		}) {
			form.Checks, form.ungated = gated, h
		}
	}
	return form
}

// prune drops what validation alone read, once it is done: checkelim's
// result (an IR as large as the form's) and, of the certificate without
// the gated facts, all but its decisions (which GatedWhy reads): a
// package's forms live until its last analyzer is done with them.
func (f *Form) prune() {
	f.result = nil
	if f.ungated != nil {
		f.ungated = &validate.CheckElimHints{Decided: f.ungated.Decided}
	}
}

// checkPortable sets Portable: whether the certificate holds with int,
// uint and uintptr of 32 bits too.
func (f *Form) checkPortable() {
	if f.Checks != nil {
		f.Portable = safely(func() error { return validate.CheckElim32(f.IR, f.result, f.Checks, f.Contracts) })
		if !f.Portable && f.ungated != nil {
			// The gated facts may hold with 64-bit ints only: the
			// certificate without them may hold on every target.
			f.Checks = f.ungated
			f.Portable = safely(func() error { return validate.CheckElim32(f.IR, f.result, f.Checks, f.Contracts) })
		}
	}
}
