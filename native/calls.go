// This file keeps calls between compiled functions safe from the stack
// copier. A call may grow the goroutine's stack, which moves it: the
// runtime then adjusts the pointers into the stack that it knows of,
// among them the caller's arguments (the Go declaration gives their
// pointer map), but not the copies the caller keeps in registers or
// its frame (NO_LOCAL_POINTERS: the collector does not see those
// either). So in a function with a call that returns, a pointer
// argument is read from the argument frame at each use after a call
// (or once on the way into a loop that calls nothing) rather than
// once; any other pointer live across a call is kept in a frame slot
// that the function's own locals pointer map marks (gcslots.go).

package native

// reloadPointerArgs gives, in a function that calls, each use of a
// pointer argument that a call may come before a load of its own from
// the argument frame, right before the instruction (or, for a phi, at
// the end of the predecessor). A use no call reaches (a loop before the
// calls, as ConstantTimeCompare's before its trampoline) reads the
// entry's load, which no call then separates from it.
//
// When every call is on the way to a panic (math/big's panic("subVV
// len") converts its string, then panics) and no pointer argument is
// read after one, nothing is reloaded: nothing else runs after them.
func reloadPointerArgs(m *Func) {
	def := definitions(m)
	afterCall := blocksAfterCalls(m)
	isPointerArg := func(v Value) bool {
		d := def[v].instr
		return d != nil && d.Op == OpArg && m.Values[v].Pointer
	}
	if !returningCall(m, isPointerArg) {
		return
	}
	reload := func(v Value) *Instr {
		c := *def[v].instr
		c.Dst = m.newValue(GP, true)
		return &c
	}
	// In a loop that calls nothing, the reads share one load made on
	// the way into the loop (loopargs.go).
	pre := loopArgLoads(m, isPointerArg)
	hoisted := map[[2]int]Value{}
	loopLoad := func(p int, v Value) Value {
		if w, ok := hoisted[[2]int{p, int(v)}]; ok {
			return w
		}
		r := reload(v)
		pb := m.Blocks[p]
		last := len(pb.Instrs) - 1
		pb.Instrs = append(pb.Instrs[:last:last], r, pb.Instrs[last])
		hoisted[[2]int{p, int(v)}] = r.Dst
		return r.Dst
	}
	for _, b := range m.Blocks {
		var code []*Instr
		called := afterCall[b.Index] // a call may have run before this point
		if p := pre[b.Index]; called && p >= 0 {
			for _, in := range b.Instrs {
				in.mapOperands(func(v Value) Value {
					if isPointerArg(v) {
						return loopLoad(p, v)
					}
					return v
				})
			}
			continue
		}
		for _, in := range b.Instrs {
			if in.Op == OpArg || !called {
				code = append(code, in)
				called = called || in.Op == OpCall
				continue
			}
			fresh := map[Value]Value{}
			in.mapOperands(func(v Value) Value {
				if !isPointerArg(v) {
					return v
				}
				if w, ok := fresh[v]; ok {
					return w
				}
				r := reload(v)
				code = append(code, r)
				fresh[v] = r.Dst
				return r.Dst
			})
			code = append(code, in)
		}
		b.Instrs = code
	}
	for _, b := range m.Blocks {
		for _, p := range b.Phis {
			for k, a := range p.Args {
				if pp := pre[b.Index]; isPointerArg(a) && pp >= 0 && pre[b.Preds[k]] == pp && afterCall[b.Preds[k]] {
					p.Args[k] = loopLoad(pp, a)
					continue
				}
				if isPointerArg(a) && (afterCall[b.Preds[k]] || m.Blocks[b.Preds[k]].hasCall()) {
					pred := m.Blocks[b.Preds[k]]
					r := reload(a)
					last := len(pred.Instrs) - 1
					pred.Instrs = append(pred.Instrs[:last:last], r, pred.Instrs[last])
					p.Args[k] = r.Dst
				}
			}
		}
	}
	removeDead(m)
}

// returningCall reports whether m has a call after which a pointer
// argument may be read: one in a block that does not end in a panic
// (OpTrap), or followed in its block by a read of a pointer argument.
func returningCall(m *Func, isPointerArg func(Value) bool) bool {
	for _, b := range m.Blocks {
		panics := len(b.Instrs) > 0 && b.Instrs[len(b.Instrs)-1].Op == OpTrap
		for i, in := range b.Instrs {
			if in.Op != OpCall {
				continue
			}
			if !panics {
				return true
			}
			for _, after := range b.Instrs[i+1:] {
				reads := false
				after.mapOperands(func(v Value) Value {
					reads = reads || isPointerArg(v)
					return v
				})
				if reads {
					return true
				}
			}
		}
	}
	return false
}

// blocksAfterCalls returns, by block, whether a call may run before the
// block starts: the block is reachable from a block with a call.
func blocksAfterCalls(m *Func) []bool {
	after := make([]bool, len(m.Blocks))
	var work []int
	for _, b := range m.Blocks {
		if b.hasCall() {
			work = append(work, b.Index)
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range m.Blocks[b].Succs {
			if !after[s] {
				after[s] = true
				work = append(work, s)
			}
		}
	}
	return after
}

func (b *Block) hasCall() bool {
	for _, in := range b.Instrs {
		if in.Op == OpCall {
			return true
		}
	}
	return false
}

// pointerAcrossCall returns a call across which a pointer is live, or
// nil, and the pointers live across it.
func pointerAcrossCall(m *Func) (*Instr, []Value) {
	var call *Instr
	var ptrs []Value
	eachPointerAcrossCall(m, func(in *Instr, v Value) {
		if call == nil || call == in {
			call = in
			ptrs = append(ptrs, v)
		}
	})
	return call, ptrs
}

// eachPointerAcrossCall calls f with each call of m and each pointer
// live across it, the blocks in order and each block's calls from its
// last.
func eachPointerAcrossCall(m *Func, f func(call *Instr, v Value)) {
	lv := computeLiveness(m)
	for _, b := range m.Blocks {
		live := lv.out[b.Index].clone()
		for x := len(b.Instrs) - 1; x >= 0; x-- {
			in := b.Instrs[x]
			if in.Op == OpCall {
				live.each(func(v Value) {
					if m.Values[v].Pointer {
						f(in, v)
					}
				})
			}
			if in.Dst != NoValue {
				live.remove(in.Dst)
			}
			for _, u := range in.uses() {
				live.add(u)
			}
		}
	}
}
