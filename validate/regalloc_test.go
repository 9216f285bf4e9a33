package validate

import (
	"strings"
	"testing"
)

// The machine code of
//
//	func f(x int) int { t := 0; for t < x { t += x }; return t }
//
// before allocation: v0 = x (arg), v1 = 0, v2 = phi(v1, v4), compare and
// branch on v2 and v0, v4 = v2 + v0, return v2. Refs number the
// instructions.
func loopBefore() *MachFunc {
	u := func(vs ...MachValue) []Operand {
		var ops []Operand
		for _, v := range vs {
			ops = append(ops, Operand{V: v, L: NoLoc})
		}
		return ops
	}
	return &MachFunc{Blocks: []MachBlock{
		{Succs: []int{1}, Instrs: []MachInstr{
			{Ref: 0, Defs: u(0)},
			{Ref: 1, Defs: u(1)},
			{Ref: 2},
		}},
		{Preds: []int{0, 2}, Succs: []int{2, 3},
			Phis:   []MachPhi{{Dst: Operand{2, NoLoc}, Args: []MachValue{1, 4}}},
			Instrs: []MachInstr{{Ref: 3, Uses: u(2, 0)}}},
		{Preds: []int{1}, Succs: []int{1}, Instrs: []MachInstr{
			{Ref: 4, Uses: u(2, 0), Defs: u(4)},
			{Ref: 5},
		}},
		{Preds: []int{1}, Instrs: []MachInstr{{Ref: 6, Uses: u(2)}}},
	}}
}

// loopAfter allocates loopBefore with x in location 0 and t, phi and sum
// alike, in location 1 (so the back edge needs no move).
func loopAfter() *MachFunc {
	return &MachFunc{Blocks: []MachBlock{
		{Succs: []int{1}, Instrs: []MachInstr{
			{Ref: 0, Defs: []Operand{{0, 0}}},
			{Ref: 1, Defs: []Operand{{1, 1}}},
			{Ref: 2},
		}},
		{Preds: []int{0, 2}, Succs: []int{2, 3},
			Phis:   []MachPhi{{Dst: Operand{2, 1}, Args: []MachValue{1, 4}}},
			Instrs: []MachInstr{{Ref: 3, Uses: []Operand{{2, 1}, {0, 0}}}}},
		{Preds: []int{1}, Succs: []int{1}, Instrs: []MachInstr{
			{Ref: 4, Uses: []Operand{{2, 1}, {0, 0}}, Defs: []Operand{{4, 1}}},
			{Ref: 5},
		}},
		{Preds: []int{1}, Instrs: []MachInstr{{Ref: 6, Uses: []Operand{{2, 1}}}}},
	}}
}

func move(src, dst Loc) MachInstr { return MachInstr{Ref: -1, Move: Move{src, dst}} }

func TestRegAllocAccepts(t *testing.T) {
	if err := RegAlloc(loopBefore(), loopAfter()); err != nil {
		t.Errorf("coalesced loop: %v", err)
	}

	// The sum in its own location 2, moved into the phi's on the back edge.
	f := loopAfter()
	f.Blocks[2].Instrs[0].Defs[0].L = 2
	f.Blocks[2].EdgeMoves = [][]Move{{{2, 1}}}
	if err := RegAlloc(loopBefore(), f); err != nil {
		t.Errorf("edge move: %v", err)
	}

	// x spilled to slot 7 after its definition and reloaded into 3 for
	// the add, across a call that destroys everything but its use's
	// location, 1.
	f = loopAfter()
	b0 := &f.Blocks[0]
	b0.Instrs = append(b0.Instrs[:1], append([]MachInstr{move(0, 7)}, b0.Instrs[1:]...)...)
	f.Blocks[1].Instrs[0].Uses[1].L = 7
	b2 := &f.Blocks[2]
	b2.Instrs = append([]MachInstr{move(7, 3)}, b2.Instrs...)
	b2.Instrs[1].Uses[1].L = 3
	if err := RegAlloc(loopBefore(), f); err != nil {
		t.Errorf("spill and reload: %v", err)
	}
}

// swapBefore is a loop whose two phis exchange their values each
// iteration: a, b = b, a.
func swapBefore(l0, l1 Loc) *MachFunc {
	return &MachFunc{Blocks: []MachBlock{
		{Succs: []int{1}, Instrs: []MachInstr{
			{Ref: 0, Defs: []Operand{{0, l0}}},
			{Ref: 1, Defs: []Operand{{1, l1}}},
			{Ref: 2},
		}},
		{Preds: []int{0, 1}, Succs: []int{1, 2},
			Phis: []MachPhi{
				{Dst: Operand{2, l0}, Args: []MachValue{0, 3}},
				{Dst: Operand{3, l1}, Args: []MachValue{1, 2}},
			},
			Instrs: []MachInstr{{Ref: 3, Uses: []Operand{{2, l0}, {3, l1}}}}},
		{Preds: []int{1}, Instrs: []MachInstr{{Ref: 4, Uses: []Operand{{2, l0}}}}},
	}}
}

func TestRegAllocSwap(t *testing.T) {
	before := swapBefore(NoLoc, NoLoc)
	after := swapBefore(0, 1)
	after.Blocks[1].EdgeMoves = [][]Move{{{1, 0}, {0, 1}}}
	if err := RegAlloc(before, after); err != nil {
		t.Errorf("parallel swap: %v", err)
	}
	// Done one after the other without a temporary, the swap loses a.
	// The second move after the branch would run on both edges, which
	// the emitted code does not do: refused before the dataflow.
	after = swapBefore(0, 1)
	after.Blocks[1].EdgeMoves = [][]Move{{{1, 0}}, nil}
	after.Blocks[1].Instrs = append(after.Blocks[1].Instrs, move(0, 1))
	wantRule(t, RegAlloc(before, after), RuleStructure)
}

func TestRegAllocRejects(t *testing.T) {
	cases := []struct {
		name   string
		rule   Rule
		mutate func(f *MachFunc)
		// inCode marks a mutation of the code itself, made before
		// allocation too: only the locations are wrong.
		inCode bool
	}{
		{"an operand read from the wrong location", RuleLocation, func(f *MachFunc) {
			f.Blocks[2].Instrs[0].Uses[1].L = 1
		}, false},
		{"the back edge without the move into the phi's location", RuleLocation, func(f *MachFunc) {
			f.Blocks[2].Instrs[0].Defs[0].L = 2
		}, false},
		{"a clobber of a location read later", RuleLocation, func(f *MachFunc) {
			f.Blocks[1].Instrs[0].Clobbers = []Loc{0}
		}, true},
		{"a value live across a call that preserves only its uses", RuleLocation, func(f *MachFunc) {
			// x (location 0) is read after the call, which does not list it.
			b1 := &f.Blocks[1]
			loc := b1.Phis[0].Dst.L
			b1.Instrs = append([]MachInstr{{Ref: 7, Uses: []Operand{{2, loc}}, PreservesUses: true}}, b1.Instrs...)
		}, true},
		{"a reload from a slot never written", RuleLocation, func(f *MachFunc) {
			b2 := &f.Blocks[2]
			b2.Instrs = append([]MachInstr{move(7, 3)}, b2.Instrs...)
			b2.Instrs[1].Uses[1].L = 3
		}, false},
		{"a move that overwrites a live value", RuleLocation, func(f *MachFunc) {
			b2 := &f.Blocks[2]
			b2.Instrs = append([]MachInstr{move(1, 0)}, b2.Instrs...)
		}, false},
		{"a value defined in the location of another still live", RuleLocation, func(f *MachFunc) {
			f.Blocks[0].Instrs[1].Defs[0].L = 0
		}, false},
		{"an instruction dropped", RuleStructure, func(f *MachFunc) {
			f.Blocks[2].Instrs = f.Blocks[2].Instrs[1:]
		}, false},
		{"an operand's value changed", RuleStructure, func(f *MachFunc) {
			f.Blocks[2].Instrs[0].Uses[1].V = 2
		}, false},
		{"an operand without a location", RuleStructure, func(f *MachFunc) {
			f.Blocks[3].Instrs[0].Uses[0].L = NoLoc
		}, false},
		{"a clobber dropped", RuleStructure, func(f *MachFunc) {
			f.Blocks[0].Instrs[0].Clobbers = []Loc{4}
		}, false},
		{"a phi's argument changed", RuleStructure, func(f *MachFunc) {
			f.Blocks[1].Phis[0].Args = []MachValue{1, 2}
		}, false},
		{"an edge added", RuleStructure, func(f *MachFunc) {
			f.Blocks[3].Succs = []int{1}
		}, false},
	}
	for _, tc := range cases {
		before, f := loopBefore(), loopAfter()
		tc.mutate(f)
		if tc.inCode {
			tc.mutate(before)
		}
		err := RegAlloc(before, f)
		if err == nil || !strings.Contains(err.Error(), "["+string(tc.rule)+"]") {
			t.Errorf("%s: got %v, want a rejection [%s]", tc.name, err, tc.rule)
		}
	}
}

// Cases from a review of this validator (each accepted before its rule,
// or a crash): what it must refuse though the dataflow alone is
// satisfied.
func TestRegAllocReviewed(t *testing.T) {
	// A reserved location holding a value: the loop's allocation is
	// right as a dataflow, but with location 1 reserved (a scratch
	// register the emitted code writes), it is refused.
	before, after := loopBefore(), loopAfter()
	if err := RegAlloc(before, after); err != nil {
		t.Fatalf("honest allocation rejected: %v", err)
	}
	before.Reserved, after.Reserved = []Loc{5, 1}, []Loc{5, 1}
	wantRule(t, RegAlloc(before, after), RuleLocation)
	// A move into a reserved location, the values elsewhere.
	before, after = loopBefore(), loopAfter()
	before.Reserved, after.Reserved = []Loc{9}, []Loc{9}
	b0 := &after.Blocks[0]
	b0.Instrs = append(b0.Instrs[:1], append([]MachInstr{move(0, 9)}, b0.Instrs[1:]...)...)
	wantRule(t, RegAlloc(before, after), RuleLocation)
	// The reserved locations are part of the code's description.
	before, after = loopBefore(), loopAfter()
	before.Reserved = []Loc{9}
	wantRule(t, RegAlloc(before, after), RuleStructure)

	// A parallel move writing one location twice: which write lands is
	// the emitter's choice (it puts off a move whose destination is
	// still read), so the dataflow's "last one" proves nothing.
	before, after = swapBefore(NoLoc, NoLoc), swapBefore(0, 1)
	after.Blocks[1].EdgeMoves = [][]Move{{{1, 0}, {0, 1}, {0, 1}}}
	wantRule(t, RegAlloc(before, after), RuleStructure)

	// A value that is no value (-1, what a location holds when it holds
	// none) read from a location never written, or as a phi argument.
	use := func(l Loc) *MachFunc {
		return &MachFunc{Blocks: []MachBlock{{Instrs: []MachInstr{{Ref: 0, Uses: []Operand{{noValue, l}}}}}}}
	}
	wantRule(t, RegAlloc(use(NoLoc), use(7)), RuleStructure)
	phi := func(l Loc) *MachFunc {
		return &MachFunc{Blocks: []MachBlock{
			{Succs: []int{1}, Instrs: []MachInstr{{Ref: 0}}},
			{Preds: []int{0}, Phis: []MachPhi{{Dst: Operand{5, l}, Args: []MachValue{noValue}}}, Instrs: []MachInstr{{Ref: 1, Uses: []Operand{{5, l}}}}},
		}}
	}
	wantRule(t, RegAlloc(phi(NoLoc), phi(9)), RuleStructure)

	// Two edges to one block that lists the block once as a
	// predecessor: refused, not a crash.
	dup := func(l Loc) *MachFunc {
		return &MachFunc{Blocks: []MachBlock{
			{Succs: []int{1, 1}, Instrs: []MachInstr{{Ref: 0, Defs: []Operand{{1, l}}}, {Ref: 1}}},
			{Preds: []int{0}, Phis: []MachPhi{{Dst: Operand{2, l}, Args: []MachValue{1}}}, Instrs: []MachInstr{{Ref: 2, Uses: []Operand{{2, l}}}}},
		}}
	}
	wantRule(t, RegAlloc(dup(NoLoc), dup(0)), RuleStructure)

	// A move after the branch of a block with two successors (a spill
	// of the branch's own result): the emitted code runs it on one
	// edge at most, the dataflow would count it on both.
	branch := func(l Loc) *MachFunc {
		return &MachFunc{Blocks: []MachBlock{
			{Succs: []int{1, 2}, Instrs: []MachInstr{
				{Ref: 0, Defs: []Operand{{1, l}}},
				{Ref: 1, Uses: []Operand{{1, l}}, Defs: []Operand{{2, l}}},
			}},
			{Preds: []int{0}, Instrs: []MachInstr{{Ref: 2, Uses: []Operand{{2, 40}}}}},
			{Preds: []int{0}, Instrs: []MachInstr{{Ref: 3, Uses: []Operand{{2, 40}}}}},
		}}
	}
	before, after = branch(NoLoc), branch(0)
	after.Blocks[1].Instrs[0].Uses[0].L = 40
	after.Blocks[2].Instrs[0].Uses[0].L = 40
	after.Blocks[0].Instrs = append(after.Blocks[0].Instrs, move(0, 40))
	for i := 1; i <= 2; i++ {
		before.Blocks[i].Instrs[0].Uses[0].L = NoLoc
	}
	wantRule(t, RegAlloc(before, after), RuleStructure)
}

// splitLoop is loopBefore's loop whose exit calls before it returns t:
// the call destroys locations 0, 1 and 3. Allocated (l set), t is split
// at the exit: it stays in location 1 in the loop, is stored to slot 7
// on the way to the call and read back into 3 after it; before
// allocation (l NoLoc), the same code without the moves.
func splitLoop(alloc bool) *MachFunc {
	loc := func(l Loc) Loc {
		if alloc {
			return l
		}
		return NoLoc
	}
	call := MachInstr{Ref: 6, Clobbers: []Loc{0, 1, 3}}
	exit := []MachInstr{call, {Ref: 7, Uses: []Operand{{2, loc(3)}}}}
	if alloc {
		exit = []MachInstr{move(1, 7), call, move(7, 3), exit[1]}
	}
	return &MachFunc{Blocks: []MachBlock{
		{Succs: []int{1}, Instrs: []MachInstr{
			{Ref: 0, Defs: []Operand{{0, loc(0)}}},
			{Ref: 1, Defs: []Operand{{1, loc(1)}}},
			{Ref: 2},
		}},
		{Preds: []int{0, 2}, Succs: []int{2, 3},
			Phis:   []MachPhi{{Dst: Operand{2, loc(1)}, Args: []MachValue{1, 4}}},
			Instrs: []MachInstr{{Ref: 3, Uses: []Operand{{2, loc(1)}, {0, loc(0)}}}}},
		{Preds: []int{1}, Succs: []int{1}, Instrs: []MachInstr{
			{Ref: 4, Uses: []Operand{{2, loc(1)}, {0, loc(0)}}, Defs: []Operand{{4, loc(1)}}},
			{Ref: 5},
		}},
		{Preds: []int{1}, Instrs: exit},
	}}
}

// TestRegAllocSplit checks live-range splitting: a value kept in a
// register in the loop and stored only on the path into the call is
// accepted, and so is storing it every iteration (spilling it
// everywhere); a reload from a slot stored before the register's value
// changed (stored in the loop's body, before the phi gives t its next
// value, and not on the way out) is refused, as is a reload with no
// store on the way to it, or one from the register the call destroyed.
func TestRegAllocSplit(t *testing.T) {
	if err := RegAlloc(splitLoop(false), splitLoop(true)); err != nil {
		t.Fatalf("split at the exit: %v", err)
	}
	f := splitLoop(true)
	f.Blocks[3].Instrs = f.Blocks[3].Instrs[1:]
	b1 := &f.Blocks[1]
	b1.Instrs = append([]MachInstr{move(1, 7)}, b1.Instrs...)
	if err := RegAlloc(splitLoop(false), f); err != nil {
		t.Errorf("stored every iteration: %v", err)
	}

	stale := splitLoop(true)
	stale.Blocks[3].Instrs = stale.Blocks[3].Instrs[1:]
	b2 := &stale.Blocks[2]
	b2.Instrs = append([]MachInstr{move(1, 7)}, b2.Instrs...)
	wantRule(t, RegAlloc(splitLoop(false), stale), RuleLocation)

	unstored := splitLoop(true)
	unstored.Blocks[3].Instrs = unstored.Blocks[3].Instrs[1:]
	wantRule(t, RegAlloc(splitLoop(false), unstored), RuleLocation)

	clobbered := splitLoop(true)
	clobbered.Blocks[3].Instrs[2] = move(1, 3)
	wantRule(t, RegAlloc(splitLoop(false), clobbered), RuleLocation)
}
