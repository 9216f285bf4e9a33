// This file runs sort's and container/heap's algorithms on program
// values of types with Len, Less and Swap methods (and Push and Pop):
// the real algorithm runs, and each method it calls is the program's,
// called back on the program's own value, so that the order of calls,
// and with it the result for equal elements, is Go's. (A copy crossing
// to real code would have no methods, and sorting it would not sort
// the program's data.)

package interp

import (
	"container/heap"
	"reflect"
	"sort"
)

func init() {
	intrinsics["sort.Sort"] = sortIntrinsic(sort.Sort)
	intrinsics["sort.Stable"] = sortIntrinsic(sort.Stable)
	intrinsics["sort.IsSorted"] = func(it *Interp, g *goroutine, args []Value) []Value {
		data, c := it.sortable(g, args[0])
		sorted := sort.IsSorted(data)
		c.finish()
		return []Value{mkBool(sorted)}
	}
	// The real sort.Reverse keeps what it is given: a copy of the
	// program's slice would be sorted in its place. It is given the
	// program's value itself, whose methods are called back.
	intrinsics["sort.Reverse"] = func(it *Interp, g *goroutine, args []Value) []Value {
		var data sort.Interface // nil for a nil interface
		switch i := args[0].iface(); {
		case i == nil:
		case i.t.kind == kReal:
			data = i.v.r.(reflect.Value).Interface().(sort.Interface)
		default:
			data = &programSort{it: it, g: g, t: i.t, v: i.v}
		}
		return []Value{it.fromReal(reflect.ValueOf(sort.Reverse(data)), it.types.of(anyRType))}
	}
	intrinsics["container/heap.Init"] = func(it *Interp, g *goroutine, args []Value) []Value {
		heap.Init(it.heapable(g, args[0], "container/heap.Init"))
		return nil
	}
	intrinsics["container/heap.Push"] = func(it *Interp, g *goroutine, args []Value) []Value {
		heap.Push(it.heapable(g, args[0], "container/heap.Push"), boxed{args[1]})
		return nil
	}
	intrinsics["container/heap.Pop"] = func(it *Interp, g *goroutine, args []Value) []Value {
		return []Value{unbox(heap.Pop(it.heapable(g, args[0], "container/heap.Pop")))}
	}
	intrinsics["container/heap.Remove"] = func(it *Interp, g *goroutine, args []Value) []Value {
		return []Value{unbox(heap.Remove(it.heapable(g, args[0], "container/heap.Remove"), int(args[1].int())))}
	}
	intrinsics["container/heap.Fix"] = func(it *Interp, g *goroutine, args []Value) []Value {
		heap.Fix(it.heapable(g, args[0], "container/heap.Fix"), int(args[1].int()))
		return nil
	}
}

func sortIntrinsic(algorithm func(sort.Interface)) func(*Interp, *goroutine, []Value) []Value {
	return func(it *Interp, g *goroutine, args []Value) []Value {
		data, c := it.sortable(g, args[0])
		algorithm(data)
		c.finish()
		return nil
	}
}

// sortable returns the sort.Interface the program passed: a value of a
// program type as a programSort; another (sort.IntSlice, say) as it
// crosses to real code, with the crossing, which writes the sorted copy
// back when finished.
func (it *Interp) sortable(g *goroutine, x Value) (sort.Interface, *crossing) {
	c := &crossing{it: it, g: g}
	i := x.iface()
	if i == nil {
		it.raiseRuntime(g, errNilDeref) // Go calls Len on the nil interface
	}
	if it.isProgramType(i.t.t) {
		return &programSort{it: it, g: g, t: i.t, v: i.v}, c
	}
	return c.toRealIface(i.t, i.v, reflect.TypeFor[sort.Interface]()).Interface().(sort.Interface), c
}

// heapable returns the heap.Interface the program passed to fn as h; a
// real one cannot hold the program's values (no type of the standard
// library implements heap.Interface).
func (it *Interp) heapable(g *goroutine, h Value, fn string) heap.Interface {
	i := h.iface()
	if i == nil {
		it.raiseRuntime(g, errNilDeref)
	}
	if !it.isProgramType(i.t.t) {
		panic(unsupportedf("%s of a value of type %s", fn, i.t.name))
	}
	return &programHeap{programSort{it: it, g: g, t: i.t, v: i.v}}
}

// programSort is a program value as a real sort.Interface.
type programSort struct {
	it *Interp
	g  *goroutine
	t  *rtype
	v  Value
}

// call calls the program's method name on the value.
func (s *programSort) call(name string, args ...Value) []Value {
	return s.it.call(s.g, s.it.method(s.t, name), nil, append([]Value{s.v}, args...), nil)
}

func (s *programSort) Len() int { return int(s.call("Len")[0].int()) }

func (s *programSort) Less(i, j int) bool {
	return s.call("Less", mkInt(int64(i)), mkInt(int64(j)))[0].bool()
}

func (s *programSort) Swap(i, j int) { s.call("Swap", mkInt(int64(i)), mkInt(int64(j))) }

// programHeap is a program value as a real heap.Interface. The values
// pushed and popped cross real code boxed: heap only passes them on.
type programHeap struct{ programSort }

func (h *programHeap) Push(x any) { h.call("Push", unbox(x)) }

func (h *programHeap) Pop() any { return boxed{h.call("Pop")[0]} }

// boxed is a program value (of static type any) carried through real
// code that does not look at it.
type boxed struct{ v Value }

func unbox(x any) Value { return x.(boxed).v }
