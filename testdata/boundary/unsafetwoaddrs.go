// The address of an array inside a struct, then of the struct: the
// array was given an address as an object of its own, which the struct
// around it contradicts.

package main

import (
	"fmt"
	"unsafe"
)

type rec struct {
	n   int
	buf [4]byte
}

func main() {
	r := new(rec)
	a := uintptr(unsafe.Pointer(&r.buf[1]))
	fmt.Println("before")
	b := uintptr(unsafe.Pointer(r))
	fmt.Println(a - b)
}
