// run

// Misused range-over-func loops panic with gc's run-time errors (go/ssa's
// checks panic with strings of their own; see bridge/rangefunc.go).

package main

import (
	"fmt"
	"runtime"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRuntime := r.(runtime.Error)
		fmt.Printf("%s: %T %v %v\n", name, r, r, isRuntime)
	}()
	f()
}

// ignoresFalse keeps calling yield after it returned false.
func ignoresFalse(yield func(int) bool) {
	for i := 0; i < 3; i++ {
		yield(i)
	}
}

var saved func(int) bool

// saves keeps yield for later.
func saves(yield func(int) bool) {
	saved = yield
	yield(1)
}

// swallows recovers the body's panic and returns.
func swallows(yield func(int) bool) {
	defer func() { recover() }()
	yield(1)
}

// continuesAfterPanic recovers the body's panic and calls yield again.
func continuesAfterPanic(yield func(int) bool) {
	func() {
		defer func() { recover() }()
		yield(1)
	}()
	yield(2)
}

func main() {
	try("ignores false (break)", func() {
		for i := range ignoresFalse {
			fmt.Println("body", i)
			break
		}
	})
	try("ignores false (return)", func() {
		for i := range ignoresFalse {
			fmt.Println("body", i)
			return
		}
	})
	try("saved, after whole loop", func() {
		for i := range saves {
			fmt.Println("body", i)
		}
		saved(2)
	})
	try("saved, after break", func() {
		for i := range saves {
			fmt.Println("body", i)
			break
		}
		saved(2)
	})
	try("swallowed panic", func() {
		for i := range swallows {
			fmt.Println("body", i)
			panic("boom")
		}
	})
	try("continues after panic", func() {
		for i := range continuesAfterPanic {
			fmt.Println("body", i)
			panic("boom")
		}
	})
	try("nested ignores false", func() {
		for i := range ignoresFalse {
			for j := range ignoresFalse {
				fmt.Println("body", i, j)
				break
			}
			fmt.Println("outer", i)
			if i == 1 {
				break
			}
		}
	})
	try("nested break outer", func() {
	outer:
		for i := range ignoresFalse {
			for j := range ignoresFalse {
				fmt.Println("body", i, j)
				break outer
			}
		}
	})
}
