// This file lets compiled code make and grow slices
// (binary.AppendUvarint's append, utf16.Encode's make) by calling Go
// helpers of the compiled package that do it with Go's own make and
// append, so that the panics, the zeroing, and the capacity after growth
// are gc's (append's growth rule does not depend on how many elements
// are appended at once). The runtime's rules hold as for any call
// (calls.go): the new slice's pointer comes back in registers, is
// passed through the preemption polls like the other live pointers, and
// may not stay live across another call (Lower refuses that), so the
// garbage collector sees it wherever it can run.
//
// append(s, x, y) is, in go/ssa, a new array holding x and y, sliced and
// appended: appendLiterals turns it back into one call of the elements
// (vssa.append), which needs no array.

package native

import (
	"fmt"
	"go/constant"
	"go/types"
	"strings"

	"github.com/vssa-go/vssa/ir"
)

// appendElemsBuiltin names the IR call r = vssa.append(s, x0, x1, …):
// append(s, x0, x1, …), made by appendLiterals.
const appendElemsBuiltin = "vssa.append"

// appendLiterals rewrites, in f (SSA discipline, modified in place),
// each r = append(s, t) whose t slices a new array that only stores of
// its elements, in t's block, write: r = vssa.append(s, x0, x1, …), the
// array and its stores removed.
func appendLiterals(f *ir.Func) {
	uses := map[ir.Reg][]*ir.Instr{}
	def := map[ir.Reg]*ir.Instr{}
	block := map[*ir.Instr]*ir.Block{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			block[in] = b
			for _, a := range in.Args() {
				uses[a] = append(uses[a], in)
			}
			for _, d := range in.Dsts() {
				def[d] = in
			}
		}
	}
	dead := map[*ir.Instr]bool{}
	for _, b := range f.Blocks {
		for _, call := range b.Instrs {
			if call.Op != ir.OpCall || call.CallMode != ir.CallBuiltin || call.Sym() != "append" || len(call.CallArgs()) != 2 {
				continue
			}
			t := call.CallArgs()[1]
			sl := def[t]
			if sl == nil || sl.Op != ir.OpSlice || len(uses[t]) != 1 || block[sl] != b {
				continue
			}
			arr := sl.Args()[0]
			for _, a := range sl.Args()[1:] {
				if a != ir.NoReg {
					arr = ir.NoReg // t[i:j]: not the literal's slice
				}
			}
			alloc := def[arr]
			if arr == ir.NoReg || alloc == nil || alloc.Op != ir.OpAlloc || block[alloc] != b {
				continue
			}
			elems, ok := literalElems(f, arr, uses, def, block, b, sl)
			if !ok {
				continue
			}
			dead[alloc], dead[sl] = true, true
			for _, u := range uses[arr] {
				if u != sl {
					dead[u] = true
					dead[uses[u.Dsts()[0]][0]] = true
				}
			}
			call.SetRegs(call.Dsts(), append([]ir.Reg{call.CallArgs()[0]}, elems...))
			call.SetSym(appendElemsBuiltin)
		}
	}
	for _, b := range f.Blocks {
		code := b.Instrs[:0]
		for _, in := range b.Instrs {
			if !dead[in] {
				code = append(code, in)
			}
		}
		b.Instrs = code
	}
}

// literalElems returns the values stored in array arr's elements, in
// order, if arr is used only by sl and by one indexaddr per element at
// a constant index, each read only by a store in b before sl.
func literalElems(f *ir.Func, arr ir.Reg, uses map[ir.Reg][]*ir.Instr, def map[ir.Reg]*ir.Instr, block map[*ir.Instr]*ir.Block, b *ir.Block, sl *ir.Instr) ([]ir.Reg, bool) {
	n := arrayLen(f.TypeOf(arr))
	if n <= 0 || len(uses[arr]) != int(n)+1 {
		return nil, false
	}
	at := map[*ir.Instr]int{}
	for i, in := range b.Instrs {
		at[in] = i
	}
	elems := make([]ir.Reg, n)
	seen := make([]bool, n)
	for _, u := range uses[arr] {
		if u == sl {
			continue
		}
		if u.Op != ir.OpIndexAddr || u.Args()[0] != arr || block[u] != b {
			return nil, false
		}
		k := def[u.Args()[1]]
		if k == nil || k.Op != ir.OpConst || k.Const() == nil {
			return nil, false
		}
		i, exact := constant.Int64Val(k.Const())
		us := uses[u.Dsts()[0]]
		if !exact || i < 0 || i >= n || seen[i] || len(us) != 1 {
			return nil, false
		}
		seen[i] = true
		st := us[0]
		if st.Op != ir.OpStore || st.Args()[0] != u.Dsts()[0] || block[st] != b || at[st] > at[sl] {
			return nil, false
		}
		elems[i] = st.Args()[1]
	}
	return elems, true
}

// appendHelperBody is the Go helper's body for an append of nElems
// elements (p1, p2, …), or, if nElems < 0, of a slice's (p1...).
func appendHelperBody(nElems int) string {
	if nElems < 0 {
		return "return append(p0, p1...)"
	}
	var ps []string
	for i := 1; i <= nElems; i++ {
		ps = append(ps, fmt.Sprintf("p%d", i))
	}
	return "return append(p0, " + strings.Join(ps, ", ") + ")"
}

// makeSliceBody is the Go helper's body for makeslice len, cap: $R0
// stands for the result's type (trampolinesGo writes it).
const makeSliceBody = "return make($R0, p0, p1)"

// arrayLen returns the length of the array a pointer of type t points
// to, or -1.
func arrayLen(t types.Type) int64 {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return -1
	}
	a, ok := p.Elem().Underlying().(*types.Array)
	if !ok {
		return -1
	}
	return a.Len()
}

// helperSlice lowers dsts = the Go helper body(args), a new slice,
// recording its pointer for refuseMadeAcrossCall.
func (l *lowerer) helperSlice(body string, args, dsts []ir.Reg) {
	l.callee(l.goHelper(body, args, dsts), "", args, dsts)
	if l.made == nil {
		l.made = map[Value]bool{}
	}
	l.made[l.vals[dsts[0]][0]] = true
}

// refuseMadeAcrossCall refuses, in the user's terms, a slice made or
// grown by compiled code whose pointer, among ptrs, is live across a
// later call (through the phis that carry it). Such a pointer is now
// kept in a slot the frame's pointer map marks (gcslots.go), so this
// words only a refusal that should not happen.
func (l *lowerer) refuseMadeAcrossCall(ptrs []Value) {
	if len(l.made) == 0 {
		return
	}
	made := map[Value]bool{}
	for v := range l.made {
		made[v] = true
	}
	for changed := true; changed; {
		changed = false
		for _, b := range l.m.Blocks {
			for _, p := range b.Phis {
				for _, a := range p.Args {
					if made[a] && !made[p.Dst] {
						made[p.Dst], changed = true, true
					}
				}
			}
			for _, in := range b.Instrs {
				if in.Dst == NoValue || made[in.Dst] || !l.m.Values[in.Dst].Pointer {
					continue
				}
				for _, a := range in.Args {
					if made[a] {
						made[in.Dst], changed = true, true // derived from it
					}
				}
			}
		}
	}
	for _, v := range ptrs {
		if made[v] {
			l.fail("a slice made or appended to by compiled code, and kept across a later call: compiled code's frame has no pointer maps, so the garbage collector would not see it during the call; make the call before the make or append, return the slice at once, or keep the function in Go")
		}
	}
}
