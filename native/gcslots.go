// This file keeps pointers that are live across a call in frame slots
// the garbage collector and the stack copier know of. A call into Go
// may collect or move the stack; the runtime finds the pointers of an
// assembly function's frame through its locals pointer map
// (FUNCDATA_LocalsPointerMaps), which is otherwise NO_LOCAL_POINTERS.
// Here the function gets one map, used at every call (no PCDATA: index
// 0, as for the arguments' map), which marks a local variable of one
// word per such pointer:
//
//   - the variable is zeroed first thing at entry, before any call, so
//     that a slot never holds garbage when the runtime reads it;
//   - each pointer is stored to its slot right before each call it is
//     live across, and loaded from it right after: the slot then holds
//     the pointer at every call where it is live, adjusted by the
//     runtime if it points into a stack that moved, and the code after
//     the call reads the adjusted pointer;
//   - a slot whose pointer is dead still holds a valid pointer (the
//     backend's pointer values never point past the end of their
//     object: slices.go), which keeps its object alive a little longer,
//     as a dead variable of gc's may.
//
// Arguments are reloaded from the argument frame instead (calls.go),
// whose map the Go declaration gives.

package native

import (
	"fmt"
	"strings"

	"github.com/vssa-go/vssa/ir/graph"
)

// keepPointersInSlots gives every pointer value that is live across a
// call (other than the arguments, reloaded by reloadPointerArgs) a slot
// of the pointer local: a store right before each call it is live
// across, and a load right after the call, whose value the reads the
// call reaches then read, merged by phis with the pointer where the
// call's path joins paths that did not call (reconstruct,
// splitcoldcalls.go). A loop whose call runs only now and then so
// keeps its pointers in registers, and touches the slot only on the
// call's own path.
func keepPointersInSlots(m *Func) {
	slot := map[Value]int64{}
	var order []Value
	eachPointerAcrossCall(m, func(_ *Instr, v Value) {
		if _, ok := slot[v]; !ok {
			slot[v] = 8 * int64(len(order))
			order = append(order, v)
		}
	})
	if len(order) == 0 {
		return
	}
	m.Locals = append(m.Locals, 8*int64(len(order)))
	local := len(m.Locals)
	m.PointerLocal = local
	// The loads and the phis that merge them hold the pointer whose
	// slot they share: their variable's, root.
	root := map[Value]Value{}
	rootOf := func(v Value) Value {
		if r, ok := root[v]; ok {
			return r
		}
		return v
	}
	at := func(v Value) Mem {
		return Mem{Local: local, Base: NoValue, Index: NoValue, Scale: 1, Disp: slot[rootOf(v)]}
	}
	// Zero the slots before anything else: the entry block's first
	// instructions (its arguments' loads call nothing).
	entry := m.Blocks[0]
	zero := &Instr{Op: OpZeroLocal, Dst: NoValue, Imm: int64(local - 1)}
	if align(8*int64(len(order)), slotSize)/slotSize > maxStoredZero {
		zero.Width = 8 // REP STOSQ
	}
	entry.Instrs = append([]*Instr{zero}, entry.Instrs...)

	g := flowGraph(m)
	dom := graph.Dominators(g, 0)
	df := dom.Frontiers(g)
	for {
		b, x, v := pointerAcrossCallAt(m)
		if b == nil {
			return
		}
		call := b.Instrs[x]
		first := x
		for first > 0 && b.Instrs[first-1].Op == OpCallArg {
			first--
		}
		last := x + 1 // the call's results must follow it directly
		for last < len(b.Instrs) && b.Instrs[last].Op == OpCallResult {
			last++
		}
		lv := computeLiveness(m)
		st := &Instr{Op: OpStore, Dst: NoValue, Mem: at(v), Width: 8, Args: []Value{v}, Pos: call.Pos}
		ld := &Instr{Op: OpLoad, Dst: m.newValue(GP, true), Mem: at(v), Width: 8, Pos: call.Pos}
		root[ld.Dst] = rootOf(v)
		code := append([]*Instr(nil), b.Instrs[:first]...)
		code = append(code, st)
		code = append(code, b.Instrs[first:last]...)
		code = append(code, ld)
		b.Instrs = append(code, b.Instrs[last:]...)
		for p := range reconstruct(m, v, ld.Dst, b.Index, last+1, dom, df, lv) {
			root[p] = rootOf(v)
		}
	}
}

// pointerAcrossCallAt returns the first call of m, by block and index,
// that a pointer is live across, and the pointer; a nil block if none.
func pointerAcrossCallAt(m *Func) (*Block, int, Value) {
	lv := computeLiveness(m)
	for _, b := range m.Blocks {
		live := lv.out[b.Index].clone()
		for x := len(b.Instrs) - 1; x >= 0; x-- {
			in := b.Instrs[x]
			if in.Op == OpCall {
				found := NoValue
				live.each(func(v Value) {
					if found == NoValue && m.Values[v].Pointer {
						found = v
					}
				})
				if found != NoValue {
					return b, x, found
				}
			}
			if in.Dst != NoValue {
				live.remove(in.Dst)
			}
			for _, u := range in.uses() {
				live.add(u)
			}
		}
	}
	return nil, 0, NoValue
}

// pointerMap returns, for a function with a pointer local, the
// FUNCDATA line that replaces NO_LOCAL_POINTERS and the read-only data
// of its map, in the runtime's stackmap layout (runtime/symtab.go): the
// count of maps (1) and of bits, then the bits, one per word of the
// frame from the pointer local up to the top of the locals (the saved
// frame pointer above them is where the runtime's varp points), set for
// the local's words.
func (e *emitter) pointerMap(name string) (funcdata, data string) {
	k := e.f.PointerLocal - 1
	from := e.localOff[k]
	words := (e.frame - from) / 8
	ptrs := e.f.Locals[k] / 8
	sym := "vssaptrs_" + strings.NewReplacer("·", "_", ".", "_", "(", "_", ")", "_", "*", "_").Replace(name) + "<>"
	bits := make([]byte, (words+7)/8)
	for i := int64(0); i < ptrs; i++ {
		bits[i/8] |= 1 << (i % 8)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "DATA %s+0(SB)/4, $1\n", sym)
	fmt.Fprintf(&sb, "DATA %s+4(SB)/4, $%d\n", sym, words)
	for i, b := range bits {
		fmt.Fprintf(&sb, "DATA %s+%d(SB)/1, $%d\n", sym, 8+i, b)
	}
	fmt.Fprintf(&sb, "GLOBL %s(SB), RODATA|NOPTR, $%d\n", sym, 8+len(bits))
	return fmt.Sprintf("\tFUNCDATA $FUNCDATA_LocalsPointerMaps, %s(SB)\n", sym), sb.String()
}
