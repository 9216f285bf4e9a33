package vssair

import (
	"errors"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Analyzer builds the validated IR of a package's functions.
var Analyzer = &analysis.Analyzer{
	Name:       "vssair",
	Doc:        "build vssa's validated IR (mem2reg, gvn, checkelim) of the package's functions, for vssa's analyzers",
	URL:        "https://github.com/vssa-go/vssa",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(ContractFact), new(NoReturnFact)},
}

// Result is the validated IR of a package's source functions.
type Result struct {
	// funcs are the functions, in source order (SourceFuncs), built by
	// Complete with build, and released (nil, built false) once every
	// analyzer that reads them is done (Done): the driver keeps every
	// package's result to its end. build builds afresh, so the builder
	// that derived the contracts is not kept either.
	mu    sync.Mutex
	funcs []*Func
	built bool
	build func() []*Func
	scan  func() // sets Comparisons, cases and source, at the first Complete
	err   error
	// users are the analyzers expected to call Done (-1: unknown, never
	// released), done those that did.
	users, done int
	// holding says that the functions, built, hold one of building's
	// tokens until they are released.
	holding bool
	// FactsOnly says that the driver runs the analyzers on this
	// package only for its facts (FactsOnlyRun): its diagnostics go
	// nowhere, and the analyzers reading the Result return at once.
	FactsOnly bool

	// Comparisons (set by Complete) are the package's comparisons written in its source
	// (==, !=, <, <=, >, >=, and a switch's cases) that are not
	// constant, outside generated files, by the position of their
	// operator (of the case), which is that of their IR instruction.
	// Analyzers report only on them: the bridge makes comparisons of
	// its own (range loops), which are nobody's to fix.
	Comparisons map[token.Pos]*ast.BinaryExpr
	// cases are the comparisons of Comparisons a switch's case makes.
	cases map[*ast.BinaryExpr]bool
	// source are the package's files that are not generated.
	source []*ast.File
}

// Func is one source function's validated IR.
type Func struct {
	SSA *ssa.Function
	// Forms are the function in SSA form (mem2reg's result) and, if
	// its result was accepted, after gvn, which merges values (fields
	// loaded twice with nothing written between) but also removes
	// comparisons that repeat a dominating one: each form has facts the
	// other lacks.
	Forms []*Form
}

// Form is one validated form of a function with checkelim's
// certificate.
type Form struct {
	IR *ir.Func
	// Checks is checkelim's certificate for IR (checkelim.Decide),
	// accepted by its validator: the checks it removes, the comparisons
	// it decides and the facts at each block's start. Nil if the result
	// was rejected.
	Checks *validate.CheckElimHints
	// Portable says that Checks holds with int, uint and uintptr of 32
	// bits too (validate.CheckElim32). OnEveryTarget says more, for one
	// decided comparison: integer facts are reported only then.
	Portable bool
	// onEveryTarget holds, in a function with an operation on a
	// constant whose value depends on the target, the comparisons
	// decided with those constants unknown too (decideOnEveryTarget).
	onEveryTarget map[validate.Decision]bool
	// Live says which blocks run for some input once branches on
	// constants are taken as jumps: code under "if debug" with debug a
	// false constant is not, and nothing is reported there.
	Live []bool
	// Contracts are those of the functions IR calls that Checks
	// assumes (derived from their own accepted certificates), and
	// Callees those functions, by their names in IR.
	Contracts validate.Contracts
	Callees   map[string]*ssa.Function
	// result is checkelim's result with Checks (for checkPortable; nil
	// once built, prune).
	result *ir.Func
	// ungated is Checks without the gated facts' decisions
	// (checkelim.Gate), if it has any: the certificate kept if Checks
	// holds on 64-bit targets only. Once built (prune), only its
	// decisions are kept.
	ungated *validate.CheckElimHints
}

// Rules are the fact rules Checks holds with.
func (f *Form) Rules() *validate.FactRules {
	return validate.NewFactRulesAssuming(f.IR, f.Contracts)
}

func run(pass *analysis.Pass) (result any, err error) {
	defer func() {
		// A bug in the bridge (which reports what it cannot translate
		// as unsupported, function by function) fails this package's
		// analysis with a message instead of crashing the driver.
		if r := recover(); r != nil {
			result, err = nil, fmt.Errorf("vssa: internal error translating %s: %v", pass.Pkg.Path(), r)
		}
	}()
	out := &Result{users: expectedUsers(), FactsOnly: factsOnly}
	noReturn := noReturns(pass)
	ssaOf := func() (*ssa.Package, []*ssa.Function) { return buildSSA(pass, noReturn) }
	if derivesContracts(pass) {
		// The derivation holds the package's SSA and IR as Complete's
		// functions do, and the driver may run it on every package of
		// the module at once: it takes one of building's tokens.
		var b *builder
		func() {
			acquire()
			defer releaseToken()
			pkg, fns := ssaOf()
			b = newBuilder(pkg, fns, factBook{pass})
			b.targets = newTargetConstants(pass)
			b.contracts()
		}()
		// The builder is not kept for Complete: the driver keeps this
		// result to its end, and a package of the module that no
		// analyzer reports on (a dependency of those named) would keep
		// its SSA and IR for nothing. Complete builds afresh, assuming
		// the contracts exported above.
		afresh := func() []*Func {
			pkg, fns := ssaOf()
			b := newBuilder(pkg, fns, importedContracts{pass})
			b.targets = newTargetConstants(pass)
			return b.complete()
		}
		out.build = afresh
		if onePackage && !factsOnly {
			// The process ends with this package: the builder's SSA
			// and forms serve the first Complete.
			out.build = func() []*Func {
				out.build = afresh
				return b.complete()
			}
		}
	} else {
		// Nothing for the facts: a driver that runs vssair on this
		// package only for them (go vet, on a dependency) spends
		// nothing more than finding the functions that do not return.
		// Its dependencies derive no contracts either (none is of the
		// user's module), so it has none to assume.
		out.build = func() []*Func {
			pkg, fns := ssaOf()
			b := newBuilder(pkg, fns, NoContracts{})
			b.targets = newTargetConstants(pass)
			return b.complete()
		}
	}
	if releaseSyntax(pass) {
		out.build = nil // Complete fails
		return out, nil
	}
	// What the analyzers report on, found only if one asks (Complete):
	// not on a package analysed for its facts alone.
	out.scan = func() {
		out.Comparisons, out.cases = comparisons(pass)
		for _, file := range pass.Files {
			if !generated(pass.Fset, file) {
				out.source = append(out.source, file)
			}
		}
	}
	return out, nil
}

// Complete builds the package's functions (but for the contracts,
// which vssair derives as it runs, for its facts), once, for whichever
// analyzer asks first: a driver that runs vssair only for its facts (go
// vet on a package's dependencies) never asks. An error says that the
// bridge or a pass crashed.
//
// An analyzer that calls Complete calls Done when it no longer reads
// the functions.
func (r *Result) Complete() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.built {
		return r.err
	}
	r.built = true
	if r.build == nil {
		r.err = errReleased
		return r.err
	}
	if r.scan != nil {
		r.scan()
		r.scan = nil
	}
	if r.users > 0 {
		acquire()
		r.holding = true
	}
	func() {
		defer func() {
			if p := recover(); p != nil {
				r.err = fmt.Errorf("vssa: internal error building the IR: %v", p)
			}
		}()
		r.funcs = r.build()
	}()
	if r.err != nil {
		r.release() // nothing was built to read
	}
	return r.err
}

// building bounds the packages whose SSA and IR are held at once (a
// derivation of contracts, or functions built and not yet released) to
// as many as run at once: x/tools' checker runs vssair on every package
// whose dependencies are done, and every package's analyzers, together,
// and each package's forms (with checkelim's certificates) lived until
// its last analyzer was done: the packages' sum at once. A Result whose
// users are unknown (users -1) takes no token, as it is never released.
var building = make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))

// held counts the tokens taken, mostHeld the most at once (for tests).
var held, mostHeld atomic.Int32

func acquire() {
	building <- struct{}{}
	n := held.Add(1)
	for m := mostHeld.Load(); n > m && !mostHeld.CompareAndSwap(m, n); m = mostHeld.Load() {
	}
}

func releaseToken() {
	held.Add(-1)
	<-building
}

// release gives back the token the functions hold (r.mu held).
func (r *Result) release() {
	if r.holding {
		releaseToken()
		r.holding = false
	}
}

// Done says that an analyzer that called Complete no longer reads the
// functions: once every analyzer expected to read them is done, they
// are released (a later Complete builds them again).
func (r *Result) Done() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done++
	if r.users > 0 && r.done >= r.users && r.err == nil {
		r.funcs, r.built = nil, false
		r.release()
	}
}

// Funcs are the package's functions with their validated IR, in source
// order (nil until Complete).
func (r *Result) Funcs() []*Func {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.funcs
}

// unsafeArgs reports whether fn is marked //go:cgo_unsafe_args: its
// arguments are read through the address of the first, which the IR
// does not see (x/tools' nilness leaves such functions out too).
func unsafeArgs(fn *ssa.Function) bool {
	return HasDirective(fn, "//go:cgo_unsafe_args")
}

// HasDirective reports whether fn's declaration's doc comment has the
// line directive ("//go:noinline").
func HasDirective(fn *ssa.Function, directive string) bool {
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if !ok || decl.Doc == nil {
		return false
	}
	for _, c := range decl.Doc.List {
		if strings.TrimSpace(c.Text) == directive {
			return true
		}
	}
	return false
}

// apply runs a pass on in (SSA form, checked) and returns its result
// and hints if its validator and the IR checker accept it and the pass
// left its input as it was.
func apply[H any](in *ir.Func, pass func(*ir.Func) (*ir.Func, H, error), validator func(before, after *ir.Func, h H) error) (out *ir.Func, h H, ok bool) {
	fingerprint := in.Fingerprint()
	ok = safely(func() error {
		var err error
		if out, h, err = pass(in); err != nil {
			return err
		}
		if err := validator(in, out, h); err != nil {
			return err
		}
		if err := ir.Check(out, ir.SSA); err != nil {
			return err
		}
		if in.Fingerprint() != fingerprint {
			return errors.New("the pass changed its input")
		}
		return nil
	})
	return out, h, ok
}

// safely reports whether step returns no error; a panic counts as an
// error (a crashing pass or validator must not stop go vet, nor its
// result be used).
func safely(step func() error) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return step() == nil
}

// comparisons finds the package's non-constant comparisons: those
// written, and the tag == case a switch's case makes (nil == case of a
// type switch's case nil), with the case's position as their operator's,
// as go/ssa gives it.
func comparisons(pass *analysis.Pass) (m map[token.Pos]*ast.BinaryExpr, cases map[*ast.BinaryExpr]bool) {
	m, cases = map[token.Pos]*ast.BinaryExpr{}, map[*ast.BinaryExpr]bool{}
	add := func(e *ast.BinaryExpr) {
		// Constant exactly when both operands are (a switch's made-up
		// comparison has no type information of its own).
		if x, y := pass.TypesInfo.Types[e.X], pass.TypesInfo.Types[e.Y]; x.Value == nil || y.Value == nil {
			m[e.OpPos] = e
		}
	}
	addCases := func(tag ast.Expr, body *ast.BlockStmt, nilOnly bool) {
		for _, s := range body.List {
			for _, c := range s.(*ast.CaseClause).List {
				if !nilOnly || IsNil(pass, c) {
					e := &ast.BinaryExpr{X: tag, OpPos: c.Pos(), Op: token.EQL, Y: c}
					add(e)
					cases[e] = true
				}
			}
		}
	}
	for _, file := range pass.Files {
		if generated(pass.Fset, file) {
			continue // nobody edits it: its redundancies are its generator's
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				switch n.Op {
				case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
					add(n)
				}
			case *ast.SwitchStmt:
				if n.Tag != nil {
					addCases(n.Tag, n.Body, false)
				}
			case *ast.TypeSwitchStmt:
				if x := switchedInterface(n); x != nil {
					addCases(x, n.Body, true)
				}
			}
			return true
		})
	}
	return m, cases
}

// switchedInterface is the interface whose type a type switch switches
// on: x of switch x.(type) or switch v := x.(type).
func switchedInterface(s *ast.TypeSwitchStmt) ast.Expr {
	var e ast.Expr
	switch a := s.Assign.(type) {
	case *ast.ExprStmt:
		e = a.X
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			e = a.Rhs[0]
		}
	}
	if ta, ok := ast.Unparen(e).(*ast.TypeAssertExpr); ok {
		return ta.X
	}
	return nil
}

// IsNil reports whether e is the predeclared nil.
func IsNil(pass *analysis.Pass, e ast.Expr) bool {
	tv, ok := pass.TypesInfo.Types[e]
	return ok && tv.IsNil()
}

// Dominating calls visit with each instruction that runs before
// instruction k of block b on every path, nearest first: those of b
// before it, then those of each dominator up to the entry, each
// dominator's terminator first. For a branch whose edge alone leads
// towards b (its successor dominates b and has no other predecessor),
// guard are the facts that edge gives and at the position of the
// comparison the branch reads; for other instructions guard is nil. It
// stops when visit returns false.
func (f *Form) Dominating(rules *validate.FactRules, b, k int, visit func(in *ir.Instr, guard []validate.Fact, at token.Pos) bool) {
	dom := f.IR.CFG().Dom
	target, d := b, b
	instrs := f.IR.Blocks[b].Instrs[:k]
	for {
		for i := len(instrs) - 1; i >= 0; i-- {
			in := instrs[i]
			var guard []validate.Fact
			at := token.NoPos
			if in.Op == ir.OpIf {
				for e, s := range f.IR.Blocks[d].Succs {
					if dom.Dominates(s, target) && len(f.IR.Blocks[s].Preds) == 1 {
						guard, at = rules.EdgeFacts(f.IR.Blocks[d], e), f.BranchPos(d)
					}
				}
			}
			if !visit(in, guard, at) {
				return
			}
		}
		if d = dom.Idom(d); d < 0 {
			return
		}
		instrs = f.IR.Blocks[d].Instrs
	}
}

// BranchPos is the position of the comparison block b's branch reads,
// if b ends in one.
func (f *Form) BranchPos(b int) token.Pos {
	if c := f.BranchCond(b); c != nil {
		return c.Pos
	}
	return token.NoPos
}

// BranchCond is the instruction of block b that defines the condition
// its branch reads (a comparison, the ok of a type assertion, …), if b
// ends in a branch on one.
func (f *Form) BranchCond(b int) *ir.Instr {
	t := f.IR.Blocks[b].Terminator()
	if t == nil || t.Op != ir.OpIf {
		return nil
	}
	for _, in := range f.IR.Blocks[b].Instrs {
		if slices.Contains(in.Dsts(), t.Args()[0]) {
			return in
		}
	}
	return nil
}

// Decided is a comparison written in the source that a form's
// certificate decides.
type Decided struct {
	Form     *Form
	Decision validate.Decision
	Expr     *ast.BinaryExpr // as written, or tag == case of a switch's case
	Node     analysis.Range  // where to report it: Expr, or the case
	Instr    *ir.Instr
	Rules    *validate.FactRules // the form's
	Facts    []validate.Fact     // the facts of the outcome (validate.FactRules.OutcomeFacts)
}

// Decisions calls visit with each comparison written in the source that
// a form's certificate decides in a live block, form by form, until
// visit returns true for it (it reported it): a comparison two forms
// decide comes twice only if the first visit declined it.
func (r *Result) Decisions(visit func(d *Decided) bool) {
	done := map[*ast.BinaryExpr]bool{}
	for _, f := range r.Funcs() {
		for _, form := range f.Forms {
			if form.Checks == nil {
				continue
			}
			rules := form.Rules()
			for _, d := range form.Checks.Decided {
				in := form.IR.Blocks[d.Block].Instrs[d.Index]
				e := r.Comparisons[in.Pos]
				if e == nil || done[e] || !form.Live[d.Block] {
					continue
				}
				dd := &Decided{Form: form, Decision: d, Expr: e, Node: e, Instr: in, Rules: rules, Facts: rules.OutcomeFacts(in, d.Outcome, d.Block)}
				if r.cases[e] {
					dd.Node = e.Y
				}
				done[e] = visit(dd)
			}
		}
	}
}

// NilUses calls visit with each instruction, at a position in a file of
// the package that is not generated and in a live block, that a form's
// certificate says uses nil where nil fails or blocks (a nil check that
// fails, a call through a nil func, panic(nil), …), each position once.
func (r *Result) NilUses(visit func(form *Form, b, k int, in *ir.Instr)) {
	done := map[token.Pos]bool{}
	for _, f := range r.Funcs() {
		for _, form := range f.Forms {
			if form.Checks == nil {
				continue
			}
			for _, m := range form.Checks.NilUses {
				in := form.IR.Blocks[m.Block].Instrs[m.Index]
				if done[in.Pos] || !form.Live[m.Block] || !r.inSource(in.Pos) {
					continue
				}
				done[in.Pos] = true
				visit(form, m.Block, m.Index, in)
			}
		}
	}
}

// NilArgs calls visit with each static call, at a position in a file
// of the package that is not generated and in a live block, whose
// argument arg is nil there (by a form's accepted certificate) while the
// callee's contract says it does not return normally for nil there;
// each call and argument once.
func (r *Result) NilArgs(visit func(form *Form, b, k int, in *ir.Instr, arg int, callee *ssa.Function)) {
	type use struct {
		pos token.Pos
		arg int
	}
	done := map[use]bool{}
	for _, f := range r.Funcs() {
		for _, form := range f.Forms {
			if form.Checks == nil || form.Contracts == nil {
				continue
			}
			rules := form.Rules()
			for b, block := range form.IR.Blocks {
				if !form.Live[b] {
					continue
				}
				for k, in := range block.Instrs {
					con := rules.Contract(in)
					if con == nil || !r.inSource(in.Pos) {
						continue
					}
					var avail []validate.Fact
					for _, a := range con.NonNilParams {
						if a >= len(in.CallArgs()) || done[use{in.Pos, a}] {
							continue
						}
						if avail == nil {
							avail = form.FactsBefore(rules, b, k)
						}
						if rules.Implied(validate.Fact{Kind: validate.FactNil, Reg: in.CallArgs()[a]}, avail, b) {
							done[use{in.Pos, a}] = true
							visit(form, b, k, in, a, form.Callees[in.Sym()])
						}
					}
				}
			}
		}
	}
}

// inSource reports whether pos is in a file of the package that is not
// generated.
func (r *Result) inSource(pos token.Pos) bool {
	for _, file := range r.source {
		if file.FileStart <= pos && pos < file.FileEnd {
			return true
		}
	}
	return false
}

// Report reports msg at node in vet's style, with what makes it so (why,
// and where: at, if valid): "p != nil is always true: p was already
// dereferenced at a.go:12", the place again as related information.
func Report(pass *analysis.Pass, node analysis.Range, msg, why string, at token.Pos) {
	if why != "" {
		msg += ": " + why
	}
	diag := analysis.Diagnostic{Pos: node.Pos(), End: node.End(), Message: msg}
	if at.IsValid() {
		p := pass.Fset.Position(at)
		diag.Message += fmt.Sprintf(" at %s:%d", filepath.Base(p.Filename), p.Line)
		diag.Related = []analysis.RelatedInformation{{Pos: at, Message: why}}
	}
	pass.Report(diag)
}

// Always is the head of a report on a comparison e decided to have the
// outcome given: "p != nil is always true".
func Always(e *ast.BinaryExpr, outcome bool) string {
	return fmt.Sprintf("%s is always %v", types.ExprString(e), outcome)
}

// Point is the range of one position, for reports on instructions.
type Point token.Pos

func (p Point) Pos() token.Pos { return token.Pos(p) }
func (p Point) End() token.Pos { return token.Pos(p) }

// live marks the blocks reachable from the entry (and the recover block)
// when a branch on a constant goes only to the successor it takes.
func live(f *ir.Func) []bool {
	seen := make([]bool, len(f.Blocks))
	consts := map[ir.Reg]bool{} // bool constants, by value
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == ir.OpConst && len(in.Dsts()) == 1 {
				if v := f.ConstValue(in); v != nil && v.Kind() == constant.Bool {
					consts[in.Dst()] = constant.BoolVal(v)
				}
			}
		}
	}
	work := []int{0}
	if f.Recover > 0 {
		work = append(work, f.Recover)
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		succs := f.Blocks[b].Succs
		if t := f.Blocks[b].Terminator(); t != nil && t.Op == ir.OpIf && len(succs) == 2 {
			if v, ok := consts[t.Args()[0]]; ok {
				if v {
					succs = succs[:1]
				} else {
					succs = succs[1:]
				}
			}
		}
		work = append(work, succs...)
	}
	return seen
}

// FactsBefore returns the facts that hold right before instruction k of
// block b by the form's certificate: the block's entry facts and what
// the instructions before k establish (validate.FactRules.Gens).
func (f *Form) FactsBefore(rules *validate.FactRules, b, k int) []validate.Fact {
	avail := slices.Clone(f.Checks.Entry[b])
	for _, in := range f.IR.Blocks[b].Instrs[:k] {
		avail = rules.Gens(in, avail, b)
	}
	return avail
}
