// This file lends checks their per-function arrays from a pool: most
// functions of a program are small, and allocating a handful of arrays
// for each was a large part of checking them.

package validate

import (
	"go/constant"
	"sync"

	"github.com/vssa-go/vssa/ir"
)

// scratch is backing store for the arrays of one check. The arrays it
// lends are zeroed and stay valid until the check returns it (put): no
// array may outlive its check (errors copy what they report).
//
// A check writes few pointers here, none per instruction: while the
// garbage collector marks, which it often does while passes allocate,
// every write of a pointer into the heap goes through its write
// barrier. So the checks keep their state (ssaCheck, promotion) on
// their stacks, lending an array writes only how much of its store is
// lent, and no types are stored. Measured in one process, old and new
// taking turns after each builder call with the collector on, that
// made the mem2reg check 4-14% faster.
type scratch struct {
	regs   store[ir.Reg]
	counts store[int32]
	flags  store[bool]

	// A GVN check's definitions and classes, and its constants (whose
	// array is kept from check to check, cleared: it holds pointers).
	places  store[place]
	classes store[class]
	konsts  []constant.Value
	joined  []ir.Reg
	folded  []foldedAt

	renamed []ir.Reg // the tracked registers of an SSA check

	// The joins of an SSA check where versions disagree, and the
	// versions it sets aside at one join.
	disagreements []disagreement
	saved         []ir.Reg

	// The input's liveness of the tracked registers.
	live     ir.LiveScan
	liveness ir.Liveness
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

func getScratch() *scratch { return scratchPool.Get().(*scratch) }

// put returns s to the pool, with all its store free again.
func (s *scratch) put() {
	s.regs.lent, s.counts.lent, s.flags.lent = 0, 0, 0
	s.places.lent, s.classes.lent = 0, 0
	scratchPool.Put(s)
}

// store is an array from which take lends, and how much of it is lent.
type store[T any] struct {
	buf  []T
	lent int
}

// take lends n zeroed elements of s, which grows (into a new array, so
// that what was lent stays valid) when it is full.
func take[T any](s *store[T], n int) []T {
	if len(s.buf)-s.lent < n {
		s.buf, s.lent = make([]T, max(2*len(s.buf), n, 1024)), 0
	}
	out := s.buf[s.lent : s.lent+n : s.lent+n]
	clear(out)
	s.lent += n
	return out
}

// keepGrown makes s the scratch array *buf if appending to it grew it
// into a new array. Storing a slice into the scratch, which is in the
// heap, goes through the write barrier while the collector marks: a
// tenth of the check of a small function, when done every time.
func keepGrown[T any](buf *[]T, s []T) {
	if cap(s) > cap(*buf) {
		*buf = s
	}
}
