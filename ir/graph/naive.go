// This file implements the naive dominator computation used as the test
// oracle: the Allen–Cocke style iterative dataflow over explicit sets.
//
// Reference: F. E. Allen, J. Cocke, "A program data flow analysis
// procedure", CACM 19(3), 1976; the formulation verified in J. Zhao's
// dissertation, chapter 3 (section 3.2, "AC"). It shares nothing with the
// fast algorithms (no DFS, no numbering): reachability is a plain worklist
// search, node order is the id order.
//
// Cost: O(n²) bits of memory and O(n·m·n/64) time per pass; for tests only.

package graph

// DominatorsNaive computes the dominator tree by solving
//
//	Dom(entry) = {entry}
//	Dom(v)     = {v} ∪ ⋂ { Dom(p) : p a reachable predecessor of v }
//
// by round-robin iteration in node-id order from Dom(v) = all reachable nodes,
// and then taking as idom(v) the strict dominator d of v with
// |Dom(d)| = |Dom(v)| - 1.
func DominatorsNaive(g *Graph, entry int) *DomTree {
	dom := naiveDomSets(g, entry)
	n := g.Len()
	idom := make([]int32, n)
	for v := range idom {
		idom[v] = -1
		if v == entry || dom[v] == nil {
			continue
		}
		want := dom[v].Count() - 1
		dom[v].ForEach(func(d int) {
			if d != v && dom[d].Count() == want {
				idom[v] = int32(d)
			}
		})
	}
	return newDomTree(entry, idom)
}

// naiveDomSets returns Dom(v) for every node v, nil for unreachable nodes.
func naiveDomSets(g *Graph, entry int) []Bitset {
	n := g.Len()
	reach := NewBitset(n)
	reach.Add(entry)
	work := []int{entry}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range g.Succs[v] {
			if !reach.Has(s) {
				reach.Add(s)
				work = append(work, s)
			}
		}
	}
	dom := make([]Bitset, n)
	for v := 0; v < n; v++ {
		if reach.Has(v) {
			dom[v] = reach.Copy()
		}
	}
	dom[entry].Clear()
	dom[entry].Add(entry)
	tmp := NewBitset(n)
	for changed := true; changed; {
		changed = false
		for v := 0; v < n; v++ {
			if v == entry || dom[v] == nil {
				continue
			}
			tmp.CopyFrom(reach)
			for _, p := range g.Preds[v] {
				if dom[p] != nil {
					tmp.IntersectWith(dom[p])
				}
			}
			tmp.Add(v)
			if !tmp.Equal(dom[v]) {
				dom[v].CopyFrom(tmp)
				changed = true
			}
		}
	}
	return dom
}
