// run

// The run-time errors a program recovers have the runtime's types, so
// %T and %v print what gc prints (runtime.errorString, runtime.plainError,
// runtime.boundsError, *runtime.TypeAssertionError,
// maps.unhashableTypeError, *reflectlite.ValueError), and every one is
// a runtime.Error.

package main

import (
	"fmt"
	"runtime"
	"sort"
	"strings"
)

type MyInt int

//go:noinline
func zero() int { return 0 }

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRuntime := r.(runtime.Error)
		fmt.Printf("%s: %T %v %v\n", name, r, r, isRuntime)
	}()
	f()
}

func main() {
	var p *int
	var s []int
	var nilMap map[string]int
	var k any = []int{1}
	var i any = 1
	var c chan int
	try("nil deref", func() { _ = *p })
	try("divide", func() { _ = 1 / zero() })
	try("shift", func() { _ = 1 << (zero() - 1) })
	try("index", func() { _ = s[5] })
	try("slice", func() { _ = s[1:zero()] })
	try("convert", func() { _ = [3]int(s) })
	try("nil map", func() { nilMap["a"] = 1 })
	try("assert", func() { _ = i.(string) })
	try("assert iface", func() { _ = i.(fmt.Stringer) })
	try("unhashable lookup", func() { _ = map[any]int{}[k] })
	try("unhashable update", func() { map[any]int{}[k] = 1 })
	try("uncomparable", func() { _ = k == k })
	try("close nil", func() { close(c) })
	try("makeslice", func() { _ = make([]int, zero()-1) })
	try("swapper int", func() { sort.Slice(MyInt(3), func(i, j int) bool { return false }) })
	try("swapper nil", func() { sort.Slice(nil, func(i, j int) bool { return false }) })
	try("strings.Repeat", func() { _ = strings.Repeat("x", zero()-1) })
}
