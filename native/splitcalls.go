// This file splits the live ranges that cross a call on a cold path. A
// call destroys every register, so a value live across one must live
// in a stack slot; the allocator gives a spilled value one slot for its
// whole range, and so a loop index that an error path returns after a
// call (hex.Decode's i, returned after InvalidByteError) was stored and
// reloaded in every iteration of the hot loop. Here such a value gets a
// copy right before the call, and every use the copy dominates reads
// the copy instead: the value itself then dies at the copy and keeps
// its register in the loop, while the copy, live across the call, is
// the one spilled: one store on the way into the cold path, reloads
// after the call.
//
// The copies are the allocator's own: it presents each to the
// validator as moves of the value it copies (a register to the slot),
// and never emits one as an instruction (regalloc.go's machFunc), so
// the validator checks the split like any spill: a read of the copy's
// slot must find the value the original code reads there, on every
// path.

package native

// splitAtCalls splits, at each call, the values live across it whose
// definition or a use that stays theirs is in a deeper loop than the
// call (the call runs less often than they are used), when after the
// split the value is no longer live across the call. It returns, by
// copy, the value it copies.
func splitAtCalls(f *Func) map[Value]Value {
	copied := map[Value]Value{}
	if !f.has(OpCall) {
		return copied
	}
	depth := loopDepths(f)
	dom := dominators(f)
	// A copy is a move, and moves carry 16 bytes of an SSE register: a
	// function with 32-byte vectors splits no SSE values (one of them
	// may be such a vector).
	wide := false
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			wide = wide || in.Op.vector() && in.Vec == 32
		}
	}
	for _, b := range reversePostorder(f) {
		for x := 0; x < len(b.Instrs); x++ {
			if b.Instrs[x].Op != OpCall {
				continue
			}
			at, _, live := liveAcrossCall(f, b, x)
			var split []Value
			live.each(func(v Value) {
				if _, ok := copied[v]; !ok && !f.Values[v].Pointer && !(wide && f.Values[v].Class == FP) && splitPays(f, v, b, at, depth, dom.Dominates) {
					split = append(split, v)
				}
			})
			for _, v := range split {
				c := f.newValue(f.Values[v].Class, false)
				copied[c] = v
				cp := &Instr{Op: OpExt, Width: 8, Dst: c, Args: []Value{v}, Pos: b.Instrs[x].Pos}
				b.Instrs = append(b.Instrs[:at], append([]*Instr{cp}, b.Instrs[at:]...)...)
				at++
				x++
				renameDominated(f, b, at, v, c, dom.Dominates)
			}
		}
	}
	return copied
}

// splitPays reports whether v, live across the call whose arguments
// start at instruction at of b, is worth a copy there: the uses the
// copy would not take over, or v's definition, are in a deeper loop
// than b, and none of those uses is reached from the call without
// passing v's definition (v would still be live across the call).
func splitPays(f *Func, v Value, b *Block, at int, depth []int, dominates func(a, b int) bool) bool {
	// taken reports whether the copy at (b, at) would take over a use
	// in instruction y of block u (y < 0: at its end, a phi argument).
	taken := func(u, y int) bool {
		if u == b.Index {
			return y < 0 || y >= at
		}
		return dominates(b.Index, u)
	}
	defBlock, hot := -1, -1
	kept := make([]bool, len(f.Blocks)) // blocks with a use the copy does not take over
	for _, blk := range f.Blocks {
		for _, p := range blk.Phis {
			if p.Dst == v {
				defBlock = blk.Index
			}
			for k, a := range p.Args {
				if pr := blk.Preds[k]; a == v && !taken(pr, -1) {
					kept[pr] = true
					hot = max(hot, depth[pr])
				}
			}
		}
		for y, in := range blk.Instrs {
			if in.Dst == v {
				defBlock = blk.Index
			}
			for _, u := range in.uses() {
				if u == v && !taken(blk.Index, y) {
					kept[blk.Index] = true
					hot = max(hot, depth[blk.Index])
				}
			}
		}
	}
	if defBlock < 0 {
		return false
	}
	hot = max(hot, depth[defBlock])
	if hot <= depth[b.Index] {
		return false
	}
	// Forward from the call: a block with a kept use reached without
	// passing v's definition keeps v live across the call. (b itself,
	// reached again, has its uses before the call kept.)
	seen := make([]bool, len(f.Blocks))
	work := append([]int(nil), b.Succs...)
	for len(work) > 0 {
		s := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[s] {
			continue
		}
		seen[s] = true
		if s == defBlock {
			// Phis define v at the start; an instruction defines it
			// after the uses before it, which are kept ones.
			if kept[s] && !isPhi(f.Blocks[s], v) {
				return false
			}
			continue
		}
		if kept[s] {
			return false
		}
		work = append(work, f.Blocks[s].Succs...)
	}
	return true
}

func isPhi(b *Block, v Value) bool {
	for _, p := range b.Phis {
		if p.Dst == v {
			return true
		}
	}
	return false
}

// renameDominated makes the reads of v that the copy c, defined right
// before instruction at of b, dominates read c: b's from at on, those
// of the blocks b dominates, and phi arguments on edges from them.
func renameDominated(f *Func, b *Block, at int, v, c Value, dominates func(a, b int) bool) {
	get := func(u Value) Value {
		if u == v {
			return c
		}
		return u
	}
	for _, blk := range f.Blocks {
		if !dominates(b.Index, blk.Index) {
			continue
		}
		from := 0
		if blk == b {
			from = at
		}
		for _, in := range blk.Instrs[from:] {
			in.mapOperands(get)
		}
		for _, s := range blk.Succs {
			sb := f.Blocks[s]
			for _, p := range sb.Phis {
				for k, a := range p.Args {
					if a == v && sb.Preds[k] == blk.Index {
						p.Args[k] = c
					}
				}
			}
		}
	}
}

// unsplit undoes splitAtCalls once the allocation is made: the copies
// leave the code (the allocation has them as moves) and their reads
// read the values copied again, so that what the emitter analyses is
// the code as it was.
func unsplit(f *Func, copied map[Value]Value) {
	if len(copied) == 0 {
		return
	}
	orig := func(v Value) Value {
		for {
			w, ok := copied[v]
			if !ok {
				return v
			}
			v = w
		}
	}
	for _, b := range f.Blocks {
		kept := b.Instrs[:0]
		for _, in := range b.Instrs {
			if _, ok := copied[in.Dst]; ok && in.Dst != NoValue {
				continue
			}
			in.mapOperands(orig)
			kept = append(kept, in)
		}
		b.Instrs = kept
		phis := b.Phis[:0]
		for _, p := range b.Phis {
			if _, ok := copied[p.Dst]; ok {
				continue // a split's phi (splitcoldcalls.go)
			}
			for k, a := range p.Args {
				p.Args[k] = orig(a)
			}
			phis = append(phis, p)
		}
		b.Phis = phis
	}
}

// liveAcrossCall returns, for the call at instruction x of b, the index of
// its first outgoing argument (copies go before those, which must stay
// right before the call), f's liveness, and the values live across
// the call.
func liveAcrossCall(f *Func, b *Block, x int) (int, *liveness, bitset) {
	at := x
	for at > 0 && b.Instrs[at-1].Op == OpCallArg {
		at--
	}
	lv := computeLiveness(f)
	live := lv.out[b.Index].clone()
	for y := len(b.Instrs) - 1; y > x; y-- {
		in := b.Instrs[y]
		if in.Dst != NoValue {
			live.remove(in.Dst)
		}
		for _, u := range in.uses() {
			live.add(u)
		}
	}
	return at, lv, live
}
