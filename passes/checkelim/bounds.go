// This file finds the integer facts (x - y ≤ c) that bounds, slice,
// shift and length checks need: candidates from the checks, the
// branches' conditions, loop phis, then the greatest set of them that
// is an inductive invariant (each kept at a block's start only if it
// follows on every edge into the block), by the rules of
// validate.CheckElim (facts.go there), which it follows exactly.

package checkelim

import (
	"go/constant"
	"go/types"
	"math"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Limits on the integer facts' search, which costs candidates times
// edges times facts per block each round: beyond them a function keeps
// its bounds checks.
const (
	maxCandidates = 64
	maxBlocks     = 500
)

func le(x, y ir.Reg, c int64) fact { return fact{Kind: validate.FactLE, Reg: x, Y: y, C: c} }

// checkFacts are the facts under which check in passes (nil for an
// instruction that is not a check).
func checkFacts(in *ir.Instr) []fact {
	args := in.Args()
	switch in.Op {
	case ir.OpNilCheck, ir.OpDivCheck:
		return []fact{checkFact(in)}
	case ir.OpBoundsCheck:
		return []fact{le(ir.NoReg, args[0], 0), le(args[0], args[1], -1)}
	case ir.OpSliceCheck:
		lo, hi, max, bound := args[0], args[1], args[2], args[3]
		fs := []fact{le(ir.NoReg, hi, 0)}
		top := bound
		if max != ir.NoReg {
			fs = append(fs, le(max, bound, 0))
			top = max
		}
		fs = append(fs, le(hi, top, 0))
		if lo != ir.NoReg {
			fs = append(fs, le(ir.NoReg, lo, 0), le(lo, hi, 0))
		}
		return fs
	case ir.OpShiftCheck:
		return []fact{le(ir.NoReg, args[0], 0)}
	case ir.OpLenCheck:
		return []fact{le(args[1], args[0], 0)}
	}
	return nil
}

// boundsCheck reports whether in is a check its integer facts decide.
func boundsCheck(in *ir.Instr) bool {
	switch in.Op {
	case ir.OpBoundsCheck, ir.OpSliceCheck, ir.OpShiftCheck, ir.OpLenCheck:
		return true
	}
	return false
}

// bounds is the integer facts' search.
type bounds struct {
	e     *elim
	cands []fact
	in    [][]fact // per block: the candidates holding at its start
}

// boundsFlow finds the integer facts of each block's start, or returns
// nil when the function has no check they decide or is too large.
func (e *elim) boundsFlow() *bounds {
	f := e.f
	if len(f.Blocks) > maxBlocks {
		return nil
	}
	s := &bounds{e: e, in: make([][]fact, len(f.Blocks))}
	seen := map[fact]bool{}
	add := func(c fact) {
		if c.Kind == validate.FactLE && c.Reg != c.Y && !seen[c] && len(s.cands) < maxCandidates {
			seen[c] = true
			s.cands = append(s.cands, c)
		}
	}
	for _, b := range e.rpo {
		for _, in := range b.Instrs {
			if boundsCheck(in) {
				for _, c := range checkFacts(in) {
					add(c)
				}
			}
		}
	}
	if len(s.cands) == 0 {
		return nil
	}
	for _, b := range e.rpo {
		for i := range b.Succs {
			for _, c := range s.edgeFacts(b, i) {
				add(c)
			}
		}
	}
	// Loop phis: a candidate about a phi's argument, about the phi; and
	// the bounds a constant argument gives.
	for _, b := range e.rpo {
		for _, phi := range b.Phis {
			d := phi.Dst()
			if !isInteger(f.TypeOf(d)) {
				continue
			}
			for _, a := range phi.Args() {
				if k, ok := s.constant(a, b.Index); ok && k != math.MinInt64 {
					add(le(ir.NoReg, d, -k))
					add(le(d, ir.NoReg, k))
				}
				for _, c := range s.cands {
					if c.Reg == a {
						add(le(d, c.Y, c.C))
					}
					if c.Y == a {
						add(le(c.Reg, d, c.C))
					}
				}
			}
		}
	}
	// The greatest inductive subset: every candidate everywhere it is
	// about defined registers, then drop what does not follow on an edge.
	for _, b := range e.rpo {
		if b.Index == 0 || b.Index == f.Recover {
			continue
		}
		for _, c := range s.cands {
			if e.definedAt(c.Reg, b.Index) && e.definedAt(c.Y, b.Index) {
				s.in[b.Index] = append(s.in[b.Index], c)
			}
		}
	}
	// A worklist of blocks whose start may have lost a fact: a block's
	// facts are rechecked when a predecessor's start shrinks.
	ends := make([][]fact, len(f.Blocks))
	fresh := make([]bool, len(f.Blocks)) // ends[b] is up to date
	queued := make([]bool, len(f.Blocks))
	var work []*ir.Block
	for _, b := range e.rpo {
		work = append(work, b)
		queued[b.Index] = true
	}
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		i := b.Index
		queued[i] = false
		if len(s.in[i]) == 0 {
			continue
		}
		// Per incoming edge, the facts at its source's end with the
		// edge's, indexed once for all candidates.
		edges := make([]*index, len(b.Preds))
		for a, p := range b.Preds {
			if !e.dom.Reachable(p) {
				continue
			}
			if !fresh[p] {
				ends[p], fresh[p] = s.walk(f.Blocks[p], nil), true
			}
			pb := f.Blocks[p]
			edges[a] = s.index(append(s.edgeFacts(pb, succIndex(pb, b, a)), ends[p]...), i)
		}
		kept := s.in[i][:0]
		for _, c := range s.in[i] {
			holds := true
			for a := range b.Preds {
				if edges[a] != nil && !s.impliedBy(s.acrossPhis(c, b, a), edges[a], i) {
					holds = false
					break
				}
			}
			if holds {
				kept = append(kept, c)
			}
		}
		if len(kept) < len(s.in[i]) {
			s.in[i], fresh[i] = kept, false
			for _, succ := range b.Succs {
				if !queued[succ] && e.dom.Reachable(succ) {
					queued[succ] = true
					work = append(work, f.Blocks[succ])
				}
			}
		}
	}
	return s
}

// succIndex is the index in p's successors of the edge that is b's a-th
// incoming one.
func succIndex(p, b *ir.Block, a int) int {
	n := 0 // edges from p into b before the a-th
	for _, q := range b.Preds[:a] {
		if q == p.Index {
			n++
		}
	}
	for k, s := range p.Succs {
		if s == b.Index {
			if n == 0 {
				return k
			}
			n--
		}
	}
	return -1
}

// definedAt reports whether r (NoReg: zero) is defined when block b
// starts.
func (e *elim) definedAt(r ir.Reg, b int) bool {
	if r == ir.NoReg {
		return true
	}
	d := e.def[r]
	return d.block == parameter || d.block == b && d.index < 0 || d.block >= 0 && d.block != b && e.dom.StrictlyDominates(d.block, b)
}

// walk returns the integer facts at the end of b (or, with stop not
// nil, calls it before each instruction with the facts there).
func (s *bounds) walk(b *ir.Block, stop func(k int, avail []fact)) []fact {
	avail := append([]fact(nil), s.in[b.Index]...)
	for k, in := range b.Instrs {
		if stop != nil {
			stop(k, avail)
		}
		avail = s.gens(in, avail, b.Index)
	}
	return avail
}

// acrossPhis is c as it reads on b's a-th incoming edge.
func (s *bounds) acrossPhis(c fact, b *ir.Block, a int) fact {
	sub := func(r ir.Reg) ir.Reg {
		if r >= 0 {
			if d := s.e.def[r]; d.block == b.Index && d.index < 0 {
				return s.e.phiOf(r).Args()[a]
			}
		}
		return r
	}
	c.Reg, c.Y = sub(c.Reg), sub(c.Y)
	return c
}

// gens returns avail with the integer facts in establishes (facts.go's
// gens, but for nonnil and nonzero, which the bitsets track).
func (s *bounds) gens(in *ir.Instr, avail []fact, use int) []fact {
	f := s.e.f
	args := in.Args()
	if boundsCheck(in) {
		return append(avail, checkFacts(in)...)
	}
	if len(in.Dsts()) != 1 || !isInteger(f.TypeOf(in.Dst())) {
		return avail
	}
	r, t := in.Dst(), f.TypeOf(in.Dst())
	switch in.Op {
	case ir.OpRem:
		if k, ok := s.constant(args[1], use); ok && k > 0 {
			avail = append(avail, le(r, ir.NoReg, k-1), le(ir.NoReg, r, k-1))
			if s.implied(le(ir.NoReg, args[0], 0), avail, use) {
				avail = append(avail, le(ir.NoReg, r, 0))
			}
		}
	case ir.OpAdd, ir.OpSub:
		x, k, ok := args[0], int64(0), false
		if k, ok = s.constant(args[1], use); !ok && in.Op == ir.OpAdd {
			x = args[1]
			k, ok = s.constant(args[0], use)
		}
		if !ok || k == math.MinInt64 {
			break
		}
		if in.Op == ir.OpSub {
			k = -k
		}
		lo, hi, bounded := typeRange(t)
		if !bounded {
			break
		}
		if k == 0 || k > 0 && s.implied(le(x, ir.NoReg, hi-k), avail, use) || k < 0 && s.implied(le(ir.NoReg, x, k-lo), avail, use) {
			avail = append(avail, le(r, x, k), le(x, r, -k))
		}
	case ir.OpAnd:
		for _, a := range args {
			if k, ok := s.constant(a, use); ok && k >= 0 {
				return append(avail, le(r, ir.NoReg, k), le(ir.NoReg, r, 0))
			}
		}
	case ir.OpConvert:
		if isInteger(f.TypeOf(args[0])) && fits(f.TypeOf(args[0]), t) {
			avail = append(avail, le(r, args[0], 0), le(args[0], r, 0))
		}
	}
	return avail
}

// edgeFacts are the integer facts the condition of b's branch gives on
// its e-th successor edge.
func (s *bounds) edgeFacts(b *ir.Block, e int) []fact {
	t := b.Terminator()
	if e < 0 || t == nil || t.Op != ir.OpIf || len(b.Succs) != 2 || b.Succs[0] == b.Succs[1] {
		return nil
	}
	d := s.e.def[t.Args()[0]]
	if d.block < 0 || d.index < 0 || d.block == 0 && s.e.recov[b.Index] {
		return nil
	}
	cmp := s.e.f.Blocks[d.block].Instrs[d.index]
	op := cmp.Op
	if e == 1 {
		op = negate(op)
	}
	if len(cmp.Args()) != 2 || !isInteger(s.e.f.TypeOf(cmp.Args()[0])) {
		return nil
	}
	x, y := cmp.Args()[0], cmp.Args()[1]
	switch op {
	case ir.OpLt:
		return []fact{le(x, y, -1)}
	case ir.OpLe:
		return []fact{le(x, y, 0)}
	case ir.OpGt:
		return []fact{le(y, x, -1)}
	case ir.OpGe:
		return []fact{le(y, x, 0)}
	case ir.OpEq:
		return []fact{le(x, y, 0), le(y, x, 0)}
	}
	return nil
}

func negate(op ir.Op) ir.Op {
	switch op {
	case ir.OpLt:
		return ir.OpGe
	case ir.OpLe:
		return ir.OpGt
	case ir.OpGt:
		return ir.OpLe
	case ir.OpGe:
		return ir.OpLt
	case ir.OpEq:
		return ir.OpNe
	case ir.OpNe:
		return ir.OpEq
	}
	return 0
}

// bound is x - y ≤ c between terms (registers not constants, or zero).
type bound struct {
	x, y ir.Reg
	c    int64
}

// index is a set of available bounds, by their terms.
type index struct {
	from, to map[ir.Reg][]bound // by x, by y
}

// index normalises avail's integer facts for a use in block use.
func (s *bounds) index(avail []fact, use int) *index {
	ix := &index{from: map[ir.Reg][]bound{}, to: map[ir.Reg][]bound{}}
	for _, a := range avail {
		if a.Kind != validate.FactLE {
			continue
		}
		if n, ok := s.normal(a, use); ok && n.x != n.y {
			ix.from[n.x] = append(ix.from[n.x], n)
			ix.to[n.y] = append(ix.to[n.y], n)
		}
	}
	return ix
}

// implied decides c from avail, as the validator does.
func (s *bounds) implied(c fact, avail []fact, use int) bool {
	return s.impliedBy(c, s.index(avail, use), use)
}

// impliedBy decides c by one available or intrinsic bound, or two
// through one term.
func (s *bounds) impliedBy(c fact, ix *index, use int) bool {
	want, ok := s.normal(c, use)
	if !ok {
		return false
	}
	if want.x == want.y {
		return want.c >= 0
	}
	from := append(append([]bound(nil), ix.from[want.x]...), s.intrinsicBounds(want.x, true)...)
	to := append(append([]bound(nil), ix.to[want.y]...), s.intrinsicBounds(want.y, false)...)
	for _, b := range to {
		if b.x == want.x && b.c <= want.c {
			return true
		}
	}
	// Two bounds through a term z: x - z ≤ a and z - y ≤ b, either
	// available or intrinsic (z's own range, when x or y is zero).
	chain := func(a, b int64) bool {
		sum, ok := addInt(a, b)
		return ok && sum <= want.c
	}
	for _, a := range from {
		if a.y == want.y && a.c <= want.c {
			return true
		}
		for _, b := range to {
			if a.y == b.x && chain(a.c, b.c) {
				return true
			}
		}
		if want.y == ir.NoReg {
			for _, b := range s.intrinsicBounds(a.y, true) {
				if chain(a.c, b.c) {
					return true
				}
			}
		}
	}
	if want.x == ir.NoReg {
		for _, b := range to {
			for _, a := range s.intrinsicBounds(b.x, false) {
				if chain(a.c, b.c) {
					return true
				}
			}
		}
	}
	return false
}

func (s *bounds) normal(c fact, use int) (bound, bool) {
	b := bound{c.Reg, c.Y, c.C}
	if k, ok := s.constant(b.x, use); ok {
		var fine bool
		if b.c, fine = subInt(b.c, k); !fine {
			return bound{}, false
		}
		b.x = ir.NoReg
	}
	if k, ok := s.constant(b.y, use); ok {
		var fine bool
		if b.c, fine = addInt(b.c, k); !fine {
			return bound{}, false
		}
		b.y = ir.NoReg
	}
	return b, true
}

func (s *bounds) intrinsicBounds(r ir.Reg, upper bool) []bound {
	if r == ir.NoReg {
		return nil
	}
	lo, hi, ok := typeRange(s.e.f.TypeOf(r))
	if in := s.e.instrOf(r); in != nil && (in.Op == ir.OpLen || in.Op == ir.OpCap) {
		lo = max(lo, 0)
	}
	switch {
	case upper && ok:
		return []bound{{r, ir.NoReg, hi}}
	case !upper && lo > math.MinInt64:
		return []bound{{ir.NoReg, r, -lo}}
	}
	return nil
}

// constant returns the value of r if it is an integer const that fits
// in an int64, defined where use can rely on it.
func (s *bounds) constant(r ir.Reg, use int) (int64, bool) {
	if r < 0 {
		return 0, false
	}
	in := s.e.instrOf(r)
	if in == nil || in.Op != ir.OpConst || !isInteger(s.e.f.TypeOf(r)) || s.e.def[r].block == 0 && s.e.recov[use] {
		return 0, false
	}
	v := s.e.f.ConstValue(in)
	if v == nil || v.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(v)
}

// typeRange is the range of the integer type t, and whether its maximum
// fits in an int64.
func typeRange(t types.Type) (lo, hi int64, ok bool) {
	b, isBasic := t.Underlying().(*types.Basic)
	if !isBasic || b.Info()&types.IsInteger == 0 {
		return 0, 0, false
	}
	var bits uint
	switch b.Kind() {
	case types.Int8, types.Uint8:
		bits = 8
	case types.Int16, types.Uint16:
		bits = 16
	case types.Int32, types.Uint32:
		bits = 32
	default:
		bits = 64
	}
	if b.Info()&types.IsUnsigned != 0 {
		if bits == 64 {
			return 0, 0, false
		}
		return 0, 1<<bits - 1, true
	}
	return -1 << (bits - 1), 1<<(bits-1) - 1, true
}

// fits reports whether every value of integer type from is one of to.
func fits(from, to types.Type) bool {
	if isUnsigned(to) && !isUnsigned(from) {
		return false
	}
	flo, fhi, fok := typeRange(from)
	tlo, thi, tok := typeRange(to)
	switch {
	case !tok:
		return true
	case !fok:
		return false
	}
	return tlo <= flo && fhi <= thi
}

func isUnsigned(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsUnsigned != 0
}

func addInt(a, b int64) (int64, bool) {
	s := a + b
	return s, (s > a) == (b > 0)
}

func subInt(a, b int64) (int64, bool) {
	s := a - b
	return s, (s < a) == (b > 0)
}

// remove picks the checks the integer facts decide, and reports whether
// there were any.
func (s *bounds) remove() bool {
	e := s.e
	any := false
	for _, b := range e.rpo {
		s.walk(b, func(k int, avail []fact) {
			in := b.Instrs[k]
			if !boundsCheck(in) {
				return
			}
			for _, c := range checkFacts(in) {
				if !s.implied(c, avail, b.Index) {
					return
				}
			}
			p := place{b.Index, k}
			e.removed = append(e.removed, p)
			e.removedInstrs[p] = true
			any = true
		})
	}
	return any
}
