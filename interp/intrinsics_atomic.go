// This file implements sync/atomic's functions on the program's memory.
// Called as they are, they would work on a copy of the variable: the
// boundary copies what a pointer points to into real memory and writes it
// back after the call, so a load's write-back could undo a store another
// goroutine made meanwhile (fixedbugs/issue11256.go lost its stores so
// and spun forever), and no two operations would be atomic together.
// Here every atomic operation on interpreted memory holds one lock, which
// also orders them as Go's atomics are ordered (sequentially
// consistent, and synchronising like a mutex). Variables that live in
// real memory (inside a standard library struct) or in packed storage
// (the elements of an array of integers, packed.go) are passed to the
// real functions, which work on them in place.

package interp

import (
	"go/types"
	"sync"
	"sync/atomic"
	"unsafe"
)

// atomicMu serialises the atomic operations on interpreted memory.
var atomicMu sync.Mutex

// atomicInt is an integer type sync/atomic has functions for.
type atomicInt interface {
	int32 | int64 | uint32 | uint64 | uintptr
}

// realAtomics are sync/atomic's functions on one integer type.
type realAtomics[T atomicInt] struct {
	load           func(*T) T
	store          func(*T, T)
	add, swap      func(*T, T) T
	and, or        func(*T, T) T
	compareAndSwap func(*T, T, T) bool
}

func init() {
	atomicInts("Int32", realAtomics[int32]{atomic.LoadInt32, atomic.StoreInt32, atomic.AddInt32, atomic.SwapInt32, atomic.AndInt32, atomic.OrInt32, atomic.CompareAndSwapInt32})
	atomicInts("Int64", realAtomics[int64]{atomic.LoadInt64, atomic.StoreInt64, atomic.AddInt64, atomic.SwapInt64, atomic.AndInt64, atomic.OrInt64, atomic.CompareAndSwapInt64})
	atomicInts("Uint32", realAtomics[uint32]{atomic.LoadUint32, atomic.StoreUint32, atomic.AddUint32, atomic.SwapUint32, atomic.AndUint32, atomic.OrUint32, atomic.CompareAndSwapUint32})
	atomicInts("Uint64", realAtomics[uint64]{atomic.LoadUint64, atomic.StoreUint64, atomic.AddUint64, atomic.SwapUint64, atomic.AndUint64, atomic.OrUint64, atomic.CompareAndSwapUint64})
	atomicInts("Uintptr", realAtomics[uintptr]{atomic.LoadUintptr, atomic.StoreUintptr, atomic.AddUintptr, atomic.SwapUintptr, atomic.AndUintptr, atomic.OrUintptr, atomic.CompareAndSwapUintptr})
	atomicPointers()
}

// atomicCell returns the cell p points to, or the real memory; a nil p
// panics as Go's atomics do.
func (it *Interp) atomicCell(g *goroutine, p Value) (*Value, unsafe.Pointer) {
	switch c := p.r.(type) {
	case *Value:
		if c != nil {
			return c, nil
		}
	case *realPtr:
		if c != nil {
			return nil, c.v.UnsafePointer()
		}
	case *uint8:
		if c != nil {
			return nil, unsafe.Pointer(c)
		}
	case nil:
	default:
		panic(unsupportedf("sync/atomic on %s", foreignName(p)))
	}
	it.raiseRuntime(g, errNilDeref)
	panic("unreachable")
}

// atomicUpdate applies op to the integer in the cell p points to, under
// atomicMu (or with real on real memory), and returns op's result.
func atomicUpdate[T atomicInt, R any](it *Interp, g *goroutine, p Value, real func(*T) R, op func(c *Value, old T) R) R {
	c, rp := it.atomicCell(g, p)
	if rp != nil {
		return real((*T)(rp))
	}
	atomicMu.Lock()
	defer atomicMu.Unlock()
	return op(c, T(c.n))
}

// intValue is x as a Value holds an integer: any of these types sign- or
// zero-extends to 64 bits through int64 as its kind requires.
func intValue[T atomicInt](x T) Value { return Value{n: uint64(int64(x))} }

// atomicInts registers sync/atomic's functions on integers of type T,
// named with suffix ("Int32": LoadInt32, AddInt32, ...).
func atomicInts[T atomicInt](suffix string, real realAtomics[T]) {
	one := func(v Value) []Value { return []Value{v} }
	intrinsics["sync/atomic.Load"+suffix] = func(it *Interp, g *goroutine, args []Value) []Value {
		return one(atomicUpdate(it, g, args[0],
			func(p *T) Value { return intValue(real.load(p)) },
			func(_ *Value, old T) Value { return intValue(old) }))
	}
	intrinsics["sync/atomic.Store"+suffix] = func(it *Interp, g *goroutine, args []Value) []Value {
		x := T(args[1].n)
		atomicUpdate(it, g, args[0],
			func(p *T) struct{} { real.store(p, x); return struct{}{} },
			func(c *Value, _ T) struct{} { *c = intValue(x); return struct{}{} })
		return nil
	}
	// The read-modify-write operations: each returns what its real
	// counterpart does (the new value for Add, the old one for the
	// others).
	rmw := func(name string, realOp func(*T, T) T, op func(old, x T) (updated, result T)) {
		intrinsics["sync/atomic."+name+suffix] = func(it *Interp, g *goroutine, args []Value) []Value {
			x := T(args[1].n)
			return one(atomicUpdate(it, g, args[0],
				func(p *T) Value { return intValue(realOp(p, x)) },
				func(c *Value, old T) Value {
					updated, result := op(old, x)
					*c = intValue(updated)
					return intValue(result)
				}))
		}
	}
	rmw("Add", real.add, func(old, x T) (T, T) { return old + x, old + x })
	rmw("Swap", real.swap, func(old, x T) (T, T) { return x, old })
	rmw("And", real.and, func(old, x T) (T, T) { return old & x, old })
	rmw("Or", real.or, func(old, x T) (T, T) { return old | x, old })
	intrinsics["sync/atomic.CompareAndSwap"+suffix] = func(it *Interp, g *goroutine, args []Value) []Value {
		old, x := T(args[1].n), T(args[2].n)
		return one(mkBool(atomicUpdate(it, g, args[0],
			func(p *T) bool { return real.compareAndSwap(p, old, x) },
			func(c *Value, cur T) bool {
				if cur != old {
					return false
				}
				*c = intValue(x)
				return true
			})))
	}
}

// atomicPointers registers sync/atomic's functions on unsafe.Pointer
// variables in interpreted memory. (One in real memory would hold a real
// pointer, which the program cannot tell from its own: unsupported.)
func atomicPointers() {
	cell := func(it *Interp, g *goroutine, name string, p Value) *Value {
		c, rp := it.atomicCell(g, p)
		if rp != nil {
			panic(unsupportedf("sync/atomic.%s on an unsafe.Pointer in real memory or among scalars", name))
		}
		return c
	}
	intrinsics["sync/atomic.LoadPointer"] = func(it *Interp, g *goroutine, args []Value) []Value {
		c := cell(it, g, "LoadPointer", args[0])
		atomicMu.Lock()
		defer atomicMu.Unlock()
		return []Value{*c}
	}
	intrinsics["sync/atomic.StorePointer"] = func(it *Interp, g *goroutine, args []Value) []Value {
		c := cell(it, g, "StorePointer", args[0])
		atomicMu.Lock()
		defer atomicMu.Unlock()
		*c = args[1]
		return nil
	}
	intrinsics["sync/atomic.SwapPointer"] = func(it *Interp, g *goroutine, args []Value) []Value {
		c := cell(it, g, "SwapPointer", args[0])
		atomicMu.Lock()
		defer atomicMu.Unlock()
		old := *c
		*c = args[1]
		return []Value{old}
	}
	intrinsics["sync/atomic.CompareAndSwapPointer"] = func(it *Interp, g *goroutine, args []Value) []Value {
		c := cell(it, g, "CompareAndSwapPointer", args[0])
		atomicMu.Lock()
		defer atomicMu.Unlock()
		if !samePointer(*c, args[1]) {
			return []Value{mkBool(false)}
		}
		*c = args[2]
		return []Value{mkBool(true)}
	}
}

// atomicPointerField is the index of atomic.Pointer[T]'s field v, an
// unsafe.Pointer (checked against the loaded type).
const atomicPointerField = 2

// atomicPointerMethod returns the intrinsic of method name (Load,
// Store, Swap, CompareAndSwap) of an instantiation of atomic.Pointer,
// whose signature (receiver first) is sig: the pointer functions on
// its field v. No real method exists for an instantiation with a
// program type, and the interpreter holds such a struct in its own
// memory (an instantiated type is never real). ok is false for another
// method.
func atomicPointerMethod(name string, sig *types.Signature) (intrinsic func(*Interp, *goroutine, []Value) []Value, ok bool) {
	op, ok := intrinsics["sync/atomic."+name+"Pointer"]
	if !ok || sig.Params().Len() == 0 {
		return nil, false
	}
	recv, _ := sig.Params().At(0).Type().(*types.Pointer)
	if recv == nil {
		return nil, false
	}
	n, _ := types.Unalias(recv.Elem()).(*types.Named)
	if n == nil {
		return nil, false
	}
	mustHaveField(n, atomicPointerField, "v")
	return func(it *Interp, g *goroutine, args []Value) []Value {
		c := args[0].cell()
		switch {
		case c == nil && args[0].r == nil:
			it.raiseRuntime(g, errNilDeref)
		case c == nil || c.slice() == nil:
			panic(unsupportedf("%s on %s", name, foreignName(args[0])))
		}
		field := append([]Value{{r: &c.slice()[atomicPointerField]}}, args[1:]...)
		return op(it, g, field)
	}, true
}
