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
	"fmt"
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// SSAHints give, for each register of the SSA result, the input register
// it is a version of (NoReg for registers that are not versions of any).
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
// nothing.
func fastThenFull(check func(full bool) error) error {
	if check(false) == nil {
		if AuditFastMode {
			if err := check(true); err != nil {
				panic(fmt.Sprintf("validate: the fast mode accepted what the full mode rejects: %v", err))
			}
		}
		return nil
	}
	return check(true)
}

// AuditFastMode makes every check that its fast mode accepts run in full
// mode too, and panic if that rejects. Tests set it, so that every
// result they validate also tests the fast mode's argument.
var AuditFastMode = false

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
		return r.fn("hints", "no hints")
	}
	return fastThenFull(func(full bool) error {
		sc := getScratch()
		defer sc.put()
		// Promotion's errors are about the input's instructions.
		pro, err := newPromotion(rejecter{r.check, before}, before, h.Promote, sc)
		if err != nil {
			return err
		}
		return ssaGen(r, before, after, pro, h.SSA, full, sc)
	})
}

// ssaGen checks the SSA construction result after from before, read
// through the promotion pro if not nil, in full or fast mode, with its
// arrays from sc.
func ssaGen(r rejecter, before, after *ir.Func, pro *promotion, h *SSAHints, full bool, sc *scratch) error {
	if err := r.missing(before, after); err != nil {
		return err
	}
	if !sameCFG(before, after) {
		return r.fn("structure", "blocks, edges or recover block changed")
	}
	if h == nil || len(h.Orig) != len(after.Regs) {
		return r.fn("hints", "hints do not cover the %d registers", len(after.Regs))
	}
	orig := h.Orig
	c := &sc.ssa
	*c = ssaCheck{r: r, before: before, after: after, pro: pro, orig: orig, nregs: len(before.Regs), full: full, sc: sc}
	if pro != nil {
		c.nregs = pro.regs()
	}
	// Each version has the type of its register. A register without a
	// type is mentioned by no instruction of the (well-formed) input, so
	// by none of the result either (erasure): its versions may lack one.
	for v, o := range orig {
		if o == ir.NoReg {
			continue
		}
		if o < 0 || int(o) >= c.nregs {
			return r.fn("types", "r%d is said to be a version of %s, which does not exist", v, o)
		}
		// Most versions share their register's type value; comparing the
		// values first spares types.Identical's call.
		if t, u := c.regType(o), after.Regs[v]; t == u {
			continue
		} else if t == nil || u == nil || !types.Identical(t, u) {
			return r.fn("types", "r%d is said to be a version of %s, but their types differ or it does not exist", v, o)
		}
	}
	if !sameSignature(before, after) {
		return r.fn("structure", "signature changed")
	}
	if !c.erases(after.Params, before.Params) || !c.erases(after.FreeVars, before.FreeVars) {
		return r.fn("structure", "parameters are not versions of the input's")
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
	if pro != nil {
		return pro.finish() // every instruction mentioning a variable was viewed
	}
	return nil
}

// ssaCheck is the state of one SSAGen check.
type ssaCheck struct {
	r             rejecter
	before, after *ir.Func
	pro           *promotion // if not nil, before is read through it
	nregs         int        // registers of before (with its promoted variables)
	orig          []ir.Reg   // result register → input register (the hints)
	defined       []bool     // result register → defined already

	// The tracked registers: input registers with several versions in
	// the result, or a phi. The typing maps each to its current version.
	renamed []ir.Reg
	slot    []int32 // input register → index in renamed, or -1

	// plain[r]: register r of the input is also a register of the
	// result, its only version, untracked, not a promoted variable, and
	// defined at most once in the input.
	plain []bool

	joins bool // some block has two predecessors or more

	// full: read every instruction. Else (fast mode) the walk skips the
	// instructions the result shares with the input, counts the
	// registers the input's other instructions mention (seen, input
	// register → occurrences, parameters and free variables included),
	// and sharedArePlain compares that with the input's counts: a
	// register that is not plain and has occurrences the walk did not
	// see rejects the result (the full mode then decides). With every
	// register of the skipped instructions plain, the full mode would
	// only have marked their results defined, and a plain register is
	// defined at most once in the result (each definition of a result
	// register erases to one of its input register, and the input
	// defines a plain register at most once), so the full mode accepts
	// whatever the fast mode accepts.
	//
	// This rests on the counts describing the input as it is, that is on
	// passes never writing into an instruction they share with their
	// input (ShallowClone's contract): the full mode trusts that too,
	// but a pass breaking it can slip more past the fast mode, such as a
	// shared instruction changed to read a renamed register
	// (TestFastModeStaleCountsHazard).
	full   bool
	counts *ir.RegCounts // the input's (only in fast mode)
	seen   []int32

	sc *scratch // lends the arrays above
}

// regType is the type of input register x (x < c.nregs).
func (c *ssaCheck) regType(x ir.Reg) types.Type {
	if c.pro != nil {
		return c.pro.regType(x)
	}
	return c.before.Regs[x]
}

// erases reports whether the result registers vs map to the input
// registers rs.
func (c *ssaCheck) erases(vs, rs []ir.Reg) bool {
	if len(vs) != len(rs) {
		return false
	}
	for i, v := range vs {
		if v == ir.NoReg || rs[i] == ir.NoReg {
			if v != rs[i] {
				return false
			}
			continue
		}
		if !validIn(v, c.orig) || c.orig[v] != rs[i] {
			return false
		}
	}
	return true
}

// def records the definition of result register d: at most one each.
func (c *ssaCheck) def(b *ir.Block, in *ir.Instr, d ir.Reg) error {
	if !validIn(d, c.orig) {
		return c.r.at(b, in, "structure", "result %s is not a register of the function", d)
	}
	if c.defined[d] {
		return c.r.at(b, in, "unique-def", "%s is defined more than once", d)
	}
	c.defined[d] = true
	return nil
}

// phis checks the rules of phis that need no typing: they sit at joins
// of a normalised CFG, with one argument per predecessor, and merge
// versions of one register. It then decides which registers the typing
// tracks, from the hints and the phis alone: an input register with two
// versions or a phi. Tracking a register defined only once costs time,
// not soundness; a register defined twice in the input and not tracked
// has one version defined twice, which unique-def rejects.
func (c *ssaCheck) phis() error {
	flags := take(&c.sc.flags, len(c.after.Regs)+min(len(c.before.Regs), len(c.orig)))
	c.defined = flags[:len(c.after.Regs):len(c.after.Regs)]
	for _, vs := range [2][]ir.Reg{c.after.Params, c.after.FreeVars} {
		for _, p := range vs {
			if err := c.def(nil, nil, p); err != nil {
				return err
			}
		}
	}
	perReg := take(&c.sc.counts, c.nregs+len(c.before.Regs)) // versions, then seen
	versions := perReg[:c.nregs:c.nregs]
	tracked := 0 // registers with two versions or a phi
	for _, o := range c.orig {
		if o != ir.NoReg {
			if versions[o]++; versions[o] == 2 {
				tracked++
			}
		}
	}
	for _, ab := range c.after.Blocks {
		if len(ab.Phis) > 0 && len(ab.Preds) < 2 {
			return c.r.at(ab, nil, "phi-join", "phis in a block with %d predecessors", len(ab.Preds))
		}
		if len(ab.Preds) >= 2 {
			c.joins = true
			for _, p := range ab.Preds {
				if t := c.before.Blocks[p].Terminator(); t == nil || t.Op != ir.OpJump {
					return c.r.at(ab, nil, "normalised", "edge from b%d into this join does not come from a jump", p)
				}
			}
		}
		for _, phi := range ab.Phis {
			if phi == nil || phi.Op != ir.OpPhi || len(phi.Dsts) != 1 || len(phi.Args) != len(ab.Preds) {
				return c.r.at(ab, phi, "phi-arity", "phi must have one result and %d arguments", len(ab.Preds))
			}
			d := phi.Dsts[0]
			if !validIn(d, c.orig) || c.orig[d] == ir.NoReg {
				return c.r.at(ab, phi, "structure", "phi result is not a version of any register")
			}
			for _, a := range phi.Args {
				if !validIn(a, c.orig) || c.orig[a] != c.orig[d] {
					return c.r.at(ab, phi, "structure", "phi argument %s is not a version of %s", a, c.orig[d])
				}
			}
			if err := c.def(ab, phi, d); err != nil {
				return err
			}
			if versions[c.orig[d]] < 2 {
				tracked++
			}
			versions[c.orig[d]] = 2 // a phi makes its register tracked
		}
	}
	// versions becomes the slots: each count is read once, then replaced.
	c.slot = versions
	c.renamed = take(&c.sc.regs, tracked)[:0]
	c.plain = flags[len(c.after.Regs):]
	c.counts = c.before.Counts()
	if !c.full && len(c.counts.Mentions) != len(c.before.Regs) {
		// Counts of another version of the input: the full mode decides.
		return c.r.fn("structure", "the input's register counts do not cover its %d registers", len(c.before.Regs))
	}
	for reg, n := range versions {
		c.slot[reg] = -1
		if n >= 2 {
			c.slot[reg] = int32(len(c.renamed))
			c.renamed = append(c.renamed, ir.Reg(reg))
		} else if reg < len(c.plain) {
			c.plain[reg] = c.orig[reg] == ir.Reg(reg) && (c.pro == nil || !c.pro.isVar(ir.Reg(reg)))
		}
	}
	for _, reg := range c.counts.Multi {
		if int(reg) < len(c.plain) {
			c.plain[reg] = false // defined twice in the input
		}
	}
	if !c.full {
		c.seen = perReg[c.nregs:]
		for _, vs := range [2][]ir.Reg{c.before.Params, c.before.FreeVars} {
			c.see(vs)
		}
	}
	return nil
}

// see counts the occurrences of the input registers rs (fast mode).
func (c *ssaCheck) see(rs []ir.Reg) {
	for _, r := range rs {
		if r >= 0 && int(r) < len(c.seen) {
			c.seen[r]++
		}
	}
}

// sharedArePlain checks, in fast mode, that the instructions the walk
// skipped mention plain registers only: every occurrence of the other
// registers was seen.
func (c *ssaCheck) sharedArePlain() error {
	if c.full {
		return nil
	}
	for r, n := range c.seen {
		if (r >= len(c.plain) || !c.plain[r]) && n != c.counts.Mentions[r] {
			return c.r.fn("structure", "an instruction shared with the input mentions r%d, which is renamed, promoted or defined twice", r)
		}
	}
	return nil
}

// plainInstr reports whether every register in mentions is plain.
func (c *ssaCheck) plainInstr(in *ir.Instr) bool {
	for _, a := range in.Args {
		if a != ir.NoReg && (a < 0 || int(a) >= len(c.plain) || !c.plain[a]) {
			return false
		}
	}
	for _, d := range in.Dsts {
		if d < 0 || int(d) >= len(c.plain) || !c.plain[d] {
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
	before, after, orig, slot := c.before, c.after, c.orig, c.slot
	postorder := before.CFG().Postorder
	if len(postorder) != len(before.Blocks) {
		return c.r.fn("structure", "not every block is reachable")
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
			if s := slot[orig[v]]; s >= 0 {
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
		live = before.NewLiveScan(slot, width)
	}
	var disagreements []disagreement
	hasPhi := take(&c.sc.flags, width) // at the join being checked, by slot
	for k := len(postorder) - 1; k >= 0; k-- {
		bi := postorder[k]
		b, ab := before.Blocks[bi], after.Blocks[bi]
		if len(b.Instrs) != len(ab.Instrs) {
			return c.r.at(ab, nil, "structure", "block differs from the input in length")
		}
		if !known[bi] {
			return c.r.at(ab, nil, "order", "no predecessor visited before this block")
		}
		copy(cur, typingOf(bi))
		for i, ins := range b.Instrs {
			out := ab.Instrs[i]
			if ins == out && !c.full {
				continue // checked by sharedArePlain
			}
			if ins == out && c.plainInstr(ins) {
				// Shared with the input, and only registers that are their
				// own single version: every rule holds but unique-def.
				for _, d := range out.Dsts {
					if c.defined[d] {
						return c.r.at(ab, out, "unique-def", "%s is defined more than once", d)
					}
					c.defined[d] = true
				}
				continue
			}
			if !c.full {
				c.see(ins.Args)
				c.see(ins.Dsts)
			}
			if c.pro != nil {
				var err error
				if ins, err = c.pro.view(b, ins); err != nil {
					return err
				}
			}
			if !sameShape(ins, out) || !c.erases(out.Args, ins.Args) || !c.erases(out.Dsts, ins.Dsts) {
				return c.r.at(ab, out, "structure", "instruction %d does not erase to the input's %q", i, ir.FormatInstr(before, b, b.Instrs[i]))
			}
			if live != nil {
				live.Instr(bi, ins)
			}
			for _, a := range out.Args {
				if a == ir.NoReg {
					continue
				}
				if s := slot[orig[a]]; s >= 0 && cur[s] != a {
					if cur[s] == unknown {
						return c.r.at(ab, out, "use", "%s is a version of %s, but no version of it is current here", a, orig[a])
					}
					return c.r.at(ab, out, "use", "%s is a version of %s, but the current version is %s", a, orig[a], cur[s])
				}
			}
			for _, d := range out.Dsts {
				if err := c.def(ab, out, d); err != nil {
					return err
				}
				if s := slot[orig[d]]; s >= 0 {
					cur[s] = d
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
					t[slot[orig[phi.Dsts[0]]]] = phi.Dsts[0]
				}
				known[s] = true
			}
			for _, phi := range succ.Phis {
				arg := phi.Args[predIndex]
				if want := cur[slot[orig[arg]]]; arg != want {
					return c.r.at(succ, phi, "phi-use", "argument %d is %s, but the version of %s current at the end of b%d is %s", predIndex, arg, orig[arg], bi, want)
				}
				// The argument is a use of its register at the end of
				// the block, for phi-missing: else a dead phi could
				// read a version that does not reach it on every path.
				if live != nil { // (phis sit at joins, so it is not)
					live.Use(bi, orig[arg])
				}
			}
			if len(succ.Preds) < 2 {
				continue
			}
			entry := typingOf(s)
			for _, phi := range succ.Phis {
				hasPhi[slot[orig[phi.Dsts[0]]]] = true
			}
			for i := range width {
				if !hasPhi[i] && cur[i] != entry[i] {
					disagreements = append(disagreements, disagreement{s, bi, int32(i), cur[i], entry[i]})
				}
			}
			for _, phi := range succ.Phis {
				hasPhi[slot[orig[phi.Dsts[0]]]] = false
			}
		}
	}
	// phi-missing: a register live at a join without a phi has the same
	// version at the end of every predecessor. (Disagreements are found
	// at joins only, so live is set.)
	if len(disagreements) > 0 {
		liveness := live.Solve(postorder)
		for _, d := range disagreements {
			reg := c.renamed[d.slot]
			if liveness.LiveIn(d.join, reg) {
				return c.r.at(after.Blocks[d.join], nil, "phi-missing", "%s is live here without a phi, but its version is %s from b%d and %s from another predecessor", reg, d.got, d.pred, d.want)
			}
		}
	}
	return nil
}

// validIn reports whether v is a register of the result (hints cover
// exactly the result's registers).
func validIn(v ir.Reg, orig []ir.Reg) bool { return v >= 0 && int(v) < len(orig) }
