// This file keeps a struct copied into a local variable and read back
// field by field in registers, as gc keeps such a struct in SSA values:
// unicode's is32 copies a Range32 out of its slice in a binary search,
//
//	range_ := ranges[m]
//	if range_.Lo <= r && r <= range_.Hi {
//
// which go/ssa makes a local (alloc), a store of the loaded struct into
// it and a load of each field through fieldaddr. mem2reg promotes only
// variables read and written whole, so the local stayed in the frame:
// zeroed every iteration (the alloc), written, and read back. A read of
// a field of the copy is the field of the copied value, so it becomes a
// field instruction on that value, whose components (aggregates.go) are
// registers, and the local goes.

package native

import (
	"github.com/vssa-go/vssa/ir"
)

// scalarCopies replaces, in f (SSA), the loads of the fields of a local
// struct variable written once, whole, by the fields of the value
// written, and removes the variable. It applies to a local (not heap)
// alloc A whose uses are exactly one store of a value v to A and
// fieldaddrs of A read only by loads, where the store dominates each
// load: then every load reads what the store wrote. A dominates the
// store (it is the store's operand), so on every path from an execution
// of A (a new, zero variable) to a load the store runs in between; the
// loads' values are v's fields. Any other use (a store to a field, the
// address passed on or stored, a whole load) leaves A as it is.
//
// The instructions changed are replaced by new ones, never edited: the
// passes' results share instructions with their inputs.
func scalarCopies(f *ir.Func) {
	type use struct {
		in    *ir.Instr
		block int
		at    int
	}
	def := map[ir.Reg]*ir.Instr{}
	uses := map[ir.Reg][]use{}
	for _, b := range f.Blocks {
		for i, in := range b.Instrs {
			for _, a := range in.Args() {
				uses[a] = append(uses[a], use{in, b.Index, i})
			}
			for _, d := range in.Dsts() {
				def[d] = in
			}
		}
		for _, p := range b.Phis {
			for _, a := range p.Args() {
				uses[a] = append(uses[a], use{p, b.Index, -1})
			}
		}
	}
	var dom interface{ Dominates(a, b int) bool }
	// dominates reports whether s runs before l on every path to l.
	dominates := func(s, l use) bool {
		if s.block == l.block {
			return s.at < l.at
		}
		if dom == nil {
			dom = f.CFG().Dom
		}
		return dom.Dominates(s.block, l.block)
	}
	dead := map[*ir.Instr]bool{}
	replace := map[*ir.Instr]*ir.Instr{}
	for _, b := range f.Blocks {
		for _, alloc := range b.Instrs {
			if alloc.Op != ir.OpAlloc || alloc.Flags&ir.FlagHeap != 0 {
				continue
			}
			a := alloc.Dsts()[0]
			var store *use
			var addrs []use
			ok := true
			for _, u := range uses[a] {
				switch {
				case u.in.Op == ir.OpStore && u.in.Args()[0] == a && u.in.Args()[1] != a && store == nil:
					store = &u
				case u.in.Op == ir.OpFieldAddr:
					addrs = append(addrs, u)
				default:
					ok = false
				}
			}
			if !ok || store == nil {
				continue
			}
			v := store.in.Args()[1]
			for _, fa := range addrs {
				for _, u := range uses[fa.in.Dsts()[0]] {
					if u.in.Op != ir.OpLoad || !dominates(*store, u) {
						ok = false
					}
				}
			}
			if !ok {
				continue
			}
			dead[alloc], dead[store.in] = true, true
			for _, fa := range addrs {
				dead[fa.in] = true
				for _, u := range uses[fa.in.Dsts()[0]] {
					field := ir.NewInstr(ir.OpField, u.in.Pos, u.in.Dsts(), []ir.Reg{v})
					field.Field = fa.in.Field
					replace[u.in] = field
				}
			}
		}
	}
	if len(dead) == 0 {
		return
	}
	for _, b := range f.Blocks {
		code := b.Instrs[:0:0]
		for _, in := range b.Instrs {
			if r, ok := replace[in]; ok {
				in = r
			}
			if !dead[in] {
				code = append(code, in)
			}
		}
		b.Instrs = code
	}
}
