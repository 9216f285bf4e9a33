// This file decides which fields of a struct the generated test fills
// with random values and compares. A method's receiver often holds
// values of other packages' types (huff0's Scratch holds an
// *fse.Scratch, whose fields are unexported; a sync.Mutex holds an
// internal/sync.Mutex): the test, in the compiled package, can neither
// name those fields nor import an internal package, so it leaves them
// at their zero value, a value of the type like any other, on both
// sides, and does not compare them. Compiled code reaches them only
// through the other package's functions, which are Go's own.

package native

import "go/types"

// testFills reports whether the generated test, written in package pkg,
// fills and compares field fd of a struct.
func testFills(fd *types.Var, pkg *types.Package) bool {
	if fd.Name() == "_" {
		return false
	}
	if !fd.Exported() && fd.Pkg() != pkg {
		return false
	}
	return nameable(fd.Type(), pkg) && !holdsLock(fd.Type()) // trampolines.go
}

// holdsLock reports whether a value of type t holds a lock, as go vet's
// copylocks check sees one (a struct whose pointer has Lock and Unlock
// methods, sync.Mutex, or an atomic value): the generated test leaves
// such a field zero, a lock's unlocked state, and copies a struct that
// holds one field by field, since vet rejects copying it whole.
func holdsLock(t types.Type) bool {
	for {
		a, ok := t.Underlying().(*types.Array)
		if !ok {
			break
		}
		t = a.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	if types.Implements(types.NewPointer(t), locker) && !types.Implements(t, locker) {
		return true
	}
	for i := 0; i < st.NumFields(); i++ {
		if holdsLock(st.Field(i).Type()) {
			return true
		}
	}
	return false
}

// locker is sync.Locker's method set.
var locker = func() *types.Interface {
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	return types.NewInterfaceType([]*types.Func{
		types.NewFunc(0, nil, "Lock", sig),
		types.NewFunc(0, nil, "Unlock", sig),
	}, nil).Complete()
}()
