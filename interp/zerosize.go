// This file implements the identity of zero-size variables as gc gives
// it. The spec leaves it open ("pointers to distinct zero-size variables
// may or may not be equal"); gc decides it so:
//
//   - inside one object an address is an offset: the elements of an
//     array of zero-size elements all have the array's address
//     (&x[1] == &x[2]), and zero-size fields at one offset share it;
//   - a zero-size allocation that escapes is runtime.zerobase
//     (newobject and mallocgc of size 0), and so is every zero-size
//     package-level variable (the linker places them at zerobase);
//   - a zero-size variable that does not escape lives in its frame,
//     and the compiler folds a comparison of two addresses it can see
//     (two symbols, two frame slots, a slot and a symbol; zerobase is a
//     symbol) to whether they name the same variable.
//
// Inside one object the interpreter is exact: the elements of an array
// or slice of zero-size elements all live in its first cell
// (zeroElems), and a pointer to a zero-size field is one to the first
// zero-size field of its type at that offset (canonField).
//
// Between distinct objects it answers only where gc's answer does not
// depend on its escape analysis or on what its optimiser can see. A
// pointer value carries, in Value.n, what is known of a zero-size object
// (the zeroTag values):
//
//   - an allocation whose pointer is only ever compared (in the function
//     that makes it, with a single definition) cannot escape: gc keeps
//     it in the frame, and a comparison of its address with another is
//     folded to false, or compares a frame address with one that cannot
//     be in the frame (zeroLocal);
//   - any other allocation is only known to be zerobase once its pointer
//     has been stored into a package-level variable (escape analysis
//     must then move it to the heap); the copy stored there is tagged
//     so, and so is every value loaded from it. Two such heap pointers
//     are equal, folded or not (the compiler sees at most two addresses
//     of zerobase);
//   - such a pointer stored during package initialisation equals the
//     address of a zero-size package-level variable when compared after
//     initialisation: the comparing code can only have loaded it from
//     memory written by a function that has returned, which gc cannot
//     see through, so the run-time addresses decide;
//   - any other pair of distinct zero-size objects stops with
//     "unsupported" (unless the result is never used: see inst.dead).
//
// Map keys follow the same rule: a key that is known to be zerobase is
// zerobase, and other keys pointing to zero-size objects are unsupported.

package interp

import "sync/atomic"

// zeroTag says, in the n of a pointer to a zero-size object that is not
// inside a larger one, what gc would make of its address.
type zeroTag = uint64

const (
	zeroUnknown  zeroTag = iota
	zeroAlloc            // made by a zero-size allocation, escaping or not
	zeroGlobal           // a zero-size package-level variable: zerobase
	zeroHeap             // a zeroAlloc stored into a package-level variable: zerobase
	zeroHeapInit         // the same, stored during package initialisation
	zeroLocal            // an allocation whose pointer is only compared
)

// zeroState is the interpreter's record of what the rules above need.
type zeroState struct {
	initDone atomic.Bool // package initialisation has finished
}

// isZerobase reports whether a tag says the object is runtime.zerobase.
func isZerobase(tag zeroTag) bool {
	return tag == zeroGlobal || tag == zeroHeap || tag == zeroHeapInit
}

// zeroPointersEqual decides a == b for pointers to distinct zero-size
// objects (the cells differ), or stops.
func (it *Interp) zeroPointersEqual(a, b Value) bool {
	ta, tb := tagOf(a.n), tagOf(b.n)
	heap := func(t zeroTag) bool { return t == zeroHeap || t == zeroHeapInit }
	switch {
	case ta == zeroLocal || tb == zeroLocal:
		return false
	case heap(ta) && heap(tb):
		return true
	case it.zero.initDone.Load() && (ta == zeroGlobal && tb == zeroHeapInit || ta == zeroHeapInit && tb == zeroGlobal):
		return true
	}
	panic(unsupportedf("comparison of pointers to distinct zero-size variables (gc's answer depends on its escape analysis and constant folding)"))
}

// zeroKey returns the map key of a pointer to a zero-size object.
func zeroKey(v Value) any {
	if v.r == nil {
		return nil
	}
	if isZerobase(tagOf(v.n)) {
		return zerobaseKey{}
	}
	panic(unsupportedf("map key pointing to a zero-size variable (gc's address depends on its escape analysis)"))
}

// zerobaseKey is the map key of runtime.zerobase.
type zerobaseKey struct{}

// escapeZero returns the value a store of v, a pointer to a zero-size
// type, writes into cell c: tagged as zerobase if v comes from a
// zero-size allocation and c is a package-level variable.
func (it *Interp) escapeZero(c *Value, v Value) Value {
	if tagOf(v.n) != zeroAlloc || !it.isGlobalCell(c) {
		return v
	}
	v.n &^= tagMask
	if it.zero.initDone.Load() {
		v.n |= zeroHeap
	} else {
		v.n |= zeroHeapInit
	}
	return v
}

// canonField returns the field a fieldaddr of field i of struct t
// addresses: the first zero-size field of the same type at the same
// offset if field i has size zero, else i itself. (Pointers to zero-size
// fields of different types can only meet as unsafe.Pointers, whose
// comparison is left to pointersEqual.)
func canonField(t *rtype, i int) int {
	if t.kind != kStruct || t.fields[i].size != 0 || t.offs == nil {
		return i
	}
	for j := 0; j < i; j++ {
		if t.fields[j] == t.fields[i] && t.offs[j] == t.offs[i] {
			return j
		}
	}
	return i
}
