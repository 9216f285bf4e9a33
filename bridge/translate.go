// This file translates one go/ssa function into an IR function in RTL
// discipline: the function-level structure (registers, blocks, edges,
// phis). instr.go translates the instructions, checks.go the implicit
// run-time checks.

package bridge

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/ir"
)

// Unsupported is the error for a construct the IR cannot express.
type Unsupported struct {
	Pos       token.Position
	Func      string
	Construct string
}

func (e *Unsupported) Error() string {
	return fmt.Sprintf("%s: unsupported: %s (in %s)", e.Pos, e.Construct, e.Func)
}

// translator holds the state of one function's translation.
type translator struct {
	fn   *ssa.Function
	f    *ir.Func
	prog *Program

	regs   map[ssa.Value]ir.Reg   // single-valued SSA values
	tuples map[ssa.Value][]ir.Reg // tuple-valued instructions, one register per component
	consts map[constKey]ir.Reg    // hoisted constants, globals and function values

	arena ir.Arena // the function's instructions and register lists

	entry   *ir.Block    // the IR's entry block
	hoisted *[]*ir.Instr // definitions of constants etc., placed at the start of the entry
	blocks  []*ir.Block  // go/ssa block index → IR block
	succs   [][]int      // IR block → successor IR blocks, set by terminators
	cur     *ir.Block

	err *Unsupported // the first unsupported construct

	assignLookups map[*ssa.Lookup]bool // lookups that are the read of one map assignment (mapassign.go)
}

type constKey struct {
	kind  byte // 'c' constant, 'g' global, 'f' function
	typ   string
	value string
}

// translate builds the IR of fn, which must have a body.
func (p *Program) translate(fn *ssa.Function) (f *ir.Func, err error) {
	t := &translator{
		fn:     fn,
		f:      ir.NewFunc(p.names.name(fn)),
		prog:   p,
		regs:   map[ssa.Value]ir.Reg{},
		tuples: map[ssa.Value][]ir.Reg{},
		consts: map[constKey]ir.Reg{},
	}
	t.f.Pos = fn.Pos()
	t.f.Wrapper = strings.Contains(fn.Synthetic, "wrapper") || strings.HasPrefix(fn.Synthetic, "thunk")
	defer func() {
		if r := recover(); r != nil {
			u, ok := r.(*Unsupported)
			if !ok {
				panic(r)
			}
			f, err = nil, u
		}
	}()
	t.function()
	t.f.ReserveForPasses()
	return t.f, nil
}

// unsupported aborts the translation of the function.
func (t *translator) unsupported(pos token.Pos, format string, args ...any) {
	if !pos.IsValid() {
		pos = t.fn.Pos()
	}
	panic(&Unsupported{Pos: t.prog.Fset.Position(pos), Func: t.f.Name, Construct: fmt.Sprintf(format, args...)})
}

func (t *translator) function() {
	fn, f := t.fn, t.f
	if fn.TypeParams().Len() > 0 && len(fn.TypeArgs()) == 0 && !t.prog.generic {
		t.unsupported(fn.Pos(), "generic function body (only instantiations are translated)")
	}
	sig := fn.Signature
	for _, p := range fn.Params {
		f.Params = append(f.Params, t.reg(p))
	}
	for _, fv := range fn.FreeVars {
		f.FreeVars = append(f.FreeVars, t.reg(fv))
	}
	for i := 0; i < sig.Results().Len(); i++ {
		f.Results = append(f.Results, t.typ(sig.Results().At(i).Type(), fn.Pos()))
	}
	f.Variadic = sig.Variadic()

	// Values used by the body (constants, global addresses, function
	// values) are defined once, at the start of the entry block. go/ssa's
	// entry block has no predecessors, so it is the IR's entry; should
	// it have some, the IR gets an entry block of its own.
	separateEntry := len(fn.Blocks[0].Preds) > 0
	if separateEntry {
		t.entry = f.NewBlock()
		t.succs = append(t.succs, nil)
	}
	for range fn.Blocks {
		t.blocks = append(t.blocks, f.NewBlock())
		t.succs = append(t.succs, nil)
	}
	if !separateEntry {
		t.entry = t.blocks[0]
	}
	// About as many instructions as go/ssa's, with about two registers
	// each, in one piece (any more come in further ones).
	n := 0
	for _, b := range fn.Blocks {
		n += len(b.Instrs)
	}
	t.arena.Reserve(n, 2*n)
	var hoisted []*ir.Instr // collected here, placed before the entry's code
	t.hoisted = &hoisted
	if fn.Recover != nil {
		f.Recover = t.blocks[fn.Recover.Index].Index
	}
	dead := unusedDeferStack(fn)
	unevaluatedRanges(fn, dead)
	var beforeCall map[*ssa.Call]*ssa.Lookup
	t.assignLookups, beforeCall = assignLookups(fn)
	moved := make(map[ssa.Instruction]bool, len(beforeCall))
	for _, l := range beforeCall {
		moved[l] = true
	}
	rangeStates, exhausted := rangeFuncPanics(fn)
	for _, b := range fn.Blocks {
		t.cur = t.blocks[b.Index]
		if addr := exhausted[b]; addr != nil {
			t.storeExhausted(addr, fn.Pos())
		}
		for _, in := range b.Instrs {
			if _, ok := in.(*ssa.Phi); ok {
				continue // lowered to copies on the incoming edges below
			}
			if dead[in] || moved[in] {
				continue
			}
			switch in := in.(type) {
			case *ssa.Call:
				if l := beforeCall[in]; l != nil {
					t.instr(l)
				}
			case *ssa.Panic:
				if s := rangeStates[in]; s != nil {
					t.rangeStatePanic(s, in.Pos())
				}
			}
			t.instr(in)
		}
	}
	stmts, varAddr := functionStatements(fn), variableAddrs(f)
	orderAfterLogical(f, fn, stmts, t.blocks, varAddr)
	orderAsGC(f, stmts, varAddr)
	for _, b := range fn.Blocks {
		t.lowerPhis(b)
	}
	if separateEntry {
		t.entry.Instrs = append(hoisted, &ir.Instr{Op: ir.OpJump, Pos: fn.Pos()})
		t.succs[t.entry.Index] = []int{t.blocks[0].Index}
	} else {
		t.entry.Instrs = append(hoisted, t.entry.Instrs...)
	}
	t.splitEdgesIntoJoins()
	for _, b := range f.Blocks {
		for _, s := range t.succs[b.Index] {
			f.AddEdge(b.Index, s)
		}
	}
}

// splitEdgesIntoJoins puts a block holding only a jump on every edge
// into a join block (two predecessors or more) that leaves a block
// ending in another terminator than a jump, as the normalize pass does,
// and in the same order, so that the function comes out normalised:
// then the normalize pass returns it as it is, and SSA construction,
// validation and the checker need no copy of it. (Here it costs a few
// blocks; as a pass, a copy of the function, its validation and a check.)
func (t *translator) splitEdgesIntoJoins() {
	npreds := make([]int, len(t.f.Blocks))
	for _, ss := range t.succs {
		for _, s := range ss {
			npreds[s]++
		}
	}
	for _, b := range t.f.Blocks[:len(t.f.Blocks):len(t.f.Blocks)] {
		term := b.Terminator()
		if term == nil || term.Op == ir.OpJump {
			continue
		}
		for k, s := range t.succs[b.Index] {
			if npreds[s] < 2 {
				continue
			}
			e := t.f.NewBlock()
			e.Instrs = []*ir.Instr{t.newInstr(ir.OpJump, term.Pos, nil, nil)}
			t.succs = append(t.succs, []int{s})
			t.succs[b.Index][k] = e.Index
		}
	}
}

// lowerPhis replaces the phis of b by copies on its incoming edges: in
// the predecessor if it ends with a jump, else in a new block on the
// edge (the predecessor's branch may read what the copies write). Phis
// that read each other's results go through temporaries, since phis
// execute in parallel.
func (t *translator) lowerPhis(b *ssa.BasicBlock) {
	var phis []*ssa.Phi
	for _, in := range b.Instrs {
		if phi, ok := in.(*ssa.Phi); ok {
			phis = append(phis, phi)
		}
	}
	if len(phis) == 0 {
		return
	}
	isPhi := map[ssa.Value]bool{}
	for _, phi := range phis {
		isPhi[phi] = true
	}
	target := t.blocks[b.Index].Index
	seen := map[*ssa.BasicBlock]int{} // occurrences of each predecessor so far
	for k, pred := range b.Preds {
		occurrence := seen[pred]
		seen[pred]++
		from := t.blocks[pred.Index]
		// Find the occurrence-th successor slot of pred that leads to b.
		slot := -1
		for i, s := range t.succs[from.Index] {
			if s == target {
				if occurrence == 0 {
					slot = i
					break
				}
				occurrence--
			}
		}
		if slot < 0 {
			t.unsupported(phis[0].Pos(), "phi edge from block %d not found", pred.Index)
		}
		var copies []*ir.Instr
		var temps []*ir.Instr
		for _, phi := range phis {
			arg := phi.Edges[k]
			src := t.val(arg, phi.Pos())
			if isPhi[arg] {
				tmp := t.f.NewReg(t.f.TypeOf(src))
				temps = append(temps, t.newInstr(ir.OpCopy, phi.Pos(), []ir.Reg{tmp}, []ir.Reg{src}))
				src = tmp
			}
			copies = append(copies, t.newInstr(ir.OpCopy, phi.Pos(), []ir.Reg{t.reg(phi)}, []ir.Reg{src}))
		}
		// Hoisted values live in the entry block, which is not a
		// predecessor here, so the copies never need them re-emitted.
		copies = append(temps, copies...)
		if len(t.succs[from.Index]) == 1 {
			term := from.Instrs[len(from.Instrs)-1]
			from.Instrs = append(append(from.Instrs[:len(from.Instrs)-1:len(from.Instrs)-1], copies...), term)
			continue
		}
		edge := t.f.NewBlock()
		t.succs = append(t.succs, []int{target})
		edge.Instrs = append(copies, &ir.Instr{Op: ir.OpJump, Pos: phis[0].Pos()})
		t.succs[from.Index][slot] = edge.Index
	}
}

// reg returns the register of a single-valued SSA value, creating it on
// first reference (a use may be translated before its definition).
func (t *translator) reg(v ssa.Value) ir.Reg {
	if r, ok := t.regs[v]; ok {
		return r
	}
	r := t.f.NewReg(t.typ(v.Type(), v.Pos()))
	t.regs[v] = r
	return r
}

// tuple returns the registers of the components of a tuple-valued
// instruction, with the given component types.
func (t *translator) tuple(v ssa.Value, comps []types.Type) []ir.Reg {
	if rs, ok := t.tuples[v]; ok {
		return rs
	}
	if len(comps) > ir.MaxDsts {
		t.unsupported(v.Pos(), "%d results (an instruction has at most %d)", len(comps), ir.MaxDsts)
	}
	rs := make([]ir.Reg, len(comps))
	for i, c := range comps {
		rs[i] = t.f.NewReg(t.typ(c, v.Pos()))
	}
	t.tuples[v] = rs
	return rs
}

// tupleTypes returns the component types of a tuple-valued instruction,
// with go/ssa's invalid placeholder types replaced by the real ones.
func (t *translator) tupleTypes(v ssa.Value) []types.Type {
	tup, ok := v.Type().(*types.Tuple)
	if !ok {
		return []types.Type{v.Type()}
	}
	comps := make([]types.Type, tup.Len())
	for i := range comps {
		comps[i] = tup.At(i).Type()
	}
	if next, ok := v.(*ssa.Next); ok {
		// k and v are invalid when unused; give them their real types.
		x := next.Iter.(*ssa.Range).X.Type().Underlying()
		if next.IsString {
			comps[1], comps[2] = types.Typ[types.Int], types.Typ[types.Int32]
		} else if m, ok := x.(*types.Map); ok {
			comps[1], comps[2] = m.Key(), m.Elem()
		}
	}
	return comps
}

// val returns the register holding the value of an operand, emitting
// hoisted definitions in the entry block for constants, globals and
// function values.
func (t *translator) val(v ssa.Value, pos token.Pos) ir.Reg {
	switch v := v.(type) {
	case *ssa.Const:
		return t.constant(v, pos)
	case *ssa.Global:
		name := t.prog.globalName(v)
		t.prog.Module.Globals[name] = v.Type().(*types.Pointer).Elem()
		return t.hoist(constKey{'g', "", name}, v.Type(), ir.OpGlobal, ir.Aux{Sym: name}, pos)
	case *ssa.Function:
		name := t.prog.names.name(v)
		t.prog.noteFunc(v)
		return t.hoist(constKey{'f', "", name}, v.Type(), ir.OpFunc, ir.Aux{Sym: name}, pos)
	case *ssa.Builtin:
		t.unsupported(pos, "built-in %s used as a value", v.Name())
	case *ssa.Extract:
		comps := t.tupleTypes(v.Tuple)
		return t.tuple(v.Tuple, comps)[v.Index]
	}
	return t.reg(v)
}

func (t *translator) constant(c *ssa.Const, pos token.Pos) ir.Reg {
	typ := t.typ(c.Type(), pos)
	value := normaliseConst(c.Value, typ)
	key := constKey{'c', ir.TypeString(typ), "zero"}
	if value != nil {
		key.value = value.ExactString()
		if value.Kind() == constant.String {
			key.value = "s" + constant.StringVal(value)
		}
	}
	return t.hoist(key, typ, ir.OpConst, ir.Aux{Const: value}, pos)
}

// normaliseConst rounds float constants to the precision of their type,
// as the compiled program holds them.
func normaliseConst(v constant.Value, t types.Type) constant.Value {
	if v == nil {
		return nil
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return v
	}
	if b.Info()&types.IsInteger != 0 || b.Kind() == types.UnsafePointer {
		return constant.ToInt(v) // integer-valued float constants (uint64(1e1))
	}
	switch b.Kind() {
	case types.Float32:
		x, _ := constant.Float32Val(v)
		return constant.MakeFloat64(float64(x))
	case types.Float64:
		x, _ := constant.Float64Val(v)
		return constant.MakeFloat64(x)
	case types.Complex64:
		re, _ := constant.Float32Val(constant.Real(v))
		im, _ := constant.Float32Val(constant.Imag(v))
		return constant.BinaryOp(constant.MakeFloat64(float64(re)), token.ADD, constant.MakeImag(constant.MakeFloat64(float64(im))))
	case types.Complex128:
		re, _ := constant.Float64Val(constant.Real(v))
		im, _ := constant.Float64Val(constant.Imag(v))
		return constant.BinaryOp(constant.MakeFloat64(re), token.ADD, constant.MakeImag(constant.MakeFloat64(im)))
	}
	return v
}

// hoist defines a value once, in the entry block, by an instruction of
// kind op with the constant or symbol of aux (no Aux if it has neither),
// without a position (it is shared by every use).
func (t *translator) hoist(key constKey, typ types.Type, op ir.Op, aux ir.Aux, pos token.Pos) ir.Reg {
	if key.typ == "" {
		key.typ = ir.TypeString(typ)
	}
	if r, ok := t.consts[key]; ok {
		return r
	}
	r := t.f.NewReg(t.typ(typ, pos))
	in := t.arena.Make(op, token.NoPos)
	if aux.Const != nil || aux.Sym != "" {
		in.Aux = t.arena.NewAux(aux)
	}
	t.arena.SetRegs(in, []ir.Reg{r}, nil)
	*t.hoisted = append(*t.hoisted, in)
	t.consts[key] = r
	return r
}

// typ maps a go/types type to the IR's: go/ssa's opaque types become the
// IR's, untyped types their default, and type parameters are refused.
func (t *translator) typ(typ types.Type, pos token.Pos) types.Type {
	if p, ok := typ.(*types.Pointer); ok {
		// go/ssa allocates variables of its opaque types.
		if elem := t.typ(p.Elem(), pos); elem != p.Elem() {
			return types.NewPointer(elem)
		}
		return typ
	}
	if n, ok := typ.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "$ssa" {
		switch n.Obj().Name() {
		case "rangeIter":
			return ir.IterType
		case "deferStack":
			return ir.DeferStackType
		}
		t.unsupported(pos, "go/ssa internal type %s", n.Obj().Name())
	}
	if b, ok := typ.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 && b.Kind() != types.UntypedNil {
		return types.Default(typ)
	}
	if hasTypeParam(typ) && !t.prog.generic {
		t.unsupported(pos, "type parameter in type %s", typ)
	}
	if _, ok := typ.(*types.Tuple); ok {
		t.unsupported(pos, "tuple type %s as a value", typ)
	}
	return typ
}

// hasTypeParam reports whether t mentions a type parameter.
func hasTypeParam(t types.Type) bool {
	seen := map[types.Type]bool{}
	var walk func(types.Type) bool
	walk = func(t types.Type) bool {
		if seen[t] {
			return false
		}
		seen[t] = true
		switch t := types.Unalias(t).(type) {
		case *types.TypeParam:
			return true
		case *types.Pointer:
			return walk(t.Elem())
		case *types.Slice:
			return walk(t.Elem())
		case *types.Array:
			return walk(t.Elem())
		case *types.Chan:
			return walk(t.Elem())
		case *types.Map:
			return walk(t.Key()) || walk(t.Elem())
		case *types.Named:
			for i := 0; i < t.TypeArgs().Len(); i++ {
				if walk(t.TypeArgs().At(i)) {
					return true
				}
			}
			return t.TypeParams().Len() > t.TypeArgs().Len()
		case *types.Signature:
			return walk(t.Params()) || walk(t.Results())
		case *types.Tuple:
			for i := 0; i < t.Len(); i++ {
				if walk(t.At(i).Type()) {
					return true
				}
			}
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				if walk(t.Field(i).Type()) {
					return true
				}
			}
		}
		return false
	}
	return walk(t)
}

// unusedDeferStack returns the instructions that create a function's
// defer stack when nothing uses it: go/ssa makes every function call
// ssa:deferstack and spill the result to a local, and only its lifting
// removes the unused ones. The three instructions have no effect.
func unusedDeferStack(fn *ssa.Function) map[ssa.Instruction]bool {
	dead := map[ssa.Instruction]bool{}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			call, ok := in.(*ssa.Call)
			if !ok {
				continue
			}
			if bi, ok := call.Call.Value.(*ssa.Builtin); !ok || bi.Name() != "ssa:deferstack" {
				continue
			}
			refs := *call.Referrers()
			if len(refs) != 1 {
				continue
			}
			store, ok := refs[0].(*ssa.Store)
			if !ok {
				continue
			}
			alloc, ok := store.Addr.(*ssa.Alloc)
			if !ok || len(*alloc.Referrers()) != 1 {
				continue
			}
			dead[call], dead[store], dead[alloc] = true, true, true
		}
	}
	return dead
}
