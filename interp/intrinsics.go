// This file implements the standard library functions the interpreter
// cannot call as they are: those that take a program slice and a
// callback working on it (sort.Slice), whose real version would sort a
// copy the callback does not see.

package interp

import (
	"reflect"
	"sort"

	"github.com/vssa-go/vssa/interp/internal/reflectlite"
)

func init() {
	intrinsics["sort.Slice"] = sortSlice(sort.Sort)
	intrinsics["sort.SliceStable"] = sortSlice(sort.Stable)
	intrinsics["sort.SliceIsSorted"] = func(it *Interp, g *goroutine, args []Value) []Value {
		s := sliceSorter{it: it, g: g}
		s.init(args)
		return []Value{mkBool(sort.IsSorted(&s))}
	}
}

// sliceSorter sorts a program slice in place with a program less
// function.
type sliceSorter struct {
	it   *Interp
	g    *goroutine
	elem *rtype
	s    []Value
	b    []byte // the slice, if packed
	less Value  // a function value
}

func (s *sliceSorter) init(args []Value) {
	x := args[0].iface()
	if x == nil || x.t.kind != kSlice {
		kind := reflect.Invalid
		if x != nil {
			kind = reflectKind(x.t)
		}
		s.it.raise(s.g, s.it.realIface(&reflectlite.ValueError{Method: "Swapper", Kind: kind}))
	}
	if s.elem = x.t.elem; x.t.packed {
		s.b = x.v.bytes()
	} else {
		s.s = x.v.slice()
	}
	s.less = args[1]
}

func (s *sliceSorter) Len() int { return len(s.s) + len(s.b)/int(s.elem.size) }

func (s *sliceSorter) Less(i, j int) bool {
	return s.it.callValue(s.g, s.less, []Value{mkInt(int64(i)), mkInt(int64(j))}, nil)[0].bool()
}

func (s *sliceSorter) Swap(i, j int) {
	if s.b != nil {
		a, b := packedIndex(s.elem, s.b, i), packedIndex(s.elem, s.b, j)
		setPackedIndex(s.elem, s.b, i, b)
		setPackedIndex(s.elem, s.b, j, a)
		return
	}
	a, b := copyVal(s.elem, s.s[i]), copyVal(s.elem, s.s[j])
	storeInto(s.elem, &s.s[i], b)
	storeInto(s.elem, &s.s[j], a)
}

func sortSlice(algorithm func(sort.Interface)) func(*Interp, *goroutine, []Value) []Value {
	return func(it *Interp, g *goroutine, args []Value) []Value {
		s := sliceSorter{it: it, g: g}
		s.init(args)
		algorithm(&s)
		return nil
	}
}
