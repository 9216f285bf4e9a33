// This file speeds up counted loops without changing what they do: a
// loop whose index x runs up from a constant by one while x < n gets a
// fast copy in front of it that runs the same iterations, in order, for
// as long as x stays below m = min(n, L1, …, Lk), where the Li are the
// lengths its bounds checks compare x with: there no such check can
// fail, so the copy has none, and it does unroll iterations of the body
// between two tests of x. When the copy stops (fewer than unroll
// iterations left below m), it hands its state (the header's phis) to
// the original loop, which goes on from there with its checks: the
// iterations left run, and panic, as before.
//
// Unlike versioning (choose one of two loops before the first
// iteration), splitting needs no merge of the two loops' results: the
// original loop is where every iteration that is left, and the exit,
// happen.

package native

// unroll is how many iterations the fast copy runs between two tests.
const unroll = 4

// countedLoop is a loop the split applies to: header h, a one-block
// body b (its latch), preheader p.
type countedLoop struct {
	// h is the header, p the preheader, b the latch (the body's last
	// block, jumping to h); body lists the body's blocks but h, each
	// after its dominators, b last.
	h, b, p *Block
	body    []*Block
	x, n    Value // the index compared and its bound (n: NoValue if an immediate)
	nImm    int64
	// iv is the header phi the index comes from: x = iv + ahead (ahead
	// is 1 when the header steps it, 0 when the body does).
	iv    int
	ahead int64
	// guardStart: the index starts from a value not known to be ≥ 0,
	// which the preheader tests (the fast copy runs only if it is).
	guardStart bool
	checks     map[*Instr]bool // the bounds checks of x against lengths fixed in the loop
	lengths    []Value
}

// splitLoops gives each counted loop a fast, unrolled copy without the
// checks the loop's bound makes redundant.
func splitLoops(m *Func, avx2 *avx2Target) (fast []*Block) {
	loops := naturalLoops(m)
	for _, h := range loopHeaders(loops) {
		if cl := findCountedLoop(m, m.Blocks[h], loops[h]); cl != nil {
			fast = append(fast, split(m, cl, avx2)...)
		}
	}
	return fast
}

// findCountedLoop recognises the loops split applies to: two blocks,
// the header ending with the test x < n (signed) that stays in the loop
// when true, n fixed in the loop, x a header phi stepped by one in the
// body or one plus a header phi, starting at a constant ≥ 0 or at a
// value split tests, so that x ≥ 0 in every iteration of the copy.
func findCountedLoop(m *Func, h *Block, inBody []bool) *countedLoop {
	if len(h.Preds) != 2 || len(h.Succs) != 2 || !inBody[h.Succs[0]] || inBody[h.Succs[1]] {
		return nil
	}
	jb := -1
	for j, p := range h.Preds {
		if inBody[p] {
			jb = j
		}
	}
	if jb < 0 || inBody[h.Preds[1-jb]] {
		return nil
	}
	jp := 1 - jb
	b := m.Blocks[h.Preds[jb]]
	p := m.Blocks[h.Preds[jp]]
	if len(b.Succs) != 1 || len(p.Succs) != 1 || p.Instrs[len(p.Instrs)-1].Op != OpJump {
		return nil
	}
	// The body, in reverse postorder from its entry: every block's
	// successors in the body (but the latch's, the header), no other
	// way out, no loop inside.
	var body []*Block
	state := map[int]int{}
	var visit func(c *Block) bool
	visit = func(c *Block) bool {
		state[c.Index] = 1
		for _, s := range c.Succs {
			switch {
			case s == h.Index:
				if c != b {
					return false
				}
			case !inBody[s] || state[s] == 1:
				return false // an exit, or an inner loop
			case state[s] == 0:
				if !visit(m.Blocks[s]) {
					return false
				}
			}
		}
		state[c.Index] = 2
		body = append(body, c)
		return true
	}
	if !visit(m.Blocks[h.Succs[0]]) {
		return nil
	}
	for i, j := 0, len(body)-1; i < j; i, j = i+1, j-1 {
		body[i], body[j] = body[j], body[i]
	}
	n := 0
	for _, in := range inBody {
		if in {
			n++
		}
	}
	if len(body) != n-1 || body[len(body)-1] != b {
		return nil
	}
	// Not a loop that calls: a pointer the copy would derive could not
	// live across the call (calls.go).
	for _, c := range append([]*Block{h}, body...) {
		for _, in := range c.Instrs {
			if in.Op == OpCall {
				return nil
			}
		}
	}
	br := h.Instrs[len(h.Instrs)-1]
	if br.Op != OpBranch || br.Cond != CondLt || !br.Signed || br.Float {
		return nil
	}
	def := definitions(m)
	inLoop := func(v Value) bool {
		d := def[v]
		return d.block != nil && inBody[d.block.Index]
	}
	cl := &countedLoop{h: h, b: b, p: p, body: body, x: br.Args[0], n: NoValue, checks: map[*Instr]bool{}}
	if br.HasImm {
		cl.nImm = br.Imm
	} else {
		cl.n = br.Args[1]
		if inLoop(cl.n) {
			return nil
		}
	}
	// The index: a phi stepped by one in the body, or one plus a phi
	// whose back-edge argument it is; from a constant start.
	start, ok := int64(0), false
	isStep := func(v, from Value) bool {
		in := def[v].instr
		return in != nil && in.Op == OpBin && in.Bin == BinAdd && in.HasImm && in.Imm == 1 && in.Width == 8 && in.Args[0] == from
	}
	constOf := func(v Value) (int64, bool) {
		in := def[v].instr
		if in == nil || in.Op != OpConst || in.Float {
			return 0, false
		}
		return in.Imm, true
	}
	found := false
	for i, ph := range h.Phis {
		switch {
		case ph.Dst == cl.x && isStep(ph.Args[jb], ph.Dst) && inLoop(ph.Args[jb]) && def[ph.Args[jb]].block != h:
		case ph.Args[jb] == cl.x && isStep(cl.x, ph.Dst) && def[cl.x].block == h:
			cl.ahead = 1
		default:
			continue
		}
		start, ok = constOf(ph.Args[jp])
		start += cl.ahead
		cl.iv, found = i, true
		break
	}
	if !found || ok && start < 0 {
		return nil
	}
	// A start computed before the loop: split checks it is not
	// negative before the fast copy runs.
	cl.guardStart = !ok
	seen := map[Value]bool{}
	for _, c := range body {
		for _, in := range c.Instrs {
			if in.Op == OpBounds && in.Args[0] == cl.x && !inLoop(in.Args[1]) {
				cl.checks[in] = true
				if !seen[in.Args[1]] {
					seen[in.Args[1]] = true
					cl.lengths = append(cl.lengths, in.Args[1])
				}
			}
		}
	}
	return cl
}

type definition struct {
	block *Block
	instr *Instr // nil for a phi
}

// definitions returns where each value is defined.
func definitions(m *Func) []definition {
	def := make([]definition, len(m.Values))
	for _, b := range m.Blocks {
		for _, p := range b.Phis {
			def[p.Dst] = definition{block: b}
		}
		for _, in := range b.Instrs {
			if in.Dst != NoValue {
				def[in.Dst] = definition{block: b, instr: in}
			}
		}
	}
	return def
}

// split puts the fast copy of cl in front of it and returns the copy's
// body blocks.
func split(m *Func, cl *countedLoop, avx2 *avx2Target) []*Block {
	h, b, p := cl.h, cl.b, cl.p
	jb := indexOf(h.Preds, b.Index)
	jp := 1 - jb
	br := h.Instrs[len(h.Instrs)-1]
	pos := br.Pos

	// In the preheader: m = min(n, L1, …), and the fast loop's bound
	// on the index phi: iv + ahead + unroll - 1 < m, that is iv < lim =
	// m - (unroll - 1 + ahead), or lim = m if that wraps (then no
	// iv ≥ -1 is below it).
	var code []*Instr
	def := func(in *Instr) Value {
		in.Dst = m.newValue(GP, false)
		in.Pos = pos
		code = append(code, in)
		return in.Dst
	}
	bound := cl.n
	if bound == NoValue {
		bound = def(&Instr{Op: OpConst, Imm: cl.nImm, Width: 8})
	}
	min := func(a, b Value) Value {
		return def(&Instr{Op: OpSelect, Cond: CondLt, Signed: true, Width: 8, Args: []Value{a, b, a, b}})
	}
	for _, l := range cl.lengths {
		bound = min(l, bound)
	}
	lim := min(def(&Instr{Op: OpBin, Bin: BinSub, Width: 8, Signed: true, HasImm: true, Imm: unroll - 1 + cl.ahead, Args: []Value{bound}}), bound)
	if cl.guardStart {
		// lim = iv0 when the first index iv0 + ahead is negative: the
		// fast copy's test iv0 < lim fails at once.
		iv0 := h.Phis[cl.iv].Args[jp]
		lim = def(&Instr{Op: OpSelect, Cond: CondGe, Signed: true, Width: 8, HasImm: true, Imm: -cl.ahead, Args: []Value{iv0, lim, iv0}})
	}
	// The reductions' other accumulators start at 0 (accumulators.go).
	red := reductions(m, cl, jb)
	zero := NoValue
	zeroConst := func() Value {
		if zero == NoValue {
			zero = def(&Instr{Op: OpConst, Width: 8})
		}
		return zero
	}
	starts := make([]Value, len(red))
	for r, rd := range red {
		starts[r] = rd.start(cl, jp, zeroConst)
	}
	jump := p.Instrs[len(p.Instrs)-1]
	p.Instrs = append(append(p.Instrs[:len(p.Instrs)-1], code...), jump)

	fh := &Block{Index: len(m.Blocks), StepFits: true}
	fb := &Block{Index: len(m.Blocks) + 1}
	r := &Block{Index: len(m.Blocks) + 2}
	m.Blocks = append(m.Blocks, fh, fb, r)

	// The fast header: a phi per header phi and the test of the index
	// phi against lim. The header's instructions run in the body, at
	// the start of each iteration, as they would after the test: that
	// way the phis die there, and the fast loop hands them over.
	vmap := map[Value]Value{}
	get := func(v Value) Value {
		if w, ok := vmap[v]; ok {
			return w
		}
		return v
	}
	clone := func(in *Instr, into *Block) {
		into.Instrs = append(into.Instrs, cloneInstr(m, in, vmap))
	}
	fh.Preds, fh.Succs = []int{p.Index, fb.Index}, []int{fb.Index, r.Index}
	for _, ph := range h.Phis {
		v := m.newValue(m.Values[ph.Dst].Class, m.Values[ph.Dst].Pointer)
		vmap[ph.Dst] = v
		fh.Phis = append(fh.Phis, Phi{Dst: v, Args: []Value{ph.Args[jp], NoValue}})
	}
	fastPhis := append([]Phi(nil), fh.Phis...)
	acc := make([][]Value, len(red)) // acc[r][j]: accumulator j of reduction r, as the copy goes
	for r, rd := range red {
		acc[r] = []Value{fastPhis[rd.phi].Dst}
		for j := 1; j < accumulators; j++ {
			v := m.newValue(GP, false)
			fh.Phis = append(fh.Phis, Phi{Dst: v, Args: []Value{starts[r], NoValue}})
			acc[r] = append(acc[r], v)
		}
	}
	fh.Instrs = append(fh.Instrs, &Instr{Op: OpBranch, Dst: NoValue, Cond: CondLt, Signed: true, Width: 8, Args: []Value{fastPhis[cl.iv].Dst, lim}, Pos: pos})

	// The fast body: unroll iterations, each the header's instructions
	// (its test holds: x + unroll - 1 < m) and a copy of the body, its
	// latch going on to the next iteration's header instructions, the
	// last one's back to the fast header.
	fast := []*Block{fb}
	newBlock := func() *Block {
		c := &Block{Index: len(m.Blocks)}
		m.Blocks = append(m.Blocks, c)
		fast = append(fast, c)
		return c
	}
	fb.Preds = []int{fh.Index}
	at := fb // where the next iteration's header instructions go
	for k := 0; k < unroll; k++ {
		if k > 0 {
			next := map[Value]Value{}
			for _, ph := range h.Phis {
				next[ph.Dst] = get(ph.Args[jb])
			}
			for r, rd := range red {
				// Iteration k adds into accumulator k mod accumulators.
				ph := h.Phis[rd.phi]
				acc[r][(k-1)%accumulators] = next[ph.Dst]
				next[ph.Dst] = acc[r][k%accumulators]
			}
			for v, w := range next {
				vmap[v] = w
			}
		}
		for _, in := range h.Instrs[:len(h.Instrs)-1] {
			clone(in, at)
		}
		// The body's blocks: new blocks and values first (a phi may
		// read a value of a block cloned after it), then the code.
		cmap := map[int]*Block{}
		for _, c := range cl.body {
			cmap[c.Index] = newBlock()
		}
		at.Instrs = append(at.Instrs, &Instr{Op: OpJump, Dst: NoValue, Pos: pos})
		at.Succs = []int{cmap[cl.body[0].Index].Index}
		for _, c := range cl.body {
			for _, ph := range c.Phis {
				vmap[ph.Dst] = m.newValue(m.Values[ph.Dst].Class, m.Values[ph.Dst].Pointer)
			}
		}
		for _, c := range cl.body {
			nc := cmap[c.Index]
			for _, pr := range c.Preds {
				if pc, ok := cmap[pr]; ok {
					nc.Preds = append(nc.Preds, pc.Index)
				} else {
					nc.Preds = append(nc.Preds, at.Index) // the body's entry, from the header
				}
			}
			for _, ph := range c.Phis {
				np := Phi{Dst: vmap[ph.Dst], Args: make([]Value, len(ph.Args))}
				nc.Phis = append(nc.Phis, np)
			}
			for _, in := range c.Instrs {
				if !cl.checks[in] {
					clone(in, nc)
				}
			}
			for _, sc := range c.Succs {
				if sc == h.Index {
					nc.Succs = append(nc.Succs, -1) // set below
				} else {
					nc.Succs = append(nc.Succs, cmap[sc].Index)
				}
			}
		}
		for _, c := range cl.body {
			nc := cmap[c.Index]
			for i, ph := range c.Phis {
				for a, v := range ph.Args {
					nc.Phis[i].Args[a] = get(v)
				}
			}
		}
		latch := cmap[b.Index]
		if k < unroll-1 {
			at = newBlock()
			at.Preds = []int{latch.Index}
			latch.Succs = []int{at.Index}
		} else {
			latch.Succs = []int{fh.Index}
			fh.Preds[1] = latch.Index
		}
	}
	for i, ph := range h.Phis {
		fh.Phis[i].Args[1] = get(ph.Args[jb])
	}
	for r, rd := range red {
		acc[r][(unroll-1)%accumulators] = get(h.Phis[rd.phi].Args[jb])
		fh.Phis[rd.phi].Args[1] = acc[r][0]
		for j := 1; j < accumulators; j++ {
			fh.Phis[len(h.Phis)+r*(accumulators-1)+j-1].Args[1] = acc[r][j]
		}
	}

	// The hand-over: the original loop starts from the fast header's
	// phis.
	r.Preds, r.Succs = []int{fh.Index}, []int{h.Index}
	p.Succs = []int{fh.Index}
	h.Preds[jp] = r.Index
	for i := range h.Phis {
		h.Phis[i].Args[jp] = fastPhis[i].Dst
	}
	// A reduction's accumulators combined, by its operation.
	for ri, rd := range red {
		sum := fastPhis[rd.phi].Dst
		for j := 1; j < accumulators; j++ {
			in := rd.combine(m, h.Phis[rd.phi].Dst, sum, fh.Phis[len(h.Phis)+ri*(accumulators-1)+j-1].Dst)
			r.Instrs = append(r.Instrs, in)
			sum = in.Dst
		}
		h.Phis[rd.phi].Args[jp] = sum
	}
	r.Instrs = append(r.Instrs, &Instr{Op: OpJump, Dst: NoValue, Pos: pos})
	if plan := vectorizable(m, cl); plan != nil {
		vectorize(m, cl, plan, bound, fh, avx2)
	}
	return fast
}

// foldOffsets folds an index plus a constant into the displacement of
// the addresses it is used in, (base)(x+k)*s being k*s(base)(x*s), and
// sums of sums with constants into one, both in 64-bit arithmetic
// alike. The unrolled copies then address from one index, and step it
// once.
//
// Only in the unrolled bodies: elsewhere, reading x instead of x+k would
// keep x alive next to x+k, a register and a move more.
func foldOffsets(m *Func, blocks []*Block) {
	def := definitions(m)
	isStep := func(d *Instr) bool {
		return d != nil && d.Op == OpBin && d.Bin == BinAdd && d.HasImm && d.Width == 8
	}
	for _, b := range blocks {
		// x - c is x + -c.
		for _, in := range b.Instrs {
			if in.Op == OpBin && in.Bin == BinSub && in.HasImm && in.Width == 8 && in.Imm != -1<<31 {
				in.Bin, in.Imm = BinAdd, -in.Imm
			}
		}
	}
	scaled := scaledSteps(m, blocks, def, isStep)
	for _, b := range blocks {
		for _, in := range b.Instrs {
			// (x + c1) + c2 is x + (c1 + c2): the unrolled copies'
			// steps become one.
			for isStep(in) {
				d := def[in.Args[0]].instr
				if !isStep(d) || in.Imm+d.Imm != int64(int32(in.Imm+d.Imm)) {
					break
				}
				in.Imm += d.Imm
				in.Args = []Value{d.Args[0]}
			}
			if in.Op != OpLoad && in.Op != OpStore && in.Op != OpLea || in.Mem.Index == NoValue {
				continue
			}
			if c, ok := scaled[in.Mem.Index]; ok {
				in.Mem.Disp += c * in.Mem.Scale // in range: see scaledSteps
			}
			for {
				d := def[in.Mem.Index].instr
				if !isStep(d) {
					break
				}
				disp := in.Mem.Disp + d.Imm*in.Mem.Scale
				if disp != int64(int32(disp)) {
					break
				}
				in.Mem.Disp, in.Mem.Index = disp, d.Args[0]
			}
			k := 0
			if in.Op == OpStore {
				k = 1
			}
			in.Args = append(in.Args[:k], in.Mem.args()...)
		}
	}
}

// scaledSteps rewrites, in blocks, each (x + c) * s (s an immediate:
// an index scaled by an element size the addressing modes lack, such as
// 16) that is read only as the index of addresses into x * s, and
// returns c * s for each, to be added (times their scale) to those
// addresses' displacements: the unrolled copies then scale one index
// (localCSE merges their x * s). Only where every displacement stays in
// 32 bits.
func scaledSteps(m *Func, blocks []*Block, def []definition, isStep func(*Instr) bool) map[Value]int64 {
	reads, asIndex := readCounts(m), make([]int, len(m.Values))
	// By value: the largest |displacement| and scale of the addresses
	// it is the index of.
	maxDisp, maxScale := make([]int64, len(m.Values)), make([]int64, len(m.Values))
	for _, b := range m.Blocks {
		for _, in := range b.Instrs {
			if (in.Op == OpLoad || in.Op == OpStore || in.Op == OpLea) && in.Mem.Index != NoValue {
				x := in.Mem.Index
				asIndex[x]++
				maxDisp[x] = max(maxDisp[x], in.Mem.Disp, -in.Mem.Disp)
				maxScale[x] = max(maxScale[x], in.Mem.Scale)
			}
		}
	}
	scaled := map[Value]int64{}
	for _, b := range blocks {
		for _, in := range b.Instrs {
			if in.Op != OpBin || in.Bin != BinMul || !in.HasImm || in.Float || in.Width != 8 || in.Dst == NoValue {
				continue
			}
			if reads[in.Dst] == 0 || reads[in.Dst] != asIndex[in.Dst] || in.Imm != int64(int16(in.Imm)) {
				continue
			}
			// x + c1 + c2 + … (the unrolled copies' indices), the sum
			// kept to 16 bits, as s is, so that no product overflows.
			x, c := in.Args[0], int64(0)
			for d := def[x].instr; isStep(d) && c+d.Imm == int64(int16(c+d.Imm)); d = def[x].instr {
				x, c = d.Args[0], c+d.Imm
			}
			if add := c * in.Imm; c == 0 || max(add, -add)*maxScale[in.Dst]+maxDisp[in.Dst] >= 1<<31 {
				continue
			}
			in.Args = []Value{x}
			scaled[in.Dst] = c * in.Imm
		}
	}
	return scaled
}

// sinkSteps moves the pure instructions whose value the block itself
// does not read (an unrolled loop's step, read only by the header's
// phi) to just before the block's terminator: their operands may die
// first, and the result can take an operand's register, which is then
// the phi's, so no move is left on the back edge.
func sinkSteps(m *Func, blocks []*Block) {
	for _, b := range blocks {
		n := len(b.Instrs)
		if n < 2 {
			continue
		}
		used := map[Value]bool{}
		for _, in := range b.Instrs {
			for _, a := range in.Args {
				used[a] = true
			}
			if in.hasMem() {
				for _, a := range in.Mem.args() {
					used[a] = true
				}
			}
		}
		// The steps by an immediate (the index's) go last: a sum sunk
		// with them may yet read the index, once foldLoads gives it the
		// load of x's element, and the index would live past its step
		// (a copy of the step in another register, moved back).
		var keep, sunk, steps []*Instr
		for _, in := range b.Instrs[:n-1] {
			switch {
			case in.Op != OpBin || in.Float || in.Dst == NoValue || used[in.Dst]:
				keep = append(keep, in)
			case in.HasImm:
				steps = append(steps, in)
			default:
				sunk = append(sunk, in)
			}
		}
		b.Instrs = append(append(append(keep, sunk...), steps...), b.Instrs[n-1])
	}
}
