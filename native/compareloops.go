// This file finds compare loops, which step through two arrays together
// until their elements differ:
//
//	for i := range a {
//		if a[i] != b[i] {
//			return i
//		}
//	}
//
// and variants (compress/flate's matchLen, slices.Equal, slices.Compare
// with its length test and cmp.Compare), for vectorizeSearch
// (searchloops.go) to put an SSE2 loop in front: it compares 16 bytes
// of each array at a time and stops at the first vector with a lane
// that differs, where the original loop goes on.
//
// The loop may step two indexes together, as snappy's extendMatch does
// (for j < len(src) && src[i] == src[j]; i, j = i+1, j+1), and an index
// may start at a value not known to be ≥ 0: the vector loop then keeps
// each index in [0, its limit) by an unsigned test.
//
// Rather than match each variant's blocks, findCompareLoop runs one
// iteration of the body symbolically, knowing only that each index is
// below every bound the vector loop keeps it below and that the two
// elements loaded are equal (as integers, or as floats that are not
// NaN: what PCMPEQ and CMPPD report). Every branch on the way must be
// decided by those facts, and the path must come back to the header
// with each index plus 1, having done nothing but the two loads, bounds checks that
// pass and arithmetic: such an iteration only steps x, so the vector
// loop may skip it. The vector loop reads only elements below those
// bounds, which the iterations it skips read too.

package native

// findCompareLoop recognises a compare loop (see the file's comment)
// and returns it as a searchLoop whose other is the second load.
func findCompareLoop(m *Func, h *Block, inBody []bool) *searchLoop {
	xs, tested, ahead, def, fixed := compareHeader(m, h, inBody)
	if xs == nil {
		return nil
	}
	sl := &searchLoop{h: h, b: m.Blocks[h.Succs[0]], ahead: ahead}
	index := func(v Value) int {
		for k, x := range xs {
			if v == x {
				return k
			}
		}
		return -1
	}
	// The bounds of each index: every value fixed in the loop that the
	// body tests it against, or checks it below. The vector loop keeps
	// the index below all of them, so each such test is decided.
	isBound := make([]map[Value]bool, len(xs))
	idx := make([]searchIndex, len(xs))
	for k := range xs {
		isBound[k] = map[Value]bool{}
		idx[k] = searchIndex{phi: k, x: xs[k], hdr: k == tested}
	}
	for i, blk := range m.Blocks {
		if !inBody[i] || blk == h {
			continue
		}
		for _, in := range blk.Instrs {
			if in.HasImm || len(in.Args) != 2 || in.Float || !(in.Op == OpBranch && in.Width == 8 || in.Op == OpBounds) {
				continue
			}
			for j, a := range in.Args {
				if k, o := index(a), in.Args[1-j]; k >= 0 && index(o) < 0 && fixed(o) && !isBound[k][o] {
					isBound[k][o] = true
					idx[k].bounds = append(idx[k].bounds, o)
				}
			}
		}
	}
	// The symbolic iteration: alias maps a value to the one it is known
	// to equal (a decided select, a phi on the path's edge); known
	// holds integer constants.
	alias := map[Value]Value{}
	known := map[Value]int64{}
	get := func(v Value) Value {
		if a, ok := alias[v]; ok {
			return a
		}
		return v
	}
	var loads []*Instr
	isLoad := func(v Value) bool {
		return len(loads) == 2 && (v == loads[0].Dst || v == loads[1].Dst)
	}
	// decide returns whether in's condition holds, and whether the
	// facts decide it.
	decide := func(in *Instr) (holds, ok bool) {
		if in.MemFirst || in.MemY || in.Test {
			return false, false
		}
		a := get(in.Args[0])
		var b Value
		ka, aKnown := known[a]
		kb, bKnown := in.Imm, in.HasImm
		if !in.HasImm {
			b = get(in.Args[1])
			kb, bKnown = known[b]
		}
		switch {
		case aKnown && bKnown && !in.Float:
			return compareConsts(in.Cond, ka, kb, in.Width, in.Signed), true
		case !in.HasImm && !in.Float && in.Width == 8 && index(a) >= 0 && isBound[index(a)][b]:
			// 0 ≤ x < b.
			return in.Cond == CondLt || in.Cond == CondLe || in.Cond == CondNe, true
		case !in.HasImm && !in.Float && in.Width == 8 && index(b) >= 0 && isBound[index(b)][a]:
			return in.Cond == CondGt || in.Cond == CondGe || in.Cond == CondNe, true
		case !in.HasImm && a != b && isLoad(a) && isLoad(b) && in.Float == loads[0].Float:
			// The elements are equal (floats: neither is NaN).
			return in.Cond == CondEq || in.Cond == CondLe || in.Cond == CondGe, true
		}
		return false, false
	}
	prev, blk := h.Index, sl.b
	seen := map[int]bool{}
	for blk != h {
		if !inBody[blk.Index] || seen[blk.Index] {
			return nil
		}
		seen[blk.Index] = true
		j := indexOf(blk.Preds, prev)
		for _, p := range blk.Phis {
			alias[p.Dst] = get(p.Args[j])
		}
		var next int
		for _, in := range blk.Instrs {
			switch in.Op {
			case OpLoad:
				mem := in.Mem
				if len(loads) == 2 || in.MemFirst || in.MemY || mem.Sym != "" || mem.Local != 0 || mem.Base == NoValue || !fixed(mem.Base) || index(mem.Index) < 0 || mem.Scale != int64(in.Width) {
					return nil
				}
				if len(loads) == 1 && (in.Width != loads[0].Width || in.Signed != loads[0].Signed || in.Float != loads[0].Float) {
					return nil
				}
				if in.Float && in.Width != 8 && in.Width != 4 || !in.Float && in.Width > 4 {
					return nil
				}
				loads = append(loads, in)
			case OpBounds:
				if k := index(in.Args[0]); k < 0 || !isBound[k][in.Args[1]] {
					return nil
				}
			case OpConst:
				if !in.Float {
					known[in.Dst] = in.Imm
				}
			case OpSelect:
				if holds, ok := decide(in); ok {
					if holds {
						alias[in.Dst] = get(in.Args[len(in.Args)-2])
					} else {
						alias[in.Dst] = get(in.Args[len(in.Args)-1])
					}
				} else if in.MemFirst || in.MemY {
					return nil
				}
			case OpBin, OpUnary, OpShift, OpExt, OpCmp:
				// Arithmetic: no effect, and its result decides
				// nothing unless known.
				if in.MemFirst || in.MemY {
					return nil
				}
			case OpJump:
				next = blk.Succs[0]
			case OpBranch:
				holds, ok := decide(in)
				if !ok {
					return nil
				}
				next = blk.Succs[0]
				if !holds {
					next = blk.Succs[1]
				}
			default:
				return nil
			}
		}
		prev, blk = blk.Index, m.Blocks[next]
	}
	if len(loads) != 2 {
		return nil
	}
	// Back at the header with each index plus 1.
	jb := indexOf(h.Preds, prev)
	for k, x := range xs {
		step := get(h.Phis[k].Args[jb])
		if ahead {
			if step != x {
				return nil
			}
		} else if d := def[step].instr; d == nil || !isIndexStep(d, x) || !seen[def[step].block.Index] {
			return nil
		}
	}
	// Each index's first value: a constant ≥ 0, or a value the vector
	// loop tests for that.
	sl.jp = 1 - jb
	sl.p = m.Blocks[h.Preds[sl.jp]]
	if pj := sl.p.Instrs[len(sl.p.Instrs)-1]; len(sl.p.Succs) != 1 || pj.Op != OpJump {
		return nil
	}
	for k := range xs {
		if !idx[k].hdr && len(idx[k].bounds) == 0 {
			// Nothing bounds it for the vector loop.
			return nil
		}
		first := h.Phis[k].Args[sl.jp]
		idx[k].first = first
		if start := def[first].instr; start != nil && start.Op == OpConst && !start.Float && start.Imm >= -1 && start.Imm < 1<<62 {
			idx[k].start, idx[k].first = start.Imm, NoValue
			if ahead {
				idx[k].start++
			}
			if idx[k].start < 0 {
				return nil
			}
		} else if ahead {
			return nil
		}
	}
	sl.idx = idx
	sl.l, sl.load, sl.other = m.Blocks[prev], loads[0], loads[1]
	return sl
}

// compareHeader recognises the header of a compare loop: that of a
// search loop (searchHeader), or one with two phis, the indexes, that
// only tests one of them below a bound fixed in the loop. It returns
// the indexes (nil if h is no such header), which the header tests,
// whether it steps, the definitions of m's values and whether a value
// is fixed in the loop.
func compareHeader(m *Func, h *Block, inBody []bool) (xs []Value, tested int, ahead bool, def []definition, fixed func(Value) bool) {
	if len(h.Phis) != 2 {
		x, ahead, def, fixed := searchHeader(m, h, inBody)
		if x == NoValue {
			return nil, 0, false, nil, nil
		}
		return []Value{x}, 0, ahead, def, fixed
	}
	if len(h.Preds) != 2 || len(h.Instrs) != 1 || len(h.Succs) != 2 || !inBody[h.Succs[0]] || inBody[h.Succs[1]] {
		return nil, 0, false, nil, nil
	}
	def = definitions(m)
	fixed = func(v Value) bool { d := def[v]; return d.block == nil || !inBody[d.block.Index] }
	xs = []Value{h.Phis[0].Dst, h.Phis[1].Dst}
	for _, x := range xs {
		if m.Values[x].Class != GP || m.Values[x].Pointer {
			return nil, 0, false, nil, nil
		}
	}
	hbr := h.Instrs[0]
	tested = indexOf([]int{int(xs[0]), int(xs[1])}, int(hbr.Args[0]))
	if hbr.Op != OpBranch || hbr.Cond != CondLt || !hbr.Signed || hbr.Float || hbr.Width != 8 || tested < 0 || !hbr.HasImm && !fixed(hbr.Args[1]) {
		return nil, 0, false, nil, nil
	}
	return xs, tested, false, def, fixed
}

// compareConsts returns whether a cond b, for integers of width bytes.
func compareConsts(cond Cond, a, b int64, width int, signed bool) bool {
	if width < 8 {
		sh := uint(64 - 8*width)
		if signed {
			a, b = a<<sh>>sh, b<<sh>>sh
		} else {
			a, b = int64(uint64(a)<<sh>>sh), int64(uint64(b)<<sh>>sh)
		}
	}
	lt := a < b
	if !signed {
		lt = uint64(a) < uint64(b)
	}
	switch cond {
	case CondEq:
		return a == b
	case CondNe:
		return a != b
	case CondLt:
		return lt
	case CondLe:
		return lt || a == b
	case CondGt:
		return !lt && a != b
	}
	return !lt // CondGe
}
