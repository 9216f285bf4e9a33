// This file prepares IR functions for execution: registers become slots
// of a frame, blocks are laid out in one instruction array, branch
// targets become indices into it with the phi moves of each edge, and
// static callees and types are resolved once.

package interp

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"sync"

	"github.com/vssa-go/vssa/ir"
)

// function is a callable function: an IR function compiled on first
// call, or an external one.
type function struct {
	name   string
	ir     *ir.Func    // nil for an external function
	extern *externFunc // non-nil for a function outside the module
	sig    *types.Signature

	once     sync.Once
	err      error // compilation error
	code     []inst
	nslots   int
	params   []int32
	free     []int32
	recover  int32 // pc of the recover block, or -1
	hasDefer bool
	results  []*rtype

	// gsa is set for a function with gated instructions (gsa.go).
	gsa *gsaInfo

	// realPrint is the real version of a printing function interpreted
	// from source (fmt's, see printdispatch.go), if any.
	realPrint reflect.Value
}

// edge is a compiled CFG edge: the target pc and the phi moves to do,
// in parallel, when taking it.
type edge struct {
	pc    int32
	moves []move
	gated *gatedEdge // set in a function with gated instructions (gsa.go)
}

type move struct{ dst, src int32 }

// inst is one compiled instruction. Operands are slot indices.
type inst struct {
	op     ir.Op
	k      kind // kind of the result, or of the operands for comparisons and checks
	dst    int32
	a, b   int32
	c, d   int32
	args   []int32
	dsts   []int32
	dstTs  []*rtype
	t      *rtype // result type (for interfaces: the interface type)
	xt     *rtype // type of the first operand
	v      Value  // constant value
	fn     *function
	sym    string
	field  int
	flags  ir.Flags
	mode   ir.CallMode
	dirs   []types.ChanDir
	edges  []edge
	argTs  []*rtype // types of the operands (nil for "_")
	callTs []*rtype // types of the call arguments (call, go, defer)
	pos    token.Pos
	src    *ir.Instr
	// dead is set when no instruction reads the results: a value the
	// interpreter cannot know exactly may then be left unknown.
	dead bool
	// zeroElems is set on indexaddr and slice of zero-size elements,
	// which all live in the container's first cell (zerosize.go).
	zeroElems bool
	// zeroStore is set on a store of a pointer to a zero-size type,
	// which may tag it (escapeZero).
	zeroStore bool
}

// compile prepares fn's code (once).
func (it *Interp) compile(fn *function) error {
	fn.once.Do(func() {
		defer func() {
			if r := recover(); r != nil {
				fn.err = fmt.Errorf("cannot compile %s: %v", fn.name, r)
			}
		}()
		it.compileFunc(fn)
		fn.realPrint = it.realPrinter(fn.name)
	})
	return fn.err
}

func (it *Interp) compileFunc(fn *function) {
	f := fn.ir
	fn.nslots = f.NumRegs()
	for _, p := range f.Params {
		fn.params = append(fn.params, int32(p))
	}
	for _, p := range f.FreeVars {
		fn.free = append(fn.free, int32(p))
	}
	for _, t := range f.Results {
		fn.results = append(fn.results, it.types.of(t))
	}
	start := make([]int32, len(f.Blocks))
	pc := int32(0)
	for _, b := range f.Blocks {
		start[b.Index] = pc
		pc += int32(len(b.Instrs))
	}
	fn.recover = -1
	if f.Recover >= 0 {
		fn.recover = start[f.Recover]
	}
	fn.code = make([]inst, 0, pc)
	fn.gsa = gsaInfoOf(f)
	uses := usesOf(f)
	consts := constRegs(f, uses)
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			ci := it.compileInstr(f, in)
			ci.dead = len(in.Dsts()) > 0
			for _, d := range in.Dsts() {
				ci.dead = ci.dead && !uses.read[d]
			}
			if in.Op == ir.OpAlloc && ci.v.n&tagMask == zeroAlloc && uses.onlyCompared(in.Dsts()[0]) {
				ci.v.n = ci.v.n&^tagMask | zeroLocal
			}
			if in.Op == ir.OpMakeInterface && consts[in.Args()[0]] != nil {
				ci.v = it.staticIface(ci.xt, it.constValue(consts[in.Args()[0]].Const(), ci.xt))
			}
			// A frame runs defers if it defers, or hands out its defer
			// stack: a range-over-func loop body (another function)
			// defers onto the stack of the function the loop is in.
			if in.Op == ir.OpDefer || takesDeferStack(in) {
				fn.hasDefer = true
			}
			if in.Op == ir.OpJump || in.Op == ir.OpIf {
				ci.edges = edgesOf(f, b, start)
				if fn.gsa != nil {
					gatedEdges(f, b, ci.edges)
				}
			}
			if in.Op == ir.OpEta {
				ci.field = etaPlace(b, in)
			}
			fn.code = append(fn.code, ci)
		}
	}
}

// regUses says how the instructions of a function use each register.
type regUses struct {
	read []bool // some instruction reads it
	// some instruction reads it other than to compare it or to load or
	// store through it (which leaves a pointer where it was)
	kept []bool
	defs []int // the number of instructions that write it
}

func usesOf(f *ir.Func) regUses {
	n := f.NumRegs()
	u := regUses{make([]bool, n), make([]bool, n), make([]int, n)}
	for _, b := range f.Blocks {
		for _, list := range [2][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				for _, d := range in.Dsts() {
					u.defs[d]++
				}
				for i, a := range in.Args() {
					if a == ir.NoReg {
						continue
					}
					u.read[a] = true
					switch in.Op {
					case ir.OpEq, ir.OpNe, ir.OpNilCheck, ir.OpLoad:
					case ir.OpStore:
						u.kept[a] = u.kept[a] || i == 1
					default:
						u.kept[a] = true
					}
				}
			}
		}
	}
	return u
}

// onlyCompared reports whether r is written once and only ever
// compared, loaded from or stored to.
func (u regUses) onlyCompared(r ir.Reg) bool { return u.defs[r] == 1 && !u.kept[r] }

// edgesOf compiles the outgoing edges of b with their phi moves.
func edgesOf(f *ir.Func, b *ir.Block, start []int32) []edge {
	edges := make([]edge, len(b.Succs))
	for i, s := range b.Succs {
		succ := f.Blocks[s]
		k := b.PredIndex(i, succ)
		e := edge{pc: start[s]}
		for _, phi := range succ.Phis {
			if phi.Op == ir.OpGamma {
				continue // gatedEdges
			}
			if k >= 0 && k < len(phi.Args()) {
				e.moves = append(e.moves, move{int32(phi.Dsts()[0]), int32(phi.Args()[k])})
			}
		}
		edges[i] = e
	}
	return edges
}

func slot(r ir.Reg) int32 { return int32(r) }

func (it *Interp) compileInstr(f *ir.Func, in *ir.Instr) inst {
	ci := inst{op: in.Op, flags: in.Flags, pos: in.Pos, src: in, dst: -1, a: -1, b: -1, c: -1, d: -1, sym: in.Sym(), field: int(in.Field), mode: in.CallMode, dirs: in.SelectDirs()}
	if len(in.Dsts()) > 0 {
		ci.dst = slot(in.Dsts()[0])
		ci.t = it.types.of(f.TypeOf(in.Dsts()[0]))
		ci.k = ci.t.kind
		for _, d := range in.Dsts() {
			ci.dsts = append(ci.dsts, slot(d))
			ci.dstTs = append(ci.dstTs, it.types.of(f.TypeOf(d)))
		}
	}
	ops := []*int32{&ci.a, &ci.b, &ci.c, &ci.d}
	for i, a := range in.Args() {
		if i < len(ops) {
			*ops[i] = slot(a)
		}
		ci.args = append(ci.args, slot(a))
		if a != ir.NoReg {
			ci.argTs = append(ci.argTs, it.types.of(f.TypeOf(a)))
		} else {
			ci.argTs = append(ci.argTs, nil)
		}
	}
	if len(in.Args()) > 0 && in.Args()[0] != ir.NoReg {
		ci.xt = it.types.of(f.TypeOf(in.Args()[0]))
		switch in.Op {
		case ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe, ir.OpNilCheck, ir.OpBoundsCheck,
			ir.OpDivCheck, ir.OpShiftCheck, ir.OpSliceCheck, ir.OpLenCheck, ir.OpShl, ir.OpShr:
			ci.k = ci.xt.kind
		}
	}
	switch in.Op {
	case ir.OpShl, ir.OpShr:
		// k is the shifted operand's kind; the count's kind is xt2.
		ci.k = ci.t.kind
		ci.xt = it.types.of(f.TypeOf(in.Args()[1]))
	case ir.OpConst:
		ci.v = it.constValue(in.Const(), ci.t)
	case ir.OpCall, ir.OpGo, ir.OpDefer:
		if in.CallMode == ir.CallStatic {
			ci.fn = it.lookupFunc(in.Sym())
		}
		for _, a := range in.CallArgs() {
			ci.callTs = append(ci.callTs, it.types.of(f.TypeOf(a)))
		}
		if c := in.Callee(); c != ir.NoReg {
			ci.xt = it.types.of(f.TypeOf(c))
		}
	case ir.OpMakeClosure:
		ci.fn = it.lookupFunc(in.Sym())
	case ir.OpFunc:
		ci.fn = it.lookupFunc(in.Sym())
		ci.v = Value{r: &closure{fn: ci.fn}}
	case ir.OpGlobal:
		ci.v = it.globalAddr(in.Sym())
		if _, ok := ci.v.r.(*Value); ok {
			if ci.t.elem.size == 0 {
				ci.v.n = zeroGlobal
			}
			ci.v.n = withType(ci.v.n, ci.t.elem)
		}
	case ir.OpAlloc:
		if ci.t.elem.size == 0 {
			ci.v.n = zeroAlloc
		}
		ci.v.n = withType(ci.v.n, ci.t.elem)
	case ir.OpFieldAddr:
		if ci.xt.kind == kPointer {
			ci.field = canonField(ci.xt.elem, ci.field)
			ci.v.n = fieldPos(ci.field, ci.xt.elem)
		}
		ci.v.n = withType(ci.v.n, ci.t.elem)
	case ir.OpSliceToArrayPtr:
		ci.v.n = withType(0, ci.t.elem)
	case ir.OpIndexAddr, ir.OpSlice:
		if in.Op == ir.OpIndexAddr {
			ci.v.n = withType(0, ci.t.elem)
		}
		switch e := ci.xt.elem; {
		case ci.xt.kind == kSlice:
			ci.zeroElems = e.size == 0
		case ci.xt.kind == kPointer && e.kind == kArray:
			ci.zeroElems = e.elem.size == 0
		}
	case ir.OpStore:
		vt := ci.xt.elem
		ci.zeroStore = vt != nil && vt.kind == kPointer && vt.elem.size == 0
	case ir.OpPanic:
		ci.xt = it.types.of(f.TypeOf(in.Args()[0]))
	}
	return ci
}

// constValue converts a constant of type t.
func (it *Interp) constValue(c constant.Value, t *rtype) Value {
	if c == nil {
		return zero(t)
	}
	switch {
	case t.kind == kBool:
		return mkBool(constant.BoolVal(c))
	case t.kind == kString:
		return mkString(constant.StringVal(c))
	case t.kind.isInt():
		if t.kind.isUnsigned() {
			u, _ := constant.Uint64Val(constant.ToInt(c))
			return Value{n: normInt(t.kind, u)}
		}
		i, _ := constant.Int64Val(constant.ToInt(c))
		return Value{n: normInt(t.kind, uint64(i))}
	case t.kind == kFloat32:
		f, _ := constant.Float32Val(constant.ToFloat(c))
		return mkFloat(float64(f))
	case t.kind == kFloat64:
		f, _ := constant.Float64Val(constant.ToFloat(c))
		return mkFloat(f)
	case t.kind.isComplex():
		cc := constant.ToComplex(c)
		re, _ := constant.Float64Val(constant.Real(cc))
		im, _ := constant.Float64Val(constant.Imag(cc))
		if t.kind == kComplex64 {
			return Value{r: complex128(complex64(complex(re, im)))}
		}
		return Value{r: complex(re, im)}
	case t.kind == kPointer || t.kind == kUnsafePointer:
		// An address made from an integer: (*T)(unsafe.Pointer(uintptr(k))).
		a, _ := constant.Uint64Val(constant.ToInt(c))
		return it.pointerAt(a)
	case t.kind == kInterface:
		// An untyped constant stored in an interface: give it its default type.
		return it.boxConst(c)
	}
	panic(fmt.Sprintf("constant %s of type %s", c, t.name))
}

func (it *Interp) boxConst(c constant.Value) Value {
	var t types.Type
	switch c.Kind() {
	case constant.Bool:
		t = types.Typ[types.Bool]
	case constant.String:
		t = types.Typ[types.String]
	case constant.Int:
		t = types.Typ[types.Int]
	case constant.Float:
		t = types.Typ[types.Float64]
	default:
		t = types.Typ[types.Complex128]
	}
	rt := it.types.of(t)
	return Value{r: &iface{t: rt, v: it.constValue(c, rt)}}
}

// takesDeferStack reports whether in is a call of the deferstack built-in
// (go/ssa's ssa:deferstack, as the bridge names it), which returns the
// calling frame's defer stack (exec.go).
func takesDeferStack(in *ir.Instr) bool {
	return in.Op == ir.OpCall && in.CallMode == ir.CallBuiltin && in.Sym() == "deferstack"
}

// constRegs returns the registers of f defined once (uses counts the
// definitions), by a const instruction, with that instruction.
func constRegs(f *ir.Func, uses regUses) map[ir.Reg]*ir.Instr {
	consts := map[ir.Reg]*ir.Instr{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == ir.OpConst && len(in.Dsts()) == 1 && uses.defs[in.Dsts()[0]] == 1 {
				consts[in.Dsts()[0]] = in
			}
		}
	}
	return consts
}
