// This file translates go/ssa instructions into IR instructions.

package bridge

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/ir"
)

// emit appends an instruction to the current block.
func (t *translator) emit(op ir.Op, pos token.Pos, dsts []ir.Reg, args ...ir.Reg) *ir.Instr {
	in := t.newInstr(op, pos, dsts, args)
	t.cur.Instrs = append(t.cur.Instrs, in)
	return in
}

// newInstr returns a new instruction, allocated with its register lists
// in the function's arena: the instructions of a function then lie in
// a few arrays in about the order of its blocks, and every pass and
// check, which read them all, reads them faster so (about a tenth of
// mem2reg's time).
func (t *translator) newInstr(op ir.Op, pos token.Pos, dsts, args []ir.Reg) *ir.Instr {
	in := t.arena.Make(op, pos)
	t.arena.SetRegs(in, dsts, args)
	return in
}

// def returns the result register list of a single-valued instruction.
func (t *translator) def(v ssa.Value) []ir.Reg { return []ir.Reg{t.reg(v)} }

var binOps = map[token.Token]ir.Op{
	token.ADD: ir.OpAdd, token.SUB: ir.OpSub, token.MUL: ir.OpMul, token.QUO: ir.OpDiv,
	token.REM: ir.OpRem, token.AND: ir.OpAnd, token.OR: ir.OpOr, token.XOR: ir.OpXor,
	token.AND_NOT: ir.OpAndNot, token.SHL: ir.OpShl, token.SHR: ir.OpShr,
	token.EQL: ir.OpEq, token.NEQ: ir.OpNe, token.LSS: ir.OpLt, token.LEQ: ir.OpLe,
	token.GTR: ir.OpGt, token.GEQ: ir.OpGe,
}

func (t *translator) instr(in ssa.Instruction) {
	pos := in.Pos()
	if v, ok := in.(ssa.Value); ok && unevaluated(v) {
		// Its zero value stands for it: only its type matters.
		t.emit(ir.OpConst, pos, t.def(v))
		return
	}
	switch in := in.(type) {
	case *ssa.DebugRef:
		// No semantics.

	case *ssa.Alloc:
		if isConstCapMake(in) {
			break // translated with its slice, as a makeslice (see constCapMake)
		}
		i := t.emit(ir.OpAlloc, pos, t.def(in))
		if in.Heap {
			i.Flags |= ir.FlagHeap
		}

	case *ssa.BinOp:
		op, ok := binOps[in.Op]
		if !ok {
			t.unsupported(pos, "binary operator %s", in.Op)
		}
		x, y := t.val(in.X, pos), t.val(in.Y, pos)
		switch op {
		case ir.OpDiv, ir.OpRem:
			t.divCheck(in.Y, y, pos)
		case ir.OpShl, ir.OpShr:
			t.shiftCheck(in.Y, y, pos)
		}
		t.emit(op, pos, t.def(in), x, y)

	case *ssa.UnOp:
		x := t.val(in.X, pos)
		switch in.Op {
		case token.NOT:
			t.emit(ir.OpNot, pos, t.def(in), x)
		case token.SUB:
			t.emit(ir.OpNeg, pos, t.def(in), x)
		case token.XOR:
			t.emit(ir.OpCompl, pos, t.def(in), x)
		case token.MUL:
			t.nilCheck(in.X, x, pos)
			t.emit(ir.OpLoad, pos, t.def(in), x)
		case token.ARROW:
			if in.CommaOk {
				t.emit(ir.OpRecv, pos, t.tuple(in, t.tupleTypes(in)), x)
			} else {
				t.emit(ir.OpRecv, pos, t.def(in), x)
			}
		default:
			t.unsupported(pos, "unary operator %s", in.Op)
		}

	case *ssa.ChangeType:
		t.emit(ir.OpChangeType, pos, t.def(in), t.val(in.X, pos))
	case *ssa.Convert:
		if n, ok := constantBytes(in); ok {
			t.constantBytes(in, n, pos)
			break
		}
		t.emit(ir.OpConvert, pos, t.def(in), t.val(in.X, pos))
	case *ssa.MultiConvert:
		t.unsupported(pos, "conversion involving type parameters")
	case *ssa.ChangeInterface:
		t.emit(ir.OpChangeInterface, pos, t.def(in), t.val(in.X, pos))
	case *ssa.MakeInterface:
		t.emit(ir.OpMakeInterface, pos, t.def(in), t.val(in.X, pos))
	case *ssa.SliceToArrayPointer:
		x := t.val(in.X, pos)
		n := in.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array).Len()
		t.lenCheck(x, n, pos)
		t.emit(ir.OpSliceToArrayPtr, pos, t.def(in), x)
	case *ssa.TypeAssert:
		x := t.val(in.X, pos)
		if isMethodValueNilCheck(in) {
			// gc evaluates x.M by reading x's method table: a nil
			// dereference for a nil x, not an interface conversion.
			t.emit(ir.OpNilCheck, pos, nil, x)
			break
		}
		if in.CommaOk {
			t.emit(ir.OpTypeAssert, pos, t.tuple(in, t.tupleTypes(in)), x)
		} else {
			t.emit(ir.OpTypeAssert, pos, t.def(in), x)
		}

	case *ssa.Store:
		if fa, ok := in.Addr.(*ssa.FieldAddr); ok && isBlankField(fa) {
			// A composite literal's value for a blank field is evaluated
			// but not stored (as the gc compiler does).
			return
		}
		addr := t.val(in.Addr, pos)
		t.nilCheck(in.Addr, addr, pos)
		t.emit(ir.OpStore, pos, nil, addr, t.val(in.Val, pos))
	case *ssa.FieldAddr:
		x := t.val(in.X, pos)
		t.nilCheck(in.X, x, pos)
		t.emit(ir.OpFieldAddr, pos, t.def(in), x).Field = int32(in.Field)
	case *ssa.Field:
		t.emit(ir.OpField, pos, t.def(in), t.val(in.X, pos)).Field = int32(in.Field)
	case *ssa.IndexAddr:
		t.indexAddr(in, pos)
	case *ssa.Index:
		t.index(in, pos)
	case *ssa.Slice:
		if a, ok := in.X.(*ssa.Alloc); ok && isConstCapMake(a) {
			t.constCapMake(in, pos)
			break
		}
		t.slice(in, pos)

	case *ssa.MakeSlice:
		t.emit(ir.OpMakeSlice, pos, t.def(in), t.val(in.Len, pos), t.val(in.Cap, pos))
	case *ssa.MakeMap:
		hint := ir.NoReg
		if in.Reserve != nil {
			hint = t.val(in.Reserve, pos)
		}
		t.emit(ir.OpMakeMap, pos, t.def(in), hint)
	case *ssa.MakeChan:
		t.emit(ir.OpMakeChan, pos, t.def(in), t.val(in.Size, pos))
	case *ssa.MakeClosure:
		fn := in.Fn.(*ssa.Function)
		t.prog.noteClosure(fn)
		args := make([]ir.Reg, len(in.Bindings))
		for i, b := range in.Bindings {
			args[i] = t.val(b, pos)
		}
		t.emit(ir.OpMakeClosure, pos, t.def(in), args...).Aux = t.arena.NewAux(ir.Aux{Sym: t.prog.names.name(fn)})
	case *ssa.Lookup:
		m, k := t.val(in.X, pos), t.val(in.Index, pos)
		if _, ok := in.X.Type().Underlying().(*types.Map); !ok {
			t.unsupported(pos, "lookup in %s", in.X.Type())
		}
		if in.CommaOk {
			t.emit(ir.OpLookup, pos, t.tuple(in, t.tupleTypes(in)), m, k)
		} else if l := t.emit(ir.OpLookup, pos, t.def(in), m, k); t.assignLookups[in] {
			l.Flags |= ir.FlagAssignLookup
			if writesBack(in) {
				t.emit(ir.OpMapUpdate, pos, nil, m, k, l.Dst())
			}
		}
	case *ssa.MapUpdate:
		t.emit(ir.OpMapUpdate, pos, nil, t.val(in.Map, pos), t.val(in.Key, pos), t.val(in.Value, pos))

	case *ssa.Send:
		t.emit(ir.OpSend, pos, nil, t.val(in.Chan, pos), t.val(in.X, pos))
	case *ssa.Select:
		t.selectInstr(in, pos)
	case *ssa.Range:
		t.emit(ir.OpRange, pos, t.def(in), t.val(in.X, pos))
	case *ssa.Next:
		i := t.emit(ir.OpNext, pos, t.tuple(in, t.tupleTypes(in)), t.val(in.Iter, pos))
		if in.IsString {
			i.Flags |= ir.FlagStringIter
		}
	case *ssa.Extract:
		// Extract names a component register; nothing to execute.

	case *ssa.Call:
		t.call(ir.OpCall, in.Common(), in, pos)
	case *ssa.Go:
		t.call(ir.OpGo, in.Common(), nil, pos)
	case *ssa.Defer:
		t.call(ir.OpDefer, in.Common(), nil, pos)
		if in.DeferStack != nil {
			d := t.cur.Instrs[len(t.cur.Instrs)-1]
			d.Flags |= ir.FlagDeferStack
			d.SetArgs(append([]ir.Reg{t.val(in.DeferStack, pos)}, d.Args()...))
		}
	case *ssa.RunDefers:
		t.emit(ir.OpRunDefers, t.orEnd(pos), nil)

	case *ssa.Jump:
		t.emit(ir.OpJump, pos, nil)
		t.setSuccs(in.Block())
	case *ssa.If:
		t.emit(ir.OpIf, pos, nil, t.val(in.Cond, pos))
		t.setSuccs(in.Block())
	case *ssa.Return:
		args := make([]ir.Reg, len(in.Results))
		for i, r := range in.Results {
			args[i] = t.val(r, pos)
		}
		t.emit(ir.OpReturn, t.orEnd(pos), nil, args...)
	case *ssa.Panic:
		t.emit(ir.OpPanic, pos, nil, t.val(in.X, pos))

	default:
		t.unsupported(pos, "go/ssa instruction %T", in)
	}
}

// orEnd returns pos, or if it is not valid (go/ssa's implicit return
// where control falls off the end of a body, and the rundefers before
// it) the position of the body's closing brace, as gc gives it: a
// deferred call run there sees its caller at that line
// (runtime.Caller).
func (t *translator) orEnd(pos token.Pos) token.Pos {
	if pos.IsValid() {
		return pos
	}
	switch syn := t.fn.Syntax().(type) {
	case *ast.FuncDecl:
		if syn.Body != nil {
			return syn.Body.Rbrace
		}
	case *ast.FuncLit:
		return syn.Body.Rbrace
	}
	return pos
}

func (t *translator) setSuccs(b *ssa.BasicBlock) {
	succs := make([]int, len(b.Succs))
	for i, s := range b.Succs {
		succs[i] = t.blocks[s.Index].Index
	}
	t.succs[t.cur.Index] = succs
}

func (t *translator) selectInstr(in *ssa.Select, pos token.Pos) {
	var args []ir.Reg
	var dirs []types.ChanDir
	for _, st := range in.States {
		args = append(args, t.val(st.Chan, pos))
		dirs = append(dirs, st.Dir)
		if st.Dir == types.SendOnly {
			args = append(args, t.val(st.Send, pos))
		}
	}
	i := t.emit(ir.OpSelect, pos, t.tuple(in, t.tupleTypes(in)), args...)
	i.Aux = t.arena.NewAux(ir.Aux{SelectDirs: dirs})
	if in.Blocking {
		i.Flags |= ir.FlagBlocking
	}
}

// builtinNames maps go/ssa's intrinsic names to the IR's built-in names
// (the text format's words cannot contain ':').
var builtinNames = map[string]string{
	"ssa:wrapnilchk": "wrapnilchk",
	"ssa:deferstack": "deferstack",
}

// call translates a call, go or defer; v is the result of a call, nil
// for go and defer.
func (t *translator) call(op ir.Op, c *ssa.CallCommon, v ssa.Value, pos token.Pos) {
	if !pos.IsValid() {
		pos = c.Pos()
	}
	var dsts []ir.Reg
	if v != nil {
		if tup, ok := v.Type().(*types.Tuple); ok {
			if tup.Len() > 0 {
				dsts = t.tuple(v, t.tupleTypes(v))
			}
		} else {
			dsts = t.def(v)
		}
	}
	if op == ir.OpCall && t.typeFor(c, v, pos) {
		return
	}
	in := t.arena.Make(op, pos)
	var args []ir.Reg
	var sym string
	switch callee := c.Value.(type) {
	case *ssa.Builtin:
		name := callee.Name()
		if alias := builtinNames[name]; alias != "" {
			name = alias
		}
		if op == ir.OpCall && (name == "len" || name == "cap") && len(c.Args) == 1 {
			lop := ir.OpLen
			if name == "cap" {
				lop = ir.OpCap
			}
			t.emit(lop, pos, dsts, t.val(c.Args[0], pos))
			return
		}
		if op == ir.OpCall && name == "Offsetof" {
			if off, ok := t.offsetof(c); ok {
				t.emit(ir.OpCopy, pos, dsts, t.constant(offsetofConst(off), pos))
				return
			}
		}
		in.CallMode, sym = ir.CallBuiltin, name
	case *ssa.Function:
		if c.Method != nil {
			break
		}
		t.prog.noteFunc(callee)
		in.CallMode, sym = ir.CallStatic, t.prog.names.name(callee)
	}
	if sym == "" {
		if c.IsInvoke() {
			in.CallMode, sym = ir.CallInvoke, c.Method.Name()
		} else {
			in.CallMode = ir.CallClosure
		}
		args = append(args, t.val(c.Value, pos))
	}
	for _, a := range c.Args {
		args = append(args, t.val(a, pos))
	}
	t.arena.SetRegs(in, dsts, args)
	if sym != "" {
		in.Aux = t.arena.NewAux(ir.Aux{Sym: sym})
	}
	t.cur.Instrs = append(t.cur.Instrs, in)
}

// constantBytes reports whether conversion c makes a byte slice of a
// constant string, and its length.
func constantBytes(c *ssa.Convert) (int64, bool) {
	k, ok := c.X.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return 0, false
	}
	sl, ok := c.Type().Underlying().(*types.Slice)
	if !ok {
		return 0, false
	}
	if b, ok := sl.Elem().Underlying().(*types.Basic); !ok || b.Kind() != types.Uint8 {
		return 0, false
	}
	return int64(len(constant.StringVal(k.Value))), true
}

// constantBytes translates c, []byte(s) of a constant string s of n
// bytes, as gc does: as a composite literal, an array of exactly n
// bytes (cap n), where the run time's conversion of a variable rounds
// the capacity up to a size class of the allocator. So: makeslice n,
// n, then the string's bytes copied in.
func (t *translator) constantBytes(c *ssa.Convert, n int64, pos token.Pos) {
	dsts := t.def(c)
	t.emit(ir.OpMakeSlice, pos, dsts, t.intConst(n, pos), t.intConst(n, pos))
	copied := t.f.NewReg(types.Typ[types.Int])
	in := t.emit(ir.OpCall, pos, []ir.Reg{copied}, dsts[0], t.val(c.X, pos))
	in.CallMode = ir.CallBuiltin
	in.Aux = t.arena.NewAux(ir.Aux{Sym: "copy"})
}

// isBlankField reports whether a field address selects a field named _.
func isBlankField(fa *ssa.FieldAddr) bool {
	st, ok := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
	return ok && st.Field(fa.Field).Name() == "_"
}

// isMethodValueNilCheck reports whether a type assertion is go/ssa's
// nil check of the interface value x of a method value x.M: an
// assertion whose result nothing uses, to x's own interface type (or,
// for a type parameter, of any(x) to any), followed by the closure that
// binds x (or its conversion) to M's bound method wrapper.
func isMethodValueNilCheck(ta *ssa.TypeAssert) bool {
	if ta.CommaOk || !types.IsInterface(ta.AssertedType) || len(*ta.Referrers()) > 0 {
		return false
	}
	instrs := ta.Block().Instrs
	next := -1
	for i, in := range instrs {
		if in == ta {
			next = i + 1
			break
		}
	}
	if next < 0 {
		return false
	}
	// The value bound: x, or x converted to any for a type parameter
	// (the assertion's operand then is that conversion of x).
	bound := map[ssa.Value]bool{ta.X: true}
	if c, ok := ta.X.(*ssa.MakeInterface); ok {
		bound[c.X] = true
	}
	for _, in := range instrs[next:] {
		switch in := in.(type) {
		case *ssa.ChangeInterface:
			if bound[in.X] {
				bound[in] = true
				continue
			}
		case *ssa.MakeInterface:
			if bound[in.X] {
				bound[in] = true
				continue
			}
		case *ssa.MakeClosure:
			f, ok := in.Fn.(*ssa.Function)
			return ok && strings.HasPrefix(f.Synthetic, "bound method wrapper") && len(in.Bindings) == 1 && bound[in.Bindings[0]]
		}
		return false
	}
	return false
}
