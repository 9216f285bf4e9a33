// This file lets a search loop (searchloops.go) over bytes stop at the
// first byte of a set, not only at one equal to c: the loop's byte may
// go through a tree of tests against constants before the loop goes on
// or leaves. utf8's RuneCount leaves at the first c >= RuneSelf;
// fastjson's skipWSSlow at the first byte that is none of ' ', '\n',
// '\t', '\r'.
//
// The set of bytes that leave is found by running the tests on each of
// the 256 values, so it is exactly the loop's; the vector loop then
// tests 16 bytes at a time for one of a few bytes (PCMPEQB each, the
// masks or-ed), for none of a few, or for a range: SSE2 has no unsigned
// byte comparison, but x >= k exactly when max(x, k) == x (PMAXUB,
// PCMPEQB), and x <= k when min(x, k) == x (PMINUB). It stops at the
// first vector with such a byte, and the original loop goes on from
// that byte, which leaves there.

package native

// maxSetPoints is the most bytes a set (or its complement) may list:
// each costs the vector loop a compare and an or.
const maxSetPoints = 4

// byteSet is how the vector loop tests for the bytes that leave: cond
// CondEq, one of consts (none of them if negated); CondGe, at least
// consts[0]; CondLe, at most consts[0] (unsigned).
type byteSet struct {
	cond    Cond
	consts  []int64
	negated bool
}

// byteTests follows the tests of the byte ld loads in b, the search
// loop's body (header h): b's branch and the body's blocks that only
// branch on the byte against a constant (or only jump), each reached
// only from such tests. It returns the set of the bytes that leave the loop, the one
// block of the loop the tests go on to (the latch, or h), and the
// tests' blocks. Not when the set is empty or every byte, or has no
// byteSet.
func byteTests(m *Func, h, b *Block, ld *Instr, inBody []bool) (byteSet, int, map[int]bool, bool) {
	isTest := func(in *Instr, x Value) bool {
		return in.Op == OpBranch && in.HasImm && !in.Float && !in.MemFirst && !in.MemY && in.Width == 1 &&
			len(in.Args) == 1 && in.Args[0] == x && fitsByte(in.Imm, in.Signed)
	}
	// A test block's code: a branch on the byte, perhaps after a load
	// of it of its own (the same address, width and extension: the
	// body stores nothing, and blockCSE has not yet merged them).
	testOf := func(blk *Block) *Instr {
		switch code := blk.Instrs; {
		case len(code) == 1 && isTest(code[0], ld.Dst):
			return code[0]
		case len(code) == 2 && code[0].Op == OpLoad && code[0].Mem == ld.Mem && code[0].Width == 1 && code[0].Signed == ld.Signed &&
			!code[0].Float && !code[0].MemFirst && !code[0].MemY && isTest(code[1], code[0].Dst):
			return code[1]
		}
		return nil
	}
	tree := map[int]bool{b.Index: true}
	test := map[int]*Instr{b.Index: b.Instrs[len(b.Instrs)-1]}
	if !isTest(test[b.Index], ld.Dst) {
		return byteSet{}, 0, nil, false
	}
	cont := -1
	work := []*Block{b}
	for len(work) > 0 {
		c := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range c.Succs {
			sb := m.Blocks[s]
			switch {
			case !inBody[s] || tree[s]:
			case s != h.Index && len(sb.Phis) == 0 && testOf(sb) != nil:
				tree[s], test[s] = true, testOf(sb)
				work = append(work, sb)
			case s != h.Index && len(sb.Phis) == 0 && len(sb.Instrs) == 1 && sb.Instrs[0].Op == OpJump && len(sb.Succs) == 1:
				// An empty block on an edge: the tests go on through it
				// (test[s] nil).
				tree[s] = true
				work = append(work, sb)
			case cont < 0 || cont == s:
				cont = s
			default:
				return byteSet{}, 0, nil, false // two ways on
			}
		}
	}
	for t := range tree {
		for _, pr := range m.Blocks[t].Preds {
			if t != b.Index && !tree[pr] {
				return byteSet{}, 0, nil, false
			}
		}
	}
	if cont < 0 {
		return byteSet{}, 0, nil, false
	}
	// The bytes that leave, by running the tests (each block once at
	// most on the way: no test is repeated, as the body has no loop).
	var leaves [256]bool
	n := 0
	for v := range 256 {
		x := int64(v)
		if ld.Signed {
			x = int64(int8(v))
		}
		at := b.Index
		for steps := 0; ; steps++ {
			if steps > len(tree) {
				return byteSet{}, 0, nil, false
			}
			in, next := test[at], m.Blocks[at].Succs[0]
			if in != nil && !byteHolds(in.Cond, x, in.Imm, in.Signed) {
				next = m.Blocks[at].Succs[1]
			}
			if tree[next] {
				at = next
				continue
			}
			if next != cont {
				leaves[v] = true
				n++
			}
			break
		}
	}
	set, ok := classify(leaves, n)
	return set, cont, tree, ok
}

// fitsByte reports whether the constant a byte test compares with is a
// byte value (of the signedness compared).
func fitsByte(k int64, signed bool) bool {
	if signed {
		return k == int64(int8(k))
	}
	return k == int64(uint8(k))
}

// byteHolds evaluates cond on bytes x and k (wide values of a byte),
// as Go does at width 1: both extended by the signedness compared.
func byteHolds(cond Cond, x, k int64, signed bool) bool {
	if signed {
		x, k = int64(int8(x)), int64(int8(k))
	} else {
		x, k = int64(uint8(x)), int64(uint8(k))
	}
	return holds(cond, signed, x, k)
}

// classify returns the byteSet of the n bytes v with leaves[v]: a few
// bytes, all but a few, or the bytes from some k up or up to some k.
func classify(leaves [256]bool, n int) (byteSet, bool) {
	if n == 0 || n == 256 {
		return byteSet{}, false // no byte leaves, or every one does: nothing to skip
	}
	list := func(want bool) []int64 {
		var l []int64
		for v, in := range leaves {
			if in == want {
				l = append(l, int64(v))
			}
		}
		return l
	}
	switch {
	case n <= maxSetPoints:
		return byteSet{cond: CondEq, consts: list(true)}, true
	case 256-n <= maxSetPoints:
		return byteSet{cond: CondEq, consts: list(false), negated: true}, true
	case leaves[255] && !leaves[256-n-1] && list(true)[0] == int64(256-n):
		return byteSet{cond: CondGe, consts: []int64{int64(256 - n)}}, true
	case leaves[0] && list(false)[0] == int64(n):
		return byteSet{cond: CondLe, consts: []int64{int64(n - 1)}}, true
	}
	return byteSet{}, false
}

// mask adds to vb the mask of the bytes of vector v in the set: vc is
// the first constant broadcast (vectorPrelude's); the others are
// broadcast at the end of the preheader p.
func (s *byteSet) mask(m *Func, p, vb *Block, instr func(*Block, Class, *Instr) Value, v, vc Value) Value {
	mask := instr(vb, GP, &Instr{Op: OpVMatch, Cond: s.cond, Width: 1, Vec: 16, Args: []Value{v, vc}})
	jump := p.Instrs[len(p.Instrs)-1]
	p.Instrs = p.Instrs[:len(p.Instrs)-1]
	for _, k := range s.consts[1:] {
		c := instr(p, GP, &Instr{Op: OpConst, Imm: k, Width: 8})
		vk := instr(p, FP, &Instr{Op: OpVBroadcast, Width: 1, Vec: 16, Args: []Value{c}})
		mk := instr(vb, GP, &Instr{Op: OpVMatch, Width: 1, Vec: 16, Args: []Value{v, vk}})
		mask = instr(vb, GP, &Instr{Op: OpBin, Bin: BinOr, Width: 8, Args: []Value{mask, mk}})
	}
	p.Instrs = append(p.Instrs, jump)
	if s.negated {
		// PMOVMSKB sets the low 16 bits only.
		mask = instr(vb, GP, &Instr{Op: OpBin, Bin: BinXor, Width: 8, HasImm: true, Imm: 0xFFFF, Args: []Value{mask}})
	}
	return mask
}

// vmatch emits OpVMatch: the mask of x's lanes equal to c's (Cond
// CondEq), above (CondGt) or below (CondLt) c's, signed, or, for bytes,
// at least (CondGe) or at most (CondLe) c's, unsigned, into the general
// register d.
func (e *emitter) vmatch(in *Instr, x, c, d string) {
	switch in.Cond {
	case CondEq:
		e.ins("MOVAPS %s, X15", x)
		if in.Float {
			// Predicate 0, equal and ordered: as Go's ==, false for NaN.
			e.ins("CMPP%s %s, X15, $0", map[int]string{4: "S", 8: "D"}[in.Width], c)
		} else {
			e.ins("PCMPEQ%s %s, X15", map[int]string{1: "B", 2: "W", 4: "L"}[in.Width], c)
		}
	case CondGe, CondLe:
		if in.Width != 1 {
			panic("native: an unsigned range compare of lanes wider than a byte")
		}
		op := map[Cond]string{CondGe: "PMAXUB", CondLe: "PMINUB"}[in.Cond]
		e.ins("MOVAPS %s, X15", c)
		e.ins("%s %s, X15", op, x)
		e.ins("PCMPEQB %s, X15", x)
	case CondGt, CondLt:
		// Signed (lanecompares.go): x > c, or c > x.
		a, b := x, c
		if in.Cond == CondLt {
			a, b = c, x
		}
		e.ins("MOVAPS %s, X15", a)
		e.ins("PCMPGT%s %s, X15", map[int]string{1: "B", 2: "W", 4: "L"}[in.Width], b)
	default:
		panic("native: OpVMatch with an unknown condition")
	}
	e.ins("PMOVMSKB X15, %s", d)
}
