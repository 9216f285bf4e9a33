// This file gives spilled values their stack slots: values whose live
// ranges do not meet share one, and a
// spilled phi shares its slot with the spilled values it merges when
// their live ranges do not meet (a loop-carried value and the new value
// the loop computes for it), so that the move on the edge, a load and a
// store through the scratch register every iteration, vanishes.

package native

// spillSlots returns, by value, the slot of each spilled value (-1 for
// the others) and the number of slots.
func (a *allocator) spillSlots() ([]int, int) {
	f := a.f
	type site struct{ block, index int } // index -1: a phi
	def := make([]site, len(f.Values))
	phisOf := make([]map[Value]bool, len(f.Blocks))
	for _, b := range f.Blocks {
		phisOf[b.Index] = map[Value]bool{}
		for _, p := range b.Phis {
			def[p.Dst] = site{b.Index, -1}
			phisOf[b.Index][p.Dst] = true
		}
		for x, in := range b.Instrs {
			if in.Dst != NoValue {
				def[in.Dst] = site{b.Index, x}
			}
		}
	}
	// liveAtDef reports whether v is live right after d is defined (a
	// phi: at the start of its block, where all its block's phis are
	// taken as live).
	liveAtDef := func(v, d Value) bool {
		s := def[d]
		if s.index < 0 {
			return a.lv.in[s.block].has(v) || phisOf[s.block][v]
		}
		return a.after[s.block][s.index].has(v)
	}
	parent := make([]Value, len(f.Values))
	members := make([][]Value, len(f.Values))
	for v := range parent {
		parent[v] = Value(v)
		members[v] = []Value{Value(v)}
	}
	var find func(v Value) Value
	find = func(v Value) Value {
		for parent[v] != v {
			v = parent[v]
		}
		return v
	}
	interfere := func(x, y Value) bool {
		for _, u := range members[x] {
			for _, w := range members[y] {
				if liveAtDef(u, w) || liveAtDef(w, u) {
					return true
				}
			}
		}
		return false
	}
	for _, b := range f.Blocks {
		for _, p := range b.Phis {
			if !a.spilled[p.Dst] {
				continue
			}
			for _, arg := range p.Args {
				x, y := find(p.Dst), find(arg)
				if !a.spilled[arg] || x == y || f.Values[arg].Class != f.Values[p.Dst].Class || interfere(x, y) {
					continue
				}
				parent[y] = x
				members[x] = append(members[x], members[y]...)
				members[y] = nil
			}
		}
	}
	// Then the groups outside spilled phis share slots as registers are
	// shared: such a group takes the first slot of its class none of
	// whose groups' values interfere with its own (the copies
	// splitAtCalls makes on separate cold paths share one), so the
	// frame is as large as what is spilled at once. A phi's group, or
	// one of its arguments', keeps a slot of its own: sharing one with
	// a value of an unrelated group would turn an edge's moves into
	// slot-to-slot copies and cycles.
	inPhi := make([]bool, len(f.Values))
	for _, b := range f.Blocks {
		for _, p := range b.Phis {
			if !a.spilled[p.Dst] {
				// Its edges' moves load its arguments into its
				// register: no slot-to-slot copy, whichever slots
				// they have (splitcoldcalls.go's copies before calls,
				// merged into registers after them, share slots so).
				continue
			}
			inPhi[p.Dst] = true
			for _, arg := range p.Args {
				inPhi[arg] = true
			}
		}
	}
	shares := func(r Value) bool {
		for _, m := range members[r] {
			if inPhi[m] {
				return false
			}
		}
		return true
	}
	slot := make([]int, len(f.Values))
	var slotGroups [][]Value // slot → the roots of the groups in it
	var slotClass []Class
	rootSlot := map[Value]int{}
	for v := range slot {
		slot[v] = -1
		if !a.spilled[v] {
			continue
		}
		r := find(Value(v))
		s, ok := rootSlot[r]
		if !ok {
			s = -1
			for k, groups := range slotGroups {
				if !shares(r) || !shares(groups[0]) || slotClass[k] != f.Values[r].Class {
					continue
				}
				free := true
				for _, g := range groups {
					if interfere(g, r) {
						free = false
						break
					}
				}
				if free {
					s = k
					break
				}
			}
			if s < 0 {
				s = len(slotGroups)
				slotGroups = append(slotGroups, nil)
				slotClass = append(slotClass, f.Values[r].Class)
			}
			slotGroups[s] = append(slotGroups[s], r)
			rootSlot[r] = s
		}
		slot[v] = s
	}
	return slot, len(slotGroups)
}
