// This file is the language of check elimination's certificates: the
// facts, what establishes them (gens, edgeFacts, intrinsic facts) and
// when facts imply another (implied). Integers are mathematical: a fact
// is about the value a register holds as its type reads it (signed or
// unsigned), never about its bits.
//
// Implication is kept to what needs no solver: a fact x - y ≤ c follows
// from one fact x - y ≤ c' with c' ≤ c, or from two, x - z ≤ a and
// z - y ≤ b with a + b ≤ c, each one available or intrinsic. Constants
// are the zero term plus their value, so "i < 8" relates i to zero.

package validate

import (
	"fmt"
	"go/constant"
	"go/types"
	"math"
	"slices"

	"github.com/vssa-go/vssa/ir"
)

// FactKind is a kind of fact about registers.
type FactKind uint8

const (
	FactNonNil  FactKind = iota + 1 // Reg is not nil
	FactNonZero                     // Reg, an integer, is not zero
	FactLE                          // Reg - Y ≤ C, integers; ir.NoReg (as Reg or Y) is zero
	FactNil                         // Reg is nil
)

func (k FactKind) String() string {
	switch k {
	case FactNonNil:
		return "nonnil"
	case FactNonZero:
		return "nonzero"
	case FactLE:
		return "le"
	case FactNil:
		return "nil"
	}
	return "fact?"
}

// AppliesTo reports whether a fact of kind k may be about a register
// of type t: nonnil and nil of what nil is a value of, the others of
// integers.
func (k FactKind) AppliesTo(t types.Type) bool {
	switch k {
	case FactNonNil, FactNil:
		return nilable(t)
	case FactNonZero, FactLE:
		return isInteger(t)
	}
	return false
}

// Fact is a fact about the values of registers.
type Fact struct {
	Kind FactKind
	Reg  ir.Reg
	Y    ir.Reg // FactLE: the register subtracted (NoReg: zero)
	C    int64  // FactLE: the bound
}

func (f Fact) String() string {
	if f.Kind != FactLE {
		return fmt.Sprintf("%s %s", f.Kind, f.Reg)
	}
	term := func(r ir.Reg) string {
		if r == ir.NoReg {
			return "0"
		}
		return r.String()
	}
	return fmt.Sprintf("%s - %s <= %d", term(f.Reg), term(f.Y), f.C)
}

// le is the fact x - y ≤ c.
func le(x, y ir.Reg, c int64) Fact { return Fact{Kind: FactLE, Reg: x, Y: y, C: c} }

// CheckFacts are the facts under which the check in passes, or nil for
// an instruction that is not a check the pass removes.
func CheckFacts(f *ir.Func, in *ir.Instr) []Fact {
	args := in.Args()
	switch in.Op {
	case ir.OpNilCheck:
		return []Fact{{Kind: FactNonNil, Reg: args[0]}}
	case ir.OpDivCheck:
		return []Fact{{Kind: FactNonZero, Reg: args[0]}}
	case ir.OpBoundsCheck: // 0 ≤ i < n
		return []Fact{le(ir.NoReg, args[0], 0), le(args[0], args[1], -1)}
	case ir.OpSliceCheck: // 0 ≤ lo ≤ hi ≤ max ≤ bound, lo and max optional
		return sliceFacts(args[0], args[1], args[2], args[3])
	case ir.OpShiftCheck: // the count is not negative
		return []Fact{le(ir.NoReg, args[0], 0)}
	case ir.OpLenCheck: // n ≤ l
		return []Fact{le(args[1], args[0], 0)}
	}
	return nil
}

func sliceFacts(lo, hi, max, bound ir.Reg) []Fact {
	fs := []Fact{le(ir.NoReg, hi, 0)}
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
}

// Gens returns avail with the facts running in establishes, in a block
// used at use: a check that passed, an unchecked operation's
// precondition, and facts about its result.
func (c *FactRules) Gens(in *ir.Instr, avail []Fact, use int) []Fact {
	f := c.f
	args := in.Args()
	switch in.Op {
	case ir.OpNilCheck, ir.OpLoad, ir.OpStore, ir.OpFieldAddr:
		return append(avail, Fact{Kind: FactNonNil, Reg: args[0]})
	case ir.OpIndexAddr:
		if _, ptr := f.TypeOf(args[0]).Underlying().(*types.Pointer); ptr {
			return append(avail, Fact{Kind: FactNonNil, Reg: args[0]})
		}
	case ir.OpDivCheck:
		return append(avail, c.nonZero(args[0])...)
	case ir.OpBoundsCheck, ir.OpSliceCheck, ir.OpShiftCheck, ir.OpLenCheck:
		return append(avail, CheckFacts(f, in)...)
	}
	if len(in.Dsts()) != 1 || !isInteger(f.TypeOf(in.Dst())) {
		return avail
	}
	r, t := in.Dst(), f.TypeOf(in.Dst())
	switch in.Op {
	case ir.OpDiv, ir.OpRem:
		avail = append(avail, c.nonZero(args[1])...)
		nonNegative := c.Implied(le(ir.NoReg, args[0], 0), avail, use)
		k, ok := c.Constant(args[1], use)
		if !ok || k <= 0 {
			// x % y for 1 ≤ y: r < y (r has x's sign and |r| < y), 0 ≤ r if 0 ≤ x.
			if in.Op == ir.OpRem && c.Implied(le(ir.NoReg, args[1], -1), avail, use) {
				avail = append(avail, le(r, args[1], -1))
				if nonNegative {
					avail = append(avail, le(ir.NoReg, r, 0))
				}
			}
			break
		}
		switch {
		case in.Op == ir.OpRem: // |r| < k, r ≥ 0 if x is
			avail = append(avail, le(r, ir.NoReg, k-1), le(ir.NoReg, r, k-1))
			if nonNegative {
				avail = append(avail, le(ir.NoReg, r, 0))
			}
		case nonNegative: // 0 ≤ x/k ≤ x, and x/k ≤ m/k for x ≤ m
			avail = append(avail, le(ir.NoReg, r, 0), le(r, args[0], 0))
			if m, ok := c.upperIn(args[0], avail, use); ok {
				avail = append(avail, le(r, ir.NoReg, m/k))
			}
		}
	case ir.OpShr:
		// 0 ≤ x >> k ≤ x for x ≥ 0, and x >> k ≤ m >> k for x ≤ m.
		if k, ok := c.Constant(args[1], use); ok && k >= 0 && c.Implied(le(ir.NoReg, args[0], 0), avail, use) {
			avail = append(avail, le(ir.NoReg, r, 0), le(r, args[0], 0))
			if m, ok := c.upperIn(args[0], avail, use); ok {
				avail = append(avail, le(r, ir.NoReg, m>>min(k, 63)))
			}
		}
	case ir.OpMul:
		// x * k for 0 ≤ x ≤ m and k ≥ 0, k * m in t: 0 ≤ r ≤ k * m.
		x, k, ok := args[0], int64(0), false
		if k, ok = c.Constant(args[1], use); !ok {
			x = args[1]
			k, ok = c.Constant(args[0], use)
		}
		if !ok || k < 0 || !c.Implied(le(ir.NoReg, x, 0), avail, use) {
			break
		}
		m, ok := c.upperIn(x, avail, use)
		if _, hi := c.typeBounds(t); ok && m >= 0 && (k == 0 || m <= hi/k) {
			avail = append(avail, le(ir.NoReg, r, 0), le(r, ir.NoReg, k*m))
		}
	case ir.OpCap:
		// Every bound below len s bounds cap s too (len s ≤ cap s).
		for _, a := range avail {
			if a.Kind == FactLE && a.Y >= 0 && c.lenCap(a.Y, r, use) {
				avail = append(avail, le(a.Reg, r, a.C))
			}
		}
		if mk := c.definition(args[0], use); mk != nil && mk.Op == ir.OpMakeSlice && mk.Args()[1] != ir.NoReg {
			avail = c.equal(avail, r, mk.Args()[1], 0) // cap of makeslice n, m is m
		}
	case ir.OpLen:
		avail = c.lenOf(avail, r, args[0], use)
	case ir.OpCall:
		// min and max of integers are at most (least) each operand.
		if in.CallMode == ir.CallBuiltin && (in.Sym() == "min" || in.Sym() == "max") {
			nonNegative := true
			for _, a := range args {
				if in.Sym() == "min" {
					avail = append(avail, le(r, a, 0))
					nonNegative = nonNegative && c.Implied(le(ir.NoReg, a, 0), avail, use)
				} else {
					avail = append(avail, le(a, r, 0))
				}
			}
			if in.Sym() == "min" && nonNegative { // the least of values ≥ 0
				avail = append(avail, le(ir.NoReg, r, 0))
			}
		}
	case ir.OpAdd, ir.OpSub:
		x, k, ok := args[0], int64(0), false
		if k, ok = c.Constant(args[1], use); !ok && in.Op == ir.OpAdd {
			x = args[1]
			k, ok = c.Constant(args[0], use)
		}
		if !ok {
			if in.Op == ir.OpSub {
				avail = c.difference(avail, r, args[0], args[1], use)
			}
			break
		}
		if k == math.MinInt64 {
			break
		}
		if in.Op == ir.OpSub {
			k = -k
		}
		// r = x + k unless it overflows: x ≤ max - k (k > 0) or
		// x ≥ min - k (k < 0).
		lo, hi := c.typeBounds(t)
		if k == 0 || k > 0 && c.Implied(le(x, ir.NoReg, hi-k), avail, use) || k < 0 && c.Implied(le(ir.NoReg, x, k-lo), avail, use) {
			avail = c.equal(avail, r, x, k)
		}
	case ir.OpAnd, ir.OpAndNot:
		// The bits of x & y are among those of each operand's, those of
		// x &^ y among x's: 0 ≤ r ≤ an operand that is not negative.
		operands := args
		if in.Op == ir.OpAndNot {
			operands = args[:1]
		}
		for _, a := range operands {
			if c.Implied(le(ir.NoReg, a, 0), avail, use) {
				avail = append(avail, le(r, a, 0), le(ir.NoReg, r, 0))
			}
		}
	case ir.OpConvert:
		if x := args[0]; isInteger(f.TypeOf(x)) && c.preserved(x, t, avail, use) {
			avail = c.equal(avail, r, x, 0)
		}
	}
	return avail
}

// equal returns avail with the facts of r = x + k: r - x ≤ k, x - r ≤
// -k, and each fact about x, about r instead (so that a fact about a
// length or a counter reaches its conversions, offsets and sub-slices
// without a chain of implications).
func (c *FactRules) equal(avail []Fact, r, x ir.Reg, k int64) []Fact {
	if k == math.MinInt64 {
		return avail
	}
	n := len(avail)
	avail = append(avail, le(r, x, k), le(x, r, -k))
	for _, a := range avail[:n] {
		if a.Kind != FactLE {
			continue
		}
		switch {
		case a.Reg == x && a.Y != r: // x - y ≤ a: r - y ≤ a + k
			if b, ok := addInt(a.C, k); ok {
				avail = append(avail, le(r, a.Y, b))
			}
		case a.Y == x && a.Reg != r: // y - x ≤ a: y - r ≤ a - k
			if b, ok := subInt(a.C, k); ok {
				avail = append(avail, le(a.Reg, r, b))
			}
		}
	}
	return avail
}

// difference returns avail with the facts of r = x - y, registers, that
// does not overflow: 0 ≤ y gives r ≤ x, y ≤ x gives 0 ≤ r.
func (c *FactRules) difference(avail []Fact, r, x, y ir.Reg, use int) []Fact {
	yNonNegative := c.Implied(le(ir.NoReg, y, 0), avail, use)
	yBelow := c.Implied(le(y, x, 0), avail, use)
	exact := yBelow                 // unsigned: no wrap-around when y ≤ x
	if !isUnsigned(c.f.TypeOf(r)) { // signed: none when both are not negative
		exact = yNonNegative && c.Implied(le(ir.NoReg, x, 0), avail, use)
	}
	if !exact {
		return avail
	}
	if yNonNegative {
		avail = append(avail, le(r, x, 0))
	}
	if yBelow {
		avail = append(avail, le(ir.NoReg, r, 0))
	}
	return avail
}

// lenOf returns avail with the facts of r = len s: of a makeslice, its
// length operand; of a sub-slice x[k:h] of a constant k, h - k; of a
// sub-slice x[l:h], at most h. When the sub-slice has no h, h is the
// length of x: of an array pointer, its type's; of a slice or string,
// each register that is len x and is in a fact.
func (c *FactRules) lenOf(avail []Fact, r, s ir.Reg, use int) []Fact {
	def := c.definition(s, use)
	if def == nil {
		return avail
	}
	args := def.Args()
	switch def.Op {
	case ir.OpMakeSlice:
		if args[0] != ir.NoReg {
			avail = c.equal(avail, r, args[0], 0)
		}
		return avail
	case ir.OpSlice:
	default:
		return avail
	}
	x, lo, hi := args[0], args[1], args[2]
	k, constLo := int64(0), lo == ir.NoReg
	if !constLo {
		k, constLo = c.Constant(lo, use)
	}
	var his []ir.Reg // registers that are the slice's upper bound
	if n := arrayLen(c.f.TypeOf(x)); hi == ir.NoReg && n >= 0 {
		if constLo { // (*[n]T)[k:]: n - k
			avail = append(avail, le(r, ir.NoReg, n-k), le(ir.NoReg, r, k-n))
		}
	} else if hi != ir.NoReg {
		his = append(his, hi)
	} else {
		n := len(avail)
		for _, a := range avail[:n] {
			for _, term := range [2]ir.Reg{a.Reg, a.Y} {
				if a.Kind == FactLE && term != ir.NoReg && !slices.Contains(his, term) {
					if in := c.definition(term, use); in != nil && in.Op == ir.OpLen && in.Args()[0] == x {
						his = append(his, term)
					}
				}
			}
		}
	}
	for _, h := range his {
		if constLo {
			avail = c.equal(avail, r, h, -k)
		} else { // the slice ran: 0 ≤ lo
			avail = append(avail, le(r, h, 0))
		}
	}
	return avail
}

// upperIn is the least bound m of x - 0 ≤ m among avail's facts.
func (c *FactRules) upperIn(x ir.Reg, avail []Fact, use int) (m int64, ok bool) {
	for _, a := range avail {
		if a.Kind != FactLE || a.Reg != x {
			continue
		}
		if b, fine := c.normal(a, use); fine && b.x == x && b.y == ir.NoReg && (!ok || b.c < m) {
			m, ok = b.c, true
		}
	}
	return m, ok
}

// nonZero is what x ≠ 0 gives: that, and 1 ≤ x for an x never
// negative (by its type, or a len or cap).
func (c *FactRules) nonZero(x ir.Reg) []Fact {
	fs := []Fact{{Kind: FactNonZero, Reg: x}}
	if lo, ok := c.lower(x); ok && lo == 0 {
		fs = append(fs, le(ir.NoReg, x, -1))
	}
	return fs
}

// preserved reports whether converting the integer x to the integer
// type t keeps its value: x lies in t's range, by its own type or by
// the facts (a len converted to uint, a uint below 1<<31 to int32).
func (c *FactRules) preserved(x ir.Reg, t types.Type, avail []Fact, use int) bool {
	if c.fits(c.f.TypeOf(x), t) {
		return true
	}
	lo, hi, ok := c.typeRange(t)
	low := lo == math.MinInt64 || c.Implied(le(ir.NoReg, x, -lo), avail, use) // every integer is at least MinInt64
	high := !ok || c.Implied(le(x, ir.NoReg, hi), avail, use)                 // every integer is at most MaxUint64
	return low && high
}

// EdgeFacts are the facts the condition of b's branch gives on its e-th
// successor edge: "ne x, nil" nonnil x on the true edge, a comparison of
// integers its relation (or the negation's on the false edge), nonzero
// x also 1 ≤ x for an x never negative. None in a block the recover
// block reaches whose condition the entry block computes (it may not
// have run).
func (c *FactRules) EdgeFacts(b *ir.Block, e int) []Fact {
	t := b.Terminator()
	if t == nil || t.Op != ir.OpIf || len(b.Succs) != 2 || b.Succs[0] == b.Succs[1] {
		return nil
	}
	cmp := c.definition(t.Args()[0], b.Index)
	if cmp == nil {
		return nil
	}
	fs := c.OutcomeFacts(cmp, e == 0, b.Index)
	if len(fs) == 1 && fs[0].Kind == FactNonZero {
		return c.nonZero(fs[0].Reg)
	}
	return fs
}

// OutcomeFacts are facts that hold exactly when the comparison cmp, in
// block use, has the outcome given, or nil for a comparison the rules
// do not read: x - y ≤ -1 for a true "lt x, y", nonnil x for a true
// "ne x, nil", nil x for a true "eq x, nil", nonzero x for a false
// "eq x, 0".
func (c *FactRules) OutcomeFacts(cmp *ir.Instr, outcome bool, use int) []Fact {
	op := cmp.Op
	if !outcome {
		op = negate(op)
	}
	args := cmp.Args()
	if op == 0 || len(args) != 2 {
		return nil
	}
	x, y := args[0], args[1]
	if isInteger(c.f.TypeOf(x)) {
		switch op {
		case ir.OpLt:
			return []Fact{le(x, y, -1)}
		case ir.OpLe:
			return []Fact{le(x, y, 0)}
		case ir.OpGt:
			return []Fact{le(y, x, -1)}
		case ir.OpGe:
			return []Fact{le(y, x, 0)}
		case ir.OpEq:
			return []Fact{le(x, y, 0), le(y, x, 0)}
		case ir.OpNe:
			if c.isZero(y, FactNonZero, use) {
				return []Fact{{Kind: FactNonZero, Reg: x}}
			}
			if c.isZero(x, FactNonZero, use) {
				return []Fact{{Kind: FactNonZero, Reg: y}}
			}
		}
		return nil
	}
	kind := FactNonNil // "ne x, nil"
	switch op {
	case ir.OpEq:
		kind = FactNil
	case ir.OpNe:
	default:
		return nil
	}
	if c.isZero(y, FactNonNil, use) {
		return []Fact{{Kind: kind, Reg: x}}
	}
	if c.isZero(x, FactNonNil, use) {
		return []Fact{{Kind: kind, Reg: y}}
	}
	return nil
}

// negate is the comparison true exactly when op is false (of integers
// and of nil; 0 for other operations).
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

// FactRules are the rules of check elimination's certificates for one
// SSA function: what its instructions and edges establish and what
// facts imply. CheckElim checks a certificate with them; the pass
// searches for one with them.
type FactRules struct {
	f        *ir.Func
	wordBits uint     // the size of int, uint and uintptr: 64 (amd64, vssa's targets) or 32
	canon    []ir.Reg // per register: the term for its value (term)
	def      []place  // per register: its definition (block -1: a parameter or free variable, -2: nowhere; index -1: a phi)
	recov    []bool   // blocks reachable from the recover block
}

// NewFactRules returns the rules for f, with int, uint and uintptr of
// 64 bits.
func NewFactRules(f *ir.Func) *FactRules { return newFactRules(f, 64) }

func newFactRules(f *ir.Func, wordBits uint) *FactRules {
	c := &FactRules{f: f, wordBits: wordBits, def: make([]place, f.NumRegs()), recov: f.RecoverReach()}
	for v := range c.def {
		c.def[v].block = -2
	}
	for _, vs := range [2][]ir.Reg{f.Params, f.FreeVars} {
		for _, v := range vs {
			c.def[v].block = -1
		}
	}
	c.canon = make([]ir.Reg, f.NumRegs())
	for v := range c.canon {
		c.canon[v] = ir.Reg(v)
	}
	type length struct {
		op ir.Op
		of ir.Reg
	}
	first := map[length]ir.Reg{}
	for i, b := range f.Blocks {
		for _, phi := range b.Phis {
			c.def[phi.Dst()] = place{int32(i), -1}
		}
		for k, in := range b.Instrs {
			for _, d := range in.Dsts() {
				c.def[d] = place{int32(i), int32(k)}
			}
			if (in.Op == ir.OpLen || in.Op == ir.OpCap) && fixedLength(f.TypeOf(in.Args()[0])) {
				key := length{in.Op, in.Args()[0]}
				if r, ok := first[key]; ok {
					c.canon[in.Dst()] = r
				} else {
					first[key] = in.Dst()
				}
			}
		}
	}
	return c
}

// fixedLength reports whether a value of type t has a length that never
// changes: a slice, string, array or pointer to an array.
func fixedLength(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice, *types.Array:
		return true
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Pointer:
		_, ok := u.Elem().Underlying().(*types.Array)
		return ok
	}
	return false
}

// FactSet is a set of available facts, made ready for many questions
// at one place (Implied asks one).
type FactSet struct {
	facts  []Fact  // all of them
	bounds []bound // the integer ones, constants moved into the bounds
}

// Set makes avail, in a block used at use, ready for questions.
func (c *FactRules) Set(avail []Fact, use int) *FactSet {
	s := &FactSet{facts: avail}
	for _, a := range avail {
		if a.Kind != FactLE {
			continue
		}
		if n, ok := c.normal(a, use); ok && n.x != n.y {
			s.bounds = append(s.bounds, n)
		}
	}
	return s
}

// Implied reports whether fact follows from avail and the intrinsic
// facts, in a block used at use.
func (c *FactRules) Implied(fact Fact, avail []Fact, use int) bool {
	return c.ImpliedBy(fact, c.Set(avail, use), use)
}

// ImpliedBy reports whether fact follows from the set and the intrinsic
// facts, in a block used at use.
func (c *FactRules) ImpliedBy(fact Fact, set *FactSet, use int) bool {
	switch fact.Kind {
	case FactNonNil:
		for _, a := range set.facts {
			if a == fact {
				return true
			}
		}
		return c.intrinsicNonNil(fact.Reg, use)
	case FactNil:
		for _, a := range set.facts {
			if a == fact {
				return true
			}
		}
		return c.isZero(fact.Reg, FactNonNil, use) // a const nil
	case FactNonZero:
		for _, a := range set.facts {
			if a == fact {
				return true
			}
		}
		if k, ok := c.Constant(fact.Reg, use); ok {
			return k != 0
		}
		return c.ImpliedBy(le(ir.NoReg, fact.Reg, -1), set, use) || c.ImpliedBy(le(fact.Reg, ir.NoReg, -1), set, use)
	case FactLE:
		return c.impliedLE(fact, set, use)
	}
	return false
}

// bound is x - y ≤ c over terms: registers that are not constants (or
// zero, NoReg).
type bound struct {
	x, y ir.Reg
	c    int64
}

// impliedLE decides x - y ≤ c by one available or intrinsic bound, or
// two through one term z (x - z ≤ a, z - y ≤ b: available, or z's own
// range when x or y is zero).
func (c *FactRules) impliedLE(fact Fact, set *FactSet, use int) bool {
	want, ok := c.normal(fact, use)
	if !ok {
		return false
	}
	if want.x == want.y {
		return want.c >= 0
	}
	holds := func(a, b int64) bool {
		sum, ok := addInt(a, b)
		return ok && sum <= want.c
	}
	if want.y == ir.NoReg { // x ≤ c: x's own range
		if hi, ok := c.upper(want.x); ok && hi <= want.c {
			return true
		}
	}
	if want.x == ir.NoReg { // -y ≤ c: y's own range
		if lo, ok := c.lower(want.y); ok && lo <= want.c {
			return true
		}
	}
	if c.lenCap(want.x, want.y, use) {
		return want.c >= 0
	}
	if hi, ok := c.upper(want.x); ok { // x ≤ its maximum, -y ≤ its minimum's opposite
		if lo, ok := c.lower(want.y); ok && holds(hi, lo) {
			return true
		}
	}
	for _, a := range set.bounds {
		if a.x != want.x {
			continue
		}
		if a.y == want.y && a.c <= want.c {
			return true
		}
		for _, b := range set.bounds {
			if b.x == a.y && b.y == want.y && holds(a.c, b.c) {
				return true
			}
		}
		if c.lenCap(a.y, want.y, use) && holds(a.c, 0) { // x - len s ≤ a, len s ≤ cap s
			return true
		}
		if want.y == ir.NoReg { // x - z ≤ a, z ≤ its maximum
			if hi, ok := c.upper(a.y); ok && holds(a.c, hi) {
				return true
			}
		}
		if a.y == ir.NoReg { // x ≤ a, -y ≤ its minimum's opposite
			if lo, ok := c.lower(want.y); ok && holds(a.c, lo) {
				return true
			}
		}
	}
	for _, b := range set.bounds {
		if b.y != want.y {
			continue
		}
		if c.lenCap(want.x, b.x, use) && holds(0, b.c) { // len s ≤ cap s, cap s - y ≤ b
			return true
		}
		if want.x == ir.NoReg { // -z ≤ its minimum's opposite, z - y ≤ b
			if lo, ok := c.lower(b.x); ok && holds(lo, b.c) {
				return true
			}
		}
		if b.x == ir.NoReg { // x ≤ its maximum, -y ≤ b
			if hi, ok := c.upper(want.x); ok && holds(hi, b.c) {
				return true
			}
		}
	}
	return false
}

// normal writes fact as a bound between terms, constants moved into c
// (false if that overflows).
func (c *FactRules) normal(fact Fact, use int) (bound, bool) {
	b := bound{fact.Reg, fact.Y, fact.C}
	if k, ok := c.Constant(b.x, use); ok { // k - y ≤ c: 0 - y ≤ c - k
		var fine bool
		if b.c, fine = subInt(b.c, k); !fine {
			return bound{}, false
		}
		b.x = ir.NoReg
	}
	if k, ok := c.Constant(b.y, use); ok { // x - k ≤ c: x - 0 ≤ c + k
		var fine bool
		if b.c, fine = addInt(b.c, k); !fine {
			return bound{}, false
		}
		b.y = ir.NoReg
	}
	b.x, b.y = c.term(b.x, use), c.term(b.y, use)
	return b, true
}

// term is the register that stands for r's value in bounds: for a len or
// cap of a slice, string or array, the first register that is the same
// len or cap of the same operand (whose length never changes, unlike a
// map's or a channel's), so that two reads of len s are one term.
func (c *FactRules) term(r ir.Reg, use int) ir.Reg {
	if r < 0 || int(r) >= len(c.canon) || c.canon[r] == r || c.definition(r, use) == nil || c.definition(c.canon[r], use) == nil {
		return r // both must be what their definitions say (the recover rule)
	}
	return c.canon[r]
}

// lenCap reports whether x is len s and y cap s of one s (so x ≤ y),
// both defined where use can rely on them.
func (c *FactRules) lenCap(x, y ir.Reg, use int) bool {
	of := func(r ir.Reg, op ir.Op) (ir.Reg, bool) {
		if in := c.definition(r, use); in != nil && in.Op == op {
			return in.Args()[0], true
		}
		return 0, false
	}
	s, ok := of(x, ir.OpLen)
	t, ok2 := of(y, ir.OpCap)
	return ok && ok2 && s == t
}

// upper is the bound of term r its type gives: r - 0 ≤ max (none for
// zero, or a 64-bit unsigned type).
func (c *FactRules) upper(r ir.Reg) (int64, bool) {
	if r == ir.NoReg {
		return 0, false
	}
	_, hi, ok := c.typeRange(c.f.TypeOf(r))
	return hi, ok
}

// lower is the bound of term r its type and definition give:
// 0 - r ≤ -min, with min 0 for len and cap (none for zero).
func (c *FactRules) lower(r ir.Reg) (int64, bool) {
	if r == ir.NoReg || !isInteger(c.f.TypeOf(r)) {
		return 0, false
	}
	lo, _, _ := c.typeRange(c.f.TypeOf(r))
	if d := c.def[r]; d.block >= 0 && d.index >= 0 {
		if op := c.f.Blocks[d.block].Instrs[d.index].Op; op == ir.OpLen || op == ir.OpCap {
			lo = max(lo, 0) // so too for a len the recover block reads as zero
		}
	}
	if lo == math.MinInt64 {
		return 0, false
	}
	return -lo, true
}

// definition returns the instruction defining r, if a use in block use
// can rely on it having run: nil for a parameter, a phi, no register,
// and a register of the entry block where the recover block reaches
// (it may run before the entry block defines it).
func (c *FactRules) definition(r ir.Reg, use int) *ir.Instr {
	if r < 0 || int(r) >= len(c.def) {
		return nil
	}
	d := c.def[r]
	if d.block < 0 || d.index < 0 || d.block == 0 && c.recov[use] {
		return nil
	}
	return c.f.Blocks[d.block].Instrs[d.index]
}

// Constant returns the value of r if it is a const of an integer type
// that fits in an int64, defined where use can rely on it.
func (c *FactRules) Constant(r ir.Reg, use int) (int64, bool) {
	in := c.definition(r, use)
	if in == nil || !isInteger(c.f.TypeOf(r)) {
		return 0, false
	}
	switch in.Op {
	case ir.OpConst:
		v := c.f.ConstValue(in)
		if v == nil || v.Kind() != constant.Int {
			return 0, false
		}
		return constant.Int64Val(v)
	case ir.OpLen, ir.OpCap:
		// Of an array or a pointer to one: its length (as Go's
		// constant len); len of a constant string: its length.
		x := in.Args()[0]
		if n := arrayLen(c.f.TypeOf(x)); n >= 0 {
			return n, true
		}
		if a, ok := c.f.TypeOf(x).Underlying().(*types.Array); ok {
			return a.Len(), true
		}
		if xi := c.definition(x, use); in.Op == ir.OpLen && xi != nil && xi.Op == ir.OpConst {
			if v := c.f.ConstValue(xi); v != nil && v.Kind() == constant.String {
				return int64(len(constant.StringVal(v))), true
			}
		}
	}
	return 0, false
}

// intrinsicNonNil reports whether r's definition makes it nonnil
// wherever it is defined, for a use in block use.
func (c *FactRules) intrinsicNonNil(r ir.Reg, use int) bool {
	in := c.definition(r, use)
	if in == nil {
		return false
	}
	switch in.Op {
	case ir.OpAlloc, ir.OpMakeMap, ir.OpMakeChan, ir.OpMakeClosure, ir.OpGlobal, ir.OpFunc, ir.OpFieldAddr, ir.OpIndexAddr:
		return true
	case ir.OpMakeInterface:
		// An interface holding a concrete value, even a nil pointer, has
		// a dynamic type: it is not the nil interface.
		return true
	case ir.OpSliceToArrayPtr:
		// Of a slice at least N long, N > 0: its first element's address.
		return arrayLen(c.f.TypeOf(in.Dst())) > 0
	}
	return false
}

// isZero reports whether r is a const nil (for nonnil) or integer zero
// (for nonzero) that use can rely on.
func (c *FactRules) isZero(r ir.Reg, kind FactKind, use int) bool {
	in := c.definition(r, use)
	if in == nil || in.Op != ir.OpConst {
		return false
	}
	v := c.f.ConstValue(in)
	switch kind {
	case FactNonNil:
		return v == nil && nilable(c.f.TypeOf(r))
	case FactNonZero:
		return v != nil && v.Kind() == constant.Int && constant.Sign(v) == 0
	}
	return false
}

// typeRange is the range of the integer type t, and whether its
// maximum fits in an int64 (the minimum always does).
func (c *FactRules) typeRange(t types.Type) (lo, hi int64, ok bool) {
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
	case types.Int64, types.Uint64:
		bits = 64
	default: // int, uint, uintptr: the word's size
		bits = c.wordBits
	}
	if b.Info()&types.IsUnsigned != 0 {
		if bits == 64 {
			return 0, 0, false
		}
		return 0, 1<<bits - 1, true
	}
	return -1 << (bits - 1), 1<<(bits-1) - 1, true
}

// typeBounds is a range of values the integer type t holds: its own,
// but only up to MaxInt64 for a 64-bit unsigned type (whose maximum an
// int64 cannot write). A result known to lie in it did not overflow.
func (c *FactRules) typeBounds(t types.Type) (lo, hi int64) {
	lo, hi, ok := c.typeRange(t)
	if !ok {
		return 0, math.MaxInt64
	}
	return lo, hi
}

// fits reports whether every value of integer type from is one of to.
func (c *FactRules) fits(from, to types.Type) bool {
	if isUnsigned(to) && !isUnsigned(from) {
		return false // negative values
	}
	flo, fhi, fok := c.typeRange(from)
	tlo, thi, tok := c.typeRange(to)
	switch {
	case !tok: // to is a 64-bit unsigned type: every unsigned value fits
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

// nilable reports whether values of type t may be nil and a nilcheck
// or comparison with nil applies to them.
func nilable(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	}
	return false
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// arrayLen is the length of the array a pointer of type t points to,
// or -1.
func arrayLen(t types.Type) int64 {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		if a, ok := p.Elem().Underlying().(*types.Array); ok {
			return a.Len()
		}
	}
	return -1
}
