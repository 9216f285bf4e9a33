// This file adds preemption polls: assembly is never preempted
// asynchronously, so each loop counts its back edges down and calls into
// Go (where a pending preemption is taken) every pollInterval of them,
// but for loops that run a few iterations per entry (boundedloops.go).

package native

import "sort"

// addPolls gives every back edge latch → header of a loop a countdown:
// the header gets a counter phi, the latch's jump becomes a decrement
// that goes on to the header through a new jump-only block while the
// counter is not zero, and through a new block with the poll, which
// resets the counter, when it is.
func (l *lowerer) addPolls() {
	m := l.m
	loops := naturalLoops(m)
	// Which loops need no countdown, decided before any is added: the
	// bounded ones (boundedloops.go) that contain no loop without one,
	// innermost first, so that a nest of them polls at its outer
	// loop: each entry into a loop without a countdown then runs at
	// most pollInterval iterations of anything.
	def := definitions(m)
	dom := dominators(m)
	headers := loopHeaders(loops)
	size := func(h int) int {
		n := 0
		for _, in := range loops[h] {
			if in {
				n++
			}
		}
		return n
	}
	sort.SliceStable(headers, func(i, j int) bool { return size(headers[i]) < size(headers[j]) })
	bounded := map[int]bool{}
	for _, h := range headers {
		inner := false
		for h2 := range bounded {
			inner = inner || bounded[h2] && h2 != h && loops[h][h2]
		}
		bounded[h] = !inner && boundedLoop(m, h, loops[h], def, dom.Dominates)
	}
	n := len(m.Blocks)
	for h := 0; h < n; h++ {
		body := loops[h]
		var latches []int
		for _, p := range m.Blocks[h].Preds {
			if body != nil && body[p] {
				latches = append(latches, p)
			}
		}
		hb := m.Blocks[h]
		if len(latches) == 0 || hb.NoPoll || !hb.PollEach && bounded[h] {
			continue
		}
		if !hb.PollEach && (l.stripMine(h, body, latches, def) || l.stripMineDown(h, body, latches, def)) {
			continue
		}
		interval := int64(pollInterval)
		if hb.PollEach {
			interval = 1
		}
		counter := m.newValue(GP, false)
		phi := Phi{Dst: counter, Args: make([]Value, len(hb.Preds))}
		for j, p := range hb.Preds {
			if body[p] {
				continue
			}
			pb := m.Blocks[p]
			l.cur = pb
			phi.Args[j] = l.beforeLast(pb, &Instr{Op: OpConst, Imm: interval, Width: 8})
		}
		for _, latch := range latches {
			lb := m.Blocks[latch]
			j := indexOf(hb.Preds, latch)
			jump := lb.Instrs[len(lb.Instrs)-1]
			if jump.Op != OpJump {
				panic("native: a back edge from a block that does not end with a jump")
			}
			next := &Block{Index: len(m.Blocks), Preds: []int{latch}, Succs: []int{h}}
			m.Blocks = append(m.Blocks, next)
			poll := &Block{Index: len(m.Blocks), Preds: []int{latch}, Succs: []int{h}}
			m.Blocks = append(m.Blocks, poll)
			m.Polls++

			down := m.newValue(GP, false)
			lb.Instrs[len(lb.Instrs)-1] = &Instr{Op: OpCountdown, Dst: down, Args: []Value{counter}, Pos: jump.Pos}
			lb.Succs = []int{next.Index, poll.Index}
			next.Instrs = []*Instr{{Op: OpJump, Dst: NoValue, Pos: jump.Pos}}
			reset := m.newValue(GP, false)
			poll.Instrs = []*Instr{
				{Op: OpPoll, Dst: NoValue, Pos: jump.Pos},
				{Op: OpConst, Dst: reset, Imm: interval, Width: 8, Pos: jump.Pos},
				{Op: OpJump, Dst: NoValue, Pos: jump.Pos},
			}

			// The header's edge from the latch now comes from next; the
			// poll block is a new predecessor with the same arguments
			// but for the counter.
			hb.Preds[j] = next.Index
			hb.Preds = append(hb.Preds, poll.Index)
			for i := range hb.Phis {
				hb.Phis[i].Args = append(hb.Phis[i].Args, hb.Phis[i].Args[j])
			}
			phi.Args[j] = down
			phi.Args = append(phi.Args, reset)
		}
		hb.Phis = append(hb.Phis, phi)
	}
	l.cur = nil
}

// beforeLast inserts in, which defines a new value, before b's last
// instruction and returns the value.
func (l *lowerer) beforeLast(b *Block, in *Instr) Value {
	in.Dst = l.m.newValue(GP, false)
	last := b.Instrs[len(b.Instrs)-1]
	in.Pos = last.Pos
	b.Instrs = append(b.Instrs[:len(b.Instrs)-1], in, last)
	return in.Dst
}

func indexOf(xs []int, x int) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

// singleLatches gives every loop one latch (see oneLatch).
func singleLatches(m *Func) {
	loops := naturalLoops(m)
	for _, h := range loopHeaders(loops) {
		var latches []int
		for _, p := range m.Blocks[h].Preds {
			if loops[h][p] {
				latches = append(latches, p)
			}
		}
		if len(latches) > 1 {
			oneLatch(m, m.Blocks[h], latches)
		}
	}
}

// oneLatch makes the back edges of a loop with several go through one
// new block, the only latch then: the loop has one countdown, and, laid
// out before the header, one taken branch per iteration whichever path
// the body took. The header's phis take their back-edge arguments from
// phis of the new block.
func oneLatch(m *Func, h *Block, latches []int) int {
	latch := &Block{Index: len(m.Blocks), Succs: []int{h.Index}}
	m.Blocks = append(m.Blocks, latch)
	isLatch := map[int]bool{}
	for _, l := range latches {
		isLatch[l] = true
	}
	var preds []int
	var keep []int // indexes in h.Preds of the edges that stay
	for j, p := range h.Preds {
		if isLatch[p] {
			latch.Preds = append(latch.Preds, p)
			m.Blocks[p].Succs[0] = latch.Index
		} else {
			preds = append(preds, p)
			keep = append(keep, j)
		}
	}
	for i := range h.Phis {
		ph := &h.Phis[i]
		lp := Phi{Dst: m.newValue(m.Values[ph.Dst].Class, m.Values[ph.Dst].Pointer)}
		var args []Value
		same := true
		for j, p := range h.Preds {
			if isLatch[p] {
				lp.Args = append(lp.Args, ph.Args[j])
				same = same && ph.Args[j] == lp.Args[0]
			}
		}
		for _, j := range keep {
			args = append(args, ph.Args[j])
		}
		if same {
			// Every back edge brings the same value (a loop index):
			// no phi.
			ph.Args = append(args, lp.Args[0])
			continue
		}
		ph.Args = append(args, lp.Dst)
		latch.Phis = append(latch.Phis, lp)
	}
	h.Preds = append(preds, latch.Index)
	latch.Instrs = []*Instr{{Op: OpJump, Dst: NoValue, Pos: m.Blocks[latches[0]].Instrs[len(m.Blocks[latches[0]].Instrs)-1].Pos}}
	return latch.Index
}
