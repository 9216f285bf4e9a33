// This file keeps the type of every register of a function, in an array
// that a function shares with its clones until one of them changes a
// type: passes add registers to a copy of their input by the million,
// and copying every type for each result was a fifth of mem2reg.

package ir

import (
	"go/types"
	"iter"
	"sync/atomic"
	"unsafe"
)

// regTypes is the type of each register of one function: t[r] for
// register r. The array behind t may be viewed by several functions (a
// function and its clones, each with its own length), so it is written
// only where no other function can see the write:
//
//   - below a view's length, only while the array has never been shared
//     (SetType copies it first otherwise);
//   - at a view's length and after (new registers), only in places the
//     view has claimed: the array's claimed length grows from the end of
//     a view's own places by compare-and-swap, so of two clones adding
//     registers the first claims the places and the second copies.
//
// So two functions whose views start at the same array agree on every
// register both have (SameRegTypes relies on it), and a pass that adds
// registers to a clone of its input writes nothing its input reads.
// A view claims places a few at a time (one compare-and-swap for each
// register was a twentieth of SSA construction), and gives back those
// it has not used when it is shared.
type regTypes struct {
	t     []types.Type
	head  *regArray
	sets  uint64 // types this view changed in place (for Fingerprint)
	owned int    // the places from len(t) up to here are this view's (0: none)
}

// regArray is the bookkeeping of one array of register types.
type regArray struct {
	claimed atomic.Int64 // the places below are some view's
	shared  atomic.Bool  // viewed by more than one function
}

// newRegTypes returns register types that own their array (n types,
// room for more).
func newRegTypes(ts []types.Type, room int) regTypes {
	t := make([]types.Type, len(ts), len(ts)+max(room, 0))
	copy(t, ts)
	h := new(regArray)
	h.claimed.Store(int64(cap(t)))
	return regTypes{t: t, head: h, owned: cap(t)}
}

// share returns a view of the same array for a clone, which owns no
// place: the places rt claimed and left unused are given back first.
func (rt *regTypes) share() regTypes {
	if rt.head == nil { // the zero Func: nothing to share
		return regTypes{}
	}
	rt.head.shared.Store(true)
	if n := len(rt.t); rt.owned > n && rt.head.claimed.CompareAndSwap(int64(rt.owned), int64(n)) {
		rt.owned = n
	}
	view := *rt
	view.owned = 0
	return view
}

// claim makes the places of the array up to want (at most its capacity)
// rt's, and reports whether they are: no other view may have claimed
// any of those after rt's own places.
func (rt *regTypes) claim(want int) bool {
	from := max(len(rt.t), rt.owned)
	if want <= from {
		return true
	}
	if rt.head == nil || want > cap(rt.t) || !rt.head.claimed.CompareAndSwap(int64(from), int64(want)) {
		return false
	}
	rt.owned = want
	return true
}

// NumRegs returns the number of registers of f.
func (f *Func) NumRegs() int { return len(f.regs.t) }

// TypeOf returns the type of register r (nil if r has none).
func (f *Func) TypeOf(r Reg) types.Type { return f.regs.t[r] }

// HasReg reports whether r is a register of f with a type.
func (f *Func) HasReg(r Reg) bool {
	return r >= 0 && int(r) < len(f.regs.t) && f.regs.t[r] != nil
}

// NewReg adds a register of type t.
func (f *Func) NewReg(t types.Type) Reg {
	rt := &f.regs
	n := len(rt.t)
	if n >= rt.owned && (n == cap(rt.t) || !rt.claim(min(cap(rt.t), n+n/8+16))) {
		// No room, or a clone has claimed it: a new array, with room
		// for more (passes add registers one at a time).
		*rt = newRegTypes(rt.t, n/4+16)
	}
	rt.t = rt.t[:n+1]
	rt.t[n] = t
	return Reg(n)
}

// ReserveRegs makes room for n more registers, so that adding them
// does not copy the types again.
func (f *Func) ReserveRegs(n int) {
	rt := &f.regs
	if !rt.claim(len(rt.t) + n) {
		*rt = newRegTypes(rt.t, n)
	}
}

// ReserveForPasses makes room in f for the registers passes add to
// copies of it, which share its register types and write new ones after
// them while there is room: mem2reg adds one per promoted variable, per
// store to it and per phi, so one per alloc, store and block (and a
// few) is nearly always enough. Without room, the pass copies every
// type, and its validator compares them one by one.
func (f *Func) ReserveForPasses() {
	n := 16
	for _, b := range f.Blocks {
		n++
		for _, in := range b.Instrs {
			if in.Op == OpAlloc || in.Op == OpStore {
				n++
			}
		}
	}
	f.ReserveRegs(n)
}

// SetType makes t the type of register r, which must exist. If the
// array is shared with another function, f gets its own copy first.
func (f *Func) SetType(r Reg, t types.Type) {
	rt := &f.regs
	if rt.head == nil || rt.head.shared.Load() {
		*rt = newRegTypes(rt.t, cap(rt.t)-len(rt.t))
	}
	rt.t[r] = t
	rt.sets++
}

// sum hashes the identity of the types (which array, how many, how
// often changed in place): only f's methods change them.
func (rt *regTypes) sum() uint64 {
	var first uintptr
	if len(rt.t) > 0 {
		first = uintptr(unsafe.Pointer(&rt.t[0]))
	}
	return mix(uint64(first), uint64(len(rt.t))<<32^rt.sets)
}

// SetNumRegs makes f have n registers: the first n of those it has (a
// function that loses registers gets its own array), then untyped ones.
// Parsers and tests use it.
func (f *Func) SetNumRegs(n int) {
	if n <= len(f.regs.t) {
		f.regs = newRegTypes(f.regs.t[:n], 0)
		return
	}
	f.ReserveRegs(n - len(f.regs.t))
	for len(f.regs.t) < n {
		f.NewReg(nil)
	}
}

// RegTypes iterates over the registers of f and their types, in
// increasing order.
func (f *Func) RegTypes() iter.Seq2[Reg, types.Type] {
	return func(yield func(Reg, types.Type) bool) {
		for r, t := range f.regs.t {
			if !yield(Reg(r), t) {
				return
			}
		}
	}
}

// FirstOtherType returns the first register below n whose type in g is
// not the type it has in f (or which one of them lacks), or -1 if they
// agree on all n. Both must have at least n registers. Functions that
// share their array agree without a look at it; other arrays are
// compared as interface values first, which are equal for the same
// type, and with types.Identical where they differ.
func FirstOtherType(f, g *Func, n int) int {
	ft, gt := f.regs.t[:n], g.regs.t[:n]
	if n == 0 || &ft[0] == &gt[0] {
		return -1
	}
	for i, t := range ft {
		if u := gt[i]; t != u && (t == nil || u == nil || !types.Identical(t, u)) {
			return i
		}
	}
	return -1
}
