// run

// "defer panic(v)": the deferred built-in replaces the panic in flight
// (recovered, it is the one recover returns), panic(nil) deferred too
// (as Go 1.21 and later: see panicnil.go).

//go:debug panicnil=0

package main

import "fmt"

func f() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered %v", r)
		}
	}()
	defer panic("deferred")
	panic("first")
}

func g() {
	defer func() { fmt.Println("g:", recover()) }()
	defer panic(nil)
}

func main() {
	fmt.Println(f())
	g()
	defer fmt.Println("main deferred")
	defer panic(fmt.Sprint("last ", 1))
	panic("before last")
}
