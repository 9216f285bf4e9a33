// This file checks register allocation: the machine code of one
// function before allocation, on SSA values, against the same code
// after, whose every operand names the location it is read from or
// written to, with moves (spills, reloads, copies, the parallel moves
// on edges that implement phis) inserted. After Rideau and Leroy,
// "Validating register allocation and spilling" (CC 2010), as a forward
// dataflow over locations: at each point, which value each location
// holds. Properties checked:
//
//   - the code after is the code before, with locations added and moves
//     inserted: the same blocks, edges and phis, and, in each block, the
//     same instructions in the same order (the moves aside) with the same
//     values, clobbers and preservation;
//   - every location an instruction reads holds the value it reads there,
//     on every path: a location holds v after a definition of v writes
//     it or a move copies it from one holding v, until something else is
//     written there, an instruction clobbers it, or v is defined again
//     (a definition in a loop makes a new instance: copies of the old one
//     are stale);
//   - at each edge into a block with phis, after the edge's parallel
//     move, each phi's location holds the argument of that edge;
//   - no value is put in a reserved location (the machine's own, or a
//     scratch location the emitted code writes without any
//     description saying so), a parallel move writes each location
//     once, and no move follows the branch that ends a block with
//     several successors (the emitted code would not run it on every
//     edge): the dataflow's reading of the code is the emitter's.
//
// Locations are names to the validator: it never asks whether one is a
// register or a slot, or of which class. What an instruction does to
// locations is in its description: the values it reads and writes, the
// locations it clobbers, and, for a call that saves and restores the
// locations of the values live across it, that it preserves only those.

package validate

import (
	"fmt"

	"github.com/vssa-go/vssa/ir"
)

// A Loc is a machine location: a register or a stack slot, named by a
// small non-negative number. NoLoc marks an operand without one (all of
// them before allocation).
type Loc int32

const NoLoc Loc = -1

// A MachValue is an SSA value of the machine code: defined once, by an
// instruction or a phi.
type MachValue int32

// noValue marks a location holding no known value.
const noValue MachValue = -1

// An Operand is a value an instruction reads or writes, and where.
type Operand struct {
	V MachValue
	L Loc
}

// A Move copies the contents of Src to Dst.
type Move struct {
	Src, Dst Loc
}

// MachInstr is one instruction of machine code, or a move.
type MachInstr struct {
	// Ref identifies the machine instruction (its index in the code the
	// allocator was given); -1 marks a move inserted by the allocator.
	Ref int

	Uses, Defs []Operand

	// Clobbers lists the locations the instruction destroys besides
	// those it defines.
	Clobbers []Loc

	// PreservesUses marks a call that destroys every location but
	// those of its uses, which hold the same values after it.
	PreservesUses bool

	// Move is the copy a move (Ref < 0) performs.
	Move Move
}

// MachPhi defines Dst at the start of its block: Args[k] on the edge
// from the block's k-th predecessor.
type MachPhi struct {
	Dst  Operand
	Args []MachValue
}

// MachBlock is a basic block of machine code. Its last instruction
// decides which successor runs (or leaves the function).
type MachBlock struct {
	Preds, Succs []int
	Phis         []MachPhi
	Instrs       []MachInstr

	// EdgeMoves[k] is the parallel move on the edge to Succs[k] (nil
	// before allocation): every source is read before any destination
	// is written.
	EdgeMoves [][]Move
}

// MachFunc is the machine code of one function; Blocks[0] is the entry,
// where no location holds a value.
type MachFunc struct {
	Blocks []MachBlock

	// Reserved lists the locations no value may be given: those the
	// machine keeps for itself (the stack and frame pointers) and
	// those the code emitted for an instruction or a move may write
	// without its description saying so (scratch registers, the word
	// that breaks cycles of moves). Part of the description of the
	// code, like the clobbers: the same before allocation and after.
	Reserved []Loc
}

// RegAlloc checks that after is before with locations allocated.
func RegAlloc(before, after *MachFunc) error {
	if err := sameMachCode(before, after); err != nil {
		return err
	}
	reserved := make(map[Loc]bool, len(before.Reserved))
	for _, l := range before.Reserved {
		reserved[l] = true
	}
	nloc := 0
	// holding is a location a value is put in or read from: one the
	// code may use for values.
	bad := Loc(NoLoc)
	holding := func(l Loc) {
		if reserved[l] && bad == NoLoc {
			bad = l
		}
		note(&nloc, l)
	}
	for bi, b := range after.Blocks {
		for _, p := range b.Phis {
			holding(p.Dst.L)
		}
		for _, in := range b.Instrs {
			for _, o := range in.Uses {
				holding(o.L)
			}
			for _, o := range in.Defs {
				holding(o.L)
			}
			for _, l := range in.Clobbers {
				note(&nloc, l)
			}
			if in.Ref < 0 {
				holding(in.Move.Src)
				holding(in.Move.Dst)
			}
		}
		for _, ms := range b.EdgeMoves {
			for _, m := range ms {
				holding(m.Src)
				holding(m.Dst)
			}
		}
		if bad != NoLoc {
			return (&allocCheck{}).reject(bi, -1, RuleLocation, "location %d holds a value, but it is reserved (the machine's or the emitted code's own)", bad)
		}
	}
	a := &allocCheck{f: after, nloc: nloc, in: make([][]MachValue, len(after.Blocks))}
	a.solve()
	for i := range after.Blocks {
		if err := a.block(i, true); err != nil {
			return err
		}
	}
	return nil
}

// note raises *n above location l.
func note(n *int, l Loc) {
	if int(l) >= *n {
		*n = int(l) + 1
	}
}

// allocCheck is the dataflow: in[b] is what each location holds at b's
// start on every path that reaches it (nil: no path found yet).
type allocCheck struct {
	f    *MachFunc
	nloc int
	in   [][]MachValue
}

func (a *allocCheck) solve() {
	a.in[0] = a.unknown()
	work := []int{0}
	queued := make([]bool, len(a.f.Blocks))
	queued[0] = true
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		queued[b] = false
		out, _ := a.run(b, a.in[b], false)
		for k, s := range a.f.Blocks[b].Succs {
			st, _ := a.edge(b, k, out, false)
			if a.merge(s, st) && !queued[s] {
				queued[s] = true
				work = append(work, s)
			}
		}
	}
}

func (a *allocCheck) unknown() []MachValue {
	st := make([]MachValue, a.nloc)
	for i := range st {
		st[i] = noValue
	}
	return st
}

// merge meets st into b's start state and reports whether it changed.
func (a *allocCheck) merge(b int, st []MachValue) bool {
	if a.in[b] == nil {
		a.in[b] = st
		return true
	}
	changed := false
	for l, v := range a.in[b] {
		if v != noValue && st[l] != v {
			a.in[b][l] = noValue
			changed = true
		}
	}
	return changed
}

// block checks the reads of block b and of its outgoing edges against
// the solution.
func (a *allocCheck) block(b int, check bool) error {
	if a.in[b] == nil {
		return nil // unreachable: never runs
	}
	out, err := a.run(b, a.in[b], check)
	if err != nil {
		return err
	}
	for k := range a.f.Blocks[b].Succs {
		if _, err := a.edge(b, k, out, check); err != nil {
			return err
		}
	}
	return nil
}

// run returns what the locations hold at the end of block b, given
// what they hold at its start (which it does not change); with check,
// it rejects a read of a location that does not hold the value read.
func (a *allocCheck) run(b int, start []MachValue, check bool) ([]MachValue, error) {
	st := append([]MachValue(nil), start...)
	for i, in := range a.f.Blocks[b].Instrs {
		if in.Ref < 0 {
			st[in.Move.Dst] = st[in.Move.Src]
			continue
		}
		for _, u := range in.Uses {
			if check && st[u.L] != u.V {
				return nil, a.reject(b, i, RuleLocation, "v%d is read from location %d, which holds %s", u.V, u.L, holds(st[u.L]))
			}
		}
		for _, l := range in.Clobbers {
			st[l] = noValue
		}
		if in.PreservesUses {
			kept := a.unknown()
			for _, u := range in.Uses {
				kept[u.L] = st[u.L]
			}
			st = kept
		}
		for _, d := range in.Defs {
			kill(st, d.V)
		}
		for _, d := range in.Defs {
			st[d.L] = d.V
		}
	}
	return st, nil
}

// edge returns what the locations hold at the start of the k-th
// successor of b, given what they hold at b's end (which it does not
// change): the edge's parallel move, then the successor's phis.
func (a *allocCheck) edge(b, k int, end []MachValue, check bool) ([]MachValue, error) {
	blk := &a.f.Blocks[b]
	st := append([]MachValue(nil), end...)
	if k < len(blk.EdgeMoves) {
		for _, m := range blk.EdgeMoves[k] {
			st[m.Dst] = end[m.Src]
		}
	}
	succ := &a.f.Blocks[blk.Succs[k]]
	j := ir.PredIndexOf(blk.Succs, k, b, succ.Preds)
	for _, p := range succ.Phis {
		if check && st[p.Dst.L] != p.Args[j] {
			return nil, a.reject(b, -1, RuleLocation, "on the edge to b%d, phi v%d's location %d holds %s, want its argument v%d", blk.Succs[k], p.Dst.V, p.Dst.L, holds(st[p.Dst.L]), p.Args[j])
		}
	}
	for _, p := range succ.Phis {
		kill(st, p.Dst.V)
	}
	for _, p := range succ.Phis {
		st[p.Dst.L] = p.Dst.V
	}
	return st, nil
}

// kill forgets every copy of v: a new instance of it is being defined.
func kill(st []MachValue, v MachValue) {
	for l := range st {
		if st[l] == v {
			st[l] = noValue
		}
	}
}

func holds(v MachValue) string {
	if v == noValue {
		return "no known value"
	}
	return fmt.Sprintf("v%d", v)
}

func (a *allocCheck) reject(b, i int, rule Rule, format string, args ...any) *Error {
	e := &Error{Validator: "regalloc", Block: b, Rule: rule, Msg: fmt.Sprintf(format, args...)}
	if i >= 0 {
		e.Context = fmt.Sprintf("instruction %d", i)
	}
	return e
}

// sameMachCode checks that after is before with locations and moves:
// the structural half of RegAlloc, which the dataflow relies on (every
// location named, phis with one argument per predecessor).
func sameMachCode(before, after *MachFunc) error {
	a := &allocCheck{}
	fail := func(b, i int, format string, args ...any) error {
		return a.reject(b, i, RuleStructure, format, args...)
	}
	if before == nil || after == nil || len(before.Blocks) == 0 {
		return fail(-1, -1, "code is missing, want the code before allocation and after, with an entry block")
	}
	if len(before.Blocks) != len(after.Blocks) {
		return fail(-1, -1, "%d blocks after allocation, want %d", len(after.Blocks), len(before.Blocks))
	}
	if !sameLocs(before.Reserved, after.Reserved) {
		return fail(-1, -1, "reserved locations differ from the code before allocation")
	}
	for bi := range before.Blocks {
		x, y := &before.Blocks[bi], &after.Blocks[bi]
		if !sameInts(x.Preds, y.Preds) || !sameInts(x.Succs, y.Succs) {
			return fail(bi, -1, "edges differ from the code before allocation")
		}
		for k, s := range y.Succs {
			if s < 0 || s >= len(after.Blocks) || ir.PredIndexOf(y.Succs, k, bi, after.Blocks[s].Preds) < 0 {
				return fail(bi, -1, "successor b%d does not list the block as a predecessor once for each edge", s)
			}
		}
		if len(y.EdgeMoves) > len(y.Succs) {
			return fail(bi, -1, "moves for %d edges, the block has %d", len(y.EdgeMoves), len(y.Succs))
		}
		for _, ms := range y.EdgeMoves {
			// A parallel move writes each destination once: with two
			// writes, which one lands is the emitter's choice.
			for i, m := range ms {
				if m.Src < 0 || m.Dst < 0 {
					return fail(bi, -1, "an edge move without a location")
				}
				for _, o := range ms[:i] {
					if o.Dst == m.Dst {
						return fail(bi, -1, "an edge's parallel move writes location %d twice, want once", m.Dst)
					}
				}
			}
		}
		if len(x.Phis) != len(y.Phis) {
			return fail(bi, -1, "%d phis after allocation, want %d", len(y.Phis), len(x.Phis))
		}
		for i, p := range x.Phis {
			q := y.Phis[i]
			if p.Dst.V < 0 || p.Dst.V != q.Dst.V || q.Dst.L < 0 || len(p.Args) != len(x.Preds) || !sameValues(p.Args, q.Args) || !allValues(p.Args) {
				return fail(bi, -1, "phi %d differs from the code before allocation, has no location or names no value", i)
			}
		}
		for i := range x.Instrs {
			if !allOperandValues(x.Instrs[i].Uses) || !allOperandValues(x.Instrs[i].Defs) {
				return fail(bi, i, "instruction names no value, want a value for every operand")
			}
		}
		// The last instruction of a block with several successors
		// branches: nothing after it runs on every edge.
		last := -1
		for i, in := range y.Instrs {
			if in.Ref >= 0 {
				last = i
			}
		}
		j := 0
		for i, in := range y.Instrs {
			if in.Ref < 0 {
				if in.Move.Src < 0 || in.Move.Dst < 0 || len(in.Uses)+len(in.Defs)+len(in.Clobbers) > 0 || in.PreservesUses {
					return fail(bi, i, "a move that is not a plain copy between two locations")
				}
				if i > last && len(y.Succs) > 1 {
					return fail(bi, i, "a move after the branch that ends the block, want it before or on an edge")
				}
				continue
			}
			if j >= len(x.Instrs) || !sameMachInstr(&x.Instrs[j], &in) {
				return fail(bi, i, "instruction differs from the code before allocation or lacks a location")
			}
			j++
		}
		if j != len(x.Instrs) {
			return fail(bi, -1, "%d instructions after allocation, want %d", j, len(x.Instrs))
		}
	}
	return nil
}

// sameMachInstr reports whether y is x with a location for every
// operand.
func sameMachInstr(x, y *MachInstr) bool {
	same := func(p, q []Operand) bool {
		if len(p) != len(q) {
			return false
		}
		for i := range p {
			if p[i].V != q[i].V || q[i].L < 0 {
				return false
			}
		}
		return true
	}
	if x.Ref != y.Ref || x.PreservesUses != y.PreservesUses || !same(x.Uses, y.Uses) || !same(x.Defs, y.Defs) || len(x.Clobbers) != len(y.Clobbers) {
		return false
	}
	for i, l := range x.Clobbers {
		if y.Clobbers[i] != l || l < 0 {
			return false
		}
	}
	return true
}

func sameLocs(p, q []Loc) bool {
	if len(p) != len(q) {
		return false
	}
	for i := range p {
		if p[i] != q[i] {
			return false
		}
	}
	return true
}

// allValues and allOperandValues report whether every value named is
// one (noValue is what a location holds when it holds none).
func allValues(vs []MachValue) bool {
	for _, v := range vs {
		if v < 0 {
			return false
		}
	}
	return true
}

func allOperandValues(os []Operand) bool {
	for _, o := range os {
		if o.V < 0 {
			return false
		}
	}
	return true
}

func sameValues(p, q []MachValue) bool {
	if len(p) != len(q) {
		return false
	}
	for i := range p {
		if p[i] != q[i] {
			return false
		}
	}
	return true
}
