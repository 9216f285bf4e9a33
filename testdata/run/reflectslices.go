// run

// reflect's Append, AppendSlice, Copy and Value.Slice3 on the
// interpreter's values, and its channel operations (MakeChan, Send,
// Recv, TrySend, TryRecv, Close): results, capacities (the runtime's
// growslice), aliasing and reflect's panics, as gc gives them.

package main

import (
	"fmt"
	"reflect"
)

type pt struct{ X, Y int }

type hidden struct {
	s  []int
	ch chan int
	A  [3]int
}

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panics:", r)
		}
	}()
	f()
}

func main() {
	// Append: capacities as append's, the source header unchanged.
	s := reflect.ValueOf([]int{1})
	for i := 2; i < 20; i++ {
		s = reflect.Append(s, reflect.ValueOf(i))
		fmt.Print(s.Len(), "/", s.Cap(), " ")
	}
	fmt.Println()
	orig := []int{1, 2, 3}
	t := reflect.Append(reflect.ValueOf(orig[:1]), reflect.ValueOf(9))
	fmt.Println(orig, t.Interface(), len(orig[:1])) // shares orig's array
	var nilSlice []string
	fmt.Println(reflect.Append(reflect.ValueOf(nilSlice)).IsNil(), reflect.Append(reflect.ValueOf(nilSlice), reflect.ValueOf("a")).Interface())
	bs := reflect.Append(reflect.ValueOf([]byte("ab")), reflect.ValueOf(byte('c')))
	fmt.Println(string(bs.Bytes()), bs.Cap())
	p := pt{1, 2}
	ps := reflect.Append(reflect.ValueOf([]pt{}), reflect.ValueOf(p))
	p.X = 100
	fmt.Println(ps.Interface(), ps.Index(0).CanSet())
	var e []any
	ev := reflect.Append(reflect.ValueOf(e), reflect.ValueOf(1), reflect.ValueOf("two"), reflect.ValueOf(pt{}))
	fmt.Println(ev.Interface(), ev.Index(1).Kind(), ev.Index(1).Elem().Kind())

	// AppendSlice and Copy.
	a := reflect.AppendSlice(reflect.ValueOf([]int{1, 2}), reflect.ValueOf([]int{3, 4, 5}))
	fmt.Println(a.Interface(), a.Cap())
	dst := make([]int, 2)
	fmt.Println(reflect.Copy(reflect.ValueOf(dst), reflect.ValueOf([]int{7, 8, 9})), dst)
	var arr [4]byte
	fmt.Println(reflect.Copy(reflect.ValueOf(&arr).Elem(), reflect.ValueOf("hey")), arr)
	pts := []pt{{1, 1}, {2, 2}}
	cp := make([]pt, 2)
	reflect.Copy(reflect.ValueOf(cp), reflect.ValueOf(pts))
	pts[0].X = 50
	fmt.Println(cp)
	over := []int{1, 2, 3, 4}
	reflect.Copy(reflect.ValueOf(over[1:]), reflect.ValueOf(over))
	fmt.Println(over)

	// Slice3.
	arr5 := [5]int{1, 2, 3, 4, 5}
	s3 := reflect.ValueOf(&arr5).Elem().Slice3(1, 2, 4)
	fmt.Println(s3.Interface(), s3.Len(), s3.Cap(), s3.Type())
	s3.Index(0).SetInt(20)
	fmt.Println(arr5)
	ss := reflect.ValueOf([]string{"a", "b", "c"}).Slice3(0, 0, 1)
	fmt.Println(ss.Len(), ss.Cap(), reflect.Append(ss, reflect.ValueOf("z")).Interface())

	// Channels.
	ch := reflect.MakeChan(reflect.TypeOf(make(chan pt)), 2)
	fmt.Println(ch.Len(), ch.Cap(), ch.Type())
	ch.Send(reflect.ValueOf(pt{3, 4}))
	fmt.Println(ch.TrySend(reflect.ValueOf(pt{5, 6})), ch.TrySend(reflect.ValueOf(pt{7, 8})), ch.Len())
	x, ok := ch.Recv()
	fmt.Println(x.Interface(), ok, x.CanSet())
	x, ok = ch.TryRecv()
	fmt.Println(x.Interface(), ok)
	x, ok = ch.TryRecv()
	fmt.Println(x.IsValid(), ok)
	ch.Close()
	x, ok = ch.Recv()
	fmt.Println(x.Interface(), ok)
	x, ok = ch.TryRecv()
	fmt.Println(x.Interface(), ok)
	real := make(chan int, 1)
	reflect.ValueOf(real).Send(reflect.ValueOf(42))
	fmt.Println(<-real)
	var nilch chan int
	fmt.Println(reflect.ValueOf(nilch).TrySend(reflect.ValueOf(1)))
	x, ok = reflect.ValueOf(nilch).TryRecv()
	fmt.Println(x.IsValid(), ok)
	ifc := reflect.MakeChan(reflect.TypeOf(make(chan any)), 1)
	ifc.Send(reflect.ValueOf(3))
	x, _ = ifc.Recv()
	fmt.Println(x.Kind(), x.Elem().Int())

	// reflect's panics.
	h := reflect.ValueOf(hidden{s: []int{1}, ch: make(chan int, 1)})
	try("append to non-slice", func() { reflect.Append(reflect.ValueOf(1)) })
	try("append zero", func() { reflect.Append(reflect.Value{}) })
	try("append wrong type", func() { reflect.Append(reflect.ValueOf([]int{}), reflect.ValueOf("x")) })
	try("append unexported", func() { reflect.Append(h.Field(0), reflect.ValueOf(1)) })
	try("append unexported elem", func() { reflect.Append(reflect.ValueOf([]int{}), h.Field(0).Index(0)) })
	try("appendslice types", func() { reflect.AppendSlice(reflect.ValueOf([]int{}), reflect.ValueOf([]int8{1})) })
	try("appendslice non-slice", func() { reflect.AppendSlice(reflect.ValueOf([]int{}), reflect.ValueOf("s")) })
	try("copy to string", func() { reflect.Copy(reflect.ValueOf("s"), reflect.ValueOf([]int{})) })
	try("copy from int", func() { reflect.Copy(reflect.ValueOf([]int{}), reflect.ValueOf(1)) })
	try("copy string to ints", func() { reflect.Copy(reflect.ValueOf([]int{}), reflect.ValueOf("s")) })
	try("copy unaddressable array", func() { reflect.Copy(reflect.ValueOf([2]int{}), reflect.ValueOf([]int{1})) })
	try("copy unexported array", func() { reflect.Copy(h.Field(2), reflect.ValueOf([]int{1})) })
	try("copy types", func() { reflect.Copy(reflect.ValueOf([]int{0}), reflect.ValueOf([]uint{1})) })
	try("slice3 bounds", func() { reflect.ValueOf([]int{1, 2}).Slice3(0, 1, 3) })
	try("slice3 order", func() { reflect.ValueOf([]int{1, 2}).Slice3(1, 0, 2) })
	try("slice3 array", func() { reflect.ValueOf([2]int{}).Slice3(0, 1, 2) })
	try("slice3 string", func() { reflect.ValueOf("abc").Slice3(0, 1, 2) })
	try("makechan non-chan", func() { reflect.MakeChan(reflect.TypeOf(1), 0) })
	try("makechan negative", func() { reflect.MakeChan(reflect.TypeOf(make(chan int)), -1) })
	try("makechan send-only", func() { reflect.MakeChan(reflect.TypeOf(make(chan<- int)), 0) })
	try("send non-chan", func() { reflect.ValueOf(1).Send(reflect.ValueOf(1)) })
	try("send wrong type", func() { reflect.ValueOf(make(chan int, 1)).Send(reflect.ValueOf("x")) })
	try("send zero value", func() { reflect.ValueOf(make(chan int, 1)).Send(reflect.Value{}) })
	try("send recv-only", func() { reflect.ValueOf((<-chan int)(make(chan int))).Send(reflect.ValueOf(1)) })
	try("recv send-only", func() { reflect.ValueOf((chan<- int)(make(chan int))).Recv() })
	try("tryrecv send-only", func() { reflect.ValueOf((chan<- int)(make(chan int))).TryRecv() })
	try("close recv-only", func() { reflect.ValueOf((<-chan int)(make(chan int))).Close() })
	try("close unexported", func() { h.Field(1).Close() })
	try("send unexported", func() { h.Field(1).Send(reflect.ValueOf(1)) })
	try("close nil", func() { reflect.ValueOf(nilch).Close() })
	closed := make(chan int, 1)
	close(closed)
	try("send closed", func() { reflect.ValueOf(closed).Send(reflect.ValueOf(1)) })
	try("trysend closed", func() { reflect.ValueOf(closed).TrySend(reflect.ValueOf(1)) })
	try("close closed", func() { reflect.ValueOf(closed).Close() })
}
