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
//   - each pointer is stored to its slot right where it is defined,
//     and each use that a call may separate from the definition reads
//     the slot again: the slot then holds the pointer at every call
//     where it is live, adjusted by the runtime if it points into a
//     stack that moved;
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
)

// keepPointersInSlots gives every pointer value that is live across a
// call (other than the arguments, reloaded by reloadPointerArgs) a slot
// of the pointer local: a store right after its definition and a load
// before each use a call may come before.
func keepPointersInSlots(m *Func) {
	def := definitions(m)
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
	at := func(v Value) Mem {
		return Mem{Local: local, Base: NoValue, Index: NoValue, Scale: 1, Disp: slot[v]}
	}
	load := func(v Value) *Instr {
		return &Instr{Op: OpLoad, Dst: m.newValue(GP, true), Mem: at(v), Width: 8}
	}
	store := func(v Value) *Instr {
		return &Instr{Op: OpStore, Dst: NoValue, Mem: at(v), Width: 8, Args: []Value{v}}
	}
	// Zero the slots before anything else: the entry block's first
	// instructions (its arguments' loads call nothing).
	entry := m.Blocks[0]
	zero := &Instr{Op: OpZeroLocal, Dst: NoValue, Imm: int64(local - 1)}
	if align(8*int64(len(order)), slotSize)/slotSize > maxStoredZero {
		zero.Width = 8 // REP STOSQ
	}
	entry.Instrs = append([]*Instr{zero}, entry.Instrs...)

	for _, b := range m.Blocks {
		var code []*Instr
		// Stores of the block's phis that keep a slot come first.
		for _, p := range b.Phis {
			if _, ok := slot[p.Dst]; ok {
				code = append(code, store(p.Dst))
			}
		}
		// defined: the values of the slots defined in this block with
		// no call since, which a use may read as they are.
		defined := map[Value]bool{}
		for _, p := range b.Phis {
			defined[p.Dst] = true
		}
		var pending []*Instr // stores waiting for the end of a call's results
		for _, in := range b.Instrs {
			if in.Op != OpCallResult {
				code = append(code, pending...)
				pending = nil
			}
			if in.Op == OpCall {
				defined = map[Value]bool{}
			} else if in != zero {
				fresh := map[Value]Value{}
				in.mapOperands(func(v Value) Value {
					if _, ok := slot[v]; !ok || defined[v] {
						return v
					}
					if w, ok := fresh[v]; ok {
						return w
					}
					r := load(v)
					r.Pos = in.Pos
					code = append(code, r)
					fresh[v] = r.Dst
					return r.Dst
				})
			}
			code = append(code, in)
			if _, ok := slot[in.Dst]; ok && in.Dst != NoValue {
				defined[in.Dst] = true
				// A call's results must follow it directly: the
				// store goes after the last of them.
				pending = append(pending, store(in.Dst))
			}
		}
		code = append(code, pending...)
		b.Instrs = code
	}
	// A phi's operand is read at the end of its predecessor.
	for _, b := range m.Blocks {
		for _, p := range b.Phis {
			for k, a := range p.Args {
				if _, ok := slot[a]; !ok {
					continue
				}
				pred := m.Blocks[b.Preds[k]]
				if def[a].block == pred && !callAfter(pred, a) {
					continue
				}
				r := load(a)
				last := len(pred.Instrs) - 1
				r.Pos = pred.Instrs[last].Pos
				pred.Instrs = append(pred.Instrs[:last:last], r, pred.Instrs[last])
				p.Args[k] = r.Dst
			}
		}
	}
}

// callAfter reports whether a call in b follows the definition of v
// (b defines v, by a phi or an instruction).
func callAfter(b *Block, v Value) bool {
	seen := false
	for _, p := range b.Phis {
		seen = seen || p.Dst == v
	}
	for _, in := range b.Instrs {
		if seen && in.Op == OpCall {
			return true
		}
		seen = seen || in.Dst == v
	}
	return false
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
