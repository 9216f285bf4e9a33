// This file allocates registers on SSA (after Hack, Grund and Goos's
// SSA-based allocation): values are first spilled until no more are
// live at any point than the registers can hold, leaving room for the
// temporary registers reloads need; then the rest are coloured in an
// order where every definition comes before the blocks it dominates,
// which on SSA's chordal interference needs no more colours than that.
// A spilled value lives in a stack slot (its own, or one shared with
// the phis it feeds: spillslots.go): its definition
// writes a temporary register copied to the slot, each use reads a
// temporary reloaded from it. Phis become parallel moves on the edges
// into their blocks; a definition prefers the register its first
// operand dies in, and a phi argument's, so that most moves vanish.
//
// The result is not trusted: validate.RegAlloc checks it before the
// code is emitted.

package native

import (
	"fmt"
	"maps"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/validate"
)

// Locations: the amd64 general registers by their hardware numbers,
// the SSE registers X0–X15 after them, stack slots after those.
const (
	locAX     validate.Loc = 0
	locCX     validate.Loc = 1
	locDX     validate.Loc = 2
	locSI     validate.Loc = 6
	locDI     validate.Loc = 7
	locR11                 = 11
	locX0                  = 16
	locX15                 = 31
	firstSlot              = 32
)

// The allocatable registers, in order of preference: those no
// instruction needs for itself first. SP and BP are the stack and frame
// pointers; R11 and X15 are the emitter's scratch registers; R15 is left
// alone (dynamically linked code uses it). Those, with the swap word,
// are reserved: the validator refuses an allocation that puts a value
// in one, since the emitted code writes them without any instruction's
// description saying so.
var (
	gpRegs   = []validate.Loc{3, 6, 7, 8, 9, 10, 12, 13, 14, 1, 2, 0}
	fpRegs   = []validate.Loc{16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30}
	reserved = []validate.Loc{4, 5, locR11, 15, locX15, swapLoc}
)

// Allocation is machine code with its registers allocated and checked.
type Allocation struct {
	Func *Func
	// Code lists the instructions; MachInstr.Ref indexes it.
	Code []*Instr
	// After is the validated code: every operand's location, and the
	// moves.
	After *validate.MachFunc
	// SlotClass gives the class of the value each stack slot holds
	// (slot k is location firstSlot+k).
	SlotClass []Class
	// Spilled says, by value, whether it lives in a stack slot.
	Spilled []bool
}

// Allocate allocates registers for f and validates the result.
func Allocate(f *Func) (*Allocation, error) {
	removeDead(f)
	copied := splitAtCalls(f)
	maps.Copy(copied, splitAtColdCalls(f, copied))
	a, err := allocate(f, copied)
	if err != nil {
		return nil, err
	}
	cost := a.spillCost()
	if loops := a.splitAtLoops(); len(loops) > 0 {
		// The loops' copies change which values are live where: the
		// allocation starts again, and is kept if its stack traffic
		// costs less (the copies add pressure where they are made,
		// which may spill other values).
		maps.Copy(copied, loops)
		b, err := allocate(f, copied)
		if err != nil {
			return nil, err
		}
		if b.spillCost() < cost {
			a = b
		} else {
			// Back to the first allocation's code: its polls list the
			// values its liveness has live across them.
			unsplit(f, loops)
			for c := range loops {
				delete(copied, c)
			}
			a.fillPolls()
		}
	}
	before := a.machFunc(false)
	after := a.machFunc(true)
	if corruptAllocation != nil {
		corruptAllocation(after)
	}
	if err := validate.RegAlloc(before, after); err != nil {
		return nil, fmt.Errorf("internal error: register allocation rejected: %v", err)
	}
	unsplit(f, copied)
	return &Allocation{Func: f, Code: a.code, After: after, SlotClass: a.slotClass, Spilled: a.spilled}, nil
}

// allocate spills and colours f; copied maps the split copies in f to
// the values they copy.
func allocate(f *Func, copied map[Value]Value) (*allocator, error) {
	lv := computeLiveness(f)
	a := &allocator{f: f, lv: lv, spilled: make([]bool, len(f.Values)), depth: loopDepths(f), copied: copied, gp: allocatableGP(f), pinned: branchResults(f)}
	for _, b := range f.Blocks {
		a.code = append(a.code, b.Instrs...)
	}
	a.ref = make(map[*Instr]int, len(a.code))
	for i, in := range a.code {
		a.ref[in] = i
	}
	a.liveAfter()
	a.fillPolls()
	a.costs()
	for round := 0; ; round++ {
		if round > len(f.Values) {
			return nil, fmt.Errorf("internal error: register allocation does not converge")
		}
		if v, ok := a.overPressure(); ok {
			a.spilled[v] = true
			continue
		}
		if v, ok := a.color(); !ok {
			a.spilled[v] = true
			continue
		}
		break
	}
	return a, nil
}

// corruptAllocation, set by tests, changes an allocation before it is
// validated, as an allocator bug would.
var corruptAllocation func(*validate.MachFunc)

type allocator struct {
	f       *Func
	gp      []validate.Loc // the general registers values may be given (r15.go)
	lv      *liveness
	code    []*Instr
	ref     map[*Instr]int
	after   [][]bitset // block → instruction → values live after it
	spilled []bool
	depth   []int // block → loop depth
	cost    []int // value → what spilling it costs
	// copied maps each copy splitAtCalls made to the value it copies.
	copied map[Value]Value
	// pinned says, by value, that it is never spilled: its store would
	// follow the branch that defines it (branchresults.go).
	pinned []bool

	loc       []validate.Loc // value → its register (not spilled) or slot
	slotClass []Class
	// operand locations of the allocated code: per instruction, its
	// uses' and definition's, and the reloads before it.
	useLoc  [][]validate.Loc
	defLoc  []validate.Loc
	reloads [][]validate.Move
	// endCache is, by block, the registers that still hold spilled
	// values at its end: an edge's move reads a phi's spilled argument
	// there rather than from its slot.
	endCache []reloadCache
}

// liveAfter computes the values live after each instruction.
func (a *allocator) liveAfter() {
	a.after = make([][]bitset, len(a.f.Blocks))
	for _, b := range a.f.Blocks {
		live := a.lv.out[b.Index].clone()
		sets := make([]bitset, len(b.Instrs))
		for x := len(b.Instrs) - 1; x >= 0; x-- {
			sets[x] = live.clone()
			in := b.Instrs[x]
			if in.Dst != NoValue {
				live.remove(in.Dst)
			}
			for _, u := range in.uses() {
				live.add(u)
			}
		}
		a.after[b.Index] = sets
	}
}

// fillPolls makes every poll use the values live across it: those live
// after it (it defines nothing, so they are live before it too, and
// listing them changes no set liveAfter computed).
func (a *allocator) fillPolls() {
	for _, b := range a.f.Blocks {
		for x, in := range b.Instrs {
			if in.Op == OpPoll {
				in.Args = nil
				a.after[b.Index][x].each(func(v Value) { in.Args = append(in.Args, v) })
			}
		}
	}
}

// takesSlots reports whether in can read its operands from stack slots
// (the emitter loads them itself).
func takesSlots(in *Instr) bool { return in.Op == OpPoll || in.Op == OpReturn }

// takesSlot reports whether in can read operand i from a stack slot:
// all of a poll's and a return's, and the second of an integer AND of
// two registers, which reads it as a memory operand (slotoperands.go).
func takesSlot(in *Instr, i int) bool { return takesSlots(in) || andFromSlot(in, i) }

// regOperands returns the operands of in that must be in registers.
func regOperands(in *Instr) map[Value]bool {
	need := map[Value]bool{}
	for i, u := range in.uses() {
		if !takesSlot(in, i) {
			need[u] = true
		}
	}
	return need
}

// overPressure finds the points where an instruction needs more
// registers of a class than there are, and returns a value to spill. An
// instruction needs, at once, a register for each value live before it
// and each spilled operand it reloads, and after it, for each value live
// then and its result; the values live across it must also fit in the
// registers it does not clobber. The value spilled is one live across
// such an instruction (spilling an operand would not help: it needs a
// register anyway): of those, the one whose uses and definition cost
// least (counted 8× per loop level) for each of the points it would
// relieve. A long-lived value used once in a while outside the hot code
// (sha1's h0..h4) thus goes before the short-lived temporaries of a
// long block, each of which relieves only a few points.
func (a *allocator) overPressure() (Value, bool) {
	cost := a.cost
	relieves := map[Value]int{}
	found, fallback := false, NoValue
	for _, b := range a.f.Blocks {
		for x, in := range b.Instrs {
			before, after := a.before(b, x), a.after[b.Index][x]
			operand := map[Value]bool{}
			for _, u := range in.uses() {
				operand[u] = true
			}
			inReg := regOperands(in)
			for _, class := range []Class{GP, FP} {
				regs := a.gp
				if class == FP {
					regs = fpRegs
				}
				free := len(regs)
				for _, l := range clobbers(in) {
					if regClass(l) == class {
						free--
					}
				}
				mine := func(v Value) bool { return a.f.Values[v].Class == class }
				nb, na, through := 0, 0, 0
				var candidates []Value
				before.each(func(v Value) {
					if mine(v) && (!a.spilled[v] || inReg[v]) {
						nb++
					}
				})
				after.each(func(v Value) {
					if !mine(v) || a.spilled[v] && v != in.Dst {
						return
					}
					na++
					if v == in.Dst || !before.has(v) || a.spilled[v] {
						return
					}
					through++
					if !operand[v] && !a.pinned[v] {
						candidates = append(candidates, v)
					}
				})
				if in.Dst != NoValue && mine(in.Dst) && !after.has(in.Dst) {
					na++ // a result nobody reads still needs a register
				}
				if nb <= len(regs) && na <= len(regs) && through <= free {
					continue
				}
				found = true
				for _, v := range candidates {
					relieves[v]++
				}
				if len(candidates) == 0 && fallback == NoValue {
					before.each(func(v Value) {
						if fallback == NoValue && mine(v) && !a.spilled[v] && !operand[v] && !a.pinned[v] {
							fallback = v
						}
					})
				}
			}
		}
	}
	if !found {
		return NoValue, false
	}
	best := NoValue
	for v, n := range relieves {
		// cost/n least; ties to the lower value, for a deterministic choice.
		if best == NoValue || cost[v]*relieves[best] < cost[best]*n || cost[v]*relieves[best] == cost[best]*n && v < best {
			best = v
		}
	}
	if best == NoValue {
		best = fallback
	}
	if best == NoValue {
		return NoValue, false // nothing to spill helps: coloring decides
	}
	return best, true
}

// costs sets the cost of spilling each value: its uses and definition,
// counted 8× per loop level.
func (a *allocator) costs() {
	cost := make([]int, len(a.f.Values))
	weight := func(b int) int {
		w := 1
		for i := 0; i < a.depth[b] && i < 6; i++ {
			w *= 8
		}
		return w
	}
	for _, b := range a.f.Blocks {
		for _, in := range b.Instrs {
			if in.Dst != NoValue {
				cost[in.Dst] += weight(b.Index)
			}
			for _, u := range in.uses() {
				cost[u] += weight(b.Index)
			}
		}
		for _, p := range b.Phis {
			cost[p.Dst] += weight(b.Index)
		}
	}
	a.cost = cost
}

// before returns the values live before instruction x of b.
func (a *allocator) before(b *Block, x int) bitset {
	live := a.after[b.Index][x].clone()
	in := b.Instrs[x]
	if in.Dst != NoValue {
		live.remove(in.Dst)
	}
	for _, u := range in.uses() {
		live.add(u)
	}
	return live
}

// avoid returns, for each value, the registers it must not have: those
// an instruction it is live across clobbers.
func (a *allocator) avoid() []map[validate.Loc]bool {
	av := make([]map[validate.Loc]bool, len(a.f.Values))
	for _, b := range a.f.Blocks {
		for x, in := range b.Instrs {
			cl := clobbers(in)
			if len(cl) == 0 {
				continue
			}
			a.after[b.Index][x].each(func(v Value) {
				if v == in.Dst {
					return
				}
				if av[v] == nil {
					av[v] = map[validate.Loc]bool{}
				}
				for _, l := range cl {
					av[v][l] = true
				}
			})
		}
	}
	return av
}

// color assigns registers to the values not spilled, slots to the
// others, and temporaries to spilled operands; it returns a value it
// could not colour.
func (a *allocator) color() (Value, bool) {
	f := a.f
	avoid := a.avoid()
	off := offCX(f)
	a.loc = make([]validate.Loc, len(f.Values))
	for i := range a.loc {
		a.loc[i] = validate.NoLoc
	}
	slots, n := a.spillSlots()
	a.slotClass = make([]Class, n)
	for v, s := range slots {
		if s >= 0 {
			a.loc[v] = validate.Loc(firstSlot + s)
			a.slotClass[s] = f.Values[v].Class
		}
	}
	a.endCache = make([]reloadCache, len(f.Blocks))
	for i := range a.endCache {
		a.endCache[i].clear()
	}
	a.useLoc = make([][]validate.Loc, len(a.code))
	a.defLoc = make([]validate.Loc, len(a.code))
	a.reloads = make([][]validate.Move, len(a.code))
	regsOf := func(c Class) []validate.Loc {
		if c == FP {
			return fpRegs
		}
		return a.gp
	}
	for _, b := range reversePostorder(f) {
		var holder [firstSlot]Value
		for i := range holder {
			holder[i] = NoValue
		}
		a.lv.in[b.Index].each(func(v Value) {
			if !a.spilled[v] {
				holder[a.loc[v]] = v
			}
		})
		// cache records, for each free register, the spilled value it
		// still holds since a reload or a definition wrote it (NoValue
		// if none): a later use in the block reads it there instead of
		// reloading (reloadcache.go).
		var cache reloadCache
		cache.clear()
		// pick returns a free register of class c not in no, preferring
		// those in prefer, then those that cache nothing; the register
		// is about to be written, so it caches nothing any more.
		pick := func(c Class, no map[validate.Loc]bool, prefer ...validate.Loc) validate.Loc {
			l := validate.NoLoc
			for _, p := range prefer {
				if p >= 0 && p < firstSlot && holder[p] == NoValue && !no[p] && regClass(p) == c {
					l = p
					break
				}
			}
			for pass := 0; pass < 2 && l < 0; pass++ {
				for _, r := range regsOf(c) {
					if holder[r] == NoValue && !no[r] && (pass == 1 || cache[r] == NoValue) {
						l = r
						break
					}
				}
			}
			if l >= 0 {
				cache[l] = NoValue
			}
			return l
		}
		for _, p := range b.Phis {
			if a.spilled[p.Dst] {
				continue
			}
			// The register of the phi it feeds on an edge out of the
			// block (a loop's single latch feeding the header), then
			// its arguments'.
			prefer := a.phiPreference(b, p.Dst)
			for _, arg := range p.Args {
				if !a.spilled[arg] && a.loc[arg] >= 0 {
					prefer = append(prefer, a.loc[arg])
				}
			}
			l := pickOffCX(pick, off, p.Dst, f.Values[p.Dst].Class, avoid[p.Dst], prefer...)
			if l < 0 {
				return a.victim(p.Dst, holder[:]), false
			}
			a.loc[p.Dst] = l
			holder[l] = p.Dst
		}
		for x, in := range b.Instrs {
			r := a.ref[in]
			live := a.after[b.Index][x]
			uses := make([]validate.Loc, len(in.Args))
			var temps []validate.Loc
			for i, u := range in.Args {
				switch {
				case !a.spilled[u]:
					uses[i] = a.loc[u]
				case takesSlot(in, i):
					uses[i] = a.loc[u]
					if t := cache.find(u); t >= 0 && !takesSlots(in) {
						uses[i] = t // the register that still holds it
						temps = append(temps, t)
					}
				default:
					// The register that still holds it, else a reload
					// into a free register; the same for a value read
					// twice.
					uses[i] = validate.NoLoc
					for j := 0; j < i; j++ {
						if in.Args[j] == u {
							uses[i] = uses[j]
						}
					}
					if uses[i] == validate.NoLoc {
						if t := cache.find(u); t >= 0 {
							temps = append(temps, t)
							uses[i] = t
							continue
						}
						no := map[validate.Loc]bool{}
						for _, t := range temps {
							no[t] = true
						}
						t := pick(f.Values[u].Class, no)
						if t < 0 {
							return u, false
						}
						temps = append(temps, t)
						uses[i] = t
						a.reloads[r] = append(a.reloads[r], validate.Move{Src: a.loc[u], Dst: t})
					}
				}
			}
			// The reloaded registers hold their values until written;
			// the instruction's clobbers (a poll's: every register)
			// write them.
			for _, m := range a.reloads[r] {
				cache[m.Dst] = a.valueIn(in, uses, m.Dst)
			}
			cache.clobber(in)
			a.useLoc[r] = uses
			// Operands read here for the last time free their registers.
			var freed []validate.Loc
			for i, u := range in.Args {
				if !a.spilled[u] && !live.has(u) && holder[a.loc[u]] == u {
					holder[a.loc[u]] = NoValue
					if i == 0 {
						freed = append(freed, a.loc[u])
					}
				}
			}
			a.defLoc[r] = validate.NoLoc
			if in.Dst == NoValue {
				continue
			}
			d := in.Dst
			c := f.Values[d].Class
			if a.spilled[d] {
				no := map[validate.Loc]bool{}
				t := pick(c, no, freed...)
				if t < 0 {
					return d, false
				}
				a.defLoc[r] = t
				cache[t] = d // stored to its slot, and still here
				continue
			}
			// The register of the phi it feeds first (no move on the
			// edge), then its first operand's if that dies here (no copy).
			prefer := append(a.phiPreference(b, d), freed...)
			if _, ok := a.copied[d]; ok && uses[0] < firstSlot {
				// A split's copy: the register its value was
				// reloaded into, so that the copy is the reload.
				prefer = append(prefer, uses[0])
			}
			switch {
			case in.Op == OpDiv && in.Bin == BinDiv:
				prefer = append(prefer, locAX, locDX) // where DIV leaves a quotient
			case in.Op == OpDiv || in.Op == OpMulHi || in.Op == OpIntrinsic && in.Intr == IntrMulHi:
				prefer = append(prefer, locDX, locAX)
			}
			l := pickOffCX(pick, off, d, c, avoid[d], prefer...)
			if l < 0 {
				return a.victim(d, holder[:]), false
			}
			a.loc[d], a.defLoc[r] = l, l
			if live.has(d) {
				holder[l] = d
			}
		}
		a.endCache[b.Index] = cache
	}
	return NoValue, true
}

// phiPreference returns the locations of the phis d is an argument of,
// in b's successors.
//
// A successor that only jumps (a latch's way back to its header, past
// the preemption countdown) is looked through: the value reaches the
// phis of the block it jumps to unchanged.
func (a *allocator) phiPreference(b *Block, d Value) []validate.Loc {
	return a.phiPreferenceDepth(b, d, 2)
}

// phiPreferenceDepth is phiPreference, following a phi not coloured yet
// to the phis it feeds in turn (a loop's latch phi, coloured after the
// body, feeds the header's), depth times at most.
func (a *allocator) phiPreferenceDepth(b *Block, d Value, depth int) []validate.Loc {
	var ls []validate.Loc
	for k, s := range b.Succs {
		from, sb := b, a.f.Blocks[s]
		j := ir.PredIndexOf(b.Succs, k, b.Index, sb.Preds)
		if len(sb.Phis) == 0 && len(sb.Succs) == 1 && len(sb.Instrs) == 1 {
			from, sb = sb, a.f.Blocks[sb.Succs[0]]
			j = ir.PredIndexOf(from.Succs, 0, from.Index, sb.Preds)
		}
		for _, p := range sb.Phis {
			switch {
			case p.Args[j] != d || a.spilled[p.Dst]:
			case a.loc[p.Dst] >= 0:
				ls = append(ls, a.loc[p.Dst])
			case depth > 0:
				ls = append(ls, a.phiPreferenceDepth(sb, p.Dst, depth-1)...)
			}
		}
	}
	return ls
}

func regClass(l validate.Loc) Class {
	if l >= locX0 && l <= locX15 {
		return FP
	}
	return GP
}

// machFunc describes the code for the validator: before allocation
// (locations unset), or after, with the allocation's locations and moves.
func (a *allocator) machFunc(allocated bool) *validate.MachFunc {
	f := a.f
	mf := &validate.MachFunc{Blocks: make([]validate.MachBlock, len(f.Blocks)), Reserved: reservedWith(a.gp)}
	// The validator sees a split's copy as the value it copies, and
	// the copy instruction as moves (splitcalls.go): the code before
	// is the code as lowered, without copies.
	mv := func(v Value) validate.MachValue {
		for {
			w, ok := a.copied[v]
			if !ok {
				return validate.MachValue(v)
			}
			v = w
		}
	}
	loc := func(v Value) validate.Loc {
		if !allocated {
			return validate.NoLoc
		}
		return a.loc[v]
	}
	for i, b := range f.Blocks {
		mb := &mf.Blocks[i]
		mb.Preds, mb.Succs = b.Preds, b.Succs
		for _, p := range b.Phis {
			if _, ok := a.copied[p.Dst]; ok {
				continue // a split's phi: moves on the edges (splitcoldcalls.go)
			}
			args := make([]validate.MachValue, len(p.Args))
			for k, v := range p.Args {
				args[k] = mv(v)
			}
			mb.Phis = append(mb.Phis, validate.MachPhi{Dst: validate.Operand{V: validate.MachValue(p.Dst), L: loc(p.Dst)}, Args: args})
		}
		for _, in := range b.Instrs {
			r := a.ref[in]
			if _, ok := a.copied[in.Dst]; ok && in.Dst != NoValue {
				if allocated {
					// The reloads of the value copied, the copy into
					// its register, and the store to its slot.
					ms := append([]validate.Move(nil), a.reloads[r]...)
					ms = append(ms, validate.Move{Src: a.useLoc[r][0], Dst: a.defLoc[r]})
					if a.spilled[in.Dst] {
						ms = append(ms, validate.Move{Src: a.defLoc[r], Dst: a.loc[in.Dst]})
					}
					for _, m := range ms {
						if m.Src != m.Dst {
							mb.Instrs = append(mb.Instrs, validate.MachInstr{Ref: -1, Move: m})
						}
					}
				}
				continue
			}
			mi := validate.MachInstr{Ref: r, Clobbers: clobbers(in), PreservesUses: in.Op == OpPoll}
			for k, u := range in.Args {
				l := validate.NoLoc
				if allocated {
					l = a.useLoc[r][k]
				}
				mi.Uses = append(mi.Uses, validate.Operand{V: mv(u), L: l})
			}
			if allocated {
				for _, m := range a.reloads[r] {
					mb.Instrs = append(mb.Instrs, validate.MachInstr{Ref: -1, Move: m})
				}
			}
			if in.Dst != NoValue {
				l := validate.NoLoc
				if allocated {
					l = a.defLoc[r]
				}
				mi.Defs = []validate.Operand{{V: validate.MachValue(in.Dst), L: l}}
			}
			mb.Instrs = append(mb.Instrs, mi)
			if allocated && in.Dst != NoValue && a.spilled[in.Dst] {
				mb.Instrs = append(mb.Instrs, validate.MachInstr{Ref: -1, Move: validate.Move{Src: a.defLoc[r], Dst: a.loc[in.Dst]}})
			}
		}
		if allocated {
			for k, s := range b.Succs {
				sb := f.Blocks[s]
				j := ir.PredIndexOf(b.Succs, k, b.Index, sb.Preds)
				var ms []validate.Move
				for _, p := range sb.Phis {
					src, dst := a.loc[p.Args[j]], a.loc[p.Dst]
					if r := a.endCache[b.Index].find(p.Args[j]); src >= firstSlot && r >= 0 {
						src = r // still in a register: no load
					}
					if src != dst {
						ms = append(ms, validate.Move{Src: src, Dst: dst})
					}
				}
				mb.EdgeMoves = append(mb.EdgeMoves, ms)
			}
		}
	}
	return mf
}

// reversePostorder returns f's blocks reachable from the entry, each
// after its dominators.
func reversePostorder(f *Func) []*Block {
	seen := make([]bool, len(f.Blocks))
	var post []*Block
	var visit func(b *Block)
	visit = func(b *Block) {
		seen[b.Index] = true
		for _, s := range b.Succs {
			if !seen[s] {
				visit(f.Blocks[s])
			}
		}
		post = append(post, b)
	}
	visit(f.Blocks[0])
	for i, j := 0, len(post)-1; i < j; i, j = i+1, j-1 {
		post[i], post[j] = post[j], post[i]
	}
	return post
}

// loopDepths returns how many loops contain each block.
func loopDepths(f *Func) []int {
	depth := make([]int, len(f.Blocks))
	for _, body := range naturalLoops(f) {
		for b, in := range body {
			if in {
				depth[b]++
			}
		}
	}
	return depth
}

// victim returns the value to spill when v finds no register: the one
// that costs least to spill among v and the values of its class that
// hold registers, but for pinned ones.
func (a *allocator) victim(v Value, holders []Value) Value {
	best := NoValue
	if !a.pinned[v] {
		best = v
	}
	for _, h := range holders {
		if h != NoValue && !a.pinned[h] && a.f.Values[h].Class == a.f.Values[v].Class && (best == NoValue || a.cost[h] < a.cost[best]) {
			best = h
		}
	}
	if best == NoValue {
		// v is pinned and holds no register, and no other value of
		// its class does either: more cannot be freed.
		best = v
	}
	return best
}
