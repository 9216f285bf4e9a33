// The bytes of an integer: the interpreter holds values, not bytes.

package main

import (
	"fmt"
	"unsafe"
)

func main() {
	x := uint64(0x0102030405060708)
	fmt.Println("before")
	b := (*[8]byte)(unsafe.Pointer(&x))
	fmt.Println(b[0])
}
