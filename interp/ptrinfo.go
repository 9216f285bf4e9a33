// This file defines what a pointer value says besides its cell, in the
// Value's n (unused otherwise by pointers): the operations that need to
// know where a cell is (unsafe arithmetic, uintptr conversions, views
// of memory as another type, identity of zero-size objects) read it;
// loads and stores ignore it. Equality and map keys look at the cell
// only, so two pointers to one cell are equal whatever their n.
//
//	bits 0–2    what bits 3–48 hold: nothing (0, a variable of its own,
//	            or a zeroTag: zerosize.go), elemTag or fieldTag
//	bits 3–25   elemTag: the index of the cell in the []Value it is an
//	            element of (an array's or a slice's); fieldTag: the
//	            index of the field in its struct's []Value
//	bits 26–48  elemTag: the number of cells from it to the end of that
//	            []Value (at least 1; 0 if too many to say);
//	            fieldTag: the id of the struct type
//	bits 49–63  the id of the type of the value the cell holds (0:
//	            unknown): a pointer's static type says it, but an
//	            unsafe.Pointer keeps it from the *T it was converted from
//
// A position says where a cell lies in the value around it, which the
// cell alone does not: indexaddr and fieldaddr set it, so that
// unsafe.Add, unsafe.Slice and unsafe.String can reach the neighbours of
// an element or field, and uintptr conversions can give a cell the
// address of its place in the object (addrspace.go). A pointer made by
// an allocation or a global carries none: its cell is a variable.

package interp

const (
	tagMask   = 7
	fieldTag  = 6
	elemTag   = 7
	posBits   = 23
	posLimit  = 1 << posBits
	idxShift  = 3
	restShift = idxShift + posBits
	typeShift = restShift + posBits
	typeLimit = 1 << (64 - typeShift)
	posMask   = 1<<typeShift - 1
)

// elemPos returns the n of a pointer to element k of a []Value whose
// capacity (from its first element) is c.
func elemPos(k, c int) uint64 {
	if c >= posLimit {
		return elemTag // inside an array, where unknown
	}
	return elemTag | uint64(k)<<idxShift | uint64(c-k)<<restShift
}

// fieldPos returns the n of a pointer to field i of a struct of type t.
func fieldPos(i int, t *rtype) uint64 {
	if t.kind != kStruct || t.id >= posLimit {
		return elemTag // inside a value, where unknown
	}
	return fieldTag | uint64(i)<<idxShift | uint64(t.id)<<restShift
}

// inside reports whether a pointer's cell is inside another value, at a
// place the pointer does not say.
func inside(n uint64) bool { return n&tagMask == elemTag && n>>restShift&(posLimit-1) == 0 }

// isVariable reports whether a pointer's cell is a variable of its own
// (an allocation or a global), not inside another value.
func isVariable(n uint64) bool { return n&tagMask < fieldTag }

// tagOf returns the zeroTag of a pointer (zeroUnknown if the cell is
// not a variable of its own).
func tagOf(n uint64) zeroTag {
	if isVariable(n) {
		return n & tagMask
	}
	return zeroUnknown
}

// withType returns n marked as pointing to a value of type t.
func withType(n uint64, t *rtype) uint64 {
	n &= posMask
	if t != nil && t.id < typeLimit {
		n |= uint64(t.id) << typeShift
	}
	return n
}

// typeOfPointee returns the type a pointer's n records, or nil.
func (it *Interp) typeOfPointee(n uint64) *rtype {
	return it.types.byID(int(n >> typeShift))
}
