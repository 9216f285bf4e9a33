// This file keeps track, while the allocator colours a block, of the
// free registers that still hold a spilled value: the temporary a
// definition wrote before the value was stored to its slot, or one a
// reload wrote. A later use of the value in the block reads that
// register instead of reloading it, so that a value stored and read
// right after costs no load; so does the move on an edge out of the
// block that gives a phi the value (regalloc.go's machFunc). The validator checks every such read like
// any other: the register must hold the value on every path.

package native

import "github.com/vssa-go/vssa/validate"

// reloadCache maps each register to the spilled value it holds, or
// NoValue. Only free registers (no live value allocated there) are in
// it; whoever picks a register for something else clears its entry.
type reloadCache [firstSlot]Value

func (c *reloadCache) clear() {
	for i := range c {
		c[i] = NoValue
	}
}

// find returns the register holding v, or NoLoc.
func (c *reloadCache) find(v Value) validate.Loc {
	for l, u := range c {
		if u == v {
			return validate.Loc(l)
		}
	}
	return validate.NoLoc
}

// clobber forgets what in destroys: its clobbers, and for a poll, which
// keeps only the values it lists (from their slots, for spilled ones),
// every register.
func (c *reloadCache) clobber(in *Instr) {
	if in.Op == OpPoll {
		c.clear()
		return
	}
	for _, l := range clobbers(in) {
		c[l] = NoValue
	}
}

// valueIn returns the value in reads from register l (a reload's
// destination).
func (a *allocator) valueIn(in *Instr, uses []validate.Loc, l validate.Loc) Value {
	for i, u := range uses {
		if u == l {
			return in.Args[i]
		}
	}
	return NoValue
}
