// This file keeps local variables that do not escape in the frame: a
// struct addressed through its fields, a table indexed at run time
// (snappy's hash table), which mem2reg cannot promote to registers.
// The frame is NO_LOCAL_POINTERS, so only variables without pointers
// live there; each is zeroed where the IR allocates it (a variable
// declared in a loop is a new, zero one every iteration).

package native

import (
	"go/types"

	"github.com/vssa-go/vssa/ir"
)

// alloc lowers dst = alloc (a local variable, not new).
func (l *lowerer) alloc(dst ir.Reg, in *ir.Instr) {
	p, ok := l.f.TypeOf(dst).Underlying().(*types.Pointer)
	if !ok {
		l.fail("an allocation of %s", l.f.TypeOf(dst))
	}
	if in.Flags&ir.FlagHeap != 0 {
		// go/ssa marks a sliced local array as escaping; it may stay
		// in the frame all the same (framearrays.go).
		if leak := frameLeak(l.f, in); leak != nil {
			// A variadic call's arguments are an array go/ssa makes at
			// the call: refused as the call (refuseConstruct).
			if _, array := p.Elem().Underlying().(*types.Array); array && !ir.HasPointers(p.Elem()) && leak.Pos.IsValid() && in.Pos != leak.Pos {
				l.pos = leak.Pos
				l.fail("%s", frameLeakRefusal(leak))
			}
			l.refuseConstruct(in, "a variable that escapes to the heap (new, a composite literal whose address is kept, or a variable a closure or another function keeps): compiled code allocates nothing; pass the memory in as a parameter")
		}
	}
	if ir.HasPointers(p.Elem()) {
		l.fail("a local variable of type %s, which holds pointers (the frame keeps none the garbage collector must see)", p.Elem())
	}
	size := gcSizes.Sizeof(p.Elem())
	l.m.Locals = append(l.m.Locals, size)
	k := len(l.m.Locals)
	zero := &Instr{Op: OpZeroLocal, Imm: int64(k - 1)}
	if align(size, slotSize)/slotSize > maxStoredZero {
		zero.Width = 8 // REP STOSQ
	}
	l.emit(zero)
	l.addr[dst] = &symAddr{Mem{Local: k, Base: NoValue, Index: NoValue, Scale: 1, Extent: size}}
}

// maxStoredZero is the most 16-byte slots a local variable is zeroed
// with one store each; a larger one is zeroed by REP STOSQ, as gc
// zeroes snappy's 32 KB hash table: a loop of 16-byte stores took
// about three times as long there (encodeBlock's benchmark input, a
// quarter of vssa's time), the string instruction being the fast path
// of the processor's own for a large aligned run of stores.
const maxStoredZero = 8

// zeroLocal writes zeros over local variable k (its slot is rounded up
// to 16 bytes): with X15, 16 bytes a store, or with REP STOSQ for in of
// Width 8 (a large one; DI, CX and AX are its clobbers).
func (e *emitter) zeroLocal(in *Instr) {
	k := in.Imm
	off := e.localOff[k]
	n := align(e.f.Locals[k], slotSize) / slotSize
	if in.Width == 8 {
		e.ins("LEAQ %d(SP), DI", off)
		e.ins("MOVQ $%d, CX", 2*n)
		e.ins("XORL AX, AX")
		e.ins("REP; STOSQ")
		return
	}
	if n > maxStoredZero {
		panic("native: a large local zeroed without REP STOSQ")
	}
	e.ins("XORPS X15, X15")
	for i := int64(0); i < n; i++ {
		e.ins("MOVOU X15, %d(SP)", off+slotSize*i)
	}
}
