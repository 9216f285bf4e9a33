// This file lends checks their per-function arrays from a pool: most
// functions of a program are small, and allocating a handful of arrays
// for each was a large part of checking them.

package validate

import (
	"go/types"
	"sync"

	"github.com/vssa-go/vssa/ir"
)

// scratch is backing store for the arrays of one check. The arrays it
// lends are zeroed and stay valid until the check returns it (put): no
// array may outlive its check (errors copy what they report).
type scratch struct {
	regs   []ir.Reg
	counts []int32
	flags  []bool
	types  []types.Type

	renamed []ir.Reg // the tracked registers of an SSA check

	// The joins of an SSA check where versions disagree, and the
	// versions it sets aside at one join.
	disagreements []disagreement
	saved         []ir.Reg

	// The input's liveness of the tracked registers.
	live     ir.LiveScan
	liveness ir.Liveness

	// The state of the check itself (each is hundreds of bytes, and a
	// check of a small function allocated little else). The next check
	// overwrites it; until then it keeps the last functions checked
	// reachable (clearing it cost as much as allocating it).
	ssa ssaCheck
	pro promotion
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

func getScratch() *scratch { return scratchPool.Get().(*scratch) }

// put returns s to the pool, with all its store free again.
func (s *scratch) put() {
	s.regs, s.counts, s.flags, s.types = s.regs[:0], s.counts[:0], s.flags[:0], s.types[:0]
	scratchPool.Put(s)
}

// take lends n zeroed elements of *store, which grows (into a new
// array, so that what was lent stays valid) when it is full.
func take[T any](store *[]T, n int) []T {
	s := *store
	if cap(s)-len(s) < n {
		s = make([]T, 0, max(2*cap(s), n, 1024))
	}
	lent := s[len(s) : len(s)+n : len(s)+n]
	clear(lent)
	*store = s[:len(s)+n]
	return lent
}
