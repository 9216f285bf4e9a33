// This file undoes a rewrite of go/ssa that changes a panic message:
// go/ssa builds make([]T, n, m) with a constant capacity m as
// new([m]T)[:n], whose failure is a slice-bounds panic ("slice bounds
// out of range [:2] with length 1"), where the Go runtime's makeslice
// panics with "makeslice: len out of range" or "makeslice: cap out of
// range" (GOROOT's test/fixedbugs/issue37975.go). The pair is
// translated back into the makeslice it was.

package bridge

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/vssa-go/vssa/ir"
)

// isConstCapMake reports whether a is the array go/ssa allocates for a
// make with a constant capacity: its comment says so, and its only use
// is the slice of its first n elements.
func isConstCapMake(a *ssa.Alloc) bool {
	if a.Comment != "makeslice" {
		return false
	}
	var slices int
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Slice:
			if r.X != a || r.Low != nil || r.High == nil || r.Max != nil {
				return false
			}
			slices++
		default:
			return false
		}
	}
	return slices == 1
}

// constCapMake translates s, new([m]T)[:n] made by go/ssa from
// make([]T, n, m), as "makeslice n, m".
func (t *translator) constCapMake(s *ssa.Slice, pos token.Pos) {
	m, _ := arrayLen(s.X.Type())
	t.emit(ir.OpMakeSlice, pos, t.def(s), t.val(s.High, pos), t.intConst(m, pos))
}
