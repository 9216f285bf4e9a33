// This file implements the well-formedness checker.
//
// Check recomputes everything it relies on (edges, dominators, definition
// counts) from the blocks and instructions; it trusts no cached data. It
// checks, per function:
//
// Block integrity
//   - block-index: Blocks[i] is non-nil and has Index i.
//   - terminator: every block ends with exactly one terminator, its last
//     instruction; no phi sits among the instructions.
//   - succs: a block has as many successors as its terminator takes
//     (jump 1, if 2, return and panic 0), all in range.
//   - preds: Preds lists exactly the incoming edges (as a multiset); the
//     entry has none.
//   - recover: the recover block, if any, is in range, not the entry, and
//     has no predecessors.
//   - reachable: every block is reachable from the entry (or is the
//     recover block, or reachable from it).
//
// Instruction integrity
//   - arity: operand and result counts fit the instruction kind.
//   - register: every register is in range and has a type; "_" appears
//     only where an operand is optional.
//   - types: operand and result types are consistent with the
//     instruction kind (check_types.go).
//
// Discipline
//   - RTL: no phis (phi-discipline); every register read is a parameter,
//     a free variable, or written by a reachable instruction (defined);
//     a register with a single definition has it dominate every use
//     (strict), as in SSA form — so only registers with several
//     definitions need renaming to build SSA.
//   - SSA: every register is defined exactly once, parameters and free
//     variables included (unique-def); every use is strictly dominated by
//     its definition, a phi argument counting as a use at the end of its
//     predecessor (strict); phis only at join blocks (phi-join) with one
//     argument per predecessor (phi-arity); every edge into a join block
//     leaves a block ending in a jump (normalised).
//
// Not checked yet: that a method set of a named type satisfies the
// interface it is converted to (the text format carries no method sets),
// and the arguments of built-in calls beyond their registers.

package ir

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vssa-go/vssa/ir/graph"
)

// Discipline selects the rules for registers and phis.
type Discipline uint8

const (
	RTL Discipline = iota // mutable registers, no phis
	SSA                   // single definitions, phis, strictness, normalised CFG
)

func (d Discipline) String() string {
	if d == SSA {
		return "SSA"
	}
	return "RTL"
}

// Rule names, as they appear in CheckError.Rule.
const (
	RuleBlockIndex    = "block-index"
	RuleTerminator    = "terminator"
	RuleSuccs         = "succs"
	RulePreds         = "preds"
	RuleRecover       = "recover"
	RuleReachable     = "reachable"
	RuleArity         = "arity"
	RuleRegister      = "register"
	RuleTypes         = "types"
	RulePhiDiscipline = "phi-discipline"
	RuleDefined       = "defined"
	RuleUniqueDef     = "unique-def"
	RuleStrict        = "strict"
	RulePhiJoin       = "phi-join"
	RulePhiArity      = "phi-arity"
	RuleNormalised    = "normalised"
)

// CheckError is one violated rule.
type CheckError struct {
	Func    string
	Block   int    // -1 if the error concerns the whole function
	Instr   int    // index in the block, phis first; -1 for the block itself
	Context string // the printed instruction, if any
	Rule    string
	Msg     string
}

func (e *CheckError) Error() string {
	var sb strings.Builder
	sb.WriteString(e.Func)
	if e.Block >= 0 {
		fmt.Fprintf(&sb, ": b%d", e.Block)
	}
	if e.Context != "" {
		fmt.Fprintf(&sb, ": %s", e.Context)
	}
	fmt.Fprintf(&sb, ": %s [%s]", e.Msg, e.Rule)
	return sb.String()
}

// CheckErrors is the list of violations of one function.
type CheckErrors []*CheckError

func (es CheckErrors) Error() string {
	if len(es) == 1 {
		return es[0].Error()
	}
	return fmt.Sprintf("%s (and %d more)", es[0].Error(), len(es)-1)
}

// Check reports whether f is well formed in discipline d. The error, if
// any, is a CheckErrors listing every violation found.
func Check(f *Func, d Discipline) error {
	return check(f, d, true)
}

// CheckStructure is Check without the types rule: every rule about
// blocks, edges, registers, arity and the discipline. Validators use it
// on results whose types follow from their input's (they check the types
// of what is new themselves).
func CheckStructure(f *Func, d Discipline) error {
	return check(f, d, false)
}

func check(f *Func, d Discipline, types bool) error {
	return (&checker{f: f, d: d, types: types}).check()
}

type checker struct {
	f      *Func
	d      Discipline
	types  bool // check the types rule
	dom    *graph.DomTree
	errs   CheckErrors
	counts *RegCounts // f's register counts, gathered on the way unless f has them
}

// check runs the checker. A well-formed function keeps the register
// counts gathered on the way (see Func.Counts).
func (c *checker) check() error {
	c.run()
	if len(c.errs) > 0 {
		return c.errs
	}
	if c.counts != nil {
		c.counts.finish()
		c.f.counts.Store(c.counts)
	}
	return nil
}

func (c *checker) domTree() *graph.DomTree {
	if c.dom == nil {
		c.dom = c.f.CFG().Dom
	}
	return c.dom
}

// at identifies an instruction: its block and index (phis first).
type at struct {
	block, index int
	in           *Instr
}

func (c *checker) errorf(where at, rule, format string, args ...any) {
	e := &CheckError{Func: c.f.Name, Block: where.block, Instr: where.index, Rule: rule, Msg: fmt.Sprintf(format, args...)}
	if where.in != nil && where.block >= 0 && where.block < len(c.f.Blocks) {
		e.Context = FormatInstr(c.f, c.f.Blocks[where.block], where.in)
	}
	c.errs = append(c.errs, e)
}

func (c *checker) blockErr(b int, rule, format string, args ...any) {
	c.errorf(at{block: b, index: -1}, rule, format, args...)
}

func (c *checker) funcErr(rule, format string, args ...any) {
	c.errorf(at{block: -1, index: -1}, rule, format, args...)
}

func (c *checker) run() {
	f := c.f
	if len(f.Blocks) == 0 {
		c.funcErr(RuleBlockIndex, "function has no blocks, want an entry block")
		return
	}
	// Structural errors make edges and dominance meaningless, so they
	// stop the check.
	if !c.checkBlocks() {
		return
	}
	if !c.checkEdges() {
		return
	}
	if !c.checkInstrs() {
		return // the discipline rules index by register
	}
	if c.d == SSA {
		c.checkSSA()
	} else {
		c.checkRTL()
	}
}

// checkBlocks checks block indices, terminators and successor counts.
func (c *checker) checkBlocks() bool {
	f := c.f
	ok := true
	for i, b := range f.Blocks {
		if b == nil {
			c.blockErr(i, RuleBlockIndex, "block is missing")
			ok = false
			continue
		}
		if b.Index != i {
			c.blockErr(i, RuleBlockIndex, "block has index %d, want %d", b.Index, i)
			ok = false
		}
	}
	if !ok {
		return false
	}
	for _, b := range f.Blocks {
		for j, in := range b.Instrs {
			if in == nil {
				c.blockErr(b.Index, RuleTerminator, "instruction %d is missing", j)
				ok = false
			}
		}
		for j, in := range b.Phis {
			if in == nil || in.Op != OpPhi {
				c.blockErr(b.Index, RuleTerminator, "phi list entry %d is not a phi", j)
				ok = false
			}
		}
		if !ok {
			continue
		}
		term := b.Terminator()
		if term == nil {
			c.blockErr(b.Index, RuleTerminator, "block does not end with a terminator")
			ok = false
		}
		for j, in := range b.Instrs {
			where := at{b.Index, len(b.Phis) + j, in}
			if in.Op.IsTerminator() && j != len(b.Instrs)-1 {
				c.errorf(where, RuleTerminator, "terminator is not the last instruction of its block")
				ok = false
			}
			if in.Op == OpPhi {
				c.errorf(where, RuleTerminator, "phi among the instructions, want it in the block's phis")
				ok = false
			}
			if in.Op == OpInvalid || in.Op >= numOps {
				c.errorf(where, RuleArity, "invalid instruction kind")
				ok = false
			}
		}
		if term != nil && len(b.Succs) != term.Op.NumSuccs() {
			c.blockErr(b.Index, RuleSuccs, "block has %d successors, want %d for %s", len(b.Succs), term.Op.NumSuccs(), term.Op)
			ok = false
		}
		for _, s := range b.Succs {
			if s < 0 || s >= len(f.Blocks) {
				c.blockErr(b.Index, RuleSuccs, "successor b%d out of range", s)
				ok = false
			}
		}
		for _, p := range b.Preds {
			if p < 0 || p >= len(f.Blocks) {
				c.blockErr(b.Index, RulePreds, "predecessor b%d out of range", p)
				ok = false
			}
		}
	}
	if f.Recover != -1 && (f.Recover <= 0 || f.Recover >= len(f.Blocks)) {
		c.funcErr(RuleRecover, "recover block b%d out of range", f.Recover)
		ok = false
	}
	return ok
}

// checkEdges checks that Preds mirror Succs and that every block is
// reachable. It reports whether the edges are consistent, which the
// remaining checks need.
func (c *checker) checkEdges() bool {
	f := c.f
	// Preds must list every edge into the block, as a multiset: the
	// number of edges into it matches, and each listed predecessor
	// appears as often as it has edges to the block.
	indegree := make([]int, len(f.Blocks))
	for _, b := range f.Blocks {
		for _, s := range b.Succs {
			indegree[s]++
		}
	}
	count := func(list []int, x int) int {
		n := 0
		for _, y := range list {
			if y == x {
				n++
			}
		}
		return n
	}
	for _, b := range f.Blocks {
		if len(b.Preds) != indegree[b.Index] {
			c.blockErr(b.Index, RulePreds, "block lists %d predecessors, but %d edges lead to it", len(b.Preds), indegree[b.Index])
			continue
		}
		for k, p := range b.Preds {
			if count(b.Preds[:k], p) > 0 {
				continue // counted at its first occurrence
			}
			if have, want := count(b.Preds, p), count(f.Blocks[p].Succs, b.Index); have != want {
				c.blockErr(b.Index, RulePreds, "predecessor b%d listed %d times, but b%d has %d edges to it", p, have, p, want)
			}
		}
	}
	if len(f.Blocks[0].Preds) > 0 {
		c.blockErr(0, RulePreds, "entry block has %d predecessors, want 0", len(f.Blocks[0].Preds))
	}
	if f.Recover > 0 && len(f.Blocks[f.Recover].Preds) > 0 {
		c.blockErr(f.Recover, RuleRecover, "recover block has %d predecessors, want 0", len(f.Blocks[f.Recover].Preds))
	}
	if len(c.errs) > 0 {
		return false
	}
	dom := c.domTree()
	for _, b := range f.Blocks {
		if !dom.Reachable(b.Index) {
			c.blockErr(b.Index, RuleReachable, "block is unreachable from the entry")
		}
	}
	return true
}

// checkInstrs checks arity, registers and types of every instruction.
// It reports whether all registers are valid.
func (c *checker) checkInstrs() bool {
	f := c.f
	regsOK := true
	for _, vs := range [2][]Reg{f.Params, f.FreeVars} {
		for _, r := range vs {
			if !c.validReg(r) {
				c.funcErr(RuleRegister, "parameter %s has no type or is out of range", r)
				regsOK = false
			}
		}
	}
	if f.counts.Load() == nil {
		c.counts = newRegCounts(f)
	}
	for _, b := range f.Blocks {
		for i, in := range b.Phis {
			regsOK = c.checkInstr(b, i, in) && regsOK
		}
		for i, in := range b.Instrs {
			regsOK = c.checkInstr(b, len(b.Phis)+i, in) && regsOK
		}
	}
	return regsOK
}

// validReg reports whether r is a register of the function with a type.
func (c *checker) validReg(r Reg) bool {
	return r >= 0 && int(r) < len(c.f.Regs) && c.f.Regs[r] != nil
}

// checkInstr checks instruction in, at index i of block b (phis first),
// and counts its registers on the way (the counts are kept only if the
// function is well-formed, so only valid registers matter). It reports
// whether all its registers are valid.
func (c *checker) checkInstr(b *Block, i int, in *Instr) bool {
	where := at{b.Index, i, in}
	ok := true
	if !in.Op.DstArity().ok(len(in.Dsts)) {
		c.errorf(where, RuleArity, "%s has %d results, want %s", in.Op, len(in.Dsts), arityString(in.Op.DstArity()))
		ok = false
	}
	if !in.Op.ArgArity().ok(len(in.Args)) {
		c.errorf(where, RuleArity, "%s has %d operands, want %s", in.Op, len(in.Args), arityString(in.Op.ArgArity()))
		ok = false
	}
	if in.IsCall() && len(in.Args) < in.callStart() {
		c.errorf(where, RuleArity, "%s has %d operands, want at least %d for its callee", in.Op, len(in.Args), in.callStart())
		ok = false
	}
	counts := c.counts
	for k, d := range in.Dsts {
		if !c.validReg(d) {
			c.errorf(where, RuleRegister, "result %s has no type or is out of range", d)
			ok = false
		} else if slices.Contains(in.Dsts[:k], d) {
			// Which write would win is not defined (a select
			// writes its chosen receive after the others).
			c.errorf(where, RuleRegister, "result %s is written twice", d)
			ok = false
		} else if counts != nil {
			counts.def(d)
		}
	}
	for k, a := range in.Args {
		if a == NoReg && optionalOperand(in, k) {
			continue
		}
		if !c.validReg(a) {
			c.errorf(where, RuleRegister, "operand %d (%s) has no type or is out of range", k, a)
			ok = false
		} else if counts != nil {
			counts.use(a)
		}
	}
	if ok && c.types {
		if msg := c.instrTypes(b, in); msg != "" {
			c.errorf(where, RuleTypes, "%s", msg)
		}
	}
	return ok
}

// optionalOperand reports whether operand k of in may be "_".
func optionalOperand(in *Instr, k int) bool {
	switch in.Op {
	case OpSlice:
		return k >= 1 // lo, hi, max
	case OpSliceCheck:
		return k == 0 || k == 2 // lo, max
	case OpMakeMap:
		return true // hint
	}
	return false
}

// forEachInstr visits the phis then the instructions of b, with their
// index in that order.
func forEachInstr(b *Block, visit func(i int, in *Instr)) {
	for i, in := range b.Phis {
		visit(i, in)
	}
	for i, in := range b.Instrs {
		visit(len(b.Phis)+i, in)
	}
}

func (c *checker) checkRTL() {
	f := c.f
	// defs[r] counts the reachable definitions of r; site is the last.
	defs := make([]int, len(f.Regs))
	sites := make([]defSite, len(f.Regs))
	for _, r := range f.Params {
		defs[r]++
		sites[r] = defSite{-1, -1}
	}
	for _, r := range f.FreeVars {
		defs[r]++
		sites[r] = defSite{-1, -1}
	}
	dom := c.domTree()
	for _, b := range f.Blocks {
		for i, in := range b.Phis {
			c.errorf(at{b.Index, i, in}, RulePhiDiscipline, "phi in RTL discipline")
		}
		if !dom.Reachable(b.Index) {
			continue
		}
		forEachInstr(b, func(i int, in *Instr) {
			for _, d := range in.Dsts {
				defs[d]++
				sites[d] = defSite{b.Index, i}
			}
		})
	}
	for _, b := range f.Blocks {
		reachable := dom.Reachable(b.Index)
		forEachInstr(b, func(i int, in *Instr) {
			for _, a := range in.Args {
				switch {
				case a == NoReg:
				case defs[a] == 0:
					c.errorf(at{b.Index, i, in}, RuleDefined, "%s is read but never written by a reachable instruction", a)
				case defs[a] == 1 && reachable && !available(dom, sites[a], b.Index, i):
					c.errorf(at{b.Index, i, in}, RuleStrict, "the only definition of %s does not dominate this use", a)
				}
			}
		})
	}
}

// available reports whether a definition at site s is available at index
// i of block b (i = the number of phis and instructions: the block's
// end), i.e. strictly dominates that point.
func available(dom *graph.DomTree, s defSite, b, i int) bool {
	if s.block < 0 || !dom.Reachable(b) {
		return true // parameters; unreachable uses are reported by the reachable rule
	}
	if s.block == b {
		return s.index < i
	}
	return dom.StrictlyDominates(s.block, b)
}

// defSite is where a register is defined: a block and an index in it
// (phis first); params and free variables have block -1.
type defSite struct {
	block, index int
}

func (c *checker) checkSSA() {
	f := c.f
	sites := make([]defSite, len(f.Regs))
	count := make([]int, len(f.Regs))
	for _, r := range f.Params {
		sites[r] = defSite{-1, -1}
		count[r]++
	}
	for _, r := range f.FreeVars {
		sites[r] = defSite{-1, -1}
		count[r]++
	}
	for _, b := range f.Blocks {
		forEachInstr(b, func(i int, in *Instr) {
			for _, d := range in.Dsts {
				count[d]++
				if count[d] == 2 {
					c.errorf(at{b.Index, i, in}, RuleUniqueDef, "%s is defined more than once", d)
				}
				sites[d] = defSite{b.Index, i}
			}
		})
	}
	dom := c.domTree()

	for _, b := range f.Blocks {
		nPreds := len(b.Preds)
		if len(b.Phis) > 0 && nPreds < 2 {
			c.blockErr(b.Index, RulePhiJoin, "block has phis but %d predecessors, want a join block (2 or more)", nPreds)
		}
		if nPreds >= 2 {
			for _, p := range b.Preds {
				if t := f.Blocks[p].Terminator(); t == nil || t.Op != OpJump {
					c.blockErr(b.Index, RuleNormalised, "edge from b%d into this join block does not come from a jump", p)
				}
			}
		}
		forEachInstr(b, func(i int, in *Instr) {
			where := at{b.Index, i, in}
			if in.Op == OpPhi {
				if len(in.Args) != nPreds {
					c.errorf(where, RulePhiArity, "phi has %d arguments, want %d (one per predecessor)", len(in.Args), nPreds)
					return
				}
				for k, a := range in.Args {
					p := b.Preds[k]
					if count[a] == 0 {
						c.errorf(where, RuleStrict, "argument %d (%s) is never defined", k, a)
					} else if count[a] == 1 && !available(dom, sites[a], p, len(f.Blocks[p].Phis)+len(f.Blocks[p].Instrs)) {
						c.errorf(where, RuleStrict, "argument %d (%s) is not defined on every path to the end of predecessor b%d", k, a, p)
					}
				}
				return
			}
			for _, a := range in.Args {
				if a == NoReg {
					continue
				}
				if count[a] == 0 {
					c.errorf(where, RuleStrict, "%s is used but never defined", a)
				} else if count[a] == 1 && !available(dom, sites[a], b.Index, i) {
					c.errorf(where, RuleStrict, "definition of %s does not dominate this use", a)
				}
			}
		})
	}
}
