// This file vectorises element-wise counted loops with SSE2: a loop
// whose body loads elements i of some slices, combines them lane by
// lane with each other and with values fixed in the loop, and stores
// the result as element i of one slice, gets, in front of its fast
// copy, a loop that does 16 bytes of elements an iteration.
//
// An iteration does vectorUnroll vectors. Exactness: each lane computes
// what an iteration computes (integer
// lanes wrap at their width as Go's arithmetic does; float lanes are
// the same IEEE operations, element by element: nothing is reordered or
// fused). What changes is the order of memory accesses within a vector:
// its loads come before its stores. That is the same only if no store
// of the vector reaches an element a later iteration of it loads, which
// a check before the loop makes sure of: the store's base minus each
// load's base is ≤ 0 or ≥ 16 (in place, s[i] = f(s[i]), is 0; the
// vectors of one iteration are loaded and stored one after the other,
// so 16 bytes is the window, whatever the unrolling); when it
// is not, the vector loop runs no iteration. Its bound is that of the
// fast copy (no bounds check can fail in it), less a vector's lanes.

package native

// vectorUnroll is how many vectors an iteration of the vector loop
// does.
const vectorUnroll = 4

// vectorPlan is how a loop body vectorises.
type vectorPlan struct {
	width int  // lane width in bytes, of every element loaded, stored and computed
	float bool // float lanes
	store *Instr
}

// vectorizable returns the plan for cl, or nil: the header only steps
// the index (its one phi), and the body is loads of element x of bases
// fixed in the loop, lane-wise operations, and one store of element x,
// last.
func vectorizable(m *Func, cl *countedLoop) *vectorPlan {
	h, b := cl.h, cl.b
	if len(h.Phis) != 1 {
		return nil
	}
	if len(h.Instrs) != 1+int(cl.ahead) {
		return nil // the header does more than step x and test it
	}
	def := definitions(m)
	inLoop := func(v Value) bool { d := def[v]; return d.block == h || d.block == b }
	plan := &vectorPlan{width: -1}
	lane := func(width int, float bool) bool {
		if plan.width < 0 {
			plan.width, plan.float = width, float
		}
		return plan.width == width && plan.float == float
	}
	element := func(in *Instr) bool {
		mem := in.Mem
		return mem.Base != NoValue && !inLoop(mem.Base) && mem.Index == cl.x && mem.Disp == 0 && mem.Scale == int64(in.Width) && lane(in.Width, in.Float)
	}
	body := b.Instrs[:len(b.Instrs)-1]
	for i, in := range body {
		switch {
		case cl.checks[in]:
		case in.Op == OpLoad:
			if !element(in) || m.Values[in.Dst].Pointer {
				return nil
			}
		case in.Op == OpStore:
			if plan.store != nil || !element(in) || i != len(body)-1 {
				return nil
			}
			plan.store = in
		case in.Op == OpBin:
			if !lane(in.Width, in.Float) || !vectorBin(in) {
				return nil
			}
		case in.Op == OpShift:
			if !in.HasImm || in.Float || !lane(in.Width, false) || in.Width == 1 || in.Signed && in.Width == 8 {
				return nil
			}
		case in.Op == OpRotate:
			if !lane(in.Width, false) || in.Width == 1 {
				return nil
			}
		case in.Op == OpConst:
		default:
			return nil
		}
	}
	if plan.store == nil {
		return nil
	}
	return plan
}

// vectorBin reports whether an SSE2 instruction does in lane by lane.
func vectorBin(in *Instr) bool {
	if in.Float {
		return in.Bin == BinAdd || in.Bin == BinSub || in.Bin == BinMul || in.Bin == BinDiv
	}
	switch in.Bin {
	case BinAdd, BinSub, BinAnd, BinOr, BinXor, BinAndNot:
		return true
	}
	return false
}

// vectorize puts the vector loop of cl in front of the fast loop fh,
// which p (cl's preheader, ending with the fast loop's bound in place)
// now enters; bound is m, the fast loop's, and the vector loop hands
// its index to fh's index phi (fh's entry arguments are cl's).
func vectorize(m *Func, cl *countedLoop, plan *vectorPlan, bound Value, fh *Block) {
	b, p := cl.b, cl.p
	pos := cl.b.Instrs[len(cl.b.Instrs)-1].Pos
	lanes := int64(16 / plan.width)
	step := lanes * vectorUnroll // elements an iteration
	var pre []*Instr
	def := func(c Class, in *Instr) Value {
		in.Dst = m.newValue(c, false)
		in.Pos = pos
		pre = append(pre, in)
		return in.Dst
	}
	min := func(a, b Value) Value {
		return def(GP, &Instr{Op: OpSelect, Cond: CondLt, Signed: true, Width: 8, Args: []Value{a, b, a, b}})
	}
	lim := min(def(GP, &Instr{Op: OpBin, Bin: BinSub, Width: 8, Signed: true, HasImm: true, Imm: step - 1 + cl.ahead, Args: []Value{bound}}), bound)
	// A load whose base is within 16 bytes above the store's could see
	// an element the store writes: then no vector iteration.
	never := def(GP, &Instr{Op: OpConst, Imm: -1 << 63, Width: 8})
	seen := map[Value]bool{plan.store.Mem.Base: true}
	for _, in := range b.Instrs {
		if in.Op != OpLoad || seen[in.Mem.Base] {
			continue
		}
		seen[in.Mem.Base] = true
		d := def(GP, &Instr{Op: OpBin, Bin: BinSub, Width: 8, Signed: true, Args: []Value{plan.store.Mem.Base, in.Mem.Base}})
		d1 := def(GP, &Instr{Op: OpBin, Bin: BinSub, Width: 8, Signed: true, HasImm: true, Imm: 1, Args: []Value{d}})
		lim = def(GP, &Instr{Op: OpSelect, Cond: CondLt, Signed: false, Width: 8, HasImm: true, Imm: 15, Args: []Value{d1, never, lim}})
	}
	// Values fixed in the loop, as vectors.
	vec := map[Value]Value{}
	broadcast := func(v Value) Value {
		if w, ok := vec[v]; ok {
			return w
		}
		w := def(FP, &Instr{Op: OpVBroadcast, Width: plan.width, Float: plan.float, Args: []Value{v}})
		vec[v] = w
		return w
	}
	constant := func(imm int64) Value {
		return broadcast(def(GP, &Instr{Op: OpConst, Imm: imm, Width: 8}))
	}

	vh := &Block{Index: len(m.Blocks)}
	vb := &Block{Index: len(m.Blocks) + 1}
	vr := &Block{Index: len(m.Blocks) + 2}
	m.Blocks = append(m.Blocks, vh, vb, vr)
	iv := m.newValue(GP, false)
	vh.Preds, vh.Succs = []int{p.Index, vb.Index}, []int{vb.Index, vr.Index}
	vh.Phis = []Phi{{Dst: iv, Args: []Value{fh.Phis[0].Args[0], NoValue}}}
	vh.Instrs = []*Instr{{Op: OpBranch, Dst: NoValue, Cond: CondLt, Signed: true, Width: 8, Args: []Value{iv, lim}, Pos: pos}}

	vb.Preds, vb.Succs = []int{vh.Index}, []int{vh.Index}
	emit := func(c Class, in *Instr) Value {
		in.Pos = pos
		if in.Op.defines() {
			in.Dst = m.newValue(c, false)
		} else {
			in.Dst = NoValue
		}
		vb.Instrs = append(vb.Instrs, in)
		return in.Dst
	}
	x := iv
	if cl.ahead == 1 {
		x = emit(GP, &Instr{Op: OpBin, Bin: BinAdd, Width: 8, Signed: true, HasImm: true, Imm: 1, Args: []Value{iv}})
	}
	operand := func(v Value) Value {
		if w, ok := vec[v]; ok {
			return w
		}
		return broadcast(v)
	}
	// vectorInstr emits copy k of body instruction in: its vector of
	// elements is k vectors past x's.
	vectorInstr := func(in *Instr, k int64) {
		switch {
		case cl.checks[in]:
		case in.Op == OpConst:
			vec[in.Dst] = broadcast(def(GP, &Instr{Op: OpConst, Imm: in.Imm, Width: 8, Float: in.Float}))
		case in.Op == OpLoad:
			mem := Mem{Base: in.Mem.Base, Index: x, Scale: in.Mem.Scale, Disp: 16 * k}
			vec[in.Dst] = emit(FP, &Instr{Op: OpVLoad, Mem: mem, Width: plan.width, Float: plan.float, Args: mem.args()})
		case in.Op == OpBin:
			y := Value(NoValue)
			if in.HasImm {
				y = constant(in.Imm)
			} else {
				y = operand(in.Args[1])
			}
			vec[in.Dst] = emit(FP, &Instr{Op: OpVBin, Bin: in.Bin, Width: plan.width, Float: plan.float, Args: []Value{operand(in.Args[0]), y}})
		case in.Op == OpRotate:
			vec[in.Dst] = emit(FP, &Instr{Op: OpVRotate, Width: plan.width, Imm: in.Imm, Args: []Value{operand(in.Args[0])}})
		case in.Op == OpShift:
			vec[in.Dst] = emit(FP, &Instr{Op: OpVShift, Bin: in.Bin, Width: plan.width, Signed: in.Signed, Imm: in.Imm, Args: []Value{operand(in.Args[0])}})
		case in.Op == OpStore:
			mem := Mem{Base: in.Mem.Base, Index: x, Scale: in.Mem.Scale, Disp: 16 * k}
			emit(GP, &Instr{Op: OpVStore, Mem: mem, Width: plan.width, Float: plan.float, Args: append([]Value{operand(in.Args[0])}, mem.args()...)})
		}
	}
	for k := int64(0); k < vectorUnroll; k++ {
		for _, in := range b.Instrs[:len(b.Instrs)-1] {
			vectorInstr(in, k)
		}
	}
	next := emit(GP, &Instr{Op: OpBin, Bin: BinAdd, Width: 8, Signed: true, HasImm: true, Imm: step - cl.ahead, Args: []Value{x}})
	emit(GP, &Instr{Op: OpJump})
	vh.Phis[0].Args[1] = next

	vr.Preds, vr.Succs = []int{vh.Index}, []int{fh.Index}
	vr.Instrs = []*Instr{{Op: OpJump, Dst: NoValue, Pos: pos}}

	// p enters the vector loop, which hands over to the fast one.
	jump := p.Instrs[len(p.Instrs)-1]
	p.Instrs = append(append(p.Instrs[:len(p.Instrs)-1], pre...), jump)
	p.Succs = []int{vh.Index}
	fh.Preds[0] = vr.Index
	fh.Phis[0].Args[0] = iv
}
