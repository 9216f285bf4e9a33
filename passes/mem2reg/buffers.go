// This file lends the builders their working arrays from a pool: most
// functions are small, and allocating a handful of arrays for each was a
// large part of the time of building them.

package mem2reg

import (
	"sync"

	"github.com/vssa-go/vssa/ir"
	"github.com/vssa-go/vssa/ir/graph"
)

// buffers are the working arrays of one run of the pass, one per use.
// Nothing in them may outlive the run: the result and its hints have
// arrays of their own.
type buffers struct {
	defs      []int32     // promotableAllocs: definitions per register
	facts     []uint8     // promotableAllocs: facts per register
	accesses  []ir.Access // promotableAllocs: the allocs, loads and stores
	rewritten []ir.Access // promote: the accesses to the variables
	varOf     []ir.Reg    // promote: address register → variable's register
	index     []int32     // renaming: input register → index in vars

	siteIndex, siteFirst []int32 // the sites of the renamed registers
	mentioned            []bool  // mentioning: the registers looked for

	renaming renaming    // the builders' shared state
	stacks   [][]ir.Reg  // cytron: versions per renamed register (inner arrays kept)
	pushed   []int32     // cytron: renamed registers pushed, in order
	work     []visit     // cytron: the walk of the dominator tree
	live     ir.LiveScan // cytron: the liveness of the renamed registers
	liveness ir.Liveness
	idf      graph.IDF  // cytron: the iterated frontiers
	joins    []int      // cytron: one register's
	placed   []defBlock // cytron: the phis to make
	phiStart []int32    // cytron: where each block's phis start in one array

	defSites          []defBlock // cytron: where each renamed register is defined
	defStart, defNext []int32    // cytron: grouping defs by register
	defBlocks         []int

	sealed, filled []bool           // braun: per block
	pending        []map[ir.Reg]int // braun: incomplete phis per block
	dense          []int32          // braun: current definitions
	values         []value          // braun: definitions and phis
	patches        []patch          // braun: operands to set
}

var bufferPool = sync.Pool{New: func() any { return new(buffers) }}

// stacksFor returns n empty stacks, with the arrays of earlier runs.
func (b *buffers) stacksFor(n int) [][]ir.Reg {
	if cap(b.stacks) < n {
		b.stacks = append(b.stacks[:cap(b.stacks)], make([][]ir.Reg, n-cap(b.stacks))...)
	}
	stacks := b.stacks[:n]
	for k := range stacks {
		stacks[k] = stacks[k][:0]
	}
	return stacks
}

// zeroed returns *s resized to n zero elements, keeping its array if it
// is large enough (and the new one in *s otherwise).
func zeroed[T any](s *[]T, n int) []T {
	if cap(*s) < n {
		*s = make([]T, n)
	} else {
		*s = (*s)[:n]
		clear(*s)
	}
	return *s
}
