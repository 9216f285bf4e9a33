// This file implements sync.Pool on interpreted values. The real Pool
// would hold stand-ins of the program's values (boundary.go), which
// lose what points into them (fmt's printer points at its own buffer),
// so the interpreter keeps sync.Pool a struct of its own and implements
// its two methods as the Pool's contract allows at its simplest: Get
// returns New's result (or nil), Put drops its value. A Pool may drop
// any item at any time, so no program can tell the difference but by
// counting allocations.

package interp

import "go/types"

func init() {
	intrinsics["(*sync.Pool).Get"] = func(it *Interp, g *goroutine, args []Value) []Value {
		p := args[0].cell()
		if p == nil {
			it.raiseRuntime(g, errNilDeref)
		}
		newFn := p.slice()[poolNewField]
		if isNil(newFn) {
			return []Value{{}}
		}
		return it.callValue(g, newFn, nil, nil)
	}
	intrinsics["(*sync.Pool).Put"] = func(it *Interp, g *goroutine, args []Value) []Value {
		if args[0].cell() == nil {
			it.raiseRuntime(g, errNilDeref)
		}
		return nil
	}
}

// poolNewField is the index of sync.Pool's field New, checked against
// the loaded type by interpretedStruct.
const poolNewField = 5

// interpretedStruct reports whether the named struct type n of the
// standard library is represented as the interpreter's own struct
// rather than as a real value: sync.Pool (see above), sync.Map
// (intrinsics_syncmap.go), sync/atomic.Value (intrinsics_atomicvalue.go),
// runtime.Frame (its Func may be an interpreted
// function's: framesNext) and package reflect's types (reflect.go).
func interpretedStruct(n *types.Named) bool {
	obj := n.Obj()
	switch {
	case obj.Pkg().Path() == "reflect":
		return true
	case obj.Pkg().Path() == "sync" && obj.Name() == "Pool":
		return mustHaveField(n, poolNewField, "New")
	case obj.Pkg().Path() == "runtime" && obj.Name() == "Frame":
		return true
	case obj.Pkg().Path() == "sync" && obj.Name() == "Map":
		return mustHaveField(n, syncMapField, "m")
	case obj.Pkg().Path() == "sync/atomic" && obj.Name() == "Value":
		return mustHaveField(n, atomicValueField, "v")
	}
	return false
}

// mustHaveField checks that the struct type n has the field name at the
// index the intrinsics use, and stops with "unsupported" if a release
// of Go moved it.
func mustHaveField(n *types.Named, index int, name string) bool {
	st := n.Underlying().(*types.Struct)
	if st.NumFields() <= index || st.Field(index).Name() != name {
		panic(unsupportedf("%s of this Go release (field %s moved)", n.Obj().Pkg().Path()+"."+n.Obj().Name(), name))
	}
	return true
}
