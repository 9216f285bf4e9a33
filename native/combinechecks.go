// This file checks a run of indexes x+k0, x+k1, … against one length
// once. encoding/base32's Encode reads src[si+0] … src[si+4] and writes
// dst[di+0] … dst[di+7] in each round, and ascii85's Encode writes
// dst[0] … dst[4]: thirteen compares and branches a round in base32,
// where one compare of the largest index per run tells the same. A
// block
//
//	check x+k0 < n; A; check x+k1 < n; B; … check x+km < n; C
//
// with k0 the smallest of the ks and nothing between with an effect
// outside the function but stores and panics, becomes
//
//	check x+k0 < n; if x+k0+(km'-k0) < n goto fast else slow
//	fast: A; B; …; C                     (no checks of the run)
//	slow: A; check x+k1 < n; B; …; check x+km < n; trap
//
// where km' is the largest k. Both checks passing makes every index
// between them pass: n is a length, below 2^63, so x+k0 < n leaves
// room for the difference (below 2^31) without wrapping. The fast side
// takes the rest of the block. On the slow side x+km' is at least n, so
// a check of the run fails there, after the same stores as before, with
// the same panic: the trap is never reached.

package native

// combineChecks applies the rewrite to every block but the loop
// headers and the blocks of skip (splitLoops' fast copies, which keep
// their shape for the transforms after it).
func combineChecks(m *Func, skip []*Block) {
	skipped := map[*Block]bool{}
	for _, b := range skip {
		skipped[b] = true
	}
	loops := naturalLoops(m)
	work := append([]*Block(nil), m.Blocks...)
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		if skipped[b] || loops[b.Index] != nil || len(b.Phis) > 0 {
			continue
		}
		if f := combineRun(m, b); f != nil {
			work = append(work, f)
		}
	}
}

// checkBase returns x and k with v = x + k (wrapping at 64 bits),
// following additions of constants and displacements.
func checkBase(def []definition, v Value) (Value, int64) {
	k := int64(0)
	for range 8 {
		d := def[v].instr
		switch {
		case d != nil && d.Op == OpConst && !d.Float:
			// A constant index (ascii85's dst[0] … dst[4]): all
			// share the base "none".
			return NoValue, k + d.Imm
		case d == nil || d.Float || d.MemY || d.MemFirst || len(d.Args) != 1:
			return v, k
		case d.Op == OpLea && d.Mem.Base == d.Args[0] && d.Mem.Index == NoValue && d.Mem.Sym == "" && d.Mem.Local == 0:
			v, k = d.Args[0], k+d.Mem.Disp
		case d.Op == OpBin && d.HasImm && d.Width == 8 && d.Bin == BinAdd:
			v, k = d.Args[0], k+d.Imm
		case d.Op == OpBin && d.HasImm && d.Width == 8 && d.Bin == BinSub:
			v, k = d.Args[0], k-d.Imm
		default:
			return v, k
		}
	}
	return v, k
}

// runSafe reports whether in may sit between the checks of a run: it
// may be copied to the slow side, and has no effect but memory and a
// panic.
func runSafe(in *Instr) bool {
	switch in.Op {
	case OpConst, OpBin, OpUnary, OpShift, OpDiv, OpCmp, OpExt, OpCvt, OpLoad, OpStore, OpLea,
		OpBounds, OpNil, OpDivZero, OpShiftNeg, OpSelect, OpRotate, OpMulHi, OpRMW, OpSliceBound:
		return !in.Op.vector() && !in.CarryIn
	}
	return false
}

// plainCheck reports whether in is an index check of two registers.
func plainCheck(in *Instr) bool {
	return in.Op == OpBounds && !in.HasImm && !in.hasMem() && len(in.Args) == 2
}

// combineRun rewrites the first run of b that has at least two checks
// after its first, and returns the fast block, or nil.
func combineRun(m *Func, b *Block) *Block {
	def := definitions(m)
	for i, first := range b.Instrs {
		if !plainCheck(first) {
			continue
		}
		x, k0 := checkBase(def, first.Args[0])
		n := first.Args[1]
		var run []int // positions of the run's later checks
		dmax := int64(0)
		for j := i + 1; j < len(b.Instrs) && runSafe(b.Instrs[j]); j++ {
			in := b.Instrs[j]
			if !plainCheck(in) || in.Args[1] != n {
				continue
			}
			y, k := checkBase(def, in.Args[0])
			d := k - k0
			if y != x {
				continue
			}
			if d < 0 || d >= 1<<31 {
				break // below the first: the run ends before it
			}
			run = append(run, j)
			dmax = max(dmax, d)
		}
		if len(run) < 2 || dmax == 0 {
			continue
		}
		splitRun(m, b, i, run, dmax)
		return m.Blocks[len(m.Blocks)-2]
	}
	return nil
}

// splitRun makes the rewrite of the run of b whose first check is at
// position i and later checks at positions run.
func splitRun(m *Func, b *Block, i int, run []int, dmax int64) {
	first := b.Instrs[i]
	pos := first.Pos
	last := run[len(run)-1]
	inRun := map[int]bool{}
	for _, j := range run {
		inRun[j] = true
	}
	fast := &Block{Index: len(m.Blocks), Preds: []int{b.Index}, Succs: b.Succs}
	slow := &Block{Index: len(m.Blocks) + 1, Preds: []int{b.Index}}
	for j, in := range b.Instrs[i+1:] {
		if !inRun[i+1+j] {
			fast.Instrs = append(fast.Instrs, in)
		}
	}
	vmap := map[Value]Value{}
	// An index x+k computed before the run is computed again on the
	// slow side, so that on the fast side only the accesses read it
	// and foldIndexLeas makes it their displacement (snappy's decode
	// reads src[s-4] … src[s-1] after checking s).
	before := map[Value]*Instr{}
	for _, in := range b.Instrs[:i] {
		if in.Dst != NoValue && !m.Values[in.Dst].Pointer && isIndexSum(in) {
			before[in.Dst] = in
		}
	}
	for _, in := range b.Instrs[i+1 : last+1] {
		in.mapOperands(func(v Value) Value {
			if d := before[v]; d != nil && v != first.Args[0] {
				if _, done := vmap[v]; !done {
					slow.Instrs = append(slow.Instrs, cloneInstr(m, d, vmap))
				}
			}
			return v
		})
		slow.Instrs = append(slow.Instrs, cloneInstr(m, in, vmap))
	}
	slow.Instrs = append(slow.Instrs, &Instr{Op: OpTrap, Dst: NoValue, Pos: pos})
	top := m.newValue(GP, false)
	lea := &Instr{Op: OpLea, Dst: top, Mem: Mem{Base: first.Args[0], Index: NoValue, Disp: dmax}, Args: []Value{first.Args[0]}, Width: 8, Pos: pos}
	br := &Instr{Op: OpBranch, Dst: NoValue, Cond: CondLt, Width: 8, Args: []Value{top, first.Args[1]}, Pos: pos}
	tail := []*Instr{lea, br}
	if x, k0 := checkBase(definitions(m), first.Args[0]); x == NoValue && k0+dmax == int64(int32(k0+dmax)) {
		// Constant indexes: n > the largest, unsigned, as an immediate.
		br = &Instr{Op: OpBranch, Dst: NoValue, Cond: CondGt, Width: 8, Args: []Value{first.Args[1]}, Imm: k0 + dmax, HasImm: true, Pos: pos}
		tail = []*Instr{br}
	}
	m.replacePred(b.Succs, b.Index, fast.Index)
	b.Instrs = append(b.Instrs[:i+1:i+1], tail...)
	b.Succs = []int{fast.Index, slow.Index}
	m.Blocks = append(m.Blocks, fast, slow)
}

// slowChecks reports whether b is a slow side of combineChecks: it ends
// in a trap with no call before it, so it runs only to panic.
func slowChecks(b *Block) bool {
	if len(b.Instrs) == 0 || b.Instrs[len(b.Instrs)-1].Op != OpTrap {
		return false
	}
	for _, in := range b.Instrs {
		if in.Op == OpCall {
			return false
		}
	}
	return true
}

// isIndexSum reports whether in computes x+k at 64 bits, k a constant:
// an OpLea of a base and a displacement, or an addition of an
// immediate.
func isIndexSum(in *Instr) bool {
	if in.Float || in.MemY || in.MemFirst || len(in.Args) != 1 {
		return false
	}
	switch in.Op {
	case OpLea:
		return in.Mem.Base == in.Args[0] && in.Mem.Index == NoValue && in.Mem.Sym == "" && in.Mem.Local == 0
	case OpBin:
		return in.HasImm && in.Width == 8 && (in.Bin == BinAdd || in.Bin == BinSub)
	}
	return false
}
