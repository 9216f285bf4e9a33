// This file is the mutation suite of the GVN validator, on the shared
// harness (internal/mutation): the honest results of both numberings
// (optimistic and pessimistic) on the SSA form of every function of the
// corpus, mutated in the ways mutants_test.go defines. It also holds
// what the kinds know about one honest result (gctx): where registers
// are defined in the input and in the result, the classes, the memory
// versions and the constants the classes hold, all recomputed from the
// input and the hints as the validator reads them.

package gvn

import (
	"fmt"
	"go/constant"
	"go/types"
	"math/rand"
	"slices"
	"testing"

	"github.com/vssa-go/vssa/internal/mutation"
	"github.com/vssa-go/vssa/internal/ssaform"
	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
	"github.com/vssa-go/vssa/validate"
)

func TestMutation(t *testing.T) {
	suite := &mutation.Suite[*validate.GVNHints, *gctx]{
		Pass: "gvn",
		Builders: []mutation.Builder[*validate.GVNHints]{
			{Name: "optimistic", Run: Run},
			{Name: "pessimistic", Run: Pessimistic},
		},
		Prepare:     ssaform.Of,
		Out:         ir.SSA,
		Validate:    validate.GVN,
		CloneHints:  cloneHints,
		HintsString: hintsString,
		Context:     newGctx,
		Kinds:       gvnKinds,
		MinKinds:    23,
	}
	suite.Test(t)
}

func cloneHints(h *validate.GVNHints) *validate.GVNHints {
	return &validate.GVNHints{Number: slices.Clone(h.Number), MemFresh: slices.Clone(h.MemFresh), Removed: slices.Clone(h.Removed)}
}

func hintsString(h *validate.GVNHints) string {
	return fmt.Sprintf("%v\n%v\n%v", h.Number, h.MemFresh, h.Removed)
}

// loc is where a register is defined or an instruction sits: a block
// and an index in its Instrs; index -1 is the block's phis, block -1
// the function's entry (parameters and free variables), block -2
// nowhere.
type loc struct{ block, index int }

func (l loc) String() string {
	switch {
	case l.block == -1:
		return "entry"
	case l.block < 0:
		return "nowhere"
	case l.index < 0:
		return fmt.Sprintf("b%d phis", l.block)
	}
	return fmt.Sprintf("b%d:%d", l.block, l.index)
}

// gctx is what the kinds know about one honest result: the SSA input
// in, the result g with its hints h, and facts about them.
type gctx struct {
	honest *mutation.Case[*validate.GVNHints]
	in, g  *ir.Func
	h      *validate.GVNHints
	rng    *rand.Rand

	dom   *graph.DomTree // of the input's blocks, which are g's
	rpo   []*ir.Block    // of the input
	recov []bool         // blocks reachable from the recover block

	inDef []loc // per register: its definition in the input
	gDef  []loc // per register: its definition in g (block -2: removed)

	// The input's instructions and phis → their index in g's block, -1
	// when the result removed them, and back.
	gIndex, gPhi [][]int
	inIndex      [][]int // g's instructions → their index in the input's block

	ver     [][]int32 // memory version each instruction of the input sees, as the validator computes it
	writers []loc     // version nb+k starts after writers[k]

	members map[ir.Reg][]ir.Reg // number → the input's registers of its class (see classOf)
	consts  map[ir.Reg]constant.Value
	hasC    map[ir.Reg]bool // number → its class holds a constant (consts: which; nil for a zero value)
}

func newGctx(hc *mutation.Case[*validate.GVNHints]) *gctx {
	in, g := hc.In, hc.Out
	c := &gctx{honest: hc, in: in, g: g, h: hc.Hints, rng: hc.Rng}
	cfg := in.CFG()
	c.dom, c.rpo = cfg.Dom, in.ReversePostorderOf(cfg)
	c.recov = in.RecoverReach()
	c.inDef = definitions(in)
	c.gDef = definitions(g)
	if len(c.gDef) < len(c.inDef) {
		panic("test: the result has fewer registers than the input")
	}
	// Instructions kept keep their order: the k-th kept instruction of
	// an input block is the k-th of g's block.
	removed, removedPhi := c.removedSets(c.h)
	c.gIndex, c.gPhi, c.inIndex = make([][]int, len(in.Blocks)), make([][]int, len(in.Blocks)), make([][]int, len(in.Blocks))
	for i, b := range in.Blocks {
		c.gIndex[i], c.gPhi[i] = make([]int, len(b.Instrs)), make([]int, len(b.Phis))
		c.inIndex[i] = make([]int, len(g.Blocks[i].Instrs))
		k := 0
		for j := range b.Phis {
			c.gPhi[i][j] = -1
			if !removedPhi[loc{i, j}] {
				c.gPhi[i][j] = k
				k++
			}
		}
		k = 0
		for j := range b.Instrs {
			c.gIndex[i][j] = -1
			if !removed[loc{i, j}] {
				c.gIndex[i][j] = k
				c.inIndex[i][k] = j
				k++
			}
		}
	}
	c.ver, c.writers, _ = memVersions(in, c.rpo, c.h.MemFresh)
	return c
}

// honestCase is the honest result c is about.
func honestCase(c *gctx) *mutation.Case[*validate.GVNHints] { return c.honest }

// clone returns deep copies of g and of the hints.
func (c *gctx) clone() (*ir.Func, *validate.GVNHints) { return c.honest.Clone() }

// removedSets are the places of the input's instructions and phis that
// the hints h list as removed.
func (c *gctx) removedSets(h *validate.GVNHints) (instrs, phis map[loc]bool) {
	instrs, phis = map[loc]bool{}, map[loc]bool{}
	for _, m := range h.Removed {
		if m.Phi {
			phis[loc{int(m.Block), int(m.Index)}] = true
		} else {
			instrs[loc{int(m.Block), int(m.Index)}] = true
		}
	}
	return instrs, phis
}

// definitions places every register's definition in f.
func definitions(f *ir.Func) []loc {
	def := make([]loc, f.NumRegs())
	for r := range def {
		def[r] = loc{-2, 0}
	}
	for _, vs := range [2][]ir.Reg{f.Params, f.FreeVars} {
		for _, v := range vs {
			def[v] = loc{-1, 0}
		}
	}
	for _, b := range f.Blocks {
		for _, phi := range b.Phis {
			def[phi.Dst()] = loc{b.Index, -1}
		}
		for k, in := range b.Instrs {
			for _, d := range in.Dsts() {
				def[d] = loc{b.Index, k}
			}
		}
	}
	return def
}

// memVersions computes the memory version each instruction of f sees
// when a version starts at the blocks fresh names, at blocks without
// predecessors, and after every instruction that may write old memory,
// as the validator does: blocks in reverse postorder, a block that
// starts none taking the version its first predecessor met leaves.
// Versions 0…nb-1 start at blocks, nb+k after writers[k]. consistent
// is false when some predecessor of a block that starts no version
// leaves another one.
func memVersions(f *ir.Func, rpo []*ir.Block, fresh []int) (ver [][]int32, writers []loc, consistent bool) {
	nb := len(f.Blocks)
	isFresh := make([]bool, nb)
	for _, b := range fresh {
		if b >= 0 && b < nb {
			isFresh[b] = true
		}
	}
	ver = make([][]int32, nb)
	entry, exit := make([]int32, nb), make([]int32, nb)
	visited := make([]bool, nb)
	for _, b := range rpo {
		cur := int32(b.Index)
		if !isFresh[b.Index] && len(b.Preds) > 0 {
			for _, p := range b.Preds {
				if visited[p] {
					cur = exit[p]
					break
				}
			}
		}
		entry[b.Index] = cur
		ver[b.Index] = make([]int32, len(b.Instrs))
		for k, in := range b.Instrs {
			ver[b.Index][k] = cur
			if in.Op.WritesOldMemory() {
				cur = int32(nb + len(writers))
				writers = append(writers, loc{b.Index, k})
			}
		}
		exit[b.Index], visited[b.Index] = cur, true
	}
	consistent = true
	for _, b := range f.Blocks {
		if ver[b.Index] == nil {
			ver[b.Index] = make([]int32, len(b.Instrs)) // unreachable
		}
		if isFresh[b.Index] {
			continue
		}
		for _, p := range b.Preds {
			consistent = consistent && exit[p] == entry[b.Index]
		}
	}
	return ver, writers, consistent
}

// precedes reports whether the place (db, di) (di -1: the block's phis)
// strictly dominates the place (ub, ui) on every path to it, the paths
// through the recover block included (the validator's rule: the recover
// block may run before the entry block ends). Places are in one
// function's coordinates, the input's or g's.
func (c *gctx) precedes(db, di, ub, ui int) bool {
	switch {
	case db == -1:
		return true // parameters and free variables
	case db < 0:
		return false
	case db == ub:
		return di < ui
	case db == 0 && c.recov[ub]:
		return false
	}
	return c.dom.StrictlyDominates(db, ub)
}

// dominatesInGraph is precedes without the recover rule: what the
// dominator tree alone says.
func (c *gctx) dominatesInGraph(db, di, ub, ui int) bool {
	switch {
	case db == -1:
		return true
	case db < 0:
		return false
	case db == ub:
		return di < ui
	}
	return c.dom.StrictlyDominates(db, ub)
}

// num is the number of register r of the input.
func (c *gctx) num(r ir.Reg) ir.Reg { return c.h.Number[r] }

// classOf lists the input's registers numbered n.
func (c *gctx) classOf(n ir.Reg) []ir.Reg {
	if c.members == nil {
		c.members = map[ir.Reg][]ir.Reg{}
		for r, x := range c.h.Number {
			c.members[x] = append(c.members[x], ir.Reg(r))
		}
	}
	return c.members[n]
}

// kept reports whether register r is defined in g.
func (c *gctx) kept(r ir.Reg) bool { return int(r) < len(c.gDef) && c.gDef[r].block != -2 }

// inInstr is the input's instruction at l (nil for a phi or a
// parameter).
func (c *gctx) inInstr(l loc) *ir.Instr {
	if l.block < 0 || l.index < 0 {
		return nil
	}
	return c.in.Blocks[l.block].Instrs[l.index]
}

// defInstr is the input's phi or instruction that defines r, or nil.
func (c *gctx) defInstr(r ir.Reg) *ir.Instr {
	l := c.inDef[r]
	switch {
	case l.block < 0:
		return nil
	case l.index < 0:
		for _, phi := range c.in.Blocks[l.block].Phis {
			if phi.Dst() == r {
				return phi
			}
		}
		return nil
	}
	return c.in.Blocks[l.block].Instrs[l.index]
}

// classConsts computes which classes hold a constant, as the validator
// keys them: consts, and the operations ir.Fold evaluates on operands
// whose classes hold constants.
func (c *gctx) classConsts() {
	if c.hasC != nil {
		return
	}
	c.consts, c.hasC = map[ir.Reg]constant.Value{}, map[ir.Reg]bool{}
	for _, b := range c.rpo {
		for _, in := range b.Instrs {
			if len(in.Dsts()) != 1 {
				continue
			}
			d := in.Dst()
			switch c.in.ValueKind(in) {
			case ir.ValueConst:
				c.consts[c.num(d)], c.hasC[c.num(d)] = c.in.ConstValue(in), true
			case ir.ValuePure:
				if v, ok := c.foldIn(in); ok {
					c.consts[c.num(d)], c.hasC[c.num(d)] = v, true
				}
			}
		}
	}
}

// operandConsts returns the constants the classes of in's operands
// hold, if they all hold one (a zero value of a type Fold does not know
// excepted).
func (c *gctx) operandConsts(in *ir.Instr) ([]constant.Value, bool) {
	c.classConsts()
	var vals []constant.Value
	for _, a := range in.Args() {
		if a == ir.NoReg || !c.hasC[c.num(a)] || c.consts[c.num(a)] == nil {
			return nil, false
		}
		vals = append(vals, c.consts[c.num(a)])
	}
	return vals, len(vals) > 0
}

// foldIn evaluates in on its operands' constants with ir.Fold.
func (c *gctx) foldIn(in *ir.Instr) (constant.Value, bool) {
	vals, ok := c.operandConsts(in)
	if !ok || len(in.Dsts()) != 1 || len(vals) > 2 {
		return nil, false
	}
	var typs []types.Type
	for _, a := range in.Args() {
		typs = append(typs, c.in.TypeOf(a))
	}
	return ir.Fold(in.Op, c.in.TypeOf(in.Dst()), typs, vals)
}

// operand is one operand of g: argument arg of a phi or an instruction.
type operand struct {
	block int
	phi   bool
	index int // in g's block
	arg   int
}

func (u operand) ref(f *ir.Func) *ir.Reg {
	b := f.Blocks[u.block]
	if u.phi {
		return &b.Phis[u.index].Args()[u.arg]
	}
	return &b.Instrs[u.index].Args()[u.arg]
}

func (u operand) String() string {
	if u.phi {
		return fmt.Sprintf("b%d phi %d arg %d", u.block, u.index, u.arg)
	}
	return fmt.Sprintf("b%d instr %d arg %d", u.block, u.index, u.arg)
}

// operands lists the operands of g that read a register of the input.
func (c *gctx) operands() []operand {
	var out []operand
	for _, b := range c.g.Blocks {
		for li, list := range [2][]*ir.Instr{b.Phis, b.Instrs} {
			for i, in := range list {
				for k, a := range in.Args() {
					if a != ir.NoReg && int(a) < len(c.inDef) {
						out = append(out, operand{b.Index, li == 0, i, k})
					}
				}
			}
		}
	}
	return out
}

// useAt is where the operand u is read, in g's coordinates: a phi
// argument at the end of its predecessor.
func (c *gctx) useAt(u operand) (int, int) {
	if u.phi {
		p := c.g.Blocks[u.block].Preds[u.arg]
		return p, len(c.g.Blocks[p].Instrs)
	}
	return u.block, u.index
}

// availableAt reports whether g's definition of x precedes the use u,
// so that u may read x.
func (c *gctx) availableAt(x ir.Reg, u operand) bool {
	ub, ui := c.useAt(u)
	d := c.gDef[x]
	return c.precedes(d.block, d.index, ub, ui)
}

// replaceUses replaces every operand old of f by new.
func replaceUses(f *ir.Func, old, new ir.Reg) {
	for _, b := range f.Blocks {
		for _, list := range [2][]*ir.Instr{b.Phis, b.Instrs} {
			for _, in := range list {
				for k, a := range in.Args() {
					if a == old {
						in.Args()[k] = new
					}
				}
			}
		}
	}
}

// merge puts the class of x into the class of y in the numbering num.
func merge(num []ir.Reg, x, y ir.Reg) {
	from, to := num[x], num[y]
	for r, n := range num {
		if n == from {
			num[r] = to
		}
	}
}

// drop removes the input's instruction at l from g (which must still
// have every kept instruction of the honest result in place at and
// after it) and lists it in h as removed, covered by the input's
// instruction at cover (block -1: none).
func (c *gctx) drop(g *ir.Func, h *validate.GVNHints, l, cover loc) {
	gi := c.gIndex[l.block][l.index]
	blk := g.Blocks[l.block]
	blk.Instrs = slices.Delete(blk.Instrs, gi, gi+1)
	r := validate.Removal{Block: int32(l.block), Index: int32(l.index), CoverBlock: -1}
	if cover.block >= 0 {
		r.CoverBlock, r.CoverIndex = int32(cover.block), int32(cover.index)
	}
	// First, so that the validator's message is about this removal
	// rather than about an honest one that relied on it.
	h.Removed = slices.Insert(h.Removed, 0, r)
}

// keptInstrs lists the places (in the input) of the input's
// instructions that g keeps, for which keep says yes.
func (c *gctx) keptInstrs(keep func(in *ir.Instr) bool) []loc {
	var out []loc
	for i, b := range c.in.Blocks {
		for k, in := range b.Instrs {
			if c.gIndex[i][k] >= 0 && keep(in) {
				out = append(out, loc{i, k})
			}
		}
	}
	return out
}

// sameKey reports whether two instructions of the input have one key
// but for the memory version: kind, attributes, result types and
// operands' numbers (in either order for an operator that commutes).
func (c *gctx) sameKey(a, b *ir.Instr) bool {
	if !c.sameAttrs(a, b) {
		return false
	}
	return c.sameOperands(a, b)
}

// sameAttrs reports whether two instructions have the same kind,
// attributes and result types.
func (c *gctx) sameAttrs(a, b *ir.Instr) bool {
	if a.Op != b.Op || a.Flags != b.Flags || a.Field != b.Field || a.CallMode != b.CallMode ||
		len(a.Args()) != len(b.Args()) || len(a.Dsts()) != len(b.Dsts()) {
		return false
	}
	if a.Sym() != b.Sym() || !sameValue(a.Const(), b.Const()) || len(a.SelectDirs()) != 0 || len(b.SelectDirs()) != 0 {
		return false
	}
	return c.sameResultTypes(a, b)
}

func (c *gctx) sameResultTypes(a, b *ir.Instr) bool {
	if len(a.Dsts()) != len(b.Dsts()) {
		return false
	}
	for i, d := range a.Dsts() {
		if !types.Identical(c.in.TypeOf(d), c.in.TypeOf(b.Dsts()[i])) {
			return false
		}
	}
	return true
}

// sameOperands reports whether two instructions' operands have equal
// numbers (in either order for an operator that commutes).
func (c *gctx) sameOperands(a, b *ir.Instr) bool {
	x, y := a.Args(), b.Args()
	if len(x) != len(y) {
		return false
	}
	numOf := func(r ir.Reg) ir.Reg {
		if r == ir.NoReg {
			return ir.NoReg
		}
		return c.num(r)
	}
	if c.in.Commutes(a) && c.in.Commutes(b) && numOf(x[0]) == numOf(y[1]) && numOf(x[1]) == numOf(y[0]) {
		return true
	}
	for i := range x {
		if numOf(x[i]) != numOf(y[i]) {
			return false
		}
	}
	return true
}

func sameValue(a, b constant.Value) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Kind() == b.Kind() && a.ExactString() == b.ExactString()
}
