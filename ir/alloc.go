// This file allocates the small pieces of functions (instructions,
// register and edge lists) in slabs: passes copy and create them by the
// million, and one allocation per slab instead of one per piece is most
// of the difference in their speed.

package ir

import (
	"go/token"
)

// slab hands out sub-slices of one backing array. Each is capped at its
// length, so appending to one reallocates it instead of overwriting its
// neighbour.
type slab[T any] struct {
	buf  []T
	next int // size of the last chunk made by take
}

// reserve makes sure the next n elements come from one chunk.
func (s *slab[T]) reserve(n int) {
	if len(s.buf) < n {
		s.buf = make([]T, n)
	}
}

// take returns n zeroed elements.
func (s *slab[T]) take(n int) []T {
	if len(s.buf) < n {
		// Chunks double up to a bound, so a small need costs little and
		// a large one few allocations, without wasting half of a huge
		// chunk.
		s.next = min(max(2*s.next, 16), 1024)
		s.buf = make([]T, max(s.next, n))
	}
	out := s.buf[:n:n]
	s.buf = s.buf[n:]
	return out
}

// room returns an empty list with room for n elements, nil for none
// (as copyOf copies an empty list).
func (s *slab[T]) room(n int) []T {
	if n == 0 {
		return nil
	}
	return s.take(n)[:0]
}

// copyOf returns a copy of src; nil stays nil.
func (s *slab[T]) copyOf(src []T) []T {
	if src == nil {
		return nil
	}
	out := s.take(len(src))
	copy(out, src)
	return out
}

// An Arena allocates instructions and register lists for a pass. The
// zero Arena is ready to use; Reserve, given the exact needs, makes it
// allocate once. What an Arena hands out stays valid after the pass
// (it is garbage collected with the function that holds it).
type Arena struct {
	instrs slab[Instr]
	regs   slab[Reg]
	auxs   slab[Aux]
}

// Reserve makes room for n more instructions whose register lists
// (results and operands together) hold r registers.
func (a *Arena) Reserve(n, r int) {
	a.instrs.reserve(n)
	a.regs.reserve(r)
}

// New returns a copy of in allocated in the arena, with its own copy of
// its register list: Clone for passes that make many.
func (a *Arena) New(in *Instr) *Instr {
	c := &a.instrs.take(1)[0]
	*c = *in
	c.regs = a.regs.copyOf(in.regs)
	return c
}

// Make returns a new instruction of kind op at pos, allocated in the
// arena, its other fields zero: cheaper than New for one built from
// scratch.
func (a *Arena) Make(op Op, pos token.Pos) *Instr {
	in := &a.instrs.take(1)[0]
	in.Op, in.Pos = op, pos
	return in
}

// NewAux returns a copy of x allocated in the arena.
func (a *Arena) NewAux(x Aux) *Aux {
	p := &a.auxs.take(1)[0]
	*p = x
	return p
}

// MakePhi returns a phi at pos defining dst, its n operands NoReg
// until set, allocated in the arena.
func (a *Arena) MakePhi(pos token.Pos, dst Reg, n int) *Instr {
	in := a.Make(OpPhi, pos)
	regs := a.regs.take(1 + n)
	regs[0] = dst
	for i := range regs[1:] {
		regs[1+i] = NoReg
	}
	in.regs, in.nDsts = regs, 1
	return in
}

// SetRegs makes dsts the results of in and args its operands, in a list
// allocated in the arena: Instr.SetRegs for passes that make many.
func (a *Arena) SetRegs(in *Instr, dsts, args []Reg) {
	in.setRegs(a.regs.take(len(dsts)+len(args)), dsts, args)
}
