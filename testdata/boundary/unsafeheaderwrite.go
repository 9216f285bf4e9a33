// Writing a string header makes a string from an address and a length.

package main

import (
	"fmt"
	"reflect"
	"unsafe"
)

func main() {
	b := []byte("hello")
	var s string
	h := (*reflect.StringHeader)(unsafe.Pointer(&s))
	fmt.Println("before")
	h.Data = uintptr(unsafe.Pointer(&b[0]))
	h.Len = len(b)
	fmt.Println(s)
}
