// This file finds what a pass removed, added and moved, for vssa
// view's marks.

package main

import (
	"fmt"

	"github.com/vssa-go/vssa/ir"
)

// viewChanges says what one pass did to the instructions of its input
// (before) and its result (after).
type viewChanges struct {
	Removed map[*ir.Instr]bool // instructions of before with no counterpart in after
	Added   map[*ir.Instr]bool // instructions of after with none in before
	Moved   map[*ir.Instr]int  // instructions of after whose counterpart was in another block: that block
}

// diffFuncs matches the instructions of before and after. Passes keep
// register numbers (a value a pass keeps is defined by the same
// register after it, and passes may share instructions), so an
// instruction is matched by identity, else by its first result
// register, else (stores, checks, terminators: no result) by its kind
// and position, as many times as the two have such instructions. A
// value whose definition changed (gvn folding it to a constant) is
// matched, not removed and added.
func diffFuncs(before, after *ir.Func) viewChanges {
	type place struct {
		in    *ir.Instr
		block int
	}
	collect := func(f *ir.Func) []place {
		var list []place
		for _, b := range f.Blocks {
			for _, in := range b.Phis {
				list = append(list, place{in, b.Index})
			}
			for _, in := range b.Instrs {
				list = append(list, place{in, b.Index})
			}
		}
		return list
	}
	bs, as := collect(before), collect(after)
	inBefore := map[*ir.Instr]int{}
	for _, p := range bs {
		inBefore[p.in] = p.block
	}
	inAfter := map[*ir.Instr]bool{}
	for _, p := range as {
		inAfter[p.in] = true
	}
	// The unmatched instructions of each side, by key, in order.
	unmatched := func(list []place, other func(*ir.Instr) bool) map[string][]place {
		m := map[string][]place{}
		for _, p := range list {
			if !other(p.in) {
				k := diffKey(p.in)
				m[k] = append(m[k], p)
			}
		}
		return m
	}
	ub := unmatched(bs, func(in *ir.Instr) bool { return inAfter[in] })
	ua := unmatched(as, func(in *ir.Instr) bool { _, ok := inBefore[in]; return ok })
	c := viewChanges{Removed: map[*ir.Instr]bool{}, Added: map[*ir.Instr]bool{}, Moved: map[*ir.Instr]int{}}
	for k, list := range ub {
		n := min(len(list), len(ua[k]))
		for _, p := range list[n:] {
			c.Removed[p.in] = true
		}
		for i, p := range ua[k][:n] {
			if list[i].block != p.block {
				c.Moved[p.in] = list[i].block
			}
		}
	}
	for k, list := range ua {
		for _, p := range list[min(len(list), len(ub[k])):] {
			c.Added[p.in] = true
		}
	}
	// Shared instructions in another block were moved too.
	for _, p := range as {
		if b, ok := inBefore[p.in]; ok && b != p.block {
			c.Moved[p.in] = b
		}
	}
	return c
}

// diffKey is what matches an instruction with its counterpart across a
// pass: its first result, or its kind and position.
func diffKey(in *ir.Instr) string {
	if d := in.Dsts(); len(d) > 0 {
		return d[0].String()
	}
	return fmt.Sprintf("%s@%d", in.Op, in.Pos)
}
