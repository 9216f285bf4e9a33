// run

// reflect.Value.Call and CallSlice: variadic calls (a packed []byte
// too, which crashed the interpreter), and reflect's checks in its order
// with its messages (the interpreter's were its own).

package main

import (
	"fmt"
	"reflect"
)

type hidden struct{ n int }

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panics:", r)
		}
	}()
	f()
}

func main() {
	f := reflect.ValueOf(func(a int, b ...string) int { return a + len(b) })
	g := reflect.ValueOf(func(a int) int { return a })
	var nilf func(int) int
	bytesF := reflect.ValueOf(func(b ...byte) string { return string(b) })
	fmt.Println(f.Call([]reflect.Value{reflect.ValueOf(1), reflect.ValueOf("x"), reflect.ValueOf("y")})[0])
	fmt.Println(bytesF.Call([]reflect.Value{reflect.ValueOf(byte('h')), reflect.ValueOf(byte('i'))})[0])
	try("wrong type", func() { g.Call([]reflect.Value{reflect.ValueOf("s")}) })
	try("wrong variadic", func() { f.Call([]reflect.Value{reflect.ValueOf(1), reflect.ValueOf(2)}) })
	try("zero arg", func() { g.Call([]reflect.Value{{}}) })
	try("nil func", func() { reflect.ValueOf(nilf).Call([]reflect.Value{reflect.ValueOf(1)}) })
	try("nil func no args", func() { reflect.ValueOf(nilf).Call(nil) })
	try("few", func() { g.Call(nil) })
	try("many", func() { g.Call([]reflect.Value{reflect.ValueOf(1), reflect.ValueOf(2)}) })
	h := reflect.ValueOf(hidden{5}).Field(0)
	try("unexported arg", func() { g.Call([]reflect.Value{h}) })
	try("unexported arg callslice", func() { f.CallSlice([]reflect.Value{h, reflect.ValueOf([]string{})}) })
	try("unexported variadic arg", func() { reflect.ValueOf(func(a ...int) {}).Call([]reflect.Value{h}) })
	fmt.Println(f.CallSlice([]reflect.Value{reflect.ValueOf(2), reflect.ValueOf([]string{"a", "b", "c"})})[0])
	fmt.Println(bytesF.CallSlice([]reflect.Value{reflect.ValueOf([]byte("ok"))})[0])
	var ns []string
	fmt.Println(f.CallSlice([]reflect.Value{reflect.ValueOf(0), reflect.ValueOf(ns)})[0])
	try("callslice non-variadic", func() { g.CallSlice([]reflect.Value{reflect.ValueOf(1)}) })
	try("callslice few", func() { f.CallSlice([]reflect.Value{reflect.ValueOf(1)}) })
	try("callslice many", func() {
		f.CallSlice([]reflect.Value{reflect.ValueOf(1), reflect.ValueOf([]string{}), reflect.ValueOf(1)})
	})
	try("callslice wrong slice", func() { f.CallSlice([]reflect.Value{reflect.ValueOf(1), reflect.ValueOf([]int{})}) })
	try("callslice non-func", func() { reflect.ValueOf(1).CallSlice(nil) })
	try("call non-func", func() { reflect.ValueOf(1).Call(nil) })
	m := reflect.ValueOf(&hidden{}).MethodByName("Get")
	fmt.Println(m.IsValid())
	sp := reflect.ValueOf(fmt.Sprint)
	fmt.Println(sp.Call([]reflect.Value{reflect.ValueOf(1), reflect.ValueOf("x")})[0], sp.CallSlice([]reflect.Value{reflect.ValueOf([]any{2, "y"})})[0])
}
