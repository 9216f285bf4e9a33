// This file implements reflect's searches of a struct's fields through
// its embedded structs that FieldByName (fieldIndex) does not cover:
// FieldByNameFunc, which calls the program's match function in
// reflect's order, and VisibleFields. Both follow reflect's algorithms
// step by step, since the order of match's calls and the fields kept
// are observable.

package interp

import (
	"go/types"
	"slices"
)

// fieldScan is a struct to search and the index of the field holding
// it (nil for the outermost).
type fieldScan struct {
	typ   types.Type // a struct type, or a named one of a struct
	index []int
}

// embeddedStruct returns the struct type field f holds when f is an
// embedded struct or pointer to one, as the type reflect keys it by.
func embeddedStruct(f *types.Var) (types.Type, bool) {
	if !f.Embedded() {
		return nil, false
	}
	t := f.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Struct)
	return t, ok
}

// fieldByNameFunc is reflect's FieldByNameFunc on the struct type root:
// the index of the one field match accepts at the shallowest depth that
// has one, or nil.
func (it *Interp) fieldByNameFunc(g *goroutine, root types.Type, match Value) []int {
	var found []int
	next := []fieldScan{{typ: root}}
	var nextCount map[types.Type]int
	visited := map[types.Type]bool{}
	for len(next) > 0 {
		current := next
		next = nil
		count := nextCount
		nextCount = nil
		for _, scan := range current {
			if visited[scan.typ] {
				continue
			}
			visited[scan.typ] = true
			t := scan.typ.Underlying().(*types.Struct)
			for i := range t.NumFields() {
				f := t.Field(i)
				if it.callValue(g, match, []Value{mkString(f.Name())}, nil)[0].n != 0 {
					if count[scan.typ] > 1 || found != nil {
						return nil // the name is ambiguous at this depth
					}
					found = append(slices.Clone(scan.index), i)
					continue
				}
				et, ok := embeddedStruct(f)
				if found != nil || !ok {
					continue
				}
				if nextCount[et] > 0 {
					nextCount[et] = 2 // seen twice: its fields are ambiguous
					continue
				}
				if nextCount == nil {
					nextCount = map[types.Type]int{}
				}
				nextCount[et] = 1
				if count[scan.typ] > 1 {
					nextCount[et] = 2
				}
				next = append(next, fieldScan{et, append(slices.Clone(scan.index), i)})
			}
		}
		if found != nil {
			break
		}
	}
	return found
}

// visibleFields is reflect's VisibleFields on the struct type root: the
// indexes of the fields not hidden by another of the same name less
// deep, nor by one at the same depth (which hide each other), in
// reflect's order.
func visibleFields(root types.Type) [][]int {
	type field struct {
		name  string // "" once hidden
		index []int
	}
	var fields []field
	byName := map[string]int{}
	visiting := map[types.Type]bool{}
	var index []int
	var walk func(t types.Type)
	walk = func(t types.Type) {
		if visiting[t] {
			return
		}
		visiting[t] = true
		s := t.Underlying().(*types.Struct)
		for i := range s.NumFields() {
			f := s.Field(i)
			index = append(index, i)
			add := true
			if old, ok := byName[f.Name()]; ok {
				switch o := &fields[old]; {
				case len(index) == len(o.index):
					o.name, add = "", false
				case len(index) < len(o.index):
					o.name = ""
				default:
					add = false
				}
			}
			if add {
				byName[f.Name()] = len(fields)
				fields = append(fields, field{f.Name(), slices.Clone(index)})
			}
			if et, ok := embeddedStruct(f); ok {
				walk(et)
			}
			index = index[:len(index)-1]
		}
		delete(visiting, t)
	}
	walk(root)
	var out [][]int
	for _, f := range fields {
		if f.name != "" {
			out = append(out, f.index)
		}
	}
	return out
}

// foundField is the field of the struct v at index, as a Value, the
// zero Value for a nil index (none found), as FieldByName and
// FieldByNameFunc give it.
func (it *Interp) foundField(g *goroutine, v rval, index []int) Value {
	if index == nil {
		return zero(it.refl.value)
	}
	f, ok := it.fieldByIndex(g, v, index)
	if !ok {
		it.reflectPanic(g, "reflect: indirection through nil pointer to embedded struct")
	}
	return it.mkValue(f)
}

func init() {
	typeMethod("FieldByNameFunc", func(it *Interp, g *goroutine, t *rtype, args []Value) []Value {
		st := it.structType(g, t, "FieldByNameFunc")
		if index := it.fieldByNameFunc(g, it.goType(g, t), args[0]); index != nil {
			return []Value{it.structField(st, index), mkBool(true)}
		}
		return []Value{zero(it.refl.structField), mkBool(false)}
	})
	valueMethod("FieldByNameFunc", func(it *Interp, g *goroutine, v rval, args []Value) []Value {
		if v.t == nil {
			it.raiseRuntime(g, errNilDeref) // reflect reads the zero Value's type
		}
		it.structType(g, v.t, "FieldByNameFunc")
		return []Value{it.foundField(g, v, it.fieldByNameFunc(g, it.goType(g, v.t), args[0]))}
	})
	reflectFuncs["reflect.VisibleFields"] = func(it *Interp, g *goroutine, args []Value) []Value {
		t := typeOf(args[0])
		if t == nil {
			it.reflectPanic(g, "reflect: VisibleFields(nil)")
		}
		st, ok := it.goType(g, t).Underlying().(*types.Struct)
		if !ok {
			it.reflectPanic(g, "reflect.VisibleFields of non-struct type")
		}
		indexes := visibleFields(it.goType(g, t))
		out := make([]Value, len(indexes))
		for i, index := range indexes {
			out[i] = it.structField(st, index)
		}
		return []Value{{r: out}}
	}
}
