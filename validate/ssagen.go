// This file is the SSA-generation validator of CompCertSSA (Barthe,
// Demange, Pichardie, TOPLAS 2014, §5), for vssa's IR. Properties
// checked:
//
// Structure (the paper's structural_spec and well-formedness checks):
//   - the result is well-formed SSA (unique definitions, strictness,
//     phis only at joins with one argument per predecessor, normalised
//     CFG, reachability); the input is well-formed RTL (a precondition);
//   - erasing phis and mapping every result register to the input
//     register it is a version of (the hint) gives back the input
//     exactly: same blocks, edges, instructions, parameters, recover
//     block; each version has the type of its register.
//
// Typing (the paper's Figure 10, with type inference in one pass as in
// its §5.5): a local typing maps each input register to its current
// version. Blocks are visited in reverse postorder; a block's typing on
// entry comes from the first visited predecessor, updated by its phis.
//   - use: every operand is the current version of its register;
//   - def: a definition makes its version current;
//   - phi-use: phi argument k is the version current at the end of
//     predecessor k;
//   - phi-missing: a register without a phi at a join that is live there
//     (liveness of the input, so pruned SSA is accepted, where a phi's
//     argument counts as a use of its register at the end of its
//     predecessor) has the same current version at the end of every
//     predecessor. Without those uses, a phi where its register is dead
//     could read a version whose definition does not dominate its
//     predecessor, which phi-use alone does not see;
//   - entry: parameters and free variables are their own versions.
//
// Registers with a single version in the result (defined once in the
// input and never by a phi) need no typing: structure maps each of their
// uses to that version, and SSA strictness makes its definition dominate
// every use, which is what the typing would establish. Only registers
// with several versions are tracked, so the checker's memory is
// blocks × renamed registers.
//
// Versions of renamed registers may not be used in blocks reached only
// after a panic (the recover block): their current version there is not
// static.
//
// Instructions the result shares with the input (the same pointer at the
// same place) are not read at all when the input's register counts show
// that none of them mentions a register other than its own single
// version (fast mode, see ssaCheck.full); otherwise the check reads them
// all (full mode).

package validate

import (
	"slices"

	"github.com/vssa-go/vssa/ir"
)

// SSAHints say which input register each register of the SSA result is
// a version of. A result register numbered below the input's number of
// registers N (counting promoted variables, see PromoteHints) is a
// version of itself: builders keep the input's registers and add the
// new versions after them, so the hints need to name only those.
// Register N+i is a version of Orig[i] (NoReg: of none).
type SSAHints struct {
	Orig []ir.Reg
}

// SSAGen checks an SSA construction result.
func SSAGen(before, after *ir.Func, h *SSAHints) error {
	return fastThenFull(func(full bool) error {
		sc := getScratch()
		defer sc.put()
		return ssaGen(rejecter{"ssagen", after}, before, after, nil, h, full, sc)
	})
}

// fastThenFull runs a check in its fast mode, which does not read the
// instructions the result shares with the input, and after a rejection
// again in full mode, which reads them all, and returns the full mode's
// verdict then. The fast mode accepts only what the full mode accepts
// (see ssaCheck.full), so the verdict and the diagnostics are always the
// full mode's; rejections are rare enough for the second run to cost
// nothing. (fastmode_test.go compares the two modes on probes.)
func fastThenFull(check func(full bool) error) error {
	if check(false) == nil {
		return nil
	}
	return check(true)
}

// Mem2RegHints are the hints of mem2reg: the promoted variables, and the
// register of the promoted input each result register is a version of.
type Mem2RegHints struct {
	Promote *PromoteHints
	SSA     *SSAHints
}

// Mem2Reg checks a mem2reg result in one step: the SSA construction
// from the input read through its promotion (promote.go).
func Mem2Reg(before, after *ir.Func, h *Mem2RegHints) error {
	r := rejecter{"mem2reg", after}
	if err := r.missing(before, after); err != nil {
		return err
	}
	if h == nil {
		return r.fn(RuleHints, "hints are missing")
	}
	if h.Promote == nil { // (ssaGen would check it as SSAGen does)
		return r.fn(RuleHints, "promotion hints are missing")
	}
	return fastThenFull(func(full bool) error {
		sc := getScratch()
		defer sc.put()
		return ssaGen(r, before, after, h.Promote, h.SSA, full, sc)
	})
}

// ssaGen checks the SSA construction result after from before, read
// through the promotion its hints pro describe if not nil, in full or
// fast mode, with its arrays from sc.
func ssaGen(r rejecter, before, after *ir.Func, pro *PromoteHints, h *SSAHints, full bool, sc *scratch) error {
	if err := r.missing(before, after); err != nil {
		return err
	}
	if !sameCFG(before, after) {
		return r.fn(RuleStructure, "blocks, edges or recover block differ from the input's")
	}
	// On the stack (see scratch).
	c := &ssaCheck{r: r, before: before, after: after, nregs: before.NumRegs(), full: full, sc: sc}
	if pro != nil {
		// Promotion's errors are about the input's instructions.
		if err := c.pro.start(rejecter{r.validator, before}, before, pro, sc); err != nil {
			return err
		}
		c.promoted, c.nregs = true, c.pro.regs()
		if err := c.pro.checkTypes(r, after); err != nil {
			return err
		}
	}
	if h == nil || after.NumRegs() < c.nregs || len(h.Orig) != after.NumRegs()-c.nregs {
		return r.fn(RuleHints, "hints cover %d added registers, want %d (the result has %d, its input %d)", len(hOrig(h)), after.NumRegs()-c.nregs, after.NumRegs(), c.nregs)
	}
	c.orig = h.Orig
	// Each version has the type of its register. A register without a
	// type is mentioned by no instruction of the (well-formed) input, so
	// by none of the result either (erasure): its versions may lack one.
	if v := ir.FirstOtherType(before, after, before.NumRegs()); v >= 0 {
		return typeChanged(r, before, after, v)
	}
	if !sameSignature(before, after) {
		return r.fn(RuleStructure, "signature differs from the input's")
	}
	if !c.erases(after.Params, before.Params) || !c.erases(after.FreeVars, before.FreeVars) {
		return r.fn(RuleStructure, "parameters or free variables are not versions of the input's")
	}
	if err := c.phis(); err != nil {
		return err
	}
	if err := c.walk(); err != nil {
		return err
	}
	if err := c.sharedArePlain(); err != nil {
		return err
	}
	if c.promoted {
		return c.pro.finish() // every instruction mentioning a variable was viewed
	}
	return nil
}

// hOrig is the hints' list of originals (nil without hints).
func hOrig(h *SSAHints) []ir.Reg {
	if h == nil {
		return nil
	}
	return h.Orig
}

// phiDsts and phiArgs are a phi's lists, for diagnostics about phis
// that may be nil.
func phiDsts(phi *ir.Instr) []ir.Reg {
	if phi == nil {
		return nil
	}
	return phi.Dsts()
}

func phiArgs(phi *ir.Instr) []ir.Reg {
	if phi == nil {
		return nil
	}
	return phi.Args()
}

// ssaCheck is the state of one SSAGen check.
type ssaCheck struct {
	r             rejecter
	before, after *ir.Func
	pro           promotion // if promoted, before is read through it
	promoted      bool
	nregs         int      // registers of before (with its promoted variables): N in SSAHints
	orig          []ir.Reg // the hints: result register nregs+i → input register orig[i]
	defined       []bool   // result register → defined already

	// The tracked registers: input registers with a version the result
	// adds (so several), or a phi. The typing maps each to its current
	// version.
	renamed []ir.Reg
	slot    []int32 // input register → 1 + its index in renamed, or 0 (see slotOf)

	// Register r of the input is plain if it is its only version in
	// the result (so untracked), not a promoted variable, and defined at
	// most once in the input. notPlain marks the others, which are few:
	// the tracked registers, the variables and Multi of the input's
	// counts.
	notPlain []bool

	joins bool // some block has two predecessors or more

	// full: read every instruction. Else (fast mode) the walk skips the
	// instructions the result shares with the input, counts the
	// occurrences of registers that are not plain in the input's other
	// instructions (seen, parameters and free variables included), and
	// sharedArePlain compares that with the sum of those registers'
	// mentions in the input's counts (want): a register that is not
	// plain and has occurrences the walk did not see rejects the result
	// (the full mode then decides). The walk sees each occurrence at
	// most once, and only occurrences the counts count, so the sums are
	// equal only if it saw every occurrence of every such register.
	// With every register of the skipped instructions plain, the full
	// mode would only have marked their results defined, and a plain
	// register is defined at most once in the result (each definition
	// of a result register erases to one of its input register, and the
	// input defines a plain register at most once), so the full mode
	// accepts whatever the fast mode accepts.
	//
	// This rests on the counts describing the input as it is, that is on
	// passes never writing into an instruction they share with their
	// input (ShallowClone's contract): the full mode trusts that too,
	// but a pass breaking it could slip more past the fast mode, such as
	// a shared instruction changed to read a renamed register
	// (TestFastModeStaleCountsHazard). The pass manager makes sure of it:
	// it compares the input's fingerprint after the pass with the one in
	// the checker's verdict, taken with the counts, before it calls the
	// validator.
	//
	// When every register that is not plain is a promoted variable
	// (onlyVars: no input register is renamed or defined twice, the
	// usual case), the walk does not count: the registers that are not
	// plain are then exactly the variables, and promotion's view counts
	// every occurrence of a variable in each instruction it reads
	// (promotion.viewed), which are the instructions the walk would
	// count in (it views every instruction it does not skip), so that
	// count is the walk's. Not counting twice makes the check about 4%
	// faster.
	full       bool
	counts     *ir.RegCounts // the input's
	seen, want int
	onlyVars   bool

	sc *scratch // lends the arrays above
}

// origOf is the input register result register v is a version of
// (v a register of the result).
func (c *ssaCheck) origOf(v ir.Reg) ir.Reg {
	if int(v) < c.nregs {
		return v
	}
	return c.orig[int(v)-c.nregs]
}

// slotOf is the index in renamed (and in the typings) of input
// register r, or -1 if r is not tracked.
func (c *ssaCheck) slotOf(r ir.Reg) int32 { return c.slot[r] - 1 }

// valid reports whether v is a register of the result.
func (c *ssaCheck) valid(v ir.Reg) bool { return v >= 0 && int(v) < c.after.NumRegs() }

// erases reports whether the result registers vs map to the input
// registers rs.
func (c *ssaCheck) erases(vs, rs []ir.Reg) bool {
	if len(vs) != len(rs) {
		return false
	}
	for i, v := range vs {
		if !c.erasesReg(v, rs[i]) {
			return false
		}
	}
	return true
}

// erasesReg reports whether result register v maps to input register r.
func (c *ssaCheck) erasesReg(v, r ir.Reg) bool {
	if v == ir.NoReg || r == ir.NoReg {
		return v == r
	}
	return c.valid(v) && c.origOf(v) == r
}

// erasesTo reports whether result instruction out erases to input
// instruction in: the same but for versions in place of registers. When
// promotion reads in as an access it rewrites (access: acc), out erases
// to that reading, at in's position, compared without the calls and
// loops of the general comparison: accesses are most of the instructions
// a mem2reg result changes, and this made the whole check 6-8% faster.
func (c *ssaCheck) erasesTo(out, in *ir.Instr, acc reading, access bool) bool {
	if access {
		return sameShapeAsAccess(acc, in.Pos, out) && c.erasesReg(out.Dsts()[0], acc.dst) &&
			(acc.op == ir.OpConst || c.erasesReg(out.Args()[0], acc.arg))
	}
	return sameShape(in, out) && c.erases(out.Args(), in.Args()) && c.erases(out.Dsts(), in.Dsts())
}

// def records the definition of result register d: at most one each.
func (c *ssaCheck) def(b *ir.Block, in *ir.Instr, d ir.Reg) error {
	if !c.valid(d) {
		return c.r.at(b, in, RuleStructure, "result %s is not a register of the function", d)
	}
	if c.defined[d] {
		return c.r.at(b, in, RuleUniqueDef, "%s is defined again, want one definition", d)
	}
	c.defined[d] = true
	return nil
}

// phis checks the hints (each added register is a version of a register
// of the promoted input, of its type) and the rules of phis that need no
// typing: they sit at joins of a normalised CFG, with one argument per
// predecessor, and merge versions of one register. On the way it decides
// which registers the typing tracks, from the hints and the phis alone:
// an input register with a version besides itself or a phi (one loop
// over the hints does both). Tracking a register defined only once
// costs time, not soundness; a register defined twice in the input and
// not tracked has one version defined twice, which unique-def rejects.
func (c *ssaCheck) phis() error {
	na := c.after.NumRegs()
	flags := take(&c.sc.flags, na+c.before.NumRegs())
	c.defined, c.notPlain = flags[:na:na], flags[na:]
	for _, vs := range [2][]ir.Reg{c.after.Params, c.after.FreeVars} {
		for _, p := range vs {
			if err := c.def(nil, nil, p); err != nil {
				return err
			}
		}
	}
	c.slot = take(&c.sc.counts, c.nregs)
	// The tracked registers are marked (slot 1), then numbered below in
	// increasing order, as diagnostics name the first disagreeing
	// register. Most are promoted variables, whose registers come after
	// the input's: only the input's own, which are few, are sorted.
	c.renamed = c.sc.renamed[:0]
	ninput := c.before.NumRegs()
	track := func(o ir.Reg) {
		if c.slot[o] == 0 {
			c.slot[o] = 1
			if int(o) < ninput {
				c.renamed = append(c.renamed, o)
			}
		}
	}
	// With checkTypes, every register below c.nregs has in the result
	// the type it has in the promoted input. The versions are compared
	// with that: usually the same interface value, where a variable's
	// type in the promoted input is computed from its address's each
	// time.
	for i, o := range c.orig {
		if o == ir.NoReg {
			continue
		}
		v := ir.Reg(c.nregs + i)
		if o < 0 || int(o) >= c.nregs {
			return c.r.fn(RuleHints, "%s is said to be a version of %s, which does not exist", v, o)
		}
		if !sameType(c.after.TypeOf(o), c.after.TypeOf(v)) {
			return c.r.fn(RuleTypes, "%s is a version of %s, but has type %s, want %s", v, o, typeName(c.after, v), typeName(c.after, o))
		}
		track(o)
	}
	for _, ab := range c.after.Blocks {
		if len(ab.Phis) > 0 && len(ab.Preds) < 2 {
			return c.r.at(ab, nil, RulePhiJoin, "block has phis and %d predecessors, want a join (two or more)", len(ab.Preds))
		}
		if len(ab.Preds) >= 2 {
			c.joins = true
			for _, p := range ab.Preds {
				if t := c.before.Blocks[p].Terminator(); t == nil || t.Op != ir.OpJump {
					return c.r.at(ab, nil, RuleNormalised, "edge into this join leaves b%d, which ends with no jump, want a jump", p)
				}
			}
		}
		for _, phi := range ab.Phis {
			if phi == nil || phi.Op != ir.OpPhi || len(phi.Dsts()) != 1 || len(phi.Args()) != len(ab.Preds) {
				return c.r.at(ab, phi, RulePhiArity, "phi has %d results and %d arguments, want one and %d (one per predecessor)", len(phiDsts(phi)), len(phiArgs(phi)), len(ab.Preds))
			}
			d := phi.Dsts()[0]
			if !c.valid(d) || c.origOf(d) == ir.NoReg {
				return c.r.at(ab, phi, RuleHints, "phi result is said to be a version of no register, want one")
			}
			o := c.origOf(d)
			for _, a := range phi.Args() {
				if !c.valid(a) || c.origOf(a) != o {
					return c.r.at(ab, phi, RuleStructure, "phi argument %s is not a version of %s, want one like the result", a, o)
				}
			}
			if err := c.def(ab, phi, d); err != nil {
				return err
			}
			track(o) // a phi makes its register tracked
		}
	}
	slices.Sort(c.renamed)
	for v := ninput; v < c.nregs; v++ {
		if c.slot[v] != 0 {
			c.renamed = append(c.renamed, ir.Reg(v))
		}
	}
	keepGrown(&c.sc.renamed, c.renamed)
	c.counts = c.before.Counts()
	if !c.full && len(c.counts.Mentions) != c.before.NumRegs() {
		// Counts of another version of the input: the full mode decides.
		return c.r.fn(RuleStructure, "input's register counts cover %d registers, want %d (its registers)", len(c.counts.Mentions), c.before.NumRegs())
	}
	c.onlyVars = c.promoted
	for s, o := range c.renamed {
		c.slot[o] = int32(s) + 1
		c.markNotPlain(o)
	}
	if c.promoted {
		for _, v := range c.pro.vars {
			c.markNotPlain(v)
		}
	}
	for _, reg := range c.counts.Multi {
		c.markNotPlain(reg) // defined twice in the input
	}
	if !c.full {
		for _, vs := range [2][]ir.Reg{c.before.Params, c.before.FreeVars} {
			c.see(vs)
		}
	}
	return nil
}

// markNotPlain records that input register r (if it is one) is not
// plain, and in fast mode adds its mentions to those the walk must see.
func (c *ssaCheck) markNotPlain(r ir.Reg) {
	if r < 0 || int(r) >= len(c.notPlain) || c.notPlain[r] {
		return
	}
	c.notPlain[r] = true
	if !c.promoted || !c.pro.isVar(r) {
		c.onlyVars = false
	}
	if !c.full {
		c.want += int(c.counts.Mentions[r])
	}
}

// see counts the occurrences among the input registers rs of those
// that are not plain (fast mode).
func (c *ssaCheck) see(rs []ir.Reg) {
	for _, r := range rs {
		if r >= 0 && int(r) < len(c.notPlain) && c.notPlain[r] {
			c.seen++
		}
	}
}

// sharedArePlain checks, in fast mode, that the instructions the walk
// skipped mention plain registers only: the walk saw every occurrence
// of the others.
func (c *ssaCheck) sharedArePlain() error {
	seen := c.seen
	if c.onlyVars {
		seen += c.pro.viewed
	}
	if !c.full && seen != c.want {
		return c.r.fn(RuleStructure, "an instruction shared with the input mentions a register that is renamed, promoted or defined twice, want it copied and rewritten")
	}
	return nil
}

// plainInstr reports whether every register in mentions is plain.
func (c *ssaCheck) plainInstr(in *ir.Instr) bool {
	for _, a := range in.Args() {
		if a != ir.NoReg && (a < 0 || int(a) >= len(c.notPlain) || c.notPlain[a]) {
			return false
		}
	}
	for _, d := range in.Dsts() {
		if d < 0 || int(d) >= len(c.notPlain) || c.notPlain[d] {
			return false
		}
	}
	return true
}

// disagreement is a join without a phi for a tracked register whose
// predecessors end with different versions of it: wrong if the register
// is live there.
type disagreement struct {
	join, pred int
	slot       int32
	got, want  ir.Reg
}

// walk visits the blocks in reverse postorder and checks, instruction by
// instruction, erasure (the result instruction is the input's with
// versions for registers), unique definitions and the typing rules. It
// gathers the input's liveness of the tracked registers on the way; the
// joins where a tracked register has no phi and its versions disagree
// are judged once the liveness is solved.
func (c *ssaCheck) walk() error {
	const unknown = ir.NoReg // no version is current (not yet defined, or after a panic)
	before, after := c.before, c.after
	postorder := before.CFG().Postorder
	if len(postorder) != len(before.Blocks) {
		return c.r.fn(RuleStructure, "%d blocks are reachable, want all %d", len(postorder), len(before.Blocks))
	}
	// Each block's typing on entry (after its phis) has a fixed place in
	// one allocation, followed by the current typing of the walk.
	n, width := len(after.Blocks), len(c.renamed)
	typings := take(&c.sc.regs, (n+1)*width)
	typingOf := func(b int) []ir.Reg { return typings[b*width : (b+1)*width : (b+1)*width] }
	cur := typingOf(n)
	known := take(&c.sc.flags, n) // whose typing on entry is set
	setUnknown := func(b int) {
		t := typingOf(b)
		for i := range t {
			t[i] = unknown
		}
		known[b] = true
	}
	setUnknown(0)
	for _, vs := range [2][]ir.Reg{after.Params, after.FreeVars} {
		for _, v := range vs {
			if s := c.slotOf(c.origOf(v)); s >= 0 {
				typingOf(0)[s] = v
			}
		}
	}
	if after.Recover >= 0 {
		setUnknown(after.Recover) // after a panic no tracked register has a static version
	}
	// Without a join there is nothing for phi-missing to judge, so no
	// liveness to gather.
	var live *ir.LiveScan
	if c.joins {
		live = &c.sc.live
		live.Reset(before, nil, width) // bit k: the register of slot k
	}
	disagreements := c.sc.disagreements[:0]
	saved := c.sc.saved[:0] // at the join being checked: the versions of registers with a phi
	defer func() { keepGrown(&c.sc.disagreements, disagreements); keepGrown(&c.sc.saved, saved) }()
	for k := len(postorder) - 1; k >= 0; k-- {
		bi := postorder[k]
		b, ab := before.Blocks[bi], after.Blocks[bi]
		if len(b.Instrs) != len(ab.Instrs) {
			return c.r.at(ab, nil, RuleStructure, "block has %d instructions, want %d (the input's)", len(ab.Instrs), len(b.Instrs))
		}
		if !known[bi] {
			// (Unreachable: in reverse postorder a reachable block comes
			// after its parent in the depth-first tree, and the recover
			// block, which has none, starts unknown. Kept as a guard.)
			return c.r.at(ab, nil, RuleStructure, "block comes before all its predecessors in reverse postorder, want one before it")
		}
		copy(cur, typingOf(bi))
		outs := ab.Instrs[:len(b.Instrs)] // (same length, checked above)
		for i, ins := range b.Instrs {
			out := outs[i]
			if ins == out && !c.full {
				continue // checked by sharedArePlain
			}
			if ins == out && c.plainInstr(ins) {
				// Shared with the input, and only registers that are their
				// own single version: every rule holds but unique-def.
				for _, d := range out.Dsts() {
					if c.defined[d] {
						return c.r.at(ab, out, RuleUniqueDef, "%s is defined again, want one definition", d)
					}
					c.defined[d] = true
				}
				continue
			}
			if !c.full && !c.onlyVars {
				c.see(ins.Regs())
			}
			if c.onlyVars && c.plainAccess(bi, ins, out, cur, live) {
				continue
			}
			var acc reading // promotion's reading of ins if it is an access
			access := false
			if c.promoted {
				var err error
				if acc, access, err = c.pro.view(b, ins); err != nil {
					return err
				}
			}
			if !c.erasesTo(out, ins, acc, access) {
				return c.r.at(ab, out, RuleStructure, "instruction %d does not erase to the input's %q, want it with versions for registers", i, ir.FormatInstr(before, b, b.Instrs[i]))
			}
			// Erasure holds, so the tracked registers out mentions are
			// those ins does: the input's liveness is gathered from out.
			for _, a := range out.Args() {
				if a == ir.NoReg {
					continue
				}
				s := c.slotOf(c.origOf(a))
				if s < 0 {
					continue
				}
				if cur[s] != a {
					if cur[s] == unknown {
						return c.r.at(ab, out, RuleUse, "%s is a version of %s, none of which is current here, want the current one", a, c.origOf(a))
					}
					return c.r.at(ab, out, RuleUse, "%s is a version of %s, want %s (the current one)", a, c.origOf(a), cur[s])
				}
				if live != nil {
					live.UseBit(bi, int(s))
				}
			}
			for _, d := range out.Dsts() {
				if err := c.def(ab, out, d); err != nil {
					return err
				}
				if s := c.slotOf(c.origOf(d)); s >= 0 {
					cur[s] = d
					if live != nil {
						live.DefBit(bi, int(s))
					}
				}
			}
		}
		// Edges out of the block.
		for k, s := range ab.Succs {
			succ := after.Blocks[s]
			predIndex := -1 // needed for phis only
			if len(succ.Phis) > 0 {
				predIndex = ab.PredIndex(k, succ)
			}
			if !known[s] {
				t := typingOf(s)
				copy(t, cur)
				for _, phi := range succ.Phis {
					t[c.slotOf(c.origOf(phi.Dsts()[0]))] = phi.Dsts()[0]
				}
				known[s] = true
			}
			for _, phi := range succ.Phis {
				arg := phi.Args()[predIndex]
				if want := cur[c.slotOf(c.origOf(arg))]; arg != want {
					return c.r.at(succ, phi, RulePhiUse, "argument %d is %s, want %s (the version of %s current at the end of b%d)", predIndex, arg, want, c.origOf(arg), bi)
				}
				// The argument is a use of its register at the end of
				// the block, for phi-missing: else a dead phi could
				// read a version that does not reach it on every path.
				if live != nil { // (phis sit at joins, so it is not)
					live.UseBit(bi, int(c.slotOf(c.origOf(arg))))
				}
			}
			if len(succ.Preds) < 2 {
				continue
			}
			// The registers with a phi here are set aside (made to agree
			// for the comparison, then restored): most joins have no
			// disagreement, and comparing whole typings is cheap.
			entry := typingOf(s)
			saved = saved[:0]
			for _, phi := range succ.Phis {
				k := c.slotOf(c.origOf(phi.Dsts()[0]))
				saved = append(saved, cur[k])
				cur[k] = entry[k]
			}
			if !sameRegs(cur, entry) {
				for i := range width {
					if cur[i] != entry[i] {
						disagreements = append(disagreements, disagreement{s, bi, int32(i), cur[i], entry[i]})
					}
				}
			}
			for j := len(succ.Phis) - 1; j >= 0; j-- {
				cur[c.slotOf(c.origOf(succ.Phis[j].Dsts()[0]))] = saved[j]
			}
		}
	}
	// phi-missing: a register live at a join without a phi has the same
	// version at the end of every predecessor. (Disagreements are found
	// at joins only, so live is set.)
	if len(disagreements) > 0 {
		liveness := &c.sc.liveness
		live.SolveInto(postorder, liveness)
		for _, d := range disagreements {
			reg := c.renamed[d.slot]
			if liveness.In(d.join).Has(int(d.slot)) {
				return c.r.at(after.Blocks[d.join], nil, RulePhiMissing, "%s is live here without a phi, and its version is %s from b%d but %s from another predecessor, want a phi or one version", reg, d.got, d.pred, d.want)
			}
		}
	}
	return nil
}

// plainAccess checks, when the only tracked registers are promoted
// variables (onlyVars), an access in its usual shape that the result
// rewrote exactly as promotion reads it (see promotion.view) with the
// current version of its variable, and records its definition, its
// effect on the typing cur and its liveness, as the general way would.
// It reports false, having changed nothing, for anything else, which
// takes the general way (and its diagnostics). Accesses are most of the
// instructions a mem2reg result changes; this way reads each field
// once.
func (c *ssaCheck) plainAccess(bi int, ins, out *ir.Instr, cur []ir.Reg, live *ir.LiveScan) bool {
	p := &c.pro
	if p.f.Recover >= 0 || out == nil || out.Pos != ins.Pos || out.Aux != nil || out.Flags != 0 || out.CallMode != 0 || out.Field != 0 {
		return false
	}
	outDsts, outArgs, insDsts, insArgs := out.Dsts(), out.Args(), ins.Dsts(), ins.Args()
	if len(outDsts) != 1 {
		return false
	}
	w := outDsts[0] // the result's definition
	switch {
	case ins.Op == ir.OpLoad && len(insDsts) == 1 && len(insArgs) == 1:
		// "d = load a" read as "d = copy v": d is not tracked (only
		// variables are), so it is its own version.
		a, d := insArgs[0], insDsts[0]
		if !p.isVar(a) || p.isVar(d) || out.Op != ir.OpCopy || len(outArgs) != 1 || w != d || c.defined[d] {
			return false
		}
		u, v := outArgs[0], p.varOf[a]
		if !c.valid(u) || c.origOf(u) != v {
			return false
		}
		if s := c.slotOf(v); s >= 0 {
			if cur[s] != u {
				return false
			}
			if live != nil {
				live.UseBit(bi, int(s))
			}
		}
		c.defined[d] = true
	case ins.Op == ir.OpStore && len(insDsts) == 0 && len(insArgs) == 2:
		// "store a, y" read as "v = copy y": y is no variable, so not
		// tracked, and its own version.
		a, y := insArgs[0], insArgs[1]
		if !p.isVar(a) || p.isVar(y) || out.Op != ir.OpCopy || len(outArgs) != 1 || outArgs[0] != y || !c.defineVersion(bi, w, p.varOf[a], cur, live) {
			return false
		}
	case ins.Op == ir.OpAlloc && len(insDsts) == 1 && len(insArgs) == 0:
		// "a = alloc" read as "v = const zero".
		a := insDsts[0]
		if !p.isVar(a) || out.Op != ir.OpConst || len(outArgs) != 0 || !c.defineVersion(bi, w, p.varOf[a], cur, live) {
			return false
		}
		p.defs[int(p.varOf[a])-len(p.varOf)]++
	default:
		return false
	}
	p.viewed++
	return true
}

// defineVersion records, if w is a version of variable register v not
// yet defined, its definition (for plainAccess), and reports whether it
// did.
func (c *ssaCheck) defineVersion(bi int, w, v ir.Reg, cur []ir.Reg, live *ir.LiveScan) bool {
	if !c.valid(w) || c.origOf(w) != v || c.defined[w] {
		return false
	}
	c.defined[w] = true
	if s := c.slotOf(v); s >= 0 {
		cur[s] = w
		if live != nil {
			live.DefBit(bi, int(s))
		}
	}
	return true
}
