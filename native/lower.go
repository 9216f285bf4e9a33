// This file lowers an IR function in SSA discipline to machine code:
// each IR register becomes the machine values of its components (a
// slice three: pointer, length, capacity; a string two; a scalar one),
// and each instruction the amd64 operations that compute it. Addresses
// (indexaddr, fieldaddr) stay symbolic until a load or store folds them
// into its addressing mode; constants become immediates where an
// instruction takes one and are materialised next to their use
// otherwise, so that they occupy no register across the function.

package native

import (
	"errors"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"math/bits"
	"strings"

	"github.com/vssa-go/vssa/ir"
)

// Unsupported is the error for a construct outside the subset the
// backend compiles.
type Unsupported struct {
	Pos  token.Pos
	What string
}

func (e *Unsupported) Error() string { return "unsupported: " + e.What }

// gcSizes are gc's sizes and alignments for amd64.
var gcSizes = types.SizesFor("gc", "amd64")

// pollInterval is how many back-edges a loop takes between preemption
// polls: a loop body between two polls runs at most this many times.
const pollInterval = 1 << 12

// symAddr is an address not yet materialised: base + index*scale + disp.
type symAddr struct {
	mem Mem
}

// Callees are the functions compiled together, which compiled code
// may call, by their IR names (ssa.Function.String()).
type Callees map[string]Callee

// has reports whether a function of this Go name is among the callees.
func (cs Callees) has(name string) bool {
	for _, c := range cs {
		if c.Name == name {
			return true
		}
	}
	return false
}

// A Callee is a function compiled together with others.
type Callee struct {
	Name string // its Go name, in the package
	Sig  *types.Signature
	IR   *ir.Func // after the passes: what a caller may inline
}

type lowerer struct {
	f       *ir.Func
	sig     *types.Signature // the Go declaration's, for the parameters' names
	unit    *Unit
	m       *Func
	vals    [][]Value // IR register → its components
	addr    []*symAddr
	cons    []constant.Value // IR register → its constant, if a const
	isK     []bool
	uses    []int // IR register → number of uses
	cur     *Block
	pos     token.Pos
	fast    []*Block             // the unrolled bodies splitLoops made
	sites   map[*Instr]*callSite // the calls, by their OpCall
	inlined map[string]*Func     // callee → its code to inline, nil if none (inline.go)
	avx2    *avx2Target          // nil: SSE2 only
	// string(b) registers holding b, converted by the trampoline they
	// are passed to (convertargs.go), with b's type.
	bytesArgs map[ir.Reg]types.Type
	funcArgs  map[ir.Reg]funcArg // funcargs.go
	// The pointers of slices made or grown by a Go helper (appends.go).
	made map[Value]bool
}

// Lower translates f, in SSA discipline, to machine code; sig is its Go
// signature, whose parameter names the assembly uses; f may call the
// callees.
//
// avx2Flag names the package's bool variable that says whether the CPU
// has AVX2; vector loops then have an AVX2 version too. "" leaves them
// SSE2 only.
func Lower(f *ir.Func, sig *types.Signature, u *Unit, avx2Flag string) (m *Func, err error) {
	l, err := lowerBody(f, sig, u)
	if err != nil {
		return nil, err
	}
	if avx2Flag != "" {
		l.avx2 = &avx2Target{flag: avx2Flag}
	}
	defer catchUnsupported(&err)
	l.transform()
	return l.m, nil
}

// reducible refuses a loop that can be entered other than through its
// header (goto into a loop, or two gotos making one cycle): the loop
// transforms and the preemption polls find loops as the blocks a back
// edge's target dominates.
func (l *lowerer) reducible() {
	f := l.f
	order := f.ReversePostorder()
	at := make([]int, len(f.Blocks))
	for i, b := range order {
		at[b.Index] = i
	}
	dom := f.CFG().Dom
	for _, b := range order {
		for _, s := range b.Succs {
			if at[s] <= at[b.Index] && !dom.Dominates(s, b.Index) {
				if t := b.Terminator(); t != nil {
					l.pos = t.Pos
				}
				l.fail("a loop entered other than at its start (goto into a loop)")
			}
		}
	}
}

// catchUnsupported, deferred, turns the panic of an *Unsupported, by
// which lowering refuses a construct, into *err.
func catchUnsupported(err *error) {
	if r := recover(); r != nil {
		u, ok := r.(*Unsupported)
		if !ok {
			panic(r)
		}
		*err = u
	}
}

// lowerBody translates f's instructions, without the transforms.
func lowerBody(f *ir.Func, sig *types.Signature, u *Unit) (l *lowerer, err error) {
	l = &lowerer{f: f, sig: sig, unit: u, m: &Func{Name: f.Name}}
	n := f.NumRegs()
	l.vals = make([][]Value, n)
	l.addr = make([]*symAddr, n)
	l.cons = make([]constant.Value, n)
	l.isK = make([]bool, n)
	l.uses = make([]int, n)
	defer catchUnsupported(&err)
	if len(f.FreeVars) > 0 {
		l.fail("a closure")
	}
	if f.Recover >= 0 {
		l.refuseDefer()
	}
	l.reducible()
	for _, b := range f.Blocks {
		for _, in := range append(b.Phis, b.Instrs...) {
			for _, a := range in.Args() {
				if a != ir.NoReg {
					l.uses[a]++
				}
			}
			if in.Op == ir.OpConst {
				l.isK[in.Dsts()[0]] = true
				l.cons[in.Dsts()[0]] = in.Const()
			}
		}
	}
	for i := range f.Blocks {
		l.m.Blocks = append(l.m.Blocks, &Block{Index: i, Preds: append([]int(nil), f.Blocks[i].Preds...), Succs: append([]int(nil), f.Blocks[i].Succs...)})
	}
	l.params()
	// Phis first, for every block: an argument may come from a block
	// lowered later (a back edge).
	for _, b := range f.Blocks {
		mb := l.m.Blocks[b.Index]
		for _, p := range b.Phis {
			r := p.Dsts()[0]
			l.pos = p.Pos
			for _, c := range l.components(f.TypeOf(r)) {
				v := l.m.newValue(c.class, c.pointer)
				mb.Phis = append(mb.Phis, Phi{Dst: v})
				l.vals[r] = append(l.vals[r], v)
			}
		}
	}
	for _, b := range f.ReversePostorder() {
		l.cur = l.m.Blocks[b.Index]
		for _, in := range b.Instrs {
			l.pos = in.Pos
			if in.Op.IsTerminator() {
				l.phiArgs(b)
			}
			l.instr(b, in)
		}
	}
	for _, b := range l.m.Blocks {
		for _, in := range b.Instrs {
			if !in.Op.defines() {
				in.Dst = NoValue
			}
		}
	}
	return l, nil
}

// transform runs the transforms on the lowered code.
func (l *lowerer) transform() {
	// The transforms, in order; the optional ones are optimisations
	// VSSA_SKIP may leave out, the others the code needs.
	steps := []struct {
		name     string
		optional bool
		run      func()
	}{
		{"inlineCalls", true, func() { l.inlineCalls() }},
		{"rotates", true, func() { rotates(l.m) }},
		{"doublings", true, func() { doublings(l.m) }},
		{"hoistFloatConstants", true, func() { hoistFloatConstants(l.m) }},
		{"remainders", true, func() { remainders(l.m) }},
		{"decideSelects", true, func() { decideSelects(l.m) }},
		{"foldConstants", true, func() { foldConstants(l.m) }},
		{"scaledSums", true, func() { scaledSums(l.m) }},
		{"foldBranches", true, func() { foldBranches(l.m) }},
		{"removeDead", false, func() { removeDead(l.m) }},
		{"mergeBlocks", true, func() { mergeBlocks(l.m) }},
		{"fuseCompares", true, func() { fuseCompares(l.m) }},
		{"ifConvert", true, func() { ifConvert(l.m) }},
		{"mergeBlocks", true, func() { mergeBlocks(l.m) }},
		{"fullUnroll", true, func() { fullUnroll(l.m) }},
		{"constantCounts", true, func() { constantCounts(l.m) }},
		{"foldConstants", true, func() { foldConstants(l.m) }},
		{"foldIdentities", true, func() { foldIdentities(l.m) }},
		{"dropRedundantExts", true, func() { dropRedundantExts(l.m) }},
		{"lowHalves", true, func() { lowHalves(l.m) }},
		{"foldBranches", true, func() { foldBranches(l.m) }},
		{"mergeBlocks", true, func() { mergeBlocks(l.m) }},
		{"removeDead", false, func() { removeDead(l.m) }},
		{"singleLatches", false, func() { singleLatches(l.m) }},
		{"popcntVersions", true, func() { popcntVersions(l.m) }},
		{"countLoops", true, func() { countLoops(l.m) }},
		{"splitLoops", true, func() { l.fast = splitLoops(l.m, l.avx2) }},
		{"searchLoops", true, func() { searchLoops(l.m) }},
		{"mergeBlocks", true, func() { mergeBlocks(l.m) }},
		{"combineChecks", true, func() { combineChecks(l.m, l.fast) }},
		{"foldOffsets", true, func() { foldOffsets(l.m, l.fast) }},
		{"localCSE", true, func() { localCSE(l.m, l.fast) }},
		{"blockCSE", true, func() { blockCSE(l.m) }},
		{"foldLeas", true, func() { foldLeas(l.m) }},
		{"foldIndexLeas", true, func() { foldIndexLeas(l.m) }},
		{"hoistConstants", true, func() { hoistConstants(l.m) }},
		{"shareConstants", true, func() { shareConstants(l.m) }},
		{"removeDead", false, func() { removeDead(l.m) }},
		{"sinkSteps", true, func() { sinkSteps(l.m, l.fast) }},
		{"combineLoads", true, func() { combineLoads(l.m) }},
		{"foldLoads", true, func() { foldLoads(l.m) }},
		{"fuseCarries", true, func() { fuseCarries(l.m) }},
		{"fuseTests", true, func() { fuseTests(l.m) }},
		{"markCountsThatFit", true, func() { markCountsThatFit(l.m) }},
		{"hoistShiftGuards", true, func() { hoistShiftGuards(l.m) }},
		{"storeSources", true, func() { storeSources(l.m) }},
		{"immediateOperands", true, func() { immediateOperands(l.m) }},
		{"reloadArgs", false, func() { reloadPointerArgs(l.m) }},
		{"pointerSlots", false, func() { keepPointersInSlots(l.m) }},
		{"addPolls", false, func() { l.addPolls() }},
	}
	if verifyTransforms {
		if err := verifySSA(l.m); err != nil {
			panic(fmt.Sprintf("native: lowering broke SSA form: %v", err))
		}
	}
	for _, st := range steps {
		if st.optional && skipTransforms[st.name] {
			continue
		}
		st.run()
		if verifyTransforms {
			if err := verifySSA(l.m); err != nil {
				panic(fmt.Sprintf("native: %s broke SSA form: %v", st.name, err))
			}
		}
	}
	if in, ptrs := pointerAcrossCall(l.m); in != nil {
		l.pos = in.Pos
		l.refuseMadeAcrossCall(ptrs)
		l.fail("%s", ptrAcrossCall)
	}
}

// ptrAcrossCall refuses a pointer live across a call (acrossCall
// recognises it, to retry with less inlining).
const ptrAcrossCall = "a pointer computed before a call and used after it (the call may move the stack; only the arguments' own pointers are reloaded)"

// acrossCall reports whether err is the refusal of a pointer live
// across a call.
func acrossCall(err error) bool {
	var u *Unsupported
	return errors.As(err, &u) && u.What == ptrAcrossCall
}

func (l *lowerer) fail(format string, args ...any) {
	panic(&Unsupported{Pos: l.pos, What: fmt.Sprintf(format, args...)})
}

func (l *lowerer) emit(in *Instr) *Instr {
	if in.Pos == token.NoPos {
		in.Pos = l.pos
	}
	l.cur.Instrs = append(l.cur.Instrs, in)
	return in
}

// def emits in defining a new value of class c.
func (l *lowerer) def(c Class, pointer bool, in *Instr) Value {
	in.Dst = l.m.newValue(c, pointer)
	l.emit(in)
	return in.Dst
}

type component struct {
	class   Class
	pointer bool
	width   int
	signed  bool
	float   bool
	suffix  string // for asmdecl: "_base", "_len", "_cap" or ""
	off     int64
}

// components returns how a value of type t is held: one machine value
// per component, or it fails for types outside the subset.
func (l *lowerer) components(t types.Type) []component {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		k := u.Kind()
		switch {
		case k == types.Bool:
			return []component{{class: GP, width: 1}}
		case u.Info()&types.IsInteger != 0:
			return []component{{class: GP, width: int(gcSizes.Sizeof(u)), signed: u.Info()&types.IsUnsigned == 0}}
		case k == types.Float32:
			return []component{{class: FP, width: 4, float: true}}
		case k == types.Float64:
			return []component{{class: FP, width: 8, float: true}}
		case k == types.String:
			return []component{{class: GP, pointer: true, width: 8, suffix: "_base"}, {class: GP, width: 8, signed: true, suffix: "_len", off: 8}}
		case k == types.UnsafePointer:
			return []component{{class: GP, pointer: true, width: 8}}
		}
	case *types.Pointer:
		return []component{{class: GP, pointer: true, width: 8}}
	case *types.Slice:
		return []component{{class: GP, pointer: true, width: 8, suffix: "_base"}, {class: GP, width: 8, signed: true, suffix: "_len", off: 8}, {class: GP, width: 8, signed: true, suffix: "_cap", off: 16}}
	case *types.Struct, *types.Array:
		if gcSizes.Sizeof(t) == 0 {
			return nil // nothing to hold (binary.LittleEndian's receiver)
		}
		if cs, ok := l.aggregate(u); ok {
			return cs
		}
	case *types.Signature:
		// A func value: a pointer to its closure, called through a Go
		// helper (indirectcalls.go).
		return []component{{class: GP, pointer: true, width: 8}}
	case *types.Interface:
		// Moved and returned as they are (an error result) or called
		// through a Go helper (indirectcalls.go); anything
		// that looks inside fails on its single-value use.
		first := "_itable"
		if u.Empty() {
			first = "_type"
		}
		return []component{{class: GP, pointer: true, width: 8, suffix: first}, {class: GP, pointer: true, width: 8, suffix: "_data", off: 8}}
	}
	l.fail("%s", typeRefusal("a value", t))
	return nil
}

// params loads the arguments from the frame and sets its size.
func (l *lowerer) params() {
	l.cur = l.m.Blocks[0]
	pOff, _, size := abiOffsets(l.paramTypes(), l.f.Results)
	for i, p := range l.f.Params {
		l.pos = l.f.Pos
		if i < l.sig.Params().Len() && l.sig.Params().At(i).Pos().IsValid() {
			l.pos = l.sig.Params().At(i).Pos() // a refusal of its type points at it
		}
		if isUnsafePointer(l.f.TypeOf(p)) {
			l.unsafePointerParam() // unsafeptr.go
		}
		for _, c := range l.components(l.f.TypeOf(p)) {
			v := l.def(c.class, c.pointer, &Instr{Op: OpArg, Off: pOff[i] + c.off, Width: c.width, Signed: c.signed, Float: c.float, Sym: ParamName(l.sig, i) + c.suffix})
			l.vals[p] = append(l.vals[p], v)
			if c.suffix == "_len" && memoryLength(l.f.TypeOf(p)) {
				if l.m.ArgLens == nil {
					l.m.ArgLens = map[Value]bool{}
				}
				l.m.ArgLens[v] = true
			}
		}
	}
	l.m.ArgSize = size
	l.cur = nil
}

// memoryLength reports whether t is a string or a slice whose elements
// have a size: its length then counts at least its bytes in memory.
func memoryLength(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		return gcSizes.Sizeof(u.Elem()) > 0
	}
	return false
}

func (l *lowerer) paramTypes() []types.Type {
	var ts []types.Type
	for _, p := range l.f.Params {
		ts = append(ts, l.f.TypeOf(p))
	}
	return ts
}

// abiOffsets lays out an ABI0 argument frame: the parameters in order,
// each at its alignment, then the results from the next word.
func abiOffsets(params, results []types.Type) (paramOff, resultOff []int64, size int64) {
	off := int64(0)
	for _, t := range params {
		off = align(off, gcSizes.Alignof(t))
		paramOff = append(paramOff, off)
		off += gcSizes.Sizeof(t)
	}
	if len(results) > 0 {
		off = align(off, 8)
	}
	for _, t := range results {
		off = align(off, gcSizes.Alignof(t))
		resultOff = append(resultOff, off)
		off += gcSizes.Sizeof(t)
	}
	return paramOff, resultOff, off
}

// call lowers a call of a function compiled with this one: its
// arguments stored where ABI0 puts them, the call, its results loaded.
func (l *lowerer) call(in *ir.Instr) {
	if in.CallMode == ir.CallBuiltin {
		l.builtin(in)
		return
	}
	if in.CallMode == ir.CallClosure || in.CallMode == ir.CallInvoke {
		l.indirectCall(in) // indirectcalls.go
		return
	}
	if in.CallMode != ir.CallStatic {
		l.fail("%s", l.callRefusal(in))
	}
	if l.intrinsic(in) {
		return
	}
	c, ok := l.unit.Callees[in.Sym()]
	if !ok {
		if c, ok := l.directCallee(in); ok { // directcalls.go
			l.callee(c, in.Sym(), in.CallArgs(), in.Dsts())
			return
		}
		c = l.trampoline(in)
		l.callee(c, in.Sym(), l.passedArgs(in), in.Dsts())
		return
	}
	l.callee(c, in.Sym(), in.CallArgs(), in.Dsts())
}

// callee lowers a call of c (sym its IR name) with arguments args and
// results dsts: the arguments stored where ABI0 puts them, the call,
// the results loaded.
func (l *lowerer) callee(c Callee, sym string, callArgs, dsts []ir.Reg) {
	var params, results []types.Type
	for i := 0; i < c.Sig.Params().Len(); i++ {
		params = append(params, c.Sig.Params().At(i).Type())
	}
	for i := 0; i < c.Sig.Results().Len(); i++ {
		results = append(results, c.Sig.Results().At(i).Type())
	}
	pOff, rOff, size := abiOffsets(params, results)
	site := &callSite{callee: sym}
	for i, a := range callArgs {
		vs := l.values(a)
		for k, comp := range l.components(params[i]) {
			if comp.pointer {
				l.passesPointer(c.Name) // escape.go
			}
			site.args = append(site.args, l.emit(&Instr{Op: OpCallArg, Off: pOff[i] + comp.off, Width: comp.width, Float: comp.float, Args: []Value{vs[k]}}))
		}
	}
	call := l.emit(&Instr{Op: OpCall, Sym: c.Name, Off: size})
	for i, r := range dsts {
		for _, comp := range l.components(results[i]) {
			res := &Instr{Op: OpCallResult, Off: rOff[i] + comp.off, Width: comp.width, Signed: comp.signed, Float: comp.float}
			l.vals[r] = append(l.vals[r], l.def(comp.class, comp.pointer, res))
			site.results = append(site.results, res)
		}
	}
	if l.sites == nil {
		l.sites = map[*Instr]*callSite{}
	}
	l.sites[call] = site
}

// ParamName is the name parameter i of a function of signature sig has
// in the declaration vssa writes (and go vet's asmdecl reads): its own,
// or argN if it has none.
//
// A name the assembler reads as a register (g, SP, AX, X0, …) cannot
// name an argument in name+off(FP): such a parameter is argN too.
func ParamName(sig *types.Signature, i int) string {
	if sig != nil && i < sig.Params().Len() {
		if n := sig.Params().At(i).Name(); n != "" && n != "_" && !asmReserved(n) {
			return n
		}
	}
	return fmt.Sprintf("arg%d", i)
}

// asmReserved reports whether the amd64 assembler reads name as a
// register or pseudo-register.
func asmReserved(name string) bool {
	switch name {
	case "g", "SP", "SB", "FP", "PC":
		return true
	}
	for _, r := range gpNames {
		if name == r || name == r[:1]+"L" && len(r) == 2 || name == r+"B" {
			return true
		}
	}
	for _, prefix := range []string{"X", "Y", "Z", "K", "R"} {
		if rest, ok := strings.CutPrefix(name, prefix); ok && rest != "" && strings.Trim(rest, "0123456789") == "" {
			return true
		}
	}
	switch name {
	case "AL", "BL", "CL", "DL", "AH", "BH", "CH", "DH", "SPB", "BPB", "SIB", "DIB", "F0", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "M0", "M1", "M2", "M3", "M4", "M5", "M6", "M7":
		return true
	}
	return false
}

// ResultName is the name go vet's asmdecl gives result i of a
// declaration whose results are unnamed.
func ResultName(i int) string {
	if i == 0 {
		return "ret"
	}
	return fmt.Sprintf("ret%d", i)
}

func align(off, a int64) int64 { return (off + a - 1) &^ (a - 1) }

// value returns the single machine value of IR register r, materialising
// a constant or an address.
func (l *lowerer) value(r ir.Reg) Value {
	vs := l.values(r)
	if len(vs) != 1 {
		l.fail("a value of type %s used as a scalar", l.f.TypeOf(r))
	}
	return vs[0]
}

// values returns the components of r.
func (l *lowerer) values(r ir.Reg) []Value {
	if l.isK[r] {
		return l.constant(r)
	}
	if a := l.addr[r]; a != nil {
		if a.mem.Sym == "" && a.mem.Local == 0 && a.mem.Base == NoValue && a.mem.Index == NoValue {
			l.fail("the address of a variable of size zero")
		}
		// A symbol's address is static: no pointer the collector or
		// the stack copier must see.
		return []Value{l.def(GP, a.mem.Sym == "", &Instr{Op: OpLea, Mem: a.mem, Args: a.mem.args()})}
	}
	if l.vals[r] == nil {
		l.fail("a register defined by an unsupported instruction")
	}
	return l.vals[r]
}

// constant materialises constant register r in the current block.
func (l *lowerer) constant(r ir.Reg) []Value {
	t := l.f.TypeOf(r)
	c := l.cons[r]
	if s, ok := isStringConstant(t, c); ok {
		return l.stringConstant(s)
	}
	var out []Value
	for i, comp := range l.components(t) {
		bits := int64(0)
		if c != nil {
			if i > 0 || comp.pointer {
				l.fail("a constant of type %s", t)
			}
			bits = constBits(l, c, comp)
		}
		out = append(out, l.def(comp.class, comp.pointer, &Instr{Op: OpConst, Imm: bits, Width: comp.width, Float: comp.float}))
	}
	return out
}

// constBits returns the canonical register contents of constant c.
func constBits(l *lowerer, c constant.Value, comp component) int64 {
	switch {
	case c.Kind() == constant.Bool:
		if constant.BoolVal(c) {
			return 1
		}
		return 0
	case comp.float:
		f, _ := constant.Float64Val(constant.ToFloat(c))
		if comp.width == 4 {
			return int64(math.Float32bits(float32(f)))
		}
		return int64(math.Float64bits(f))
	case c.Kind() == constant.Int:
		if v, ok := constant.Int64Val(c); ok {
			return v
		}
		if v, ok := constant.Uint64Val(c); ok {
			return int64(v)
		}
	}
	l.fail("the constant %s", c)
	return 0
}

// imm reports whether r is an integer constant that fits an instruction's
// 32-bit immediate, and its value.
func (l *lowerer) imm(r ir.Reg) (int64, bool) {
	v, ok := l.intConst(r)
	return v, ok && v == int64(int32(v))
}

// intConst reports whether r is an integer constant, and its value.
func (l *lowerer) intConst(r ir.Reg) (int64, bool) {
	if r == ir.NoReg || !l.isK[r] {
		return 0, false
	}
	comps := l.components(l.f.TypeOf(r))
	if len(comps) != 1 || comps[0].float || comps[0].pointer {
		return 0, false
	}
	v := int64(0)
	if c := l.cons[r]; c != nil {
		v = constBits(l, c, comps[0])
	}
	return v, true
}

// binImm is imm for an operand of an arithmetic or bitwise operation
// mi (its Bin, Width and Signed set): where the emitter sizes it (an
// unsigned 32-bit add, sub or multiply: ADDL, SUBL, IMUL3L), every
// constant fits, as its low 32 bits sign-extended, since the
// instruction reads no more (murmur3's uint32 constants above 1<<31,
// IMUL3L $-862048943 rather than a MOVQ of 3432918353 to a register
// and IMULL). Not where it is emitted at 64 bits and its result's high
// half is its operands' (and, or, xor: XORQ $-1 of a zero-extended
// uint32 would set the high half that XORL leaves clear), and not for
// comparisons, whose immediates the loop analyses read as values.
func (l *lowerer) binImm(r ir.Reg, mi *Instr) (int64, bool) {
	v, ok := l.intConst(r)
	if ok && mi.Width == 4 && sizedOp(mi) {
		v = int64(int32(v))
	}
	return v, ok && v == int64(int32(v))
}

// intKind returns the width and signedness of an integer or bool type,
// and whether it is a float type (then width is 4 or 8).
func (l *lowerer) kind(t types.Type) (width int, signed, float bool) {
	c := l.components(t)
	if len(c) != 1 {
		l.fail("an operation on type %s", t)
	}
	return c[0].width, c[0].signed, c[0].float
}

// phiArgs gives the phis of b's successor their arguments on b's edge
// (b ends with a jump into a join, the only edges phis read), placing
// the constants they need at b's end.
func (l *lowerer) phiArgs(b *ir.Block) {
	for k, s := range b.Succs {
		succ := l.f.Blocks[s]
		if len(succ.Phis) == 0 {
			continue
		}
		j := b.PredIndex(k, succ)
		mb := l.m.Blocks[s]
		i := 0
		for _, p := range succ.Phis {
			for _, v := range l.values(p.Args()[j]) {
				if mb.Phis[i].Args == nil {
					mb.Phis[i].Args = make([]Value, len(succ.Preds))
				}
				mb.Phis[i].Args[j] = v
				i++
			}
		}
	}
}

var condOf = map[ir.Op]Cond{ir.OpEq: CondEq, ir.OpNe: CondNe, ir.OpLt: CondLt, ir.OpLe: CondLe, ir.OpGt: CondGt, ir.OpGe: CondGe}

var binOf = map[ir.Op]Bin{ir.OpAdd: BinAdd, ir.OpSub: BinSub, ir.OpMul: BinMul, ir.OpAnd: BinAnd, ir.OpOr: BinOr, ir.OpXor: BinXor, ir.OpAndNot: BinAndNot, ir.OpDiv: BinDiv, ir.OpRem: BinRem, ir.OpShl: BinShl, ir.OpShr: BinShr}

func (l *lowerer) instr(b *ir.Block, in *ir.Instr) {
	args := in.Args()
	var dst ir.Reg = ir.NoReg
	if d := in.Dsts(); len(d) == 1 {
		dst = d[0]
	}
	set := func(vs ...Value) { l.vals[dst] = vs }
	switch in.Op {
	case ir.OpConst:
		// Materialised where used.
	case ir.OpCopy, ir.OpChangeType:
		if l.isK[args[0]] {
			l.isK[dst], l.cons[dst] = true, l.cons[args[0]]
			return
		}
		if a := l.addr[args[0]]; a != nil {
			l.addr[dst] = a
			return
		}
		set(l.values(args[0])...)
	case ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpAnd, ir.OpOr, ir.OpXor, ir.OpAndNot:
		w, s, fl := l.kind(l.f.TypeOf(dst))
		op := binOf[in.Op]
		if fl && op != BinAdd && op != BinSub && op != BinMul {
			l.fail("%s on floats", in.Op)
		}
		x, y := args[0], args[1]
		if v, k, ok := l.mulByLargePow2(x, y, w, fl); ok && op == BinMul {
			set(l.def(GP, false, &Instr{Op: OpShift, Bin: BinShl, Width: w, Signed: s, Imm: k, HasImm: true, Args: []Value{l.value(v)}}))
			return
		}
		commutes := op == BinAdd || op == BinMul || op == BinAnd || op == BinOr || op == BinXor
		mi := &Instr{Op: OpBin, Bin: op, Width: w, Signed: s, Float: fl}
		if _, ok := l.binImm(x, mi); ok && commutes && !fl {
			x, y = y, x
		}
		if v, ok := l.binImm(y, mi); ok && !fl {
			mi.Imm, mi.HasImm, mi.Args = v, true, []Value{l.value(x)}
		} else {
			mi.Args = []Value{l.value(x), l.value(y)}
		}
		set(l.def(l.classOf(fl), false, mi))
	case ir.OpDiv, ir.OpRem:
		w, s, fl := l.kind(l.f.TypeOf(dst))
		if fl {
			if in.Op == ir.OpRem {
				l.fail("%% on floats")
			}
			set(l.def(FP, false, &Instr{Op: OpBin, Bin: BinDiv, Width: w, Float: true, Args: []Value{l.value(args[0]), l.value(args[1])}}))
			return
		}
		if d, ok := l.imm(args[1]); ok && !s && w <= 4 && d >= 1 {
			set(l.divConst(in.Op == ir.OpRem, l.value(args[0]), d, w))
			return
		}
		if d, ok := l.intConst(args[1]); ok && !s && w == 8 && uint64(d) >= 3 && d&(d-1) != 0 {
			set(l.divConst64(in.Op == ir.OpRem, l.value(args[0]), uint64(d)))
			return
		}
		if d, ok := l.imm(args[1]); ok && w == 8 && d >= 2 && d&(d-1) == 0 {
			set(l.divPow2(in.Op == ir.OpRem, s, l.value(args[0]), bits.TrailingZeros64(uint64(d))))
			return
		}
		set(l.def(GP, false, &Instr{Op: OpDiv, Bin: binOf[in.Op], Width: w, Signed: s, Args: []Value{l.value(args[0]), l.value(args[1])}}))
	case ir.OpShl, ir.OpShr:
		w, s, _ := l.kind(l.f.TypeOf(dst))
		mi := &Instr{Op: OpShift, Bin: binOf[in.Op], Width: w, Signed: s}
		if v, ok := l.imm(args[1]); ok {
			if _, cs, _ := l.kind(l.f.TypeOf(args[1])); cs && v < 0 {
				l.fail("a negative constant shift count")
			}
			mi.Imm, mi.HasImm, mi.Args = v, true, []Value{l.value(args[0])}
		} else {
			mi.Args = []Value{l.value(args[0]), l.value(args[1])}
		}
		set(l.def(GP, false, mi))
	case ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe:
		if l.fusedCompare(b, dst) {
			return // the branch compares
		}
		set(l.def(GP, false, l.compare(in)))
	case ir.OpNeg, ir.OpCompl, ir.OpNot:
		w, s, fl := l.kind(l.f.TypeOf(dst))
		op := map[ir.Op]Bin{ir.OpNeg: BinNeg, ir.OpCompl: BinCompl, ir.OpNot: BinNot}[in.Op]
		set(l.def(l.classOf(fl), false, &Instr{Op: OpUnary, Bin: op, Width: w, Signed: s, Float: fl, Args: []Value{l.value(args[0])}}))
	case ir.OpConvert:
		l.convert(dst, args[0])
	case ir.OpIndexAddr:
		l.indexAddr(dst, args[0], args[1])
	case ir.OpFieldAddr:
		pt, ok := l.f.TypeOf(args[0]).Underlying().(*types.Pointer)
		st, ok2 := pt.Elem().Underlying().(*types.Struct)
		if !ok || !ok2 {
			l.fail("fieldaddr of %s", l.f.TypeOf(args[0]))
		}
		fields := make([]*types.Var, st.NumFields())
		for i := range fields {
			fields[i] = st.Field(i)
		}
		off := gcSizes.Offsetsof(fields)[in.Field]
		a := l.addressOf(args[0])
		a.mem.Disp += off
		l.addr[dst] = a
	case ir.OpLoad:
		l.refuseLargeCompare(dst)
		l.load(dst, l.addressOf(args[0]))
	case ir.OpStore:
		t := l.f.TypeOf(args[1])
		if ir.HasPointers(t) {
			l.fail("a store of a value of type %s (it would need the garbage collector's write barrier)", t)
		}
		a := l.addressOf(args[0])
		cs := l.components(t)
		vs := l.values(args[1])
		for i, c := range cs {
			m := a.mem
			m.Disp += c.off
			l.emit(&Instr{Op: OpStore, Mem: m, Width: c.width, Float: c.float, Args: append([]Value{vs[i]}, m.args()...)})
		}
	case ir.OpField:
		l.vals[dst] = l.part(args[0], l.fieldRange(l.f.TypeOf(args[0]), int(in.Field)))
	case ir.OpIndex:
		t := l.f.TypeOf(args[0])
		if a, ok := t.Underlying().(*types.Array); ok {
			k, isConst := l.imm(args[1])
			if !isConst || k < 0 || k >= a.Len() {
				l.fail("an array value indexed by a variable (index the array through a pointer or a slice)")
			}
			n := len(l.components(a.Elem()))
			l.vals[dst] = l.part(args[0], [2]int{int(k) * n, int(k+1) * n})
			return
		}
		if b, ok := t.Underlying().(*types.Basic); !ok || b.Kind() != types.String {
			l.fail("indexing a value of type %s", t)
		}
		s := l.values(args[0])
		l.load(dst, &symAddr{Mem{Base: s[0], Index: l.value(args[1]), Scale: 1}})
	case ir.OpLen, ir.OpCap:
		vs := l.sliceOrString(args[0])
		k := 1
		if in.Op == ir.OpCap {
			k = 2
		}
		set(vs[k])
	case ir.OpSlice:
		l.slice(dst, args)
	case ir.OpSliceCheck:
		l.sliceCheck(in)
	case ir.OpGlobal:
		l.global(dst, in.Sym())
	case ir.OpAlloc:
		l.alloc(dst, in)
	case ir.OpMakeSlice:
		// A Go helper makes it (appends.go).
		l.helperSlice(makeSliceBody, args, []ir.Reg{dst})
	case ir.OpMakeInterface, ir.OpChangeInterface:
		l.callee(l.goHelper("return p0", args, []ir.Reg{dst}), "", args, []ir.Reg{dst})
	case ir.OpPanic:
		l.callee(l.goHelper("panic(p0)", args, nil), "", args, nil)
		l.emit(&Instr{Op: OpTrap})
	case ir.OpNilCheck:
		l.emit(&Instr{Op: OpNil, Args: []Value{l.value(args[0])}})
	case ir.OpBoundsCheck:
		_, s, _ := l.kind(l.f.TypeOf(args[0]))
		l.emit(&Instr{Op: OpBounds, Signed: s, Args: []Value{l.value(args[0]), l.value(args[1])}})
	case ir.OpDivCheck:
		l.emit(&Instr{Op: OpDivZero, Args: []Value{l.value(args[0])}})
	case ir.OpShiftCheck:
		l.emit(&Instr{Op: OpShiftNeg, Args: []Value{l.value(args[0])}})
	case ir.OpRunDefers:
		// No function with a defer gets here (instr rejects OpDefer).
	case ir.OpJump:
		l.emit(&Instr{Op: OpJump})
	case ir.OpIf:
		l.branch(b, args[0])
	case ir.OpReturn:
		l.ret(args)
	case ir.OpCall:
		l.call(in)
	case ir.OpFunc:
		if !l.funcInTrampoline(dst, in) {
			l.refuseConstruct(in, constructs[ir.OpFunc])
		}
	default:
		if what, ok := constructs[in.Op]; ok {
			l.refuseConstruct(in, what)
		}
		l.fail("the IR instruction %s", in.Op)
	}
}

// constructs names the Go constructs behind the IR instructions outside
// the subset, for the error that refuses them.
var constructs = map[ir.Op]string{
	ir.OpGo:              "a go statement: start the goroutine in a Go caller",
	ir.OpDefer:           "defer: make the call at each return instead",
	ir.OpFunc:            "a function value: call functions by name, or pass the function in as a parameter",
	ir.OpMakeClosure:     "a closure (a func literal): make it a function of the package and compile it too",
	ir.OpMakeMap:         "a map: use a slice or an array indexed by the key",
	ir.OpMakeChan:        "a channel: keep channel operations in a Go caller",
	ir.OpLookup:          "a map index: use a slice or an array indexed by the key",
	ir.OpMapUpdate:       "a map assignment: use a slice or an array indexed by the key",
	ir.OpSend:            "a channel send: keep channel operations in a Go caller",
	ir.OpRecv:            "a channel receive: keep channel operations in a Go caller",
	ir.OpSelect:          "select: keep channel operations in a Go caller",
	ir.OpRange:           "range over a string or a map: index the string in a counted loop (for i := 0; i < len(s); i++)",
	ir.OpNext:            "range over a string or a map: index the string in a counted loop (for i := 0; i < len(s); i++)",
	ir.OpLenCheck:        "a slice converted to an array: index the slice instead",
	ir.OpSliceToArrayPtr: "a slice converted to an array pointer: index the slice instead",
	ir.OpTypeAssert:      "a type assertion: keep interface values in a Go caller",
}

func (l *lowerer) classOf(float bool) Class {
	if float {
		return FP
	}
	return GP
}

// sliceOrString returns the components of a slice or string.
func (l *lowerer) sliceOrString(r ir.Reg) []Value {
	vs := l.values(r)
	if len(vs) < 2 {
		l.fail("len or cap of %s", l.f.TypeOf(r))
	}
	return vs
}

// fusedCompare reports whether comparison r is used only by the
// terminator of its block, an if, which then compares itself.
func (l *lowerer) fusedCompare(b *ir.Block, r ir.Reg) bool {
	t := b.Terminator()
	if t == nil || t.Op != ir.OpIf || t.Args()[0] != r || l.uses[r] != 1 {
		return false
	}
	for _, in := range b.Instrs {
		if d := in.Dsts(); len(d) == 1 && d[0] == r {
			_, ok := condOf[in.Op]
			return ok
		}
	}
	return false
}

// compare returns the comparison in (operands lowered, Dst unset).
func (l *lowerer) compare(in *ir.Instr) *Instr {
	x, y := in.Args()[0], in.Args()[1]
	if _, ok := l.f.TypeOf(x).Underlying().(*types.Interface); ok {
		// Only with nil (err != nil): an interface is nil when its
		// first word (type or itab) is.
		if l.isK[x] {
			x, y = y, x
		}
		if !l.isK[y] || l.cons[y] != nil || in.Op != ir.OpEq && in.Op != ir.OpNe {
			l.fail("a comparison of interface values other than with nil")
		}
		return &Instr{Op: OpCmp, Cond: condOf[in.Op], Width: 8, Args: []Value{l.values(x)[0]}, Imm: 0, HasImm: true}
	}
	if isString(l.f.TypeOf(x)) {
		return l.compareString(in)
	}
	w, s, fl := l.kind(l.f.TypeOf(x))
	if _, isPtr := l.f.TypeOf(x).Underlying().(*types.Pointer); isPtr {
		s = false
	}
	mi := &Instr{Op: OpCmp, Cond: condOf[in.Op], Width: w, Signed: s, Float: fl}
	if v, ok := l.imm(y); ok && !fl {
		mi.Imm, mi.HasImm, mi.Args = v, true, []Value{l.value(x)}
	} else {
		mi.Args = []Value{l.value(x), l.value(y)}
	}
	return mi
}

// branch ends the block with a conditional branch on c.
func (l *lowerer) branch(b *ir.Block, c ir.Reg) {
	if l.fusedCompare(b, c) {
		for _, in := range b.Instrs {
			if len(in.Dsts()) == 1 && in.Dsts()[0] == c {
				if in.Pos.IsValid() {
					// A refusal of the comparison points at it, not
					// at the if, which has no position of its own.
					l.pos = in.Pos
				}
				mi := l.compare(in)
				mi.Op = OpBranch
				l.emit(mi)
				return
			}
		}
	}
	l.emit(&Instr{Op: OpBranch, Cond: CondNe, Width: 1, Args: []Value{l.value(c)}, Imm: 0, HasImm: true})
}

func (l *lowerer) ret(args []ir.Reg) {
	mi := &Instr{Op: OpReturn}
	_, rOff, _ := abiOffsets(l.paramTypes(), l.f.Results)
	for i, r := range args {
		t := l.f.Results[i]
		if ir.HasPointers(t) {
			l.m.ResultPointers = true
		}
		if isUnsafePointer(t) {
			l.unsafePointerResult() // unsafeptr.go
		}
		vs := l.values(r)
		for k, c := range l.components(t) {
			mi.Args = append(mi.Args, vs[k])
			mi.Rets = append(mi.Rets, Ret{Name: ResultName(i) + c.suffix, Off: rOff[i] + c.off, Width: c.width, Float: c.float, Signed: c.signed})
		}
	}
	l.emit(mi)
}

// addressOf returns the address held by pointer register r.
func (l *lowerer) addressOf(r ir.Reg) *symAddr {
	if a := l.addr[r]; a != nil {
		c := *a
		return &c
	}
	return &symAddr{Mem{Base: l.value(r), Index: NoValue, Scale: 1}}
}

// indexAddr makes dst the address of element i of x (a slice or a
// pointer to an array).
func (l *lowerer) indexAddr(dst, x, i ir.Reg) {
	var elem types.Type
	var base *symAddr
	switch u := l.f.TypeOf(x).Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
		base = &symAddr{Mem{Base: l.values(x)[0], Index: NoValue, Scale: 1}}
	case *types.Pointer:
		a, ok := u.Elem().Underlying().(*types.Array)
		if !ok {
			l.fail("indexaddr of %s", u)
		}
		elem = a.Elem()
		base = l.addressOf(x)
		if base.mem.Index == NoValue {
			base.mem.Extent = base.mem.Disp + a.Len()*gcSizes.Sizeof(elem)
		}
	default:
		l.fail("indexaddr of %s", u)
	}
	size := gcSizes.Sizeof(elem)
	if k, ok := l.imm(i); ok && k*size == int64(int32(k*size)) {
		base.mem.Disp += k * size
		l.addr[dst] = base
		return
	}
	idx := l.value(i)
	if base.mem.Index != NoValue || base.mem.Sym != "" {
		base = &symAddr{Mem{Base: l.def(GP, base.mem.Sym == "", &Instr{Op: OpLea, Mem: base.mem, Args: base.mem.args()}), Index: NoValue, Scale: 1}}
	}
	switch size {
	case 1, 2, 4, 8:
		base.mem.Index, base.mem.Scale = idx, size
	default:
		base.mem.Index, base.mem.Scale = l.def(GP, false, &Instr{Op: OpBin, Bin: BinMul, Width: 8, Signed: true, Args: []Value{idx}, Imm: size, HasImm: true}), 1
	}
	l.addr[dst] = base
}

// load makes dst the value at a.
func (l *lowerer) load(dst ir.Reg, a *symAddr) {
	t := l.f.TypeOf(dst)
	for _, c := range l.components(t) {
		m := a.mem
		m.Disp += c.off
		l.vals[dst] = append(l.vals[dst], l.def(c.class, c.pointer, &Instr{Op: OpLoad, Mem: m, Width: c.width, Signed: c.signed, Float: c.float, Args: m.args()}))
	}
}

// convert makes dst the numeric conversion of x.
func (l *lowerer) convert(dst, x ir.Reg) {
	if to, from := l.f.TypeOf(dst).Underlying(), l.f.TypeOf(x).Underlying(); isString(to) != isString(from) {
		if l.convertInTrampoline(dst, x) || l.bytesOfString(dst, x) {
			return
		}
		// string(b), []byte(s), []rune(s), string(r): a new string or
		// slice, which compiled code cannot allocate.
		l.fail("a conversion of %s to %s: it allocates a copy, which compiled code cannot; index the original instead (a string's bytes are s[i], a []byte's b[i])", l.f.TypeOf(x), l.f.TypeOf(dst))
	}
	if to, from := l.f.TypeOf(dst), l.f.TypeOf(x); isUnsafePointer(to) && isIntegerType(from) || isIntegerType(to) && isUnsafePointer(from) {
		l.m.IntPointers = true // uintptr(p), unsafe.Pointer(n): unsafeptr.go
	}
	tw, ts, tf := l.kind(l.f.TypeOf(dst))
	fw, fs, ff := l.kind(l.f.TypeOf(x))
	v := l.value(x)
	var out Value
	switch {
	case !tf && !ff:
		// A wider type reads the extended value alike, but for a signed
		// value made unsigned (its sign extension must stop at the new
		// width); a 64-bit target keeps the bits.
		if tw == 8 || (tw == fw && ts == fs) || (tw > fw && (ts || !fs)) {
			out = v
		} else {
			out = l.def(GP, false, &Instr{Op: OpExt, Width: tw, Signed: ts, Args: []Value{v}})
		}
	case tf && !ff:
		cvt := CvtIntToF64
		if tw == 4 {
			cvt = CvtIntToF32
		}
		if fw == 8 && !fs {
			cvt = CvtUintToF64
			if tw == 4 {
				cvt = CvtUintToF32
			}
		}
		out = l.def(FP, false, &Instr{Op: OpCvt, Cvt: cvt, Args: []Value{v}})
	case !tf && ff:
		// gc's choices, which Go leaves to the implementation out of
		// range: a 64-bit unsigned result by way of x-2^63 past 2^63,
		// a 32-bit unsigned one truncated from 64 bits, 8 and 16 bits
		// truncated from 32.
		cvt := CvtF64ToInt
		if fw == 4 {
			cvt = CvtF32ToInt
		}
		switch {
		case tw == 8 && !ts:
			cvt += CvtF64ToUint - CvtF64ToInt
			out = l.def(GP, false, &Instr{Op: OpCvt, Cvt: cvt, Width: 8, Args: []Value{v}})
		case tw == 8 || tw == 4 && ts:
			out = l.def(GP, false, &Instr{Op: OpCvt, Cvt: cvt, Width: tw, Args: []Value{v}})
		default:
			from := 4
			if tw == 4 {
				from = 8
			}
			wide := l.def(GP, false, &Instr{Op: OpCvt, Cvt: cvt, Width: from, Args: []Value{v}})
			out = l.def(GP, false, &Instr{Op: OpExt, Width: tw, Signed: ts, Args: []Value{wide}})
		}
	default:
		switch {
		case fw == tw:
			out = v
		case tw == 8:
			out = l.def(FP, false, &Instr{Op: OpCvt, Cvt: CvtF32ToF64, Args: []Value{v}})
		default:
			out = l.def(FP, false, &Instr{Op: OpCvt, Cvt: CvtF64ToF32, Args: []Value{v}})
		}
	}
	l.vals[dst] = []Value{out}
}
