// This file vectorises element-wise counted loops with SSE2 and AVX2: a
// loop whose body loads elements i of some slices, combines them lane by
// lane with each other and with values fixed in the loop, and stores
// the result as element i of one slice, gets, in front of its fast
// copy, a loop that does 16-byte vectors, and in front of that one
// that does 32-byte vectors when the CPU has AVX2 (a package variable
// the generated Go file sets from CPUID says so: see avx2Loop).
//
// An iteration does vectorUnroll vectors. Exactness: each lane computes
// what an iteration computes (integer
// lanes wrap at their width as Go's arithmetic does; float lanes are
// the same IEEE operations, element by element: nothing is reordered or
// fused). What changes is the order of memory accesses within a vector:
// its loads come before its stores. That is the same only if no store
// of the vector reaches an element a later iteration of it loads, which
// a check before the loop makes sure of: the store's base minus each
// load's base is ≤ 0 or ≥ the vector's size (in place, s[i] = f(s[i]),
// is 0; the vectors of one iteration are loaded and stored one after
// the other, so a vector is the window, whatever the unrolling); when
// it is not, the vector loop runs no iteration. Its bound is that of
// the fast copy (no bounds check can fail in it), less an iteration's
// lanes.

package native

import "go/token"

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
// the index (its one phi), and the body is one block, b: loads of
// element x of bases fixed in the loop, lane-wise operations, and one
// store of element x, last.
func vectorizable(m *Func, cl *countedLoop) *vectorPlan {
	h, b := cl.h, cl.b
	if len(h.Phis) != 1 {
		return nil
	}
	if len(cl.body) != 1 {
		// The vector loop is made of b's instructions alone: the
		// other blocks of a longer body (a conditional store before
		// the element-wise latch) would not run for the elements it
		// covers.
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
		if !cl.checks[in] {
			// The index and the header's other values change from one
			// iteration to the next without being lanes of a vector
			// (the index may be an address register: element reads it).
			values := in.Args
			switch in.Op {
			case OpLoad:
				values = nil
			case OpStore:
				values = in.Args[:1]
			}
			for _, a := range values {
				if def[a].block == h {
					return nil
				}
			}
		}
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
// its index to fh's index phi (fh's entry arguments are cl's). With
// avx2, an AVX2 loop of 32-byte vectors goes in front of the SSE2 one
// (see vectorizeAVX2).
func vectorize(m *Func, cl *countedLoop, plan *vectorPlan, bound Value, fh *Block, avx2 *avx2Target) {
	vc := &vectorCode{m: m, cl: cl, plan: plan, pos: cl.b.Instrs[len(cl.b.Instrs)-1].Pos}
	vp, vh := vc.sseLoop(bound, fh)
	if avx2 != nil {
		vc.avx2Loop(bound, vp, vh, avx2)
	}
}

// vectorCode builds the vector loops of one counted loop.
type vectorCode struct {
	m    *Func
	cl   *countedLoop
	plan *vectorPlan
	pos  token.Pos
}

// limit returns, computed by code appended to pre, the bound on the
// index of a loop doing size-byte vectors: no vector reaches an
// element at bound or beyond, and none runs (the bound is MinInt64)
// when a load's base is within size bytes above the store's (then a
// store of the vector could reach an element a later vector loads).
func (vc *vectorCode) limit(bound Value, size int64, pre *[]*Instr) Value {
	m, cl := vc.m, vc.cl
	def := func(in *Instr) Value {
		in.Dst = m.newValue(GP, false)
		in.Pos = vc.pos
		*pre = append(*pre, in)
		return in.Dst
	}
	step := size / int64(vc.plan.width) * vectorUnroll
	sub := def(&Instr{Op: OpBin, Bin: BinSub, Width: 8, Signed: true, HasImm: true, Imm: step - 1 + cl.ahead, Args: []Value{bound}})
	lim := def(&Instr{Op: OpSelect, Cond: CondLt, Signed: true, Width: 8, Args: []Value{sub, bound, sub, bound}})
	never := def(&Instr{Op: OpConst, Imm: -1 << 63, Width: 8})
	seen := map[Value]bool{vc.plan.store.Mem.Base: true}
	for _, in := range cl.b.Instrs {
		if in.Op != OpLoad || seen[in.Mem.Base] {
			continue
		}
		seen[in.Mem.Base] = true
		d := def(&Instr{Op: OpBin, Bin: BinSub, Width: 8, Signed: true, Args: []Value{vc.plan.store.Mem.Base, in.Mem.Base}})
		d1 := def(&Instr{Op: OpBin, Bin: BinSub, Width: 8, Signed: true, HasImm: true, Imm: 1, Args: []Value{d}})
		lim = def(&Instr{Op: OpSelect, Cond: CondLt, Signed: false, Width: 8, HasImm: true, Imm: size - 1, Args: []Value{d1, never, lim}})
	}
	return lim
}

// body appends to into an iteration of size-byte vectors from index
// iv: vectorUnroll copies of cl's body, lane by lane, with the values
// fixed in the loop broadcast by code appended to pre. It returns the
// next iteration's index.
func (vc *vectorCode) body(iv Value, size int64, into *Block, pre *[]*Instr) Value {
	m, cl, plan := vc.m, vc.cl, vc.plan
	vec := map[Value]Value{}
	broadcast := func(v Value) Value {
		if w, ok := vec[v]; ok {
			return w
		}
		in := &Instr{Op: OpVBroadcast, Dst: m.newValue(FP, false), Width: plan.width, Float: plan.float, Vec: size, Args: []Value{v}, Pos: vc.pos}
		*pre = append(*pre, in)
		vec[v] = in.Dst
		return in.Dst
	}
	// One scalar, and so one broadcast, per constant: the unrolled
	// copies share them.
	scalars := map[[2]int64]Value{}
	scalar := func(imm int64, float bool) Value {
		k := [2]int64{imm, 0}
		if float {
			k[1] = 1
		}
		if v, ok := scalars[k]; ok {
			return v
		}
		in := &Instr{Op: OpConst, Dst: m.newValue(GP, false), Imm: imm, Width: 8, Float: float, Pos: vc.pos}
		*pre = append(*pre, in)
		scalars[k] = in.Dst
		return in.Dst
	}
	emit := func(c Class, in *Instr) Value {
		in.Pos = vc.pos
		if in.Op.vector() {
			in.Vec = size
		}
		if in.Op.defines() {
			in.Dst = m.newValue(c, false)
		} else {
			in.Dst = NoValue
		}
		into.Instrs = append(into.Instrs, in)
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
	// Copy k of body instruction in: its vector of elements is k
	// vectors past x's.
	vectorInstr := func(in *Instr, k int64) {
		switch {
		case cl.checks[in]:
		case in.Op == OpConst:
			vec[in.Dst] = broadcast(scalar(in.Imm, in.Float))
		case in.Op == OpLoad:
			mem := Mem{Base: in.Mem.Base, Index: x, Scale: in.Mem.Scale, Disp: size * k}
			vec[in.Dst] = emit(FP, &Instr{Op: OpVLoad, Mem: mem, Width: plan.width, Float: plan.float, Args: mem.args()})
		case in.Op == OpBin:
			y := Value(NoValue)
			if in.HasImm {
				y = broadcast(scalar(in.Imm, false))
			} else {
				y = operand(in.Args[1])
			}
			vec[in.Dst] = emit(FP, &Instr{Op: OpVBin, Bin: in.Bin, Width: plan.width, Float: plan.float, Args: []Value{operand(in.Args[0]), y}})
		case in.Op == OpRotate:
			vec[in.Dst] = emit(FP, &Instr{Op: OpVRotate, Width: plan.width, Imm: in.Imm, Args: []Value{operand(in.Args[0])}})
		case in.Op == OpShift:
			vec[in.Dst] = emit(FP, &Instr{Op: OpVShift, Bin: in.Bin, Width: plan.width, Signed: in.Signed, Imm: in.Imm, Args: []Value{operand(in.Args[0])}})
		case in.Op == OpStore:
			mem := Mem{Base: in.Mem.Base, Index: x, Scale: in.Mem.Scale, Disp: size * k}
			emit(GP, &Instr{Op: OpVStore, Mem: mem, Width: plan.width, Float: plan.float, Args: append([]Value{operand(in.Args[0])}, mem.args()...)})
		}
	}
	for k := int64(0); k < vectorUnroll; k++ {
		for _, in := range cl.b.Instrs[:len(cl.b.Instrs)-1] {
			vectorInstr(in, k)
		}
	}
	step := size / int64(plan.width) * vectorUnroll
	return emit(GP, &Instr{Op: OpBin, Bin: BinAdd, Width: 8, Signed: true, HasImm: true, Imm: step - cl.ahead, Args: []Value{x}})
}

// sseLoop puts the SSE2 loop in front of the loop headed by next (whose
// phi 0 is the index, its argument 0 from p), which it hands its index
// to; p enters it through vp, which broadcasts the values fixed in the
// loop (there, they are live in this loop only). It returns vp and the
// loop's header vh.
func (vc *vectorCode) sseLoop(bound Value, next *Block) (vp, vh *Block) {
	m, p := vc.m, vc.cl.p
	var pre, broadcasts []*Instr
	lim := vc.limit(bound, 16, &pre)
	vp = &Block{Index: len(m.Blocks)}
	vh = &Block{Index: len(m.Blocks) + 1}
	vb := &Block{Index: len(m.Blocks) + 2}
	vr := &Block{Index: len(m.Blocks) + 3}
	m.Blocks = append(m.Blocks, vp, vh, vb, vr)
	iv := m.newValue(GP, false)
	vp.Preds, vp.Succs = []int{p.Index}, []int{vh.Index}
	vh.Preds, vh.Succs = []int{vp.Index, vb.Index}, []int{vb.Index, vr.Index}
	vh.Phis = []Phi{{Dst: iv, Args: []Value{next.Phis[0].Args[0], NoValue}}}
	vh.Instrs = []*Instr{{Op: OpBranch, Dst: NoValue, Cond: CondLt, Signed: true, Width: 8, Args: []Value{iv, lim}, Pos: vc.pos}}
	vb.Preds, vb.Succs = []int{vh.Index}, []int{vh.Index}
	vh.Phis[0].Args[1] = vc.body(iv, 16, vb, &broadcasts)
	vb.Instrs = append(vb.Instrs, &Instr{Op: OpJump, Dst: NoValue, Pos: vc.pos})
	vp.Instrs = append(broadcasts, &Instr{Op: OpJump, Dst: NoValue, Pos: vc.pos})
	vr.Preds, vr.Succs = []int{vh.Index}, []int{next.Index}
	vr.Instrs = []*Instr{{Op: OpJump, Dst: NoValue, Pos: vc.pos}}

	// p enters the vector loop, which hands over to next.
	jump := p.Instrs[len(p.Instrs)-1]
	p.Instrs = append(append(p.Instrs[:len(p.Instrs)-1], pre...), jump)
	p.Succs = []int{vp.Index}
	next.Preds[0] = vr.Index
	next.Phis[0].Args[0] = iv
	return vp, vh
}

// avx2Chunk is how many iterations the AVX2 loop runs between two
// passes through its outer loop, which polls for preemption each time.
const avx2Chunk = pollInterval

// An avx2Target says where the assembly finds whether the CPU has AVX2.
type avx2Target struct {
	flag string // the package variable, a bool
}

// avx2Loop puts an AVX2 loop in front of the SSE2 loop that vp enters
// and vh heads, which it hands its index to. It runs only on a CPU with AVX2 (the
// flag), in chunks of avx2Chunk iterations: an inner loop without a
// preemption poll, and an outer one that polls after every chunk, with
// no 32-byte vector live (the vectors of values fixed in the loop are
// broadcast again for each chunk). VZEROUPPER ends each chunk, so that
// the SSE2 code after it pays no transition.
//
//	p ─→ oh ─→ ap ─→ ah ⇄ ab        oh: ivo < limA?   (limA: MinInt64 without AVX2)
//	     ↑ ↓         ↓              ap: broadcasts, chunk bound
//	     │ vp → vh   ax ─┐          ah: iva < chunk?
//	     └───────────────┘          ax: VZEROUPPER
func (vc *vectorCode) avx2Loop(bound Value, vp, vh *Block, t *avx2Target) {
	m, p, pos := vc.m, vc.cl.p, vc.pos
	var pre []*Instr
	lim := vc.limit(bound, 32, &pre)
	flag := &Instr{Op: OpCPUFlag, Dst: m.newValue(GP, false), Sym: t.flag, Pos: pos}
	never := &Instr{Op: OpConst, Dst: m.newValue(GP, false), Imm: -1 << 63, Width: 8, Pos: pos}
	limA := &Instr{Op: OpSelect, Dst: m.newValue(GP, false), Cond: CondNe, Width: 8, HasImm: true, Imm: 0, Args: []Value{flag.Dst, lim, never.Dst}, Pos: pos}
	pre = append(pre, flag, never, limA)

	newBlock := func() *Block {
		b := &Block{Index: len(m.Blocks)}
		m.Blocks = append(m.Blocks, b)
		return b
	}
	oh, ap, ah, ab, ax := newBlock(), newBlock(), newBlock(), newBlock(), newBlock()
	jump := func() *Instr { return &Instr{Op: OpJump, Dst: NoValue, Pos: pos} }
	branch := func(x, y Value) *Instr {
		return &Instr{Op: OpBranch, Dst: NoValue, Cond: CondLt, Signed: true, Width: 8, Args: []Value{x, y}, Pos: pos}
	}

	ivo, iva := m.newValue(GP, false), m.newValue(GP, false)
	oh.Preds, oh.Succs = []int{p.Index, ax.Index}, []int{ap.Index, vp.Index}
	oh.Phis = []Phi{{Dst: ivo, Args: []Value{vh.Phis[0].Args[0], iva}}}
	oh.Instrs = []*Instr{branch(ivo, limA.Dst)}
	oh.PollEach = true

	// ap: the chunk's bound, min(limA, ivo + chunk) (no overflow: ivo
	// is below a length), and the broadcasts.
	var broadcasts []*Instr
	ah.Preds, ah.Succs = []int{ap.Index, ab.Index}, []int{ab.Index, ax.Index}
	ah.Phis = []Phi{{Dst: iva, Args: []Value{ivo, NoValue}}}
	ab.Preds, ab.Succs = []int{ah.Index}, []int{ah.Index}
	ah.Phis[0].Args[1] = vc.body(iva, 32, ab, &broadcasts)
	ab.Instrs = append(ab.Instrs, jump())
	ah.NoPoll = true
	step := 32 / int64(vc.plan.width) * vectorUnroll
	end := &Instr{Op: OpBin, Dst: m.newValue(GP, false), Bin: BinAdd, Width: 8, Signed: true, HasImm: true, Imm: avx2Chunk * step, Args: []Value{ivo}, Pos: pos}
	chunk := &Instr{Op: OpSelect, Dst: m.newValue(GP, false), Cond: CondLt, Signed: true, Width: 8, Args: []Value{end.Dst, limA.Dst, end.Dst, limA.Dst}, Pos: pos}
	ah.Instrs = []*Instr{branch(iva, chunk.Dst)}
	ap.Preds, ap.Succs = []int{oh.Index}, []int{ah.Index}
	ap.Instrs = append(append([]*Instr{end, chunk}, broadcasts...), jump())

	ax.Preds, ax.Succs = []int{ah.Index}, []int{oh.Index}
	ax.Instrs = []*Instr{{Op: OpVZeroUpper, Dst: NoValue, Pos: pos}, jump()}

	// p enters the outer loop, which hands over to the SSE2 loop.
	last := p.Instrs[len(p.Instrs)-1]
	p.Instrs = append(append(p.Instrs[:len(p.Instrs)-1], pre...), last)
	p.Succs = []int{oh.Index}
	vp.Preds[0] = oh.Index
	vh.Phis[0].Args[0] = ivo
}
