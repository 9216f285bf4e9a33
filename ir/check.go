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
//   - GSA: the SSA rules, and gamma, mu and eta only in this discipline
//     (gsa): gamma and mu among a join's phis, eta among the
//     instructions; a gamma has one gate per argument, an eta one, and
//     gates name boolean registers (gsa.go). Gate atoms are not uses:
//     strictness does not apply to them.
//
// Not checked yet: that a method set of a named type satisfies the
// interface it is converted to (the text format carries no method sets),
// and the arguments of built-in calls beyond their registers.

package ir

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/vssa-go/vssa/ir/graph"
)

// Discipline selects the rules for registers and phis.
type Discipline uint8

const (
	RTL Discipline = iota // mutable registers, no phis
	SSA                   // single definitions, phis, strictness, normalised CFG
	GSA                   // SSA plus gated instructions: gamma, mu, eta (see gsa.go)
)

func (d Discipline) String() string {
	switch d {
	case SSA:
		return "SSA"
	case GSA:
		return "GSA"
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
	RuleGSA           = "gsa"
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

// Verdict is what the checker leaves on a function it accepts: the
// discipline it was checked in, whether the types rule was checked too
// (Check, not CheckStructure), and, for Check, the function's
// fingerprint then (hashed on the way). Comparing that fingerprint with
// a new one tells whether the function is still the one that was
// accepted: the pass manager relies on the verdict instead of checking a
// pipeline's input again, and compares the fingerprint with the input's
// once the passes have run. (CheckStructure, which the manager runs on
// every result, leaves Fingerprint zero: the manager takes a result's
// fingerprint only if a later pass takes the result as its input.)
type Verdict struct {
	Discipline  Discipline
	Types       bool
	Fingerprint uint64
}

// Verdict returns the checker's last acceptance of f, or nil if f has
// not been accepted since it was made (or since ForgetChecks).
func (f *Func) Verdict() *Verdict { return f.verdict.Load() }

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
	return CheckWith(f, d, CheckOptions{Types: types})
}

// CheckOptions say what a check checks and what it leaves on the
// function.
type CheckOptions struct {
	// Types checks the types rule too (Check; CheckStructure does not).
	Types bool
	// Forget leaves nothing on the function, neither register counts
	// nor a verdict: for a function no pass or validator will take as
	// its input (the pass manager's last result), whose counts the
	// checker then keeps in memory of its own instead of allocating them.
	Forget bool
}

// CheckWith is Check or CheckStructure, as the options say.
func CheckWith(f *Func, d Discipline, o CheckOptions) error {
	c := checker{f: f, d: d, types: o.Types, forget: o.Forget, scratch: checkScratchPool.Get().(*checkScratch)}
	defer checkScratchPool.Put(c.scratch)
	return c.check()
}

type checker struct {
	f      *Func
	d      Discipline
	types  bool // check the types rule
	forget bool // leave no counts or verdict (CheckOptions.Forget)
	dom    *graph.DomTree

	// Errors, by the stage that finds them: each stage runs only if the
	// ones before it found nothing (structural errors make edges and
	// dominance meaningless, invalid registers the discipline rules), but
	// one scan of the instructions finds those of several stages.
	errs      CheckErrors // structure, edges, and whatever stage runs last
	instrErrs CheckErrors // arity, registers, types
	discErrs  CheckErrors // the discipline's, found by the scan (unique-def, phi-discipline)
	sink      errList     // where errorf puts an error
	regsOK    bool
	once      bool       // the scan checks the operands as it reads them (check_once.go)
	staged    bool       // run skips the one read (tests compare the two)
	counts    *RegCounts // f's register counts, gathered by the scan
	print     hasher     // f's fingerprint, fed by the scan
	scratch   *checkScratch
}

// errList names one of the checker's lists of errors. (The scan
// switches between them at every instruction: an index, unlike a
// pointer, is written without the garbage collector's write barrier.)
type errList uint8

const (
	toErrs errList = iota
	toInstrErrs
	toDiscErrs
)

// checkScratch is memory a check lends from a pool: most functions are
// small, and allocating its arrays for each was a good part of checking
// them.
type checkScratch struct {
	counts   []int32 // the counts of a check that leaves none
	sites    []defSite
	indegree []int32
	pending  []pendingUse // check_once.go
}

var checkScratchPool = sync.Pool{New: func() any { return new(checkScratch) }}

// check runs the checker. A well-formed function keeps the register
// counts gathered on the way (see Func.Counts) and the verdict.
func (c *checker) check() error {
	c.run()
	if len(c.errs) > 0 {
		return c.errs
	}
	if c.forget {
		return nil
	}
	c.counts.finish()
	c.f.counts.Store(c.counts)
	v := &Verdict{Discipline: c.d, Types: c.types}
	if c.types {
		v.Fingerprint = c.print.sum()
	}
	c.f.verdict.Store(v)
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
	switch c.sink {
	case toInstrErrs:
		c.instrErrs = append(c.instrErrs, e)
	case toDiscErrs:
		c.discErrs = append(c.discErrs, e)
	default:
		c.errs = append(c.errs, e)
	}
}

func (c *checker) blockErr(b int, rule, format string, args ...any) {
	c.errorf(at{block: b, index: -1}, rule, format, args...)
}

func (c *checker) funcErr(rule, format string, args ...any) {
	c.errorf(at{block: -1, index: -1}, rule, format, args...)
}

// run checks in stages: blocks and instruction placement, edges,
// instructions (arity, registers, types), then the discipline. The
// instructions are read twice: once by scan, for every stage's rules
// about a single instruction (and the definitions, which the discipline
// needs), then by the discipline for the uses. A function that breaks
// no rule is usually accepted before that, in one read (checkOnce).
func (c *checker) run() {
	f := c.f
	if len(f.Blocks) == 0 {
		c.funcErr(RuleBlockIndex, "function has no blocks, want an entry block")
		return
	}
	if !c.checkBlockIndices() {
		return
	}
	if !c.staged && c.checkOnce() {
		return
	}
	c.scan()
	if len(c.errs) > 0 {
		return
	}
	if !c.checkEdges() {
		return
	}
	c.errs = append(c.errs, c.instrErrs...)
	if !c.regsOK {
		return // the discipline rules index by register
	}
	if c.d != RTL {
		c.checkSSA()
	} else {
		c.checkRTL()
	}
}

// checkBlockIndices checks that every block is there, at its index.
func (c *checker) checkBlockIndices() bool {
	ok := true
	for i, b := range c.f.Blocks {
		if b == nil {
			c.blockErr(i, RuleBlockIndex, "block is missing")
			ok = false
		} else if b.Index != i {
			c.blockErr(i, RuleBlockIndex, "block has index %d, want %d", b.Index, i)
			ok = false
		}
	}
	return ok
}

// scan reads every instruction once. Into c.errs go the structural
// errors (block ends, successor counts and ranges, instructions missing
// or out of place, invalid kinds), into c.instrErrs those of arity,
// registers and types, and into c.discErrs the discipline's that one
// instruction shows (a phi in RTL, a second definition in SSA). It
// counts the registers and records the last definition of each.
func (c *checker) scan() {
	f := c.f
	c.regsOK = true
	c.sink = toInstrErrs
	for _, vs := range [2][]Reg{f.Params, f.FreeVars} {
		for _, r := range vs {
			if !c.validReg(r) {
				c.funcErr(RuleRegister, "parameter %s has no type or is out of range", r)
				c.regsOK = false
			}
		}
	}
	if c.forget {
		n := f.NumRegs()
		c.scratch.counts = resized(c.scratch.counts, 2*n)
		c.counts = countsIn(f, c.scratch.counts[:n:n], c.scratch.counts[n:])
	} else {
		c.counts = newRegCounts(f)
	}
	if c.types {
		c.counts.AddrUses = make([]int32, f.NumRegs())
	}
	if c.types {
		c.print.start(f)
	}
	c.scratch.sites = resized(c.scratch.sites, f.NumRegs())
	sites := c.scratch.sites
	for _, vs := range [2][]Reg{f.Params, f.FreeVars} {
		for _, r := range vs {
			if c.validReg(r) {
				sites[r] = defSite{-1, -1}
			}
		}
	}
	for _, b := range f.Blocks {
		c.sink = toErrs
		c.checkBlockEnd(b)
		if c.types {
			c.print.block(b)
		}
		for i, in := range b.Phis {
			c.sink = toErrs
			if c.types {
				c.print.instr(in)
			}
			if in == nil || !in.Op.IsMerge() {
				c.blockErr(b.Index, RuleTerminator, "phi list entry %d is not a phi", i)
				continue
			}
			c.checkGated(at{b.Index, i, in}, in)
			if c.d == RTL {
				c.sink = toDiscErrs
				c.errorf(at{b.Index, i, in}, RulePhiDiscipline, "phi in RTL discipline")
			}
			c.sink = toInstrErrs
			c.checkInstr(b, i, in)
		}
		last := len(b.Instrs) - 1
		for j, in := range b.Instrs {
			c.sink = toErrs
			if c.types {
				c.print.instr(in)
			}
			if in == nil {
				c.blockErr(b.Index, RuleTerminator, "instruction %d is missing", j)
				continue
			}
			where := at{b.Index, len(b.Phis) + j, in}
			switch {
			case in.Op.IsTerminator() && j != last:
				c.errorf(where, RuleTerminator, "terminator is not the last instruction of its block")
			case in.Op.IsMerge():
				c.errorf(where, RuleTerminator, "%s among the instructions, want it in the block's phis", in.Op)
			case in.Op == OpInvalid || in.Op >= numOps:
				c.errorf(where, RuleArity, "invalid instruction kind")
			default:
				c.checkGated(where, in)
				c.sink = toInstrErrs
				c.checkInstr(b, len(b.Phis)+j, in)
			}
		}
	}
	if f.Recover != -1 && (f.Recover <= 0 || f.Recover >= len(f.Blocks)) {
		c.sink = toErrs
		c.funcErr(RuleRecover, "recover block b%d out of range", f.Recover)
	}
	c.sink = toErrs
}

// checkBlockEnd checks that b ends with a terminator taking as many
// successors as b has, and that its edges stay among the blocks.
func (c *checker) checkBlockEnd(b *Block) {
	n := len(c.f.Blocks)
	if last := len(b.Instrs) - 1; last < 0 || b.Instrs[last] == nil || !b.Instrs[last].Op.IsTerminator() {
		if last < 0 || b.Instrs[last] != nil { // (a missing one is reported as such)
			c.blockErr(b.Index, RuleTerminator, "block does not end with a terminator")
		}
	} else if term := b.Instrs[last]; len(b.Succs) != term.Op.NumSuccs() {
		c.blockErr(b.Index, RuleSuccs, "block has %d successors, want %d for %s", len(b.Succs), term.Op.NumSuccs(), term.Op)
	}
	for _, s := range b.Succs {
		if s < 0 || s >= n {
			c.blockErr(b.Index, RuleSuccs, "successor b%d out of range", s)
		}
	}
	for _, p := range b.Preds {
		if p < 0 || p >= n {
			c.blockErr(b.Index, RulePreds, "predecessor b%d out of range", p)
		}
	}
}

// checkEdges checks that Preds mirror Succs and that every block is
// reachable. It reports whether the edges are consistent, which the
// remaining checks need.
func (c *checker) checkEdges() bool {
	f := c.f
	// Preds must list every edge into the block, as a multiset: the
	// number of edges into it matches, and each listed predecessor
	// appears as often as it has edges to the block.
	c.scratch.indegree = resized(c.scratch.indegree, len(f.Blocks))
	indegree := c.scratch.indegree
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
		if len(b.Preds) != int(indegree[b.Index]) {
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

// resized returns s with n zero elements, in its own memory if it has
// room.
func resized[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/4)
	}
	s = s[:n]
	clear(s)
	return s
}

// validReg reports whether r is a register of the function with a type.
func (c *checker) validReg(r Reg) bool { return c.f.HasReg(r) }

// checkInstr checks instruction in, at index i of block b (phis first),
// counts its registers and records its definitions. Invalid registers
// clear c.regsOK.
func (c *checker) checkInstr(b *Block, i int, in *Instr) {
	where := at{b.Index, i, in}
	ok := true
	if !in.Op.DstArity().ok(len(in.Dsts())) {
		c.errorf(where, RuleArity, "%s has %d results, want %s", in.Op, len(in.Dsts()), arityString(in.Op.DstArity()))
		ok = false
	}
	if !in.Op.ArgArity().ok(len(in.Args())) {
		c.errorf(where, RuleArity, "%s has %d operands, want %s", in.Op, len(in.Args()), arityString(in.Op.ArgArity()))
		ok = false
	}
	if in.IsCall() && len(in.Args()) < in.callStart() {
		c.errorf(where, RuleArity, "%s has %d operands, want at least %d for its callee", in.Op, len(in.Args()), in.callStart())
		ok = false
	}
	counts, sites := c.counts, c.scratch.sites
	for k, d := range in.Dsts() {
		if !c.validReg(d) {
			c.errorf(where, RuleRegister, "result %s has no type or is out of range", d)
			ok, c.regsOK = false, false
			continue
		}
		if k > 0 && slices.Contains(in.Dsts()[:k], d) {
			// Which write would win is not defined (a select
			// writes its chosen receive after the others).
			c.errorf(where, RuleRegister, "result %s is written twice", d)
			ok, c.regsOK = false, false
			continue
		}
		counts.def(d)
		sites[d] = defSite{int32(b.Index), int32(i)}
		if c.d != RTL && counts.Defs[d] == 2 {
			c.sink = toDiscErrs
			c.errorf(where, RuleUniqueDef, "%s is defined more than once", d)
			c.sink = toInstrErrs
		}
	}
	for k, a := range in.Args() {
		if a == NoReg && optionalOperand(in, k) {
			continue
		}
		if !c.validReg(a) {
			c.errorf(where, RuleRegister, "operand %d (%s) has no type or is out of range", k, a)
			ok, c.regsOK = false, false
			continue
		}
		counts.use(a)
		if c.once && !in.Op.IsMerge() {
			c.useNow(b.Index, i, a)
		}
	}
	if ok && c.types {
		if msg := c.instrTypes(b, in); msg != "" {
			c.errorf(where, RuleTypes, "%s", msg)
		}
		c.noteAccess(b, i-len(b.Phis), in)
	}
}

// noteAccess counts the address use of a load or store and lists the
// allocs, loads and stores (in is valid, and not a phi).
func (c *checker) noteAccess(b *Block, j int, in *Instr) {
	var addr Reg
	switch {
	case in.Op == OpAlloc:
		addr = in.Dsts()[0]
	case in.Op == OpLoad || in.Op == OpStore:
		addr = in.Args()[0]
		c.counts.AddrUses[addr]++
	default:
		return
	}
	c.counts.Accesses = append(c.counts.Accesses, Access{int32(b.Index), int32(j), addr, in.Op == OpAlloc})
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

// checkRTL checks the RTL discipline: every register read is defined by
// a reachable instruction, and the only definition of a register
// defined once strictly dominates its uses.
func (c *checker) checkRTL() {
	f := c.f
	dom := c.domTree()
	// The definitions the scan counted are the reachable ones unless
	// some block is unreachable (an error already reported): then they
	// are counted again, reachable blocks only.
	defs, sites := c.counts.Defs, c.scratch.sites
	if len(c.errs) > 0 {
		defs = make([]int32, f.NumRegs())
		for _, vs := range [2][]Reg{f.Params, f.FreeVars} {
			for _, r := range vs {
				defs[r]++
				sites[r] = defSite{-1, -1}
			}
		}
		for _, b := range f.Blocks {
			if !dom.Reachable(b.Index) {
				continue
			}
			for i, in := range b.Phis {
				for _, d := range in.Dsts() {
					defs[d]++
					sites[d] = defSite{int32(b.Index), int32(i)}
				}
			}
			for i, in := range b.Instrs {
				for _, d := range in.Dsts() {
					defs[d]++
					sites[d] = defSite{int32(b.Index), int32(len(b.Phis) + i)}
				}
			}
		}
	}
	c.errs = append(c.errs, c.discErrs...)
	for _, b := range f.Blocks {
		reachable := dom.Reachable(b.Index)
		for i, in := range b.Phis {
			c.rtlUses(defs, sites, dom, b, i, in, reachable)
		}
		for i, in := range b.Instrs {
			c.rtlUses(defs, sites, dom, b, len(b.Phis)+i, in, reachable)
		}
	}
}

// rtlUses checks the operands of instruction in at index i of block b.
func (c *checker) rtlUses(defs []int32, sites []defSite, dom *graph.DomTree, b *Block, i int, in *Instr, reachable bool) {
	for _, a := range in.Args() {
		switch {
		case a == NoReg:
		case defs[a] == 0:
			c.errorf(at{b.Index, i, in}, RuleDefined, "%s is read but never written by a reachable instruction", a)
		case defs[a] == 1 && reachable && !available(dom, sites[a], b.Index, i):
			c.errorf(at{b.Index, i, in}, RuleStrict, "the only definition of %s does not dominate this use", a)
		}
	}
}

// available reports whether a definition at site s is available at index
// i of block b (i = the number of phis and instructions: the block's
// end), i.e. strictly dominates that point.
func available(dom *graph.DomTree, s defSite, b, i int) bool {
	if s.block < 0 || !dom.Reachable(b) {
		return true // parameters; unreachable uses are reported by the reachable rule
	}
	if int(s.block) == b {
		return int(s.index) < i
	}
	return dom.StrictlyDominates(int(s.block), b)
}

// defSite is where a register is defined: a block and an index in it
// (phis first); params and free variables have block -1.
type defSite struct {
	block, index int32
}

// checkSSA checks the SSA discipline; the scan has counted the
// definitions (params and free variables included) and reported the
// registers defined twice.
func (c *checker) checkSSA() {
	f := c.f
	count, sites := c.counts.Defs, c.scratch.sites
	dom := c.domTree()
	c.errs = append(c.errs, c.discErrs...)
	for _, b := range f.Blocks {
		c.ssaBlock(b)
		for j, in := range b.Instrs {
			i := len(b.Phis) + j
			for _, a := range in.Args() {
				if a == NoReg {
					continue
				}
				if count[a] == 0 {
					c.errorf(at{b.Index, i, in}, RuleStrict, "%s is used but never defined", a)
				} else if count[a] == 1 && !available(dom, sites[a], b.Index, i) {
					c.errorf(at{b.Index, i, in}, RuleStrict, "definition of %s does not dominate this use", a)
				}
			}
		}
	}
}

// ssaBlock checks the SSA rules about block b and its phis: phis at
// joins only, joins entered from jumps, one argument per predecessor,
// each defined on every path to the end of its predecessor.
func (c *checker) ssaBlock(b *Block) {
	f := c.f
	count, sites := c.counts.Defs, c.scratch.sites
	dom := c.domTree()
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
	for i, in := range b.Phis {
		where := at{b.Index, i, in}
		if len(in.Args()) != nPreds {
			c.errorf(where, RulePhiArity, "phi has %d arguments, want %d (one per predecessor)", len(in.Args()), nPreds)
			continue
		}
		for k, a := range in.Args() {
			p := b.Preds[k]
			if count[a] == 0 {
				c.errorf(where, RuleStrict, "argument %d (%s) is never defined", k, a)
			} else if count[a] == 1 && !available(dom, sites[a], p, len(f.Blocks[p].Phis)+len(f.Blocks[p].Instrs)) {
				c.errorf(where, RuleStrict, "argument %d (%s) is not defined on every path to the end of predecessor b%d", k, a, p)
			}
		}
	}
}
