// This file keeps the memory a run uses only while it runs, for the
// next function: most functions are small, and making and growing the
// same maps and slices again for each cost more than numbering them.

package gvn

import (
	"go/constant"
	"sync"

	"github.com/vssa-go/vssa/ir"
)

// scratch is a run's temporary state; nothing in it outlives the run.
type scratch struct {
	// The run's state itself: one allocation less each.
	memory    memory
	numbering numbering
	walk      walk

	table  table
	strIDs map[string]int32
	checks map[checkKey]place

	// The buffers of the slices, by their users' names.
	rpo                    []*ir.Block
	constOf                []int32 // numbering
	values                 []constant.Value
	plans                  []plan
	offset                 []int // memory versions
	ver, exit, rpoAt       []int32
	starts                 []bool
	defAt, cover           []place // the walk
	leader, replace, saved []ir.Reg
	savedChk               []savedCheck
	stack, next            []int // the walk's path and next children
	marks                  []mark
	fate                   []fate
	phiOff                 []int
	phiGone                []bool
	dirty                  []bool
	uses                   []int32 // dead code removal
	candidates             []candidate
	work                   []place
	kids                   [][]int
	kidsFlat               []int
}

var scratches = sync.Pool{New: func() any {
	return &scratch{strIDs: map[string]int32{}, checks: map[checkKey]place{}}
}}

// maxKept is the most entries a map may have held and still be kept:
// clearing a map costs its capacity, which a large function would
// leave to every small one after it.
const maxKept = 1 << 12

// release clears s for the next run and returns it to the pool.
func (s *scratch) release() {
	s.table.clear()
	clear(s.numbering.values) // the pool must not keep the constants alive
	if cap(s.numbering.values) > cap(s.values) {
		s.values = s.numbering.values[:0]
	}
	s.memory, s.numbering, s.walk = memory{}, numbering{}, walk{} // nothing of the function kept alive
	clear(s.rpo)
	reset(&s.strIDs)
	reset(&s.checks)
	scratches.Put(s)
}

// reset empties *m, or replaces it if it has grown large.
func reset[K comparable, V any](m *map[K]V) {
	if len(*m) > maxKept {
		*m = map[K]V{}
		return
	}
	clear(*m)
}

// sized returns (*buf)[:n] cleared, growing *buf if needed.
func sized[T any](buf *[]T, n int) []T {
	s := grown(buf, n)
	clear(s)
	return s
}

// filled returns (*buf)[:n] with every element v, growing *buf if
// needed: for the arrays whose "none" is not zero, written once rather
// than cleared and then written.
func filled[T any](buf *[]T, n int, v T) []T {
	s := grown(buf, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// grown returns (*buf)[:n], growing *buf if needed, its elements as
// they were.
func grown[T any](buf *[]T, n int) []T {
	if cap(*buf) < n {
		*buf = make([]T, n, n+n/4)
	}
	*buf = (*buf)[:n]
	return *buf
}
