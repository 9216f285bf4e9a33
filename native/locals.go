// This file keeps local variables that do not escape in the frame: a
// struct addressed through its fields, a table indexed at run time
// (snappy's hash table), which mem2reg cannot promote to registers.
// The frame is NO_LOCAL_POINTERS, so only variables without pointers
// live there; each is zeroed where the IR allocates it (a variable
// declared in a loop is a new, zero one every iteration).

package native

import (
	"fmt"
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
		l.refuseConstruct(in, "a variable that escapes to the heap (new, a composite literal whose address is kept, or a variable a closure or another function keeps): compiled code allocates nothing; pass the memory in as a parameter")
	}
	if ir.HasPointers(p.Elem()) {
		l.fail("a local variable of type %s, which holds pointers (the frame keeps none the garbage collector must see)", p.Elem())
	}
	size := gcSizes.Sizeof(p.Elem())
	l.m.Locals = append(l.m.Locals, size)
	k := len(l.m.Locals)
	l.emit(&Instr{Op: OpZeroLocal, Imm: int64(k - 1)})
	l.addr[dst] = &symAddr{Mem{Local: k, Base: NoValue, Index: NoValue, Scale: 1, Extent: size}}
}

// zeroLocal writes zeros over local variable k, 16 bytes at a time
// (its slot is rounded up to 16), with X15 and, for a large one, R11
// as the count.
func (e *emitter) zeroLocal(k int64) {
	off := e.localOff[k]
	n := align(e.f.Locals[k], slotSize) / slotSize
	e.ins("XORPS X15, X15")
	if n <= 8 {
		for i := int64(0); i < n; i++ {
			e.ins("MOVOU X15, %d(SP)", off+slotSize*i)
		}
		return
	}
	// R11 counts 8-byte words (16 is no scale), two a store.
	loop := e.newLabel("zero")
	e.ins("MOVQ $%d, R11", 2*n)
	fmt.Fprintf(&e.w, "%s:\n", loop)
	e.ins("MOVOU X15, %d(SP)(R11*8)", off-slotSize)
	e.ins("SUBQ $2, R11")
	e.ins("JNE %s", loop)
}
