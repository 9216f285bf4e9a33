// run

// reflect.ChanOf, FuncOf and Type.ChanDir on the interpreter's types:
// names, identity with the types the program spells, use with MakeChan
// and MakeFunc, and reflect's panics.

package main

import (
	"fmt"
	"reflect"
)

type big [1 << 16]byte

type P struct{ X int }

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panics:", r)
		}
	}()
	f()
}

func main() {
	it := reflect.TypeOf(0)
	for _, d := range []reflect.ChanDir{reflect.BothDir, reflect.SendDir, reflect.RecvDir} {
		t := reflect.ChanOf(d, it)
		fmt.Println(t, t.ChanDir(), t.Elem(), t == reflect.TypeOf(make(chan int)))
	}
	rc := reflect.ChanOf(reflect.RecvDir, it)
	fmt.Println(reflect.ChanOf(reflect.BothDir, rc), reflect.ChanOf(reflect.SendDir, rc))
	pc := reflect.ChanOf(reflect.BothDir, reflect.TypeOf(P{}))
	ch := reflect.MakeChan(pc, 1)
	ch.Send(reflect.ValueOf(P{3}))
	x, _ := ch.Recv()
	fmt.Println(pc, x.Interface(), ch.Interface().(chan P) != nil)
	try("invalid dir", func() { reflect.ChanOf(0, it) })
	try("too large", func() { reflect.ChanOf(reflect.BothDir, reflect.TypeOf(big{})) })

	ft := reflect.FuncOf([]reflect.Type{it, reflect.TypeOf("")}, []reflect.Type{reflect.TypeOf(P{})}, false)
	fmt.Println(ft, ft.NumIn(), ft.NumOut(), ft.IsVariadic(), ft == reflect.TypeOf(func(int, string) P { return P{} }))
	vt := reflect.FuncOf([]reflect.Type{reflect.TypeOf([]int{})}, nil, true)
	fmt.Println(vt, vt.IsVariadic())
	f := reflect.MakeFunc(ft, func(args []reflect.Value) []reflect.Value {
		return []reflect.Value{reflect.ValueOf(P{int(args[0].Int()) + len(args[1].String())})}
	})
	fmt.Println(f.Interface().(func(int, string) P)(1, "abc"))
	fmt.Println(reflect.FuncOf(nil, nil, false))
	try("variadic non-slice", func() { reflect.FuncOf([]reflect.Type{it}, nil, true) })
	try("variadic empty", func() { reflect.FuncOf(nil, nil, true) })
	many := make([]reflect.Type, 129)
	for i := range many {
		many[i] = it
	}
	try("too many", func() { reflect.FuncOf(many, nil, false) })
	try("chandir of int", func() { it.ChanDir() })
}
