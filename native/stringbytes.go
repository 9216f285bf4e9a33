// This file lowers []byte(s) that the function only reads (ParseUint's
// `for _, c := range []byte(s)`) to s's own bytes, without the copy Go
// makes, as gc does for a range: a string's bytes never change, so a
// copy that is never written, passed on, kept, compared or asked its
// capacity cannot be told from the original.

package native

import (
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// bytesOfString reports whether dst = []byte(x), x a string, is only
// read, and if so makes dst s's pointer and length, its capacity its
// length.
func (l *lowerer) bytesOfString(dst, x ir.Reg) bool {
	sl, ok := l.f.TypeOf(dst).Underlying().(*types.Slice)
	if !ok || !isString(l.f.TypeOf(x)) {
		return false
	}
	if b, ok := sl.Elem().Underlying().(*types.Basic); !ok || b.Kind() != types.Uint8 {
		return false
	}
	users := map[ir.Reg][]*ir.Instr{}
	for _, b := range l.f.Blocks {
		for _, in := range append(b.Phis, b.Instrs...) {
			for _, a := range in.Args() {
				users[a] = append(users[a], in)
			}
		}
	}
	if !onlyRead(dst, users, map[ir.Reg]bool{}) {
		return false
	}
	vs := l.values(x)
	l.vals[dst] = []Value{vs[0], vs[1], vs[1]}
	return true
}

// onlyRead reports whether the bytes of slice r (or of the slices and
// element addresses made of it) are only loaded: r is read by len,
// bounds checks, slicing and element addresses that only loads read.
// A phi or copy of r must be only read too; anything else (a store, a
// call, a return, a comparison, a cap that is not a slicing's) is not.
func onlyRead(r ir.Reg, users map[ir.Reg][]*ir.Instr, seen map[ir.Reg]bool) bool {
	if seen[r] {
		return true
	}
	seen[r] = true
	for _, u := range users[r] {
		switch u.Op {
		case ir.OpLen, ir.OpBoundsCheck, ir.OpSliceCheck:
		case ir.OpLoad:
			if u.Args()[0] != r {
				return false
			}
		case ir.OpIndexAddr, ir.OpSlice, ir.OpPhi, ir.OpCopy:
			if u.Op != ir.OpPhi && u.Op != ir.OpCopy && u.Args()[0] != r {
				// An index or a bound, not the slice.
				continue
			}
			if !onlyRead(u.Dsts()[0], users, seen) {
				return false
			}
		case ir.OpCap:
			// b[i:] reads cap(b) for its checks and its result's
			// capacity, which only slicing reads: past len(b) Go's
			// capacity is gc's choice (a stack buffer's 32 bytes),
			// not the program's.
			for _, c := range users[u.Dsts()[0]] {
				if c.Op != ir.OpSlice && c.Op != ir.OpSliceCheck {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}
