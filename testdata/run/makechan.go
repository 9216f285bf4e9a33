// run

// make(chan T, n) with n out of range panics with a plain runtime error.

package main

import (
	"fmt"
	"runtime"
)

func main() {
	defer func() {
		r := recover()
		_, ok := r.(runtime.Error)
		fmt.Println(r, ok)
		n := -1
		_ = make(chan int, n)
	}()
	n := -2
	_ = make(chan string, n)
}
