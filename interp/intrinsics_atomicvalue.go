// This file implements sync/atomic.Value on interpreted values. The
// real Value would hold stand-ins of the program's values (boundary.go):
// a value of a program type stored and loaded back would come back
// without its type (a type assertion on it fails), and two program
// types of one structure would count as one type for Store's check. So
// the interpreter keeps Value a struct of its own, its field v holding
// the interface value, and implements its methods with their checks and
// panics, in their order.

package interp

import "sync"

// atomicValueField is the index of atomic.Value's field v, checked
// against the loaded type by interpretedStruct.
const atomicValueField = 0

// atomicValueLock makes each method of every Value one atomic step.
var atomicValueLock sync.Mutex

// atomicValueOf returns the field v of the Value p points to; a nil p
// panics as Go's methods do.
func (it *Interp) atomicValueOf(g *goroutine, p Value) *Value {
	if _, real := p.r.(*realPtr); real {
		panic(unsupportedf("sync/atomic.Value in the memory of the standard library"))
	}
	c := p.cell()
	if c == nil {
		it.raiseRuntime(g, errNilDeref)
	}
	return &c.slice()[atomicValueField]
}

// sameDynamicType reports whether two non-nil interface values hold
// values of one type.
func sameDynamicType(a, b Value) bool { return a.iface().t == b.iface().t }

func init() {
	// Each method reads the Value and decides under the lock; a panic
	// (a plain string, as sync/atomic's) leaves it through the deferred
	// unlock.
	method := func(body func(it *Interp, g *goroutine, v *Value, args []Value) []Value) func(*Interp, *goroutine, []Value) []Value {
		return func(it *Interp, g *goroutine, args []Value) []Value {
			v := it.atomicValueOf(g, args[0])
			atomicValueLock.Lock()
			defer atomicValueLock.Unlock()
			return body(it, g, v, args[1:])
		}
	}
	fail := func(it *Interp, g *goroutine, msg string) {
		it.raiseString(g, "sync/atomic: "+msg)
	}
	intrinsics["(*sync/atomic.Value).Load"] = method(func(it *Interp, g *goroutine, v *Value, args []Value) []Value {
		return []Value{*v}
	})
	intrinsics["(*sync/atomic.Value).Store"] = method(func(it *Interp, g *goroutine, v *Value, args []Value) []Value {
		val := args[0]
		switch {
		case val.iface() == nil:
			fail(it, g, "store of nil value into Value")
		case v.iface() != nil && !sameDynamicType(*v, val):
			fail(it, g, "store of inconsistently typed value into Value")
		}
		*v = val
		return nil
	})
	intrinsics["(*sync/atomic.Value).Swap"] = method(func(it *Interp, g *goroutine, v *Value, args []Value) []Value {
		val := args[0]
		switch {
		case val.iface() == nil:
			fail(it, g, "swap of nil value into Value")
		case v.iface() != nil && !sameDynamicType(*v, val):
			fail(it, g, "swap of inconsistently typed value into Value")
		}
		old := *v
		*v = val
		return []Value{old}
	})
	intrinsics["(*sync/atomic.Value).CompareAndSwap"] = method(func(it *Interp, g *goroutine, v *Value, args []Value) []Value {
		old, val := args[0], args[1]
		switch {
		case val.iface() == nil:
			fail(it, g, "compare and swap of nil value into Value")
		case old.iface() != nil && !sameDynamicType(old, val):
			fail(it, g, "compare and swap of inconsistently typed values")
		}
		if v.iface() == nil {
			if old.iface() != nil {
				return []Value{mkBool(false)}
			}
			*v = val
			return []Value{mkBool(true)}
		}
		if !sameDynamicType(*v, val) {
			fail(it, g, "compare and swap of inconsistently typed value into Value")
		}
		// As Go's, with == of interfaces: an uncomparable value panics.
		if !it.equal(g, it.types.of(anyRType), *v, old) {
			return []Value{mkBool(false)}
		}
		*v = val
		return []Value{mkBool(true)}
	})
}
