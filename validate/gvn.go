// This file checks global value numbering with common subexpression
// elimination (GVN-CSE), as CompCertSSA's validator does (Barthe,
// Demange, Pichardie, TOPLAS 2014, §7): the pass hands over its
// numbering, and the check is that the numbering is a post-fixpoint of
// the congruence rules, not how it was found. Properties checked:
//
//   - the numbering is canonical (Number[Number[r]] == Number[r]) and
//     the registers of one class have identical types; every register is
//     defined once at most, and one defined nowhere numbers itself;
//   - every register of a class is justified by one of these rules,
//     relative to the class:
//     (key) its instruction has the class's key: the same kind and
//     attributes, results of identical types, operands of equal
//     numbers, and for a phi the same block, for a memory read the
//     same memory version; the key of a const is its value, and so is
//     the key of an operation whose operands' classes all hold
//     constants and which ir.Fold evaluates;
//     (copy) it is a copy of a register of the class;
//     (phi) it is a phi (gamma, mu) all of whose arguments are in the
//     class; a phi or mu keys only with those of its block, a gamma
//     also with a gamma of another join whose gates, atoms read as
//     numbers, are the same and pairwise exclusive, each reading its
//     gates and arguments from before its join (gated value numbering,
//     gvn_gated.go);
//     (parameter) it is the class's one parameter or free variable,
//     and the class has no key;
//     so two registers of one class hold equal values wherever both
//     are defined (a class with a constant key: its value), and an
//     instruction that is not a function of its operands (and of the
//     memory, for memory reads) is the only keyed member of its class;
//   - memory versions: a version starts at each block the hints name
//     (and at blocks without predecessors), and at each instruction that
//     may write memory that existed before it; a block that starts none
//     has the version every predecessor leaves;
//   - the registers gates read keep their definitions, and a kept
//     gamma or eta keeps its gates;
//   - the result is the input, same blocks and edges, with the
//     instructions the hints list removed, and every other one kept in
//     place, with its results, either with operands replaced by
//     registers of the same class whose definition is kept and strictly
//     dominates the use (a phi argument: the end of its predecessor) or
//     rewritten to the const its class holds;
//   - a removed instruction has no effect (a pure operation, a memory
//     read, a phi), or may only panic (a check, a comparison, a type
//     assertion, a map lookup) and is covered: a kept instruction with
//     the same key strictly dominates it, so it panics only where the
//     cover already did.
//
// Dominance through the recover block (which the graph makes a
// successor of the entry) is not enough for a replacement or a cover:
// the recover block may run after a panic in the middle of the entry
// block. So neither is taken from the entry block for a use in a block
// reachable from the recover block.

package validate

import (
	"go/constant"
	"go/types"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
)

// GVNHints is what the GVN pass tells its validator.
type GVNHints struct {
	// Number gives every register of the input the register that
	// numbers its class.
	Number []ir.Reg
	// MemFresh lists the blocks where a new memory version starts.
	MemFresh []int
	// Removed lists the input's instructions the result leaves out.
	Removed []Removal
}

// Removal is one instruction of the input that the result leaves out,
// by its place in the input. Its fields are 32 bits (20 bytes in all,
// not 40): the pass lists about one removal per four instructions.
type Removal struct {
	Block int32
	Index int32 // into the block's Phis if Phi, else into its Instrs
	// CoverBlock and CoverIndex place (in the block's Instrs) the kept
	// instruction that covers a removed one that may panic; CoverBlock
	// is -1 for one that needs no cover.
	CoverBlock, CoverIndex int32
	Phi                    bool
}

// classKey says what justifies a class's keyed members.
type classKey uint8

const (
	noKey    classKey = iota
	keyParam          // the class's parameter or free variable
	keyConst          // a constant (class.konst)
	keyInstr          // the instruction class.instr, with the memory version class.mem
	keyOnly           // an instruction that shares its value with no other
)

// gvnCheck is the state of one GVN check.
type gvnCheck struct {
	r      rejecter
	f      *ir.Func // the input
	num    []ir.Reg
	dom    *graph.DomTree
	recov  []bool  // blocks reachable from the recover block; nil without one
	offset []int32 // block → index of its first instruction in instrVer and removedInstr
	phiOff []int32 // block → index of its first phi in removedPhi

	// Per register of the input: where it is defined (block -1: a
	// parameter or free variable, -2: nowhere; index -1: a phi).
	def []place

	instrVer     []int32 // memory version each instruction sees
	removedPhi   []bool  // by phiOff
	removedInstr []bool
	removal      []int32   // by offset: 1 + the index in removed of a removed instruction's Removal
	removed      []Removal // the hints' removals
	// kept is per register of the input: defined by a parameter, a free
	// variable or an instruction the result keeps (once the numbering
	// walk has reached its definition).
	kept []bool
	// foldedLater lists the instructions the result rewrites to a
	// const, checked once every class has its key (their class's
	// constant may come from a member the walk reaches after them).
	foldedLater []foldedAt
	// joined lists the registers justified by the copy or phi rule
	// alone: their classes must have a key from another member.
	joined []ir.Reg
	// across lists the pairs of gammas of different joins found
	// congruent, each checked to read only what is defined before its
	// join once every definition is known (gvn_gated.go).
	across [][2]ir.Reg

	class  []class          // by the classes' numbers
	konsts []constant.Value // the constants of the classes keyed by one

	// merged counts the registers numbered by another, definedMerged
	// those of them the walk has seen defined (each once): when the two
	// agree, none is defined nowhere.
	merged, definedMerged int

	sc *scratch // lends the arrays above
}

// place is an instruction's block and index in its Instrs.
type place struct{ block, index int32 }

// foldedAt places an instruction of the input (in) and the const the
// result has for it (out) in block.
type foldedAt struct{ block, in, out int32 }

// class is what justifies a class's keyed members. It holds no
// pointer (see scratch): the keyed instruction by its place, the
// constant by its index in konsts.
type class struct {
	key   classKey
	dst   int8  // the result of the instruction the class holds
	mem   int32 // the memory version the instruction sees
	at    place // the instruction; index -1-i: the block's phi i
	konst int32 // index in gvnCheck.konsts
}

// instrAt is the instruction at p, a class's place.
func (c *gvnCheck) instrAt(p place) *ir.Instr {
	b := c.f.Blocks[p.block]
	if p.index < 0 {
		return b.Phis[-1-p.index]
	}
	return b.Instrs[p.index]
}

// GVN checks a GVN-CSE result.
func GVN(before, after *ir.Func, h *GVNHints) error {
	r := rejecter{"gvn", after}
	if err := r.missing(before, after); err != nil {
		return err
	}
	if h == nil {
		return r.fn(RuleHints, "hints are missing")
	}
	if !sameSignature(before, after) || !sameRegs(before.Params, after.Params) || !sameRegs(before.FreeVars, after.FreeVars) ||
		!sameCFG(before, after) || after.NumRegs() < before.NumRegs() {
		return r.fn(RuleStructure, "signature, parameters, blocks, registers or recover block differ from the input's")
	}
	if v := firstChangedType(before, after); v >= 0 {
		return typeChanged(r, before, after, v)
	}
	n := before.NumRegs()
	if len(h.Number) != n {
		return r.fn(RuleHints, "numbering has %d registers, want %d", len(h.Number), n)
	}
	var lastT, lastU types.Type // the last two types found identical
	merged := 0                 // registers numbered by another
	for v, x := range h.Number {
		if x < 0 || int(x) >= n || h.Number[x] != x {
			return r.fn(RuleNumbering, "r%d is numbered %s, which is not a register numbering itself", v, x)
		}
		if x == ir.Reg(v) {
			continue
		}
		merged++
		// Registers of a class mostly have one type value, else the same
		// two as the last pair (types.Identical walks the types).
		t, u := before.TypeOf(ir.Reg(v)), before.TypeOf(x)
		if sameWords(t, lastT) && sameWords(u, lastU) {
			continue
		}
		if !sameType(t, u) {
			return r.fn(RuleNumbering, "r%d has type %s, its number %s type %s: want one type per class", v, typeName(before, ir.Reg(v)), x, typeName(before, x))
		}
		lastT, lastU = t, u
	}
	cfg := before.CFG()
	sc := getScratch()
	defer sc.put()
	c := &gvnCheck{r: r, f: before, num: h.Number, merged: merged, dom: cfg.Dom, sc: sc,
		def: take(&sc.places, n), kept: take(&sc.flags, n), class: take(&sc.classes, n)}
	c.places()
	if err := c.markRemovals(h.Removed); err != nil {
		return err
	}
	c.konsts, c.joined, c.foldedLater = sc.konsts[:0], sc.joined[:0], sc.folded[:0]
	defer func() {
		clear(c.konsts) // the pool must not keep the constants alive
		keepGrown(&sc.konsts, c.konsts[:0])
		keepGrown(&sc.joined, c.joined[:0])
		keepGrown(&sc.folded, c.foldedLater[:0])
	}()
	if err := c.numbering(cfg.Postorder, h.MemFresh, after); err != nil {
		return err
	}
	if err := c.gatedLater(); err != nil {
		return err
	}
	if err := c.resultPhis(after); err != nil {
		return err
	}
	return c.keptAtoms(after)
}

// places fills in the blocks reachable from the recover block and the
// instructions' offsets, and where the parameters and free variables
// are defined; numbering fills in the other definitions.
func (c *gvnCheck) places() {
	f := c.f
	for v := range c.def {
		c.def[v].block = -2 // defined nowhere, unless below
	}
	for _, vs := range [2][]ir.Reg{f.Params, f.FreeVars} {
		for _, v := range vs {
			c.def[v].block = -1
			c.kept[v] = true
			if c.num[v] != v {
				c.definedMerged++
			}
		}
	}
	c.offset = take(&c.sc.counts, len(f.Blocks)+1)
	c.phiOff = take(&c.sc.counts, len(f.Blocks)+1)
	for i, b := range f.Blocks {
		c.offset[i+1] = c.offset[i] + int32(len(b.Instrs))
		c.phiOff[i+1] = c.phiOff[i] + int32(len(b.Phis))
	}
	c.instrVer = take(&c.sc.counts, int(c.offset[len(f.Blocks)]))
	c.removedInstr = take(&c.sc.flags, int(c.offset[len(f.Blocks)]))
	c.removal = take(&c.sc.counts, int(c.offset[len(f.Blocks)]))
	c.removedPhi = take(&c.sc.flags, int(c.phiOff[len(f.Blocks)]))
	if f.Recover > 0 {
		c.recov = f.RecoverReach()
	}
}

// numbering walks the input in reverse postorder (every register's
// definition before its uses but in phis), recording where each
// register is defined, computing memory versions and checking each
// register's justification, and checks the result's instructions (not
// its phis, whose operands may be defined later: resultPhis) against
// the input's as it goes. Every block is reachable (the SSA form has no
// other), so the walk sees every definition.
func (c *gvnCheck) numbering(postorder []int, memFresh []int, after *ir.Func) error {
	f := c.f
	nb := len(f.Blocks)
	if len(postorder) != nb {
		return c.r.fn(RuleStructure, "%d of the %d blocks are reachable, want all", len(postorder), nb)
	}
	fresh := take(&c.sc.flags, nb)
	for _, b := range memFresh {
		if b < 0 || b >= nb {
			return c.r.fn(RuleHints, "memory version starts at b%d, which is not a block", b)
		}
		fresh[b] = true
	}
	for _, vs := range [2][]ir.Reg{f.Params, f.FreeVars} {
		for _, v := range vs {
			if err := c.claim(nil, place{}, nil, 0, v, keyParam, 0); err != nil {
				return err
			}
		}
	}
	entry, exit := take(&c.sc.counts, nb), take(&c.sc.counts, nb)
	visited := take(&c.sc.flags, nb)
	next := int32(nb) // versions 0…nb-1 start at blocks
	for i := len(postorder) - 1; i >= 0; i-- {
		b := f.Blocks[postorder[i]]
		cur := int32(b.Index)
		if !fresh[b.Index] && len(b.Preds) > 0 {
			cur = -1
			for _, p := range b.Preds {
				if visited[p] {
					cur = exit[p]
					break
				}
			}
			if cur < 0 {
				return c.r.at(b, nil, RuleMemory, "no predecessor precedes the block in reverse postorder, want a memory version starting here")
			}
		}
		entry[b.Index] = cur
		for i, phi := range b.Phis {
			if err := c.define(b, phi, phi.Dst(), place{int32(b.Index), -1}); err != nil {
				return err
			}
			c.kept[phi.Dst()] = !c.removedPhi[int(c.phiOff[b.Index])+i]
		}
		for i, phi := range b.Phis {
			if err := c.justify(b, place{int32(b.Index), int32(-1 - i)}, phi, 0, phi.Dst(), cur); err != nil {
				return err
			}
		}
		ab := after.Blocks[b.Index]
		off, met := int(c.offset[b.Index]), 0 // met: the instructions of ab compared so far
		for k, in := range b.Instrs {
			pos := off + k
			c.instrVer[pos] = cur
			if !c.removedInstr[pos] {
				if met == len(ab.Instrs) {
					return c.r.at(ab, nil, RuleStructure, "block has %d instructions, want the input's %d but those removed", len(ab.Instrs), len(b.Instrs))
				}
				if err := c.resultInstr(b, ab, k, in, ab.Instrs[met], met); err != nil {
					return err
				}
				met++
			} else if !f.CannotPanic(in) {
				if err := c.mayGo(b, in, &c.removed[c.removal[pos]-1]); err != nil {
					return err
				}
			}
			for j, d := range in.Dsts() {
				if err := c.define(b, in, d, place{int32(b.Index), int32(k)}); err != nil {
					return err
				}
				c.kept[d] = !c.removedInstr[pos]
				if err := c.justify(b, place{int32(b.Index), int32(k)}, in, j, d, cur); err != nil {
					return err
				}
			}
			if in.Op.WritesOldMemory() {
				cur, next = next, next+1
			}
		}
		if met != len(ab.Instrs) {
			return c.r.at(ab, nil, RuleStructure, "block has %d instructions, want the input's %d but those removed", len(ab.Instrs), len(b.Instrs))
		}
		exit[b.Index], visited[b.Index] = cur, true
	}
	for _, b := range f.Blocks {
		if fresh[b.Index] {
			continue
		}
		for _, p := range b.Preds {
			if exit[p] != entry[b.Index] {
				return c.r.at(b, nil, RuleMemory, "b%d leaves another memory version than the one the block starts with, want a version starting here", p)
			}
		}
	}
	for v := 0; c.definedMerged != c.merged && v < len(c.num); v++ {
		if c.def[v].block == -2 && c.num[v] != ir.Reg(v) {
			return c.r.fn(RuleNumbering, "r%d is defined nowhere but numbered %s, want it numbered itself", v, c.num[v])
		}
	}
	// Every other register defined is a keyed member of its class.
	for _, v := range c.joined {
		if c.class[c.num[v]].key == noKey {
			return c.r.fn(RuleNumbering, "class of r%d has no parameter, constant or instruction to justify it", v)
		}
	}
	for _, fa := range c.foldedLater {
		b, ab := f.Blocks[fa.block], after.Blocks[fa.block]
		if err := c.folded(ab, b.Instrs[fa.in], ab.Instrs[fa.out]); err != nil {
			return err
		}
	}
	return nil
}

// define records that in, of block b, defines d at place p: once, as in
// SSA form.
func (c *gvnCheck) define(b *ir.Block, in *ir.Instr, d ir.Reg, p place) error {
	if c.def[d].block != -2 {
		return c.r.at(b, in, RuleStructure, "defines %s, which is defined above, want one definition per register", d)
	}
	c.def[d] = p
	if c.num[d] != d {
		c.definedMerged++
	}
	return nil
}

// justify checks the rule that puts result j (register d) of in, at
// place at of block b, with memory version mem, in its class.
func (c *gvnCheck) justify(b *ir.Block, at place, in *ir.Instr, j int, d ir.Reg, mem int32) error {
	num := c.num[d]
	args := in.Args()
	switch in.Op {
	case ir.OpCopy:
		if c.num[args[0]] == num {
			c.joined = append(c.joined, d)
			return nil
		}
	case ir.OpPhi, ir.OpGamma, ir.OpMu:
		// A gamma takes one of its arguments (or stops), a mu one of
		// its two: all in the class, it is in the class.
		trivial := true
		for _, a := range args {
			trivial = trivial && c.num[a] == num
		}
		if trivial {
			c.joined = append(c.joined, d)
			return nil
		}
		return c.claim(b, at, in, j, d, keyInstr, 0)
	}
	switch c.f.ValueKind(in) {
	case ir.ValueConst:
		return c.claimConst(b, in, d, c.f.ConstValue(in))
	case ir.ValuePure:
		if v, ok := c.fold(in); ok {
			return c.claimConst(b, in, d, v)
		}
		return c.claim(b, at, in, j, d, keyInstr, 0)
	case ir.ValueMemory:
		return c.claim(b, at, in, j, d, keyInstr, mem)
	}
	return c.claim(b, at, in, j, d, keyOnly, 0)
}

// claim keys d's class (if it has no key yet) or checks that d's
// instruction in, at place at, has the class's key.
func (c *gvnCheck) claim(b *ir.Block, at place, in *ir.Instr, j int, d ir.Reg, k classKey, mem int32) error {
	num := c.num[d]
	if c.class[num].key == noKey {
		c.class[num] = class{key: k, at: at, dst: int8(j), mem: mem}
		return nil
	}
	if k == keyInstr && c.class[num].key == keyInstr && c.class[num].dst == int8(j) && c.class[num].mem == mem && c.sameKey(c.instrAt(c.class[num].at), in) {
		return nil
	}
	return c.r.at(b, in, RuleNumbering, "r%d is numbered %s, but neither its definition nor a copy or phi relates it to the class's", d, num)
}

// claimConst keys d's class with the constant v, or checks that the
// class holds v.
func (c *gvnCheck) claimConst(b *ir.Block, in *ir.Instr, d ir.Reg, v constant.Value) error {
	num := c.num[d]
	switch c.class[num].key {
	case noKey:
		c.class[num] = class{key: keyConst, konst: int32(len(c.konsts))}
		c.konsts = append(c.konsts, v)
		return nil
	case keyConst:
		if sameConst(c.konsts[c.class[num].konst], v) {
			return nil
		}
	}
	return c.r.at(b, in, RuleNumbering, "r%d is numbered %s, but its value %s is not the class's", d, num, constString(v))
}

func constString(v constant.Value) string {
	if v == nil {
		return "zero"
	}
	return v.ExactString()
}

// fold evaluates a pure instruction whose operands' classes all hold
// constants.
func (c *gvnCheck) fold(in *ir.Instr) (constant.Value, bool) {
	args := in.Args()
	if len(in.Dsts()) != 1 || len(args) == 0 || len(args) > 2 {
		return nil, false
	}
	var vals [2]constant.Value
	var typs [2]types.Type
	for i, a := range args {
		if a == ir.NoReg || c.class[c.num[a]].key != keyConst {
			return nil, false
		}
		vals[i], typs[i] = c.konsts[c.class[c.num[a]].konst], c.f.TypeOf(a)
	}
	return ir.Fold(in.Op, c.f.TypeOf(in.Dst()), typs[:len(args)], vals[:len(args)])
}

// sameKey reports whether two instructions compute the same results
// from operands of equal numbers (in either order, for an operator that
// commutes): the same kind and attributes, results of identical types,
// and (for phis) the same block; the caller checks the memory version.
func (c *gvnCheck) sameKey(a, b *ir.Instr) bool {
	if a.Op != b.Op || a.Flags != b.Flags || a.Field != b.Field || a.CallMode != b.CallMode ||
		len(a.Args()) != len(b.Args()) || len(a.Dsts()) != len(b.Dsts()) {
		return false
	}
	if a.Aux != b.Aux && (a.Sym() != b.Sym() || !sameConst(a.Const(), b.Const()) || len(a.SelectDirs()) != 0 || len(b.SelectDirs()) != 0) {
		return false
	}
	if a.Op == ir.OpGamma && !c.sameGates(a, b) {
		return false
	}
	across := a.Op.IsMerge() && c.def[a.Dst()].block != c.def[b.Dst()].block
	if across && a.Op != ir.OpGamma {
		return false // phis and mus of different blocks
	}
	for i, d := range a.Dsts() {
		if !sameType(c.f.TypeOf(d), c.f.TypeOf(b.Dsts()[i])) {
			return false
		}
	}
	if c.f.Commutes(a) {
		x0, x1, y0, y1 := c.num[a.Args()[0]], c.num[a.Args()[1]], c.num[b.Args()[0]], c.num[b.Args()[1]]
		return x0 == y0 && x1 == y1 || x0 == y1 && x1 == y0
	}
	for i, x := range a.Args() {
		y := b.Args()[i]
		if (x == ir.NoReg || y == ir.NoReg) && x != y || x != ir.NoReg && y != ir.NoReg && c.num[x] != c.num[y] {
			return false
		}
	}
	if across {
		// Gammas of different joins: congruent if each reads its gates
		// and arguments only from before its join, checked once every
		// definition is known (gatedLater).
		c.across = append(c.across, [2]ir.Reg{a.Dst(), b.Dst()})
	}
	return true
}

// markRemovals marks the removed instructions, each once; the numbering
// walk checks that each may go (mayGo) when it reaches it.
func (c *gvnCheck) markRemovals(rs []Removal) error {
	f := c.f
	c.removed = rs
	for i, m := range rs {
		block, index := int(m.Block), int(m.Index)
		if block < 0 || block >= len(f.Blocks) {
			return c.r.fn(RuleHints, "removal in b%d, which is not a block", block)
		}
		b := f.Blocks[block]
		if m.Phi {
			if index < 0 || index >= len(b.Phis) {
				return c.r.at(b, nil, RuleHints, "removal of phi %d, which the block does not have", index)
			}
			at := int(c.phiOff[block]) + index
			if c.removedPhi[at] {
				return c.r.at(b, b.Phis[index], RuleHints, "removed twice, want once")
			}
			c.removedPhi[at] = true
			continue
		}
		if index < 0 || index >= len(b.Instrs) {
			return c.r.at(b, nil, RuleHints, "removal of instruction %d, which the block does not have", index)
		}
		at := int(c.offset[block]) + index
		if c.removedInstr[at] {
			return c.r.at(b, b.Instrs[index], RuleHints, "removed twice, want once")
		}
		c.removedInstr[at] = true
		c.removal[at] = int32(i + 1)
	}
	return nil
}

// mayGo checks that the removed instruction in, of block b, which may
// panic or has effects, may go: the numbering walk calls it when it
// reaches in, its memory version and those of the instructions above
// it known.
func (c *gvnCheck) mayGo(b *ir.Block, in *ir.Instr, m *Removal) error {
	if in.Op.Effects()&^(ir.ReadsMem|ir.Unchecked|ir.MayPanic|ir.IsCheck) != 0 {
		return c.r.at(b, in, RuleRemove, "removed, but it has effects, want it kept")
	}
	return c.covered(b, *m)
}

// covered checks that the removed instruction m, which may panic, has a
// kept cover with its key that strictly dominates it.
func (c *gvnCheck) covered(b *ir.Block, m Removal) error {
	f := c.f
	block, index, cb, ci := int(m.Block), int(m.Index), int(m.CoverBlock), int(m.CoverIndex)
	in := b.Instrs[index]
	if cb < 0 || cb >= len(f.Blocks) || ci < 0 || ci >= len(f.Blocks[cb].Instrs) {
		return c.r.at(b, in, RuleRemove, "removed, but it may panic and names no instruction covering it, want one")
	}
	cover := f.Blocks[cb].Instrs[ci]
	at, coverAt := int(c.offset[block])+index, int(c.offset[cb])+ci
	switch {
	case c.removedInstr[coverAt]:
		return c.r.at(b, in, RuleRemove, "removed, covered by an instruction that is removed too, want a kept one")
	case !c.sameKey(cover, in) || c.instrVer[at] != c.instrVer[coverAt] && c.f.ValueKind(in) == ir.ValueMemory:
		return c.r.at(b, in, RuleRemove, "removed, covered by %q, which is another operation or has operands of other numbers", ir.FormatInstr(f, f.Blocks[cb], cover))
	case !c.precedes(cb, ci, block, index):
		return c.r.at(b, in, RuleRemove, "removed, covered by %q, which does not strictly dominate it", ir.FormatInstr(f, f.Blocks[cb], cover))
	}
	return nil
}

// precedes reports whether the place (block db, index di; -1: the phis)
// strictly dominates the place (ub, ui) on every path that can reach
// it, the paths through the recover block included.
func (c *gvnCheck) precedes(db, di, ub, ui int) bool {
	if db == ub {
		return di < ui
	}
	if db == 0 && c.recov != nil && c.recov[ub] {
		return false // the recover block may run before the entry block ends
	}
	return c.dom.StrictlyDominates(db, ub)
}

// defines reports whether register x of the input is defined before the
// use at (ub, ui) on every path to it.
func (c *gvnCheck) defines(x ir.Reg, ub, ui int) bool {
	switch c.def[x].block {
	case -1:
		return true // parameters and free variables
	case -2:
		return false
	}
	return c.precedes(int(c.def[x].block), int(c.def[x].index), ub, ui)
}

// resultPhis checks that the result's phis are the input's with the
// removals made and operands replaced, once every definition is known.
func (c *gvnCheck) resultPhis(after *ir.Func) error {
	f := c.f
	for i, b := range f.Blocks {
		ab := after.Blocks[i]
		if len(b.Phis) == 0 && len(ab.Phis) == 0 {
			continue
		}
		k := 0
		for j, phi := range b.Phis {
			if c.removedPhi[int(c.phiOff[i])+j] {
				continue
			}
			if k >= len(ab.Phis) {
				return c.r.at(ab, nil, RuleStructure, "block has %d phis, want the input's %d but those removed", len(ab.Phis), len(b.Phis))
			}
			out := ab.Phis[k]
			k++
			if !sameShape(phi, out) || !sameRegs(phi.Dsts(), out.Dsts()) {
				return c.r.at(ab, out, RuleStructure, "phi differs from the input's %q, want it with operands replaced", ir.FormatInstr(f, b, phi))
			}
			for a, x := range out.Args() {
				if err := c.replaced(ab, out, x, phi.Args()[a], b.Preds[a], len(f.Blocks[b.Preds[a]].Instrs)); err != nil {
					return err
				}
			}
		}
		if k != len(ab.Phis) {
			return c.r.at(ab, nil, RuleStructure, "block has %d phis, want the input's %d but those removed", len(ab.Phis), len(b.Phis))
		}
	}
	return nil
}

// resultInstr checks out, instruction k of block ab of the result, for
// in, instruction j of block b of the input, which the result keeps:
// in itself reading kept registers, in with operands replaced, or a
// const its class holds (checked later: foldedLater). The walk calls it
// before it defines in's results, its operands' definitions known.
func (c *gvnCheck) resultInstr(b, ab *ir.Block, j int, in, out *ir.Instr, k int) error {
	if in == out {
		return c.keptOperands(ab, out)
	}
	if !sameRegs(in.Dsts(), out.Dsts()) {
		return c.r.at(ab, out, RuleStructure, "instruction differs from the input's %q, want the same results", ir.FormatInstr(c.f, b, in))
	}
	if out.Op == ir.OpConst && in.Op != ir.OpConst {
		c.foldedLater = append(c.foldedLater, foldedAt{int32(b.Index), int32(j), int32(k)})
		return nil
	}
	if !sameShape(in, out) {
		return c.r.at(ab, out, RuleStructure, "instruction differs from the input's %q, want it with operands replaced", ir.FormatInstr(c.f, b, in))
	}
	for a, x := range out.Args() {
		if err := c.replaced(ab, out, x, in.Args()[a], b.Index, j); err != nil {
			return err
		}
	}
	return nil
}

// keptOperands checks an instruction the result shares with the input:
// its operands' definitions must be kept.
func (c *gvnCheck) keptOperands(ab *ir.Block, in *ir.Instr) error {
	for _, x := range in.Args() {
		if x != ir.NoReg && !c.kept[x] {
			return c.r.at(ab, in, RuleReplace, "reads %s, whose definition is removed, want it replaced", x)
		}
	}
	return nil
}

// replaced checks operand x of a kept instruction at (ub, ui), the
// input's operand there being o.
func (c *gvnCheck) replaced(ab *ir.Block, out *ir.Instr, x, o ir.Reg, ub, ui int) error {
	if x == o {
		if x != ir.NoReg && !c.kept[x] {
			return c.r.at(ab, out, RuleReplace, "reads %s, whose definition is removed, want it replaced", x)
		}
		return nil
	}
	switch {
	case x == ir.NoReg || o == ir.NoReg || int(x) >= len(c.num):
		return c.r.at(ab, out, RuleReplace, "reads %s where the input reads %s, want a register of the input", x, o)
	case c.num[x] != c.num[o]:
		return c.r.at(ab, out, RuleReplace, "reads %s where the input reads %s, which is numbered otherwise", x, o)
	case !c.kept[x]:
		return c.r.at(ab, out, RuleReplace, "reads %s, whose definition is removed", x)
	case !c.defines(x, ub, ui):
		return c.r.at(ab, out, RuleReplace, "reads %s where the input reads %s, but its definition does not strictly dominate the use", x, o)
	}
	return nil
}

// folded checks an instruction rewritten to the const its class holds:
// one that cannot panic or write, whose class holds that constant.
func (c *gvnCheck) folded(ab *ir.Block, in, out *ir.Instr) error {
	d := in.Dst()
	switch {
	case len(in.Dsts()) != 1 || len(out.Args()) != 0 || out.Flags != 0 || out.Field != 0 || out.CallMode != 0 || out.Sym() != "" || out.Pos != in.Pos:
		return c.r.at(ab, out, RuleStructure, "instruction is not a plain const of one result at the input's position")
	case !c.f.CannotPanic(in):
		return c.r.at(ab, out, RuleRemove, "folds an instruction that may panic or has effects, want it kept")
	case c.class[c.num[d]].key != keyConst || !sameConst(c.konsts[c.class[c.num[d]].konst], c.f.ConstValue(out)):
		return c.r.at(ab, out, RuleNumbering, "folds %s to a value its class does not hold", d)
	}
	return nil
}
