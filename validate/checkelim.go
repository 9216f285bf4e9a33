// This file checks redundant check elimination by its certificate: the
// pass says which facts hold when each block starts, and the check is
// that they are an inductive invariant of the input (each holds on every
// edge into its block, given the facts of the edge's source) and that
// they imply every check the result leaves out. Facts are about values
// of registers, which SSA never changes, so a fact stays true from where
// it is established to wherever the register is read.
//
// Facts hold at a block's start when, on every edge into it, they are
// (after the edge's phis: a fact about a phi is one about its argument
// on that edge)
//
//   - facts of the edge's source's start, or
//   - established by an instruction of the source (gen: a check that
//     passed, or an unchecked operation whose precondition is the fact,
//     since running it otherwise is undefined behaviour), or
//   - the edge's condition (the true edge of "ne p, nil", …), or
//   - intrinsic: the register's definition makes it so (an allocation is
//     never nil, a const 3 never zero), where that definition has run.
//
// The entry block and the recover block start with no facts. Intrinsic
// facts of the entry block's registers do not serve the blocks the
// recover block reaches: it may run after a panic in the middle of the
// entry block, before their definitions.
//
// All reasoning is about the input's executions: a removed check is one
// that never fails there, so the result runs as the input does.

package validate

import (
	"go/constant"
	"go/types"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
)

// FactKind is a kind of fact about a register.
type FactKind uint8

const (
	FactNonNil  FactKind = iota + 1 // the register is not nil
	FactNonZero                     // the register, an integer, is not zero
)

func (k FactKind) String() string {
	switch k {
	case FactNonNil:
		return "nonnil"
	case FactNonZero:
		return "nonzero"
	}
	return "fact?"
}

// Fact is a fact about the value of one register.
type Fact struct {
	Kind FactKind
	Reg  ir.Reg
}

// CheckElimHints is what the check elimination pass tells its
// validator.
type CheckElimHints struct {
	// Entry gives, per block of the input, the facts that hold when it
	// starts (only those the removals need).
	Entry [][]Fact
	// Removed lists the input's checks the result leaves out, by block
	// and index in its Instrs.
	Removed []CheckRemoval
}

// CheckRemoval is one check of the input the result leaves out.
type CheckRemoval struct{ Block, Index int }

// CheckElim checks a check elimination result.
func CheckElim(before, after *ir.Func, h *CheckElimHints) error {
	r := rejecter{"checkelim", after}
	if err := r.missing(before, after); err != nil {
		return err
	}
	if h == nil || len(h.Entry) != len(before.Blocks) {
		return r.fn(RuleHints, "hints are missing or do not give every block's facts")
	}
	if !sameSignature(before, after) || !sameRegs(before.Params, after.Params) || !sameRegs(before.FreeVars, after.FreeVars) ||
		!sameCFG(before, after) || after.NumRegs() != before.NumRegs() {
		return r.fn(RuleStructure, "signature, parameters, blocks, registers or recover block differ from the input's")
	}
	if v := firstChangedType(before, after); v >= 0 {
		return typeChanged(r, before, after, v)
	}
	c := newFactCheck(r, before)
	removed, err := c.removals(h.Removed)
	if err != nil {
		return err
	}
	if err := c.sameButRemoved(after, removed); err != nil {
		return err
	}
	if err := c.invariant(h.Entry); err != nil {
		return err
	}
	for _, m := range h.Removed {
		b := before.Blocks[m.Block]
		in := b.Instrs[m.Index]
		f := checkFact(before, in)
		if !c.holds(f, h.Entry[m.Block], b, m.Index, nil) {
			return r.at(b, in, RuleImplied, "removed, but %s %s is not a fact there", f.Kind, f.Reg)
		}
	}
	return nil
}

// factCheck is the state of one check elimination check.
type factCheck struct {
	r     rejecter
	f     *ir.Func
	dom   *graph.DomTree
	def   []place // per register: its definition (block -1: a parameter or free variable, -2: nowhere; index -1: a phi)
	recov []bool  // blocks reachable from the recover block
}

func newFactCheck(r rejecter, f *ir.Func) *factCheck {
	c := &factCheck{r: r, f: f, dom: f.CFG().Dom, def: make([]place, f.NumRegs()), recov: make([]bool, len(f.Blocks))}
	for v := range c.def {
		c.def[v].block = -2
	}
	for _, vs := range [2][]ir.Reg{f.Params, f.FreeVars} {
		for _, v := range vs {
			c.def[v].block = -1
		}
	}
	for i, b := range f.Blocks {
		for _, phi := range b.Phis {
			c.def[phi.Dst()] = place{int32(i), -1}
		}
		for k, in := range b.Instrs {
			for _, d := range in.Dsts() {
				c.def[d] = place{int32(i), int32(k)}
			}
		}
	}
	if f.Recover > 0 {
		stack := []int{f.Recover}
		c.recov[f.Recover] = true
		for len(stack) > 0 {
			b := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, s := range f.Blocks[b].Succs {
				if !c.recov[s] {
					c.recov[s] = true
					stack = append(stack, s)
				}
			}
		}
	}
	return c
}

// removals checks that each removal names a check the validator knows
// the fact of, once, and returns them as a set of places.
func (c *factCheck) removals(rs []CheckRemoval) (map[place]bool, error) {
	removed := make(map[place]bool, len(rs))
	for _, m := range rs {
		if m.Block < 0 || m.Block >= len(c.f.Blocks) || m.Index < 0 || m.Index >= len(c.f.Blocks[m.Block].Instrs) {
			return nil, c.r.fn(RuleHints, "removal of instruction %d of b%d, which the input does not have", m.Index, m.Block)
		}
		b := c.f.Blocks[m.Block]
		in := b.Instrs[m.Index]
		if checkFact(c.f, in).Kind == 0 {
			return nil, c.r.at(b, in, RuleRemove, "removed, but it is not a check this pass removes")
		}
		p := place{int32(m.Block), int32(m.Index)}
		if removed[p] {
			return nil, c.r.at(b, in, RuleHints, "removed twice, want once")
		}
		removed[p] = true
	}
	return removed, nil
}

// checkFact is the fact under which the check in passes, or a fact of
// kind 0 for an instruction that is not such a check.
func checkFact(f *ir.Func, in *ir.Instr) Fact {
	switch in.Op {
	case ir.OpNilCheck:
		return Fact{FactNonNil, in.Args()[0]}
	case ir.OpDivCheck:
		return Fact{FactNonZero, in.Args()[0]}
	}
	return Fact{}
}

// sameButRemoved checks that after is the input without the removed
// instructions.
func (c *factCheck) sameButRemoved(after *ir.Func, removed map[place]bool) error {
	for i, b := range c.f.Blocks {
		ab := after.Blocks[i]
		if len(ab.Phis) != len(b.Phis) {
			return c.r.at(ab, nil, RuleStructure, "block has %d phis, want the input's %d", len(ab.Phis), len(b.Phis))
		}
		for k, phi := range b.Phis {
			if !sameInstr(phi, ab.Phis[k]) {
				return c.r.at(ab, ab.Phis[k], RuleStructure, "phi differs from the input's %q", ir.FormatInstr(c.f, b, phi))
			}
		}
		k := 0
		for j, in := range b.Instrs {
			if removed[place{int32(i), int32(j)}] {
				continue
			}
			if k >= len(ab.Instrs) || !sameInstr(in, ab.Instrs[k]) {
				return c.r.at(ab, nil, RuleStructure, "instruction %d differs from the input's %q, want the input's instructions but those removed", k, ir.FormatInstr(c.f, b, in))
			}
			k++
		}
		if k != len(ab.Instrs) {
			return c.r.at(ab, nil, RuleStructure, "block has %d instructions, want the input's %d but those removed", len(ab.Instrs), k)
		}
	}
	return nil
}

// sameInstr reports whether two instructions are the same operation on
// the same registers.
func sameInstr(a, b *ir.Instr) bool {
	return a == b || sameShape(a, b) && sameRegs(a.Args(), b.Args()) && sameRegs(a.Dsts(), b.Dsts())
}

// invariant checks that the facts of each block's start hold on every
// edge into it.
func (c *factCheck) invariant(entry [][]Fact) error {
	f := c.f
	for i, b := range f.Blocks {
		facts := entry[i]
		if len(facts) == 0 {
			continue
		}
		if i == 0 || i == f.Recover {
			return c.r.at(b, nil, RuleFacts, "the entry and the recover block start with facts, want none")
		}
		if !c.dom.Reachable(i) {
			return c.r.at(b, nil, RuleFacts, "unreachable block has facts")
		}
		for _, fact := range facts {
			if !c.wellFormed(fact, b) {
				return c.r.at(b, nil, RuleFacts, "fact %s %s is not about a register of its kind's type defined when the block starts", fact.Kind, fact.Reg)
			}
		}
		for a, p := range b.Preds {
			pb := f.Blocks[p]
			for _, fact := range facts {
				on := fact
				if d := c.def[fact.Reg]; d.block == int32(i) && d.index < 0 {
					on.Reg = phiArg(b, fact.Reg, a)
				}
				if !c.holds(on, entry[p], pb, len(pb.Instrs), b) {
					return c.r.at(b, nil, RuleFacts, "fact %s %s does not hold on the edge from b%d", fact.Kind, fact.Reg, p)
				}
			}
		}
	}
	return nil
}

// phiArg returns the argument of b's phi d on b's a-th incoming edge.
func phiArg(b *ir.Block, d ir.Reg, a int) ir.Reg {
	for _, phi := range b.Phis {
		if phi.Dst() == d {
			return phi.Args()[a]
		}
	}
	return ir.NoReg
}

// wellFormed reports whether fact is about a register that is defined
// when block b starts (a phi of b, or defined in a block that strictly
// dominates it) and has a type the fact applies to.
func (c *factCheck) wellFormed(fact Fact, b *ir.Block) bool {
	if fact.Reg < 0 || int(fact.Reg) >= len(c.def) {
		return false
	}
	d := c.def[fact.Reg]
	switch {
	case d.block == -2:
		return false
	case d.block >= 0 && !(d.block == int32(b.Index) && d.index < 0) && !c.dom.StrictlyDominates(int(d.block), b.Index):
		return false
	}
	switch fact.Kind {
	case FactNonNil:
		return nilable(c.f.TypeOf(fact.Reg))
	case FactNonZero:
		return isInteger(c.f.TypeOf(fact.Reg))
	}
	return false
}

// holds reports whether fact holds right before instruction k of block
// b, given the facts of b's start; with to not nil, k is the end of b
// and the fact is wanted on the edge into to.
func (c *factCheck) holds(fact Fact, start []Fact, b *ir.Block, k int, to *ir.Block) bool {
	if fact.Reg < 0 || int(fact.Reg) >= len(c.def) {
		return false
	}
	for _, s := range start {
		if s == fact {
			return true
		}
	}
	use := b.Index
	if to != nil {
		use = to.Index
	}
	if c.intrinsic(fact, use) {
		return true
	}
	for _, in := range b.Instrs[:k] {
		if gives(c.f, in, fact) {
			return true
		}
	}
	return to != nil && c.edgeGives(b, to, fact)
}

// intrinsic reports whether the definition of fact's register makes the
// fact true wherever the register is defined, for a use in block use.
func (c *factCheck) intrinsic(fact Fact, use int) bool {
	d := c.def[fact.Reg]
	if d.block < 0 || d.index < 0 {
		return false
	}
	if d.block == 0 && c.recov[use] {
		return false // the recover block may run before the entry block defines it
	}
	in := c.f.Blocks[d.block].Instrs[d.index]
	switch fact.Kind {
	case FactNonNil:
		switch in.Op {
		case ir.OpAlloc, ir.OpMakeMap, ir.OpMakeChan, ir.OpMakeClosure, ir.OpGlobal, ir.OpFunc, ir.OpFieldAddr, ir.OpIndexAddr:
			return true
		case ir.OpSliceToArrayPtr:
			// Of a slice at least N long, N > 0: its first element's address.
			return arrayLen(c.f.TypeOf(in.Dst())) > 0
		}
	case FactNonZero:
		return in.Op == ir.OpConst && nonZeroConst(c.f.ConstValue(in))
	}
	return false
}

// gives reports whether running in establishes fact: a check that
// passed, or an unchecked operation that needs it.
func gives(f *ir.Func, in *ir.Instr, fact Fact) bool {
	args := in.Args()
	switch fact.Kind {
	case FactNonNil:
		switch in.Op {
		case ir.OpNilCheck, ir.OpLoad, ir.OpStore, ir.OpFieldAddr:
			return args[0] == fact.Reg
		case ir.OpIndexAddr:
			_, ptr := f.TypeOf(args[0]).Underlying().(*types.Pointer)
			return ptr && args[0] == fact.Reg
		}
	case FactNonZero:
		switch in.Op {
		case ir.OpDivCheck:
			return args[0] == fact.Reg
		case ir.OpDiv, ir.OpRem:
			return isInteger(f.TypeOf(args[1])) && args[1] == fact.Reg
		}
	}
	return false
}

// edgeGives reports whether the condition of b's branch to to gives
// fact: "ne x, c" on its true edge, "eq x, c" on its false edge, c
// being nil (nonnil) or an integer zero (nonzero).
func (c *factCheck) edgeGives(b, to *ir.Block, fact Fact) bool {
	t := b.Terminator()
	if t == nil || t.Op != ir.OpIf || len(b.Succs) != 2 || b.Succs[0] == b.Succs[1] {
		return false
	}
	taken := b.Succs[0] == to.Index
	cond := c.def[t.Args()[0]]
	if cond.block < 0 || cond.index < 0 {
		return false
	}
	cmp := c.f.Blocks[cond.block].Instrs[cond.index]
	if cmp.Op == ir.OpNe && !taken || cmp.Op == ir.OpEq && taken || cmp.Op != ir.OpNe && cmp.Op != ir.OpEq {
		return false
	}
	x, y := cmp.Args()[0], cmp.Args()[1]
	if y == fact.Reg {
		x, y = y, x
	}
	return x == fact.Reg && c.isZeroConst(y, fact.Kind)
}

// isZeroConst reports whether r is a const nil (for nonnil) or integer
// zero (for nonzero).
func (c *factCheck) isZeroConst(r ir.Reg, kind FactKind) bool {
	d := c.def[r]
	if d.block < 0 || d.index < 0 {
		return false
	}
	in := c.f.Blocks[d.block].Instrs[d.index]
	if in.Op != ir.OpConst {
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

func nonZeroConst(v constant.Value) bool {
	return v != nil && v.Kind() == constant.Int && constant.Sign(v) != 0
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
