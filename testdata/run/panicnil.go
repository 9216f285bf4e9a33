// run

// panic(nil) panics with a *runtime.PanicNilError. (The harness builds
// in GOPATH mode, whose default is Go 1.20's panic(nil); vssa follows
// Go 1.21 and later, as modules that say go 1.21 or later do.)

//go:debug panicnil=0

package main

import (
	"fmt"
	"runtime"
)

func main() {
	func() {
		defer func() {
			r := recover()
			fmt.Printf("%T %v\n", r, r)
			_, ok := r.(runtime.Error)
			fmt.Println(ok)
		}()
		panic(nil)
	}()
	panic(nil)
}
