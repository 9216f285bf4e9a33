// This file counts how often each register of a function occurs, once
// per function, so that validators can tell which registers the
// instructions a pass left unchanged mention without reading them.

package ir

// RegCounts says, for each register of a function (by index), how many
// times it occurs in the function's instructions and phis, as a result
// or an operand (Mentions: an instruction naming a register twice counts
// twice), and how many of those occurrences are results, parameters and
// free variables counting as results too (Defs). Absent operands (NoReg)
// are not counted. Multi lists the registers defined twice or more, in
// increasing order (few: the bridge defines most registers once), for
// the validators that look for them without reading all of Defs.
//
// The full check (Check, not CheckStructure: the check of a pipeline's
// input) also counts, in AddrUses, the operands that name a register as
// the address of a load or store, and lists in Accesses every alloc,
// load and store, block after block: SSA construction finds the
// promotable allocations from them without reading the function again.
// Both are nil in counts the full check did not make.
type RegCounts struct {
	Mentions, Defs []int32
	Multi          []Reg
	AddrUses       []int32
	Accesses       []Access
}

// Access is an alloc, load or store: where it is (its index among its
// block's instructions, phis not counted), the address it defines or
// loads or stores through, and whether it is the alloc.
type Access struct {
	Block, Index int32
	Addr         Reg
	Alloc        bool
}

// ForgetChecks drops what the checker left on f (its register counts
// and its verdict), so that the next check or call of Counts starts
// afresh. Both are only a cache of what f's instructions say, so this
// is always safe; measurements that replay a pass on the same input use
// it to start, as the pass manager does, from what the checker has just
// made.
func (f *Func) ForgetChecks() {
	f.counts.Store(nil)
	f.verdict.Store(nil)
}

// Counts returns the register counts of f. They are computed once and
// kept with f, which the IR checker does as it reads every instruction
// anyway: the pass manager checks every function before it becomes a
// pass's input, so validators find them there. Keeping them assumes
// what sharing instructions between a pass's input and its result
// assumes already: a function is not changed once it is a pass's input
// (passes change their own copies only, see ShallowClone).
//
// f must be well-formed enough for its registers to be in range
// (otherwise registers out of range are not counted).
func (f *Func) Counts() *RegCounts {
	if c := f.counts.Load(); c != nil {
		return c
	}
	c := newRegCounts(f)
	for _, b := range f.Blocks {
		for _, in := range b.Phis {
			c.add(in)
		}
		for _, in := range b.Instrs {
			c.add(in)
		}
	}
	c.finish()
	f.counts.Store(c)
	return c
}

// newRegCounts returns the counts of f's parameters and free variables.
func newRegCounts(f *Func) *RegCounts {
	n := f.NumRegs()
	both := make([]int32, 2*n) // one allocation
	return countsIn(f, both[:n:n], both[n:])
}

// countsIn returns the counts of f's parameters and free variables in
// the given zeroed arrays, one int32 per register each.
func countsIn(f *Func, mentions, defs []int32) *RegCounts {
	c := &RegCounts{Mentions: mentions, Defs: defs}
	for _, vs := range [2][]Reg{f.Params, f.FreeVars} {
		for _, r := range vs {
			if c.inRange(r) {
				c.def(r)
			}
		}
	}
	return c
}

func (c *RegCounts) inRange(r Reg) bool { return r >= 0 && int(r) < len(c.Defs) }

// finish lists the registers with several definitions, once every
// instruction is counted.
func (c *RegCounts) finish() {
	for r, n := range c.Defs {
		if n >= 2 {
			c.Multi = append(c.Multi, Reg(r))
		}
	}
}

// add counts the registers of instruction in.
func (c *RegCounts) add(in *Instr) {
	for _, d := range in.Dsts() {
		if c.inRange(d) {
			c.def(d)
		}
	}
	for _, a := range in.Args() {
		if c.inRange(a) {
			c.use(a)
		}
	}
}

// def counts an occurrence of r as a result, use one as an operand (r in
// range).
func (c *RegCounts) def(r Reg) { c.Mentions[r]++; c.Defs[r]++ }
func (c *RegCounts) use(r Reg) { c.Mentions[r]++ }
