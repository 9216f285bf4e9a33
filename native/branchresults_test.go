package native

import "testing"

// branchResultSrc is random function F101 of seed 7 (issue 43) reduced:
// the calls in the inner loop spill what lives across them, and the
// outer loop's preemption countdown, whose counter is spilled, then had
// its decremented counter, the cheapest value live on the way back to
// the header, spilled too, leaving its store after the branch
// ("register allocation rejected: … a move after the branch that ends
// the block"). The shape is what the spill heuristics happened to pick:
// if they change, the function may compile without the fix too.
const branchResultSrc = `func Pinned(s string, b []int8, k uint64, c bool, u []uint64) (float32, uint8) {
	x := b[k&7] << count(s, 'a')
	y := uint16(k) * uint16(s[x&63])
	z := u[k&7]
	d, e := c, c
	for m := k; m != 0; m &= m - 1 {
		if z >= uint64(b[y&7]) {
			for i := range y & 7 {
				_ = count(s, s[i])
				d = d && false
			}
			u[x&7] = (u[z&7] - k) ^ u[m:][1]
		}
	}
	if e {
		x ^= 2
	}
	return float32(x), uint8(k) + uint8(y) + uint8(z)
}
`

// branchResultCount, in a file built everywhere, has a loop: Pinned
// calls it.
const branchResultCount = `package p

func count(s string, c byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
		}
	}
	return n
}
`

// TestBranchResultNotSpilled checks that a countdown's result stays in
// a register (branchresults.go): Pinned compiles (without the fix, the
// validator rejects its allocation), and the generated test finds it
// computing what the Go original does.
func TestBranchResultNotSpilled(t *testing.T) {
	dir, out, _ := genPkg(t, branchResultSrc, map[string]string{"count.go": branchResultCount}, []string{"Pinned"})
	runGenPkg(t, dir, out, "TestVSSAPinned")
}

// TestVictimSkipsPinned checks that the colouring's choice of a value to
// spill passes over a pinned value however cheap, and falls back to the
// value that found no register only when nothing else can go.
func TestVictimSkipsPinned(t *testing.T) {
	f := &Func{Values: []ValueInfo{{Class: GP}, {Class: GP}, {Class: GP}, {Class: FP}}}
	a := &allocator{f: f, cost: []int{1, 5, 9, 0}, pinned: []bool{true, false, false, false}}
	for _, tc := range []struct {
		v       Value
		holders []Value
		want    Value
	}{
		{2, []Value{0, 1, NoValue}, 1}, // 0 is cheaper, but pinned
		{0, []Value{1, 2}, 1},          // v pinned: the cheapest other
		{0, []Value{3, NoValue}, 0},    // no other of its class: v
		{1, []Value{0, 2}, 1},          // v itself is the cheapest unpinned
	} {
		if got := a.victim(tc.v, tc.holders); got != tc.want {
			t.Errorf("victim(%v, %v) = %v, want %v", tc.v, tc.holders, got, tc.want)
		}
	}
}

// TestOverPressureSkipsPinned checks that spilling to relieve the
// registers never picks a pinned value, not even as the fallback when it
// is the only value live across the point: v1, a countdown's result,
// lives across a call (which leaves no register free) with nothing
// else, and overPressure must leave the choice to the colouring rather
// than spill it.
func TestOverPressureSkipsPinned(t *testing.T) {
	f := &Func{Values: []ValueInfo{{Class: GP}, {Class: GP}}, Blocks: []*Block{
		{Index: 0, Succs: []int{1, 2}, Instrs: []*Instr{
			{Op: OpConst, Dst: 0, Imm: 5, Width: 8},
			{Op: OpCountdown, Dst: 1, Args: []Value{0}},
		}},
		{Index: 1, Preds: []int{0}, Instrs: []*Instr{
			{Op: OpCall, Dst: NoValue, Sym: "g"},
			{Op: OpReturn, Dst: NoValue, Args: []Value{1}},
		}},
		{Index: 2, Preds: []int{0}, Instrs: []*Instr{{Op: OpReturn, Dst: NoValue}}},
	}}
	a := &allocator{f: f, lv: computeLiveness(f), spilled: make([]bool, 2), depth: loopDepths(f), gp: allocatableGP(f), pinned: branchResults(f)}
	if !a.pinned[1] || a.pinned[0] {
		t.Fatalf("pinned = %v, want only v1, the countdown's result", a.pinned)
	}
	a.liveAfter()
	a.costs()
	if v, ok := a.overPressure(); ok {
		t.Errorf("overPressure spills %v, want no choice", v)
	}
}
