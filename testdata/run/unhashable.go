// run

// A lookup or delete with an unhashable interface key in an empty or nil
// map panics with the runtime's mapKeyError, whose message is "hash of
// unhashable type: []int" (no "runtime error: " prefix, a colon before
// the type); in a map with entries it is "runtime error: hash of
// unhashable type []int".
// Found by internal/progen (seed 7), with and without passes.

package main

import (
	"fmt"
	"runtime"
)

func try(name string, f func()) {
	defer func() {
		e := recover()
		_, ok := e.(runtime.Error)
		fmt.Println(name, e, ok)
	}()
	f()
}

func main() {
	var k any = []int{1}
	var nilMap map[any]int
	try("empty", func() { _ = map[any]int{}[k] })
	try("nil", func() { _ = nilMap[k] })
	try("nil-delete", func() { delete(nilMap, k) })
	try("full", func() { _ = map[any]int{1: 1}[k] })
}
