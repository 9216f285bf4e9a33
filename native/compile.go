// This file is the backend's driver: load a package, take the named
// functions through the validated passes, lower, allocate, validate the
// allocation and emit, and write the Go files that go with the assembly.

package native

import (
	"errors"
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/vssa-go/vssa/bridge"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/passes"
)

// DefaultPasses is the pipeline a function goes through before lowering.
// gcm runs bounded by register pressure (gcmbound.go): unbounded, its
// hoists spilled, and bounded it was a win or the same assembly on every
// kernel and real function measured (docs/gcm.md).
const DefaultPasses = "mem2reg,gvn,checkelim,gcm"

// Request says what to compile.
type Request struct {
	Dir    string   // the package's directory
	Prefix string   // the output files' path without "_amd64.s" and the like, in Dir (relative to Dir)
	Funcs  []string // the functions, by name
	Passes string   // the pipeline ("" is DefaultPasses)
	// Inlinable compiles functions that have no loop, which are
	// refused otherwise (gcinline.go): the call of the assembly costs
	// more than it saves.
	Inlinable bool
}

// Output is what Compile writes: file path → contents.
type Output struct {
	Files map[string][]byte
	// Order lists the files in Files in the order to write them.
	Order []string
	// Warnings are what the user should know of the files written
	// (a loop count given a range of the test's choosing).
	Warnings []string
	// Remove lists the files of an earlier set, written with another
	// -o for some of the same functions, to remove once Files are
	// written.
	Remove []string
}

// A PosError is an error at a source position.
type PosError struct {
	Pos token.Position
	Err error
}

func (e *PosError) Error() string {
	if e.Pos.IsValid() {
		return fmt.Sprintf("%s: %v", e.Pos, e.Err)
	}
	return e.Err.Error()
}

func (e *PosError) Unwrap() error { return e.Err }

// Compile compiles the functions of req.
func Compile(req Request) (*Output, error) {
	if len(req.Funcs) == 0 {
		return nil, errors.New("no functions to compile")
	}
	dir, err := filepath.Abs(req.Dir)
	if err != nil {
		return nil, err
	}
	if !filepath.IsAbs(req.Prefix) {
		// -o is a path in DIR, whatever the working directory.
		req.Prefix = filepath.Join(req.Dir, req.Prefix)
	}
	prefix, err := filepath.Abs(req.Prefix)
	if err != nil {
		return nil, err
	}
	if filepath.Dir(prefix) != dir {
		return nil, fmt.Errorf("output prefix %s is not in the package directory %s", req.Prefix, req.Dir)
	}
	stem := stemOf(filepath.Base(prefix))
	if stem == "" {
		return nil, fmt.Errorf("output prefix %q has no letters or digits to name its helpers by", req.Prefix)
	}
	list := req.Passes
	if list == "" {
		list = DefaultPasses
	}
	pipeline, err := passes.Pipeline(list)
	if err != nil {
		return nil, err
	}
	pipeline = boundGCM(pipeline)

	if err := checkDir(dir); err != nil {
		return nil, err
	}
	// The Go originals are in files built only without amd64 or with
	// purego: load with purego so that they are there.
	// Instantiations named on the command line are made by a file of
	// the load only (generics.go).
	overlay, overlayLines, err := instanceOverlay(dir, req.Funcs)
	if err != nil {
		return nil, err
	}
	cfg := &packages.Config{Mode: packages.LoadSyntax, Dir: dir, BuildFlags: []string{"-tags=purego"}, Fset: token.NewFileSet(), Overlay: overlay}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		return nil, err
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("%s: want one package, found %d", req.Dir, len(pkgs))
	}
	overlayErrors(pkgs, overlayLines)
	if err := loadErrors(pkgs); err != nil {
		return nil, err
	}
	pkg := pkgs[0]
	prog, ssaPkgs := ssautil.Packages(pkgs, ssa.NaiveForm|ssa.InstantiateGenerics)
	prog.Build()
	// Calls of other packages' functions: load again with their bodies,
	// which the inliner may take (foreign.go).
	var foreign []*ssa.Package
	all := ssautil.AllFunctions(prog)
	paths, err := leafCallees(cfg, calledFunctions(ownFunctions(all, ssaPkgs[0]), ssaPkgs[0]))
	if err != nil {
		return nil, err
	}
	if len(paths) > 0 {
		full, err := loadWithBodies(cfg, paths)
		if err != nil {
			return nil, err
		}
		// Where the second load has errors the first did not (go/ssa
		// makes no package of one it finds ill-typed), the bodies are
		// not to be had, and the calls keep their trampolines.
		if len(full) == 1 && len(full[0].Errors) == 0 {
			if fullProg, fullPkgs := ssautil.AllPackages(full, ssa.NaiveForm|ssa.InstantiateGenerics); fullPkgs[0] != nil {
				pkg, prog, ssaPkgs = full[0], fullProg, fullPkgs
				prog.Build()
				all = ssautil.AllFunctions(prog)
				for _, path := range paths {
					if p := prog.ImportedPackage(path); p != nil {
						foreign = append(foreign, p)
					}
				}
			}
		}
	}
	bp := bridge.FromSSA(prog, append(slices.Clip(ssaPkgs), foreign...))
	fset := pkg.Fset

	n := names{stem: stem, pkg: pkg.Types}
	var compiled []*Compiled
	var asm strings.Builder
	fmt.Fprintf(&asm, "%s\n\n//go:build amd64 && !purego\n\n#include \"textflag.h\"\n#include \"funcdata.h\"\n", GeneratedHeader)
	// The functions compiled together may call each other: first each
	// through the passes, then each lowered.
	callees := Callees{}
	var targets []*target
	var warnings []string
	seen, seenAsm := map[string]bool{}, map[string]bool{}
	for _, name := range req.Funcs {
		if seen[name] {
			return nil, fmt.Errorf("%s named twice", name)
		}
		seen[name] = true
		ts, warns, err := findTargets(pkg, prog, name)
		if pe := (*PosError)(nil); errors.As(err, &pe) {
			return nil, err
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", req.Dir, err)
		}
		warnings = append(warnings, warns...)
		for _, t := range ts {
			if seenAsm[t.asm] {
				// F and F[int64] both name F[int64].
				continue
			}
			seenAsm[t.asm] = true
			targets = append(targets, t)
			callees[t.fn.String()] = Callee{Name: t.asm, Sig: t.sig}
		}
	}
	var asmNames []string
	for _, t := range targets {
		asmNames = append(asmNames, t.asm)
	}
	remove, others, err := oldSets(dir, prefix, asmNames)
	if err != nil {
		return nil, err
	}
	// What the originals' code may call that is defined on amd64: the
	// compiled functions, and the generic ones' wrappers.
	definedOnAmd64 := func(name string) bool {
		for _, t := range targets {
			if t.asm == name || t.generic != nil && t.generic.Origin.Name() == name {
				return true
			}
		}
		return false
	}
	unit := &Unit{Pkg: pkg.Types, Callees: callees, Data: &DataSet{prefix: stem}}
	// The package's functions with a body, which calls may inline.
	bodies := map[string]*ssa.Function{}
	for _, fn := range ownFunctions(all, ssaPkgs[0]) {
		if fn.Blocks != nil {
			bodies[fn.String()] = fn
		}
	}
	// And the small leaves of the packages it calls (foreign.go): cmp's
	// Less and Compare too, at the compiled code's type arguments.
	foreignBody := map[string]bool{}
	for _, p := range foreign {
		fns := map[string]*ssa.Function{}
		for _, fn := range ownFunctions(all, p) {
			fns[fn.String()] = fn
		}
		irOf := func(sym string) *ir.Func {
			if fn := fns[sym]; fn != nil && fn.Blocks != nil {
				return bp.IRFunc(fn)
			}
			return nil
		}
		for sym, fn := range fns {
			if f := irOf(sym); f != nil && foreignInlinable(f, irOf, leafDepth) {
				bodies[sym] = fn
				foreignBody[sym] = true
			}
		}
	}
	body := func(sym string) *ir.Func {
		fn := bodies[sym]
		if fn == nil {
			return nil
		}
		f := bp.IRFunc(fn)
		if f != nil && foreignBody[sym] {
			f = withoutPositions(f)
		}
		return f
	}
	type job struct {
		name    string // the assembly's
		given   string // as the command line names it
		decl    *ast.FuncDecl
		orig    *ast.FuncDecl // the original's declaration (a method's)
		sig     *types.Signature
		ranges  map[int][2]int64
		drawn   map[int]bool
		ir      *ir.Func
		src     *ir.Func // before inlining, for a retry (inlineLeaves)
		method  *MethodInfo
		generic *GenericInfo
	}
	// Only a function without a loop, or whose loops are short
	// (shortloops.go), is left to gc: ask gc (a build of the package)
	// which it inlines, to say why or (short loops) whether, only if
	// one is named.
	var inlinable map[string]bool
	if !req.Inlinable && slices.ContainsFunc(targets, func(t *target) bool { return !hasLoop(t.fn) || onlyShortLoops(t.fn) || earlyExitLoops(t.fn) }) {
		if inlinable, err = gcInlinable(dir, overlay); err != nil {
			return nil, err
		}
	}
	var jobs []job
	// A function without a loop is left to gc (gcinline.go): refused
	// alone, kept as Go beside the others (its callers among them
	// inline it or call it).
	var kept []*ast.FuncDecl
	var keptSyms []string
	// whyLeft says why t is left to gc, or "" if it is compiled.
	// Whether a target's lowered code has a vector loop, found once.
	vectorised := map[*target]bool{}
	whyLeft := func(t *target) string {
		if req.Inlinable {
			return ""
		}
		inlines := inlinable[t.name]
		if t.generic != nil {
			// gc names the instantiations it inlines by shape,
			// F[go.shape.int64]: all of F's have one body, and are
			// left to gc together.
			for name := range inlinable {
				inlines = inlines || strings.HasPrefix(name, t.generic.Origin.Name()+"[")
			}
		}
		loops, short := hasLoop(t.fn), onlyShortLoops(t.fn)
		if loops && !short && inlines && earlyExitLoops(t.fn) {
			// earlyexits.go
			v, ok := vectorised[t]
			if !ok {
				v = hasVectorLoop(bp.IRFunc(t.fn), t.sig, body, pipeline, unit, n.helpers().AVX2)
				vectorised[t] = v
			}
			if !v {
				return leftInlinedExit
			}
		}
		if loops && !short || !loops && inlinedLoop(t.fn, body) {
			return ""
		}
		switch {
		case loops && inlines:
			return leftInlinedShort
		case loops:
			return "" // not inlined: its call of assembly replaces gc's call
		case inlines:
			return leftInlined
		}
		return leftNoLoop
	}
	keptDecl := map[*ast.FuncDecl]bool{}
	allLeft := true
	for _, t := range targets {
		allLeft = allLeft && whyLeft(t) != ""
	}
	for _, t := range targets {
		name, decl, obj, sig := t.asm, t.decl, t.obj, t.sig
		pos := fset.Position(decl.Pos())
		fail := func(err error) error { return &PosError{Pos: pos, Err: fmt.Errorf("%s: %w", t.name, err)} }
		if decl.Recv != nil && len(decl.Recv.List) > 0 && hasTypeParams(obj) {
			return nil, fail(&Unsupported{What: "a method of a generic type (generic functions compile at basic type arguments, named as F[int64]; a generic type's methods do not): keep it in Go"})
		}
		if err := checkFallback(pkg, fset, decl, obj, definedOnAmd64); err != nil {
			return nil, fail(err)
		}
		if why := whyLeft(t); why != "" {
			why = "left to gc: " + why + " (-inlinable compiles it anyway)"
			if allLeft {
				return nil, fail(errors.New(why))
			}
			if t.method != nil {
				return nil, fail(errors.New(why + "; a method is not kept as Go beside the compiled functions: leave it out"))
			}
			keptSyms = append(keptSyms, t.fn.String())
			if keptDecl[decl] {
				// Another instantiation of the same generic function.
				continue
			}
			keptDecl[decl] = true
			kept = append(kept, decl)
			warnings = append(warnings, fmt.Sprintf("%s: %s: %s; kept as Go in %s_amd64.go", pos, t.name, why, filepath.Base(req.Prefix)))
			continue
		}
		ranges, err := inputRanges(decl, sig)
		if err != nil {
			return nil, fail(err)
		}
		if name, ok := unrangedBesideUnsafe(decl, sig); ok {
			return nil, fail(&Unsupported{What: fmt.Sprintf("an unsafe.Pointer parameter beside the integer parameter %s, which has no %s: the generated test points the pointer at %d bytes of its own and can keep the function within them only through ranged integers; add %s %s LO HI", name, RangeDirective, unsafeRoom, RangeDirective, name)})
		}
		given := len(ranges)
		warnings = append(warnings, boundLoopParams(fset, pkg.TypesInfo, decl, sig, ranges)...)
		drawn := map[int]bool{}
		if len(ranges) > given {
			for i := range ranges {
				drawn[i] = !hasRange(decl, sig.Params().At(i).Name())
			}
		}
		fn := t.fn
		f := bp.IRFunc(fn)
		if f == nil {
			if e, ok := bp.Unsupported[fn.String()]; ok {
				return nil, fail(e)
			}
			return nil, fail(errors.New("not translated to vssa's IR"))
		}
		g, err := passIR(f, body, pipeline)
		if err != nil {
			return nil, fail(err)
		}
		c := callees[fn.String()]
		c.IR = g
		callees[fn.String()] = c
		jobs = append(jobs, job{name, t.name, t.fdecl, t.decl, sig, ranges, drawn, g, f, t.method, t.generic})
	}
	// Callers compiled with a kept function call its Go copy.
	for _, sym := range keptSyms {
		delete(callees, sym)
	}
	helpers := n.helpers()
	helpers.Data = unit.Data
	for _, j := range jobs {
		nt := len(unit.Trampolines)
		c, err := compileFunc(j.ir, j.sig, j.name, helpers, unit)
		if err != nil && acrossCall(err) {
			unit.Trampolines = unit.Trampolines[:nt] // the first try's
			// Inlined, a callee's call may leave a pointer of the
			// caller's live across it, where the callee's own would
			// have been an argument, reloaded: inline only the
			// callees that call nothing (irinline.go).
			leaves := func(sym string) *ir.Func {
				if c := body(sym); c != nil && !callsAny(c) {
					return c
				}
				return nil
			}
			if g, perr := passIR(j.src, leaves, pipeline); perr == nil {
				c, err = compileFunc(g, j.sig, j.name, helpers, unit)
			}
		}
		if err != nil {
			pos := fset.Position(j.decl.Pos())
			var u *Unsupported
			if errors.As(err, &u) && u.Pos.IsValid() {
				pos = fset.Position(u.Pos)
			}
			// Named as on the command line: (*T).M, F[int64].
			return nil, &PosError{Pos: pos, Err: fmt.Errorf("%s: %w", j.given, err)}
		}
		file, sum, err := sourceSum(fset, j.orig)
		if err != nil {
			return nil, err
		}
		asm.WriteString("\n// func " + j.name + n.signature(j.sig) + "\n")
		asm.WriteString(c.Asm)
		c.Decl, c.Ranges, c.Drawn, c.Method, c.Generic = j.decl, j.ranges, j.drawn, j.method, j.generic
		c.File, c.Sum = file, sum
		compiled = append(compiled, c)
	}
	// Once every function compiled: a refusal says more about a
	// function than what else its file declares.
	if err := checkOriginalsFiles(pkg, fset, funcNames(req.Funcs), others); err != nil {
		return nil, err
	}
	if anyAVX2(compiled) {
		asm.WriteString(hasAVX2Asm(n.helpers().HasAVX2))
	}
	if anyPOPCNT(compiled) {
		asm.WriteString(hasPOPCNTAsm(n.helpers().HasPOPCNT))
	}
	if data := unit.Data.asm(); data != "" {
		asm.WriteString("\n" + data)
	}
	markEscapes(compiled)
	decls, err := declFile(n, pkg.Name, compiled, unit.Trampolines, kept, fset, pkg.TypesInfo)
	if err != nil {
		return nil, fmt.Errorf("internal error: %v", err)
	}
	tests, err := testFile(n, pkg.Name, fset, pkg.TypesInfo, compiled)
	if err != nil {
		return nil, err
	}
	out := &Output{Files: map[string][]byte{}, Remove: remove, Warnings: warnings}
	add := func(path string, b []byte) {
		out.Files[path] = b
		out.Order = append(out.Order, path)
	}
	add(req.Prefix+"_amd64.s", []byte(asm.String()))
	add(req.Prefix+"_amd64.go", decls)
	add(req.Prefix+"_vssa_test.go", tests)
	return out, nil
}

// compileFunc lowers, allocates (validated) and emits one function,
// and says whether it has AVX2 code.
func compileFunc(f *ir.Func, sig *types.Signature, name string, h Helpers, u *Unit) (*Compiled, error) {
	a, err := lowerAndAllocate(f, sig, u, h.AVX2)
	if err != nil {
		return nil, err
	}
	if wideSpilled(a) {
		// A 32-byte vector in a 16-byte slot would lose half of it, and
		// a poll's save area keeps 16 bytes a register: SSE2 only.
		if a, err = lowerAndAllocate(f, sig, u, ""); err != nil {
			return nil, err
		}
	}
	text, err := Emit(a, name, h)
	if err != nil {
		return nil, err
	}
	// The AVX2 loops test the flag.
	escapes := a.Func.PointersToGo || a.Func.IntPointers || a.Func.ResultPointers && resultsEscape(a.Func)
	return &Compiled{Name: name, Sig: sig, Asm: text, AVX2: a.Func.has(OpCPUFlag), Escapes: escapes, pointersTo: a.Func.PointersTo, POPCNT: a.Func.UsesPOPCNT}, nil
}

func lowerAndAllocate(f *ir.Func, sig *types.Signature, u *Unit, avx2Flag string) (*Allocation, error) {
	m, err := Lower(f, sig, u, avx2Flag)
	if err != nil {
		return nil, err
	}
	return Allocate(m)
}

// wideSpilled reports whether a's allocation put a 32-byte vector in a
// stack slot.
func wideSpilled(a *Allocation) bool {
	for _, b := range a.Func.Blocks {
		for _, in := range b.Instrs {
			if in.Op.vector() && in.Vec == 32 && in.Dst != NoValue && a.Spilled[in.Dst] {
				return true
			}
		}
	}
	return false
}

// passIR returns f, with the calls of body's functions inlined, through
// the IR transforms before the passes, the validated pipeline, and the
// literals appended: what lowering takes.
func passIR(f *ir.Func, body func(sym string) *ir.Func, pipeline []*passes.Pass) (*ir.Func, error) {
	rtl := inlineSmallCalls(f, body)
	foldConstantIfs(rtl)
	lowerStringRanges(rtl)
	threadKnownIfs(rtl)
	g, err := runPasses(pipeline, rtl)
	if err != nil {
		return nil, err
	}
	appendLiterals(g)
	return g, nil
}

// runPasses runs the validated pipeline on f, which must leave it in SSA
// discipline (a pass whose result is rejected leaves its input, as
// everywhere in vssa).
func runPasses(pipeline []*passes.Pass, f *ir.Func) (*ir.Func, error) {
	m := &passes.Manager{Pipeline: pipeline}
	g, reports := m.Run(f)
	form := ir.RTL
	for i, r := range reports {
		if r.Outcome == passes.Corrupted {
			return nil, fmt.Errorf("internal error: %v", r)
		}
		if r.Outcome == passes.Accepted || r.Outcome == passes.Unchecked {
			form = pipeline[i].Out
		}
	}
	if form != ir.SSA {
		return nil, errors.New("the passes did not leave the function in SSA form (the pipeline must include mem2reg and end in SSA)")
	}
	return g, nil
}

// findDecl returns the declaration of package-level function name.
func findDecl(pkg *packages.Package, name string) (*ast.FuncDecl, types.Object) {
	if strings.Contains(name, ".") {
		return nil, nil
	}
	obj, ok := pkg.Types.Scope().Lookup(name).(*types.Func)
	if !ok {
		return nil, nil
	}
	for _, file := range pkg.Syntax {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == name {
				return fd, obj
			}
		}
	}
	return nil, nil
}

// checkFallback checks that the Go original of a compiled function is
// not built where the assembly is (amd64 without purego), and that what
// its declaration and body refer to in the package is, but for the
// functions compiled together and generic functions' wrappers, which
// the generated files define.
func checkFallback(pkg *packages.Package, fset *token.FileSet, decl *ast.FuncDecl, obj types.Object, definedOnAmd64 func(string) bool) error {
	file := fileOf(pkg, fset, decl.Pos())
	if file == nil {
		return errors.New("internal error: no file for the declaration")
	}
	if builtOnAmd64(file) {
		return fmt.Errorf("its Go original is in %s, which is built on amd64 too: the original must stay as the fallback for other targets in a file with the constraint //go:build !amd64 || purego (vssa compile writes the amd64 version)", filepath.Base(fset.Position(file.Pos()).Filename))
	}
	var err error
	ast.Inspect(decl, func(nd ast.Node) bool {
		id, ok := nd.(*ast.Ident)
		if !ok || err != nil {
			return err == nil
		}
		used := pkg.TypesInfo.Uses[id]
		if used == nil || used == obj || used.Parent() != pkg.Types.Scope() {
			return true
		}
		if fn, ok := used.(*types.Func); ok && definedOnAmd64(fn.Name()) {
			return true
		}
		if f := fileOf(pkg, fset, used.Pos()); f != nil && !builtOnAmd64(f) {
			err = fmt.Errorf("it refers to %s, declared in %s, which is not built on amd64: declarations the compiled function and its test share belong in a file built everywhere", used.Name(), filepath.Base(fset.Position(f.Pos()).Filename))
		}
		return true
	})
	return err
}

func fileOf(pkg *packages.Package, fset *token.FileSet, pos token.Pos) *ast.File {
	name := fset.Position(pos).Filename
	for _, f := range pkg.Syntax {
		if fset.Position(f.Pos()).Filename == name {
			return f
		}
	}
	return nil
}

// builtOnAmd64 reports whether file is built for amd64 without the
// purego tag (on any operating system, by gc).
func builtOnAmd64(file *ast.File) bool {
	for _, cg := range file.Comments {
		if cg.Pos() > file.Package {
			break
		}
		for _, c := range cg.List {
			if !constraint.IsGoBuild(c.Text) {
				continue
			}
			expr, err := constraint.Parse(c.Text)
			if err != nil {
				return true
			}
			return expr.Eval(func(tag string) bool {
				return tag == "amd64" || tag == "gc" || tag == "cgo" || tag == "linux" || tag == "unix" || strings.HasPrefix(tag, "go1.")
			})
		}
	}
	return true
}

// stemOf returns "vssa" and the letters and digits of base, capitalised.
func stemOf(base string) string {
	var sb strings.Builder
	up := true
	for _, r := range base {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			up = true
			continue
		}
		if up {
			r = unicode.ToUpper(r)
			up = false
		}
		sb.WriteRune(r)
	}
	if sb.Len() == 0 {
		return ""
	}
	return "vssa" + sb.String()
}

// RangeDirective, in a compiled function's doc comment, bounds the
// values the generated test gives an integer parameter:
//
//	//vssa:range maxIter 0 1000
//
// for a parameter that counts iterations, which random values would
// make run for ages (in the Go original as much as in the assembly).
const RangeDirective = "//vssa:range"

// inputRanges reads the range directives of decl: parameter index →
// [lo, hi].
func inputRanges(decl *ast.FuncDecl, sig *types.Signature) (map[int][2]int64, error) {
	ranges := map[int][2]int64{}
	if decl.Doc == nil {
		return ranges, nil
	}
	for _, c := range decl.Doc.List {
		rest, ok := strings.CutPrefix(c.Text, RangeDirective+" ")
		if !ok {
			continue
		}
		var name string
		var lo, hi int64
		if n, err := fmt.Sscanf(rest, "%s %d %d", &name, &lo, &hi); n != 3 || err != nil || lo > hi {
			return nil, fmt.Errorf("bad directive %q: want %s PARAM LO HI with LO <= HI", c.Text, RangeDirective)
		}
		i := -1
		for k := 0; k < sig.Params().Len(); k++ {
			if sig.Params().At(k).Name() == name {
				i = k
			}
		}
		if i < 0 {
			return nil, fmt.Errorf("%s names %s, which is not a parameter", RangeDirective, name)
		}
		if b, ok := sig.Params().At(i).Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
			return nil, fmt.Errorf("%s names %s, which is not an integer", RangeDirective, name)
		}
		ranges[i] = [2]int64{lo, hi}
	}
	return ranges, nil
}

// hasRange reports whether decl's doc comment has a range directive for
// param.
func hasRange(decl *ast.FuncDecl, param string) bool {
	if decl.Doc == nil {
		return false
	}
	for _, c := range decl.Doc.List {
		if rest, ok := strings.CutPrefix(c.Text, RangeDirective+" "); ok && strings.HasPrefix(rest, param+" ") {
			return true
		}
	}
	return false
}

// hasTypeParams reports whether method obj's receiver has type
// parameters (a method of a generic type).
func hasTypeParams(obj *types.Func) bool {
	recv := obj.Type().(*types.Signature).Recv()
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.TypeParams().Len() > 0
}
